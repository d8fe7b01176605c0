"""Why a use of a shared array is not a plain subscript chain, and which call
an `&a[i]` is an argument of."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import unary_operator


def enclosing_call(stack: tuple[Cursor, ...]) -> tuple[Cursor, int] | None:
    """The call an `&a[i]` is an argument of, and the argument's position."""
    node_hash = None
    for p in reversed(stack):
        if p.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR):
            node_hash = p.hash
            continue
        if p.kind == K.CALL_EXPR:
            args = list(p.get_arguments())
            for n, a in enumerate(args):
                if node_hash is None or a.hash == node_hash or any(x.hash == node_hash for x in a.walk_preorder()):
                    return p, n
        return None
    return None


def callee_name(call: Cursor) -> str:
    """The called function's name, also for calls that overload resolution
    leaves unresolved inside templates (libclang spells those '')."""
    if call.spelling:
        return call.spelling
    for c in call.walk_preorder():
        if c.kind in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF, K.MEMBER_REF_EXPR) and c.spelling:
            return c.spelling
    return "<call>"


def decay_reason(name: str, parent: Cursor | None) -> str:
    if parent is None:
        return f"'{name}' decays to a pointer"
    if parent.kind == K.CXX_UNARY_EXPR:
        return f"'sizeof' depends on the size of '{name}'"
    if parent.kind == K.UNARY_OPERATOR and unary_operator(parent) == "&":
        return f"the address of '{name}' is taken"
    if parent.kind == K.CALL_EXPR:
        callee = callee_name(parent)
        if rewritten_by_rapcc(parent):
            return f"'{name}' is already rewritten by rapcc"
        return f"'{name}' is passed to '{callee}'"
    if parent.kind in (K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_STATIC_CAST_EXPR):
        return f"'{name}' is cast to another type"
    return f"'{name}' decays to a pointer"


def rewritten_by_rapcc(parent: Cursor | None) -> bool:
    """Whether the use is an argument of one of rapcc's own index helpers (its output)."""
    return parent is not None and parent.kind == K.CALL_EXPR and callee_name(parent).startswith("__rapcc_")
