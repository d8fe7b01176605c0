"""Which object a variable's name stands for where it is used in host code.

The escape analysis (host_syntax._escaped) and the read-only proof of a
callee's `const &` parameter (host_readonly.py) both ask the same question of
each mention of a variable: is this the variable's object (bound to a
reference, passed on, its address taken, cast), or only a value read from it?
libclang shows the conversions between the name and its use as one opaque
kind (UNEXPOSED_EXPR), so the answer is a whitelist: a conversion lets go of
the object only where its types prove it is a read.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import binary_operator, children

# Types a conversion may keep the object under: an object of class type is
# converted in place (to `const dim3`, to a base; a copy is a constructor call,
# another kind), an array decays to its address, and a type libclang does not
# expose may be either.
_OBJECT_TYPES = ("DEPENDENT", "UNEXPOSED", "INVALID", "RECORD", "CONSTANTARRAY", "INCOMPLETEARRAY",
                 "VARIABLEARRAY", "DEPENDENTSIZEDARRAY")


def in_std(decl: Cursor | None) -> bool:
    """Whether `decl` is declared in the standard library's namespace `std` (or one nested in it)."""
    while decl is not None and decl.kind != K.TRANSLATION_UNIT:
        if decl.kind == K.NAMESPACE and decl.spelling == "std" and decl.semantic_parent is not None \
                and decl.semantic_parent.kind == K.TRANSLATION_UNIT:
            return True
        decl = decl.semantic_parent
    return False


def is_reference(t) -> bool:
    return t.get_canonical().kind.name.endswith("REFERENCE")


def keeps_object(conversion: Cursor, operand: Cursor) -> bool:
    """Whether the implicit conversion `conversion` (an UNEXPOSED_EXPR) of
    `operand` may still be `operand`'s object rather than a value read from it.
    Only a read of a scalar (lvalue-to-rvalue, which gives the unqualified type)
    or a conversion to another scalar type (which binds a reference to a
    temporary) lets go of it; a qualification added to the same scalar type
    (`const int &` bound to an `int`) keeps it, and so does any conversion of
    an object of class or array type or of a type libclang does not expose."""
    kids = children(conversion)
    if conversion.kind != K.UNEXPOSED_EXPR or len(kids) != 1 or kids[0] != operand:
        return False
    to, of = conversion.type.get_canonical(), operand.type.get_canonical()
    if is_reference(of):
        of = of.get_pointee().get_canonical()
    if to.kind.name in _OBJECT_TYPES or of.kind.name in _OBJECT_TYPES:
        return True
    qualified = to.is_const_qualified() or to.is_volatile_qualified()
    return qualified and _unqualified(to) == _unqualified(of)


def _unqualified(t) -> str:
    return " ".join(w for w in t.spelling.split() if w not in ("const", "volatile"))


def lvalue_use(node: Cursor, ancestors: list[Cursor]) -> tuple[Cursor, Cursor | None]:
    """(the lvalue a variable's name is part of, what uses it): climbs from the
    name through parentheses, members (`b.x`, `cfg.blockDim.y`), the base of
    a subscript, the implicit conversions that keep the object (`Cfg c(b)`
    for `Cfg(const dim3 &)` adds `const` to `b`) and the operands that may be
    the result of a `?:` or a `,` (`(c ? b : b2).x`), so that `std::swap(b.x, b.y)`,
    `f(b.x)`, `&b.x` and `Cfg c(b)` are seen as uses of `b` itself.
    `ancestors`: the cursors above `node`, outermost first."""
    for parent in reversed(ancestors):
        kids = children(parent)
        first = kids[0] if kids else None
        if parent.kind == K.PAREN_EXPR or (parent.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR)
                                           and first is not None and first == node) \
                or (parent.kind == K.UNEXPOSED_EXPR and keeps_object(parent, node)) or chooses(parent, node):
            node = parent
            continue
        return node, parent
    return node, None


def chooses(parent: Cursor, operand: Cursor) -> bool:
    """Whether `parent`'s result may be `operand` itself: a branch of `?:`, the right side of `,`."""
    kids = children(parent)
    if parent.kind == K.CONDITIONAL_OPERATOR:
        return len(kids) == 3 and kids[0] != operand
    return parent.kind == K.BINARY_OPERATOR and len(kids) == 2 and kids[1] == operand and binary_operator(parent) == ","


def named_variable(expr: Cursor) -> Cursor | None:
    """The DECL_REF_EXPR an argument is, through parentheses and conversions that
    keep its object (`Cfg c(b)` passes `b` itself to `const dim3 &`), else None."""
    while expr.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
        kids = children(expr)
        if len(kids) != 1 or (expr.kind == K.UNEXPOSED_EXPR and not keeps_object(expr, kids[0])):
            return None
        expr = kids[0]
    return expr if expr.kind == K.DECL_REF_EXPR else None
