"""Which explicit casts view an lvalue as an object of another type
(`reinterpret_cast<const float4 &>(tile[r][4 * q])`, `(int &)x`): for the
sound IR's lowering (lower.py), such a cast is not a read of the element it
names but a reinterpretation of the bytes at its address, which a layout
change moves.

libclang shows the type a cast produces but not whether it was written as a
reference: `reinterpret_cast<const float4 &>(x)` and a value cast both have
type `const float4`. Two readings decide, and either one is enough:

- the tokens of the written type hold `&` or `&&`, or a type name there
  stands for a reference (a typedef), or a name whose meaning the tokens
  cannot show (`decltype`, a template parameter);
- the operand is an lvalue handed to the cast as is: a value cast's operand
  is converted first (clang's lvalue-to-rvalue or decay, an implicit cast),
  a reference cast's is not.

Where the tokens cannot be read (a macro), the second reading alone decides.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .lower_refs import kids, offset_of
from .tokens import FileTokens

_REFERENCES = (T.LVALUEREFERENCE, T.RVALUEREFERENCE)
_ARRAYS = (T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.DEPENDENTSIZEDARRAY, T.VARIABLEARRAY)
_UNSEEN = {"decltype", "typeof", "__typeof__", "__typeof", "auto"}
# Operands that are lvalues when they reach a cast with no implicit cast between.
_LVALUES = {K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR, K.DECL_REF_EXPR, K.UNARY_OPERATOR, K.CALL_EXPR,
            K.CONDITIONAL_OPERATOR, K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR}


def _unqualified(t) -> str:
    canon = t.get_canonical()
    if canon.kind in _REFERENCES:
        canon = canon.get_pointee().get_canonical()
    return " ".join(w for w in canon.spelling.split() if w not in ("const", "volatile"))


def _written_reference(cast: Cursor, operand: Cursor, tokens: FileTokens) -> bool | None:
    """Whether the cast's written type is a reference, from its tokens (None: unreadable)."""
    start, end = offset_of(cast), offset_of(operand)
    if end <= start:
        return None
    toks = tokens.between(start, end)
    if not toks or toks[0].start != start or not _spelled_as_cast(cast.kind, toks):
        return None  # a macro's expansion: these tokens are not the cast's
    if any(t.spelling in ("&", "&&") for t in toks):
        return True
    if any(t.spelling in _UNSEEN for t in toks):
        return True
    for k in kids(cast):
        if k.kind == K.TYPE_REF:
            canon = k.type.get_canonical()
            if canon.kind in _REFERENCES or canon.kind in (T.UNEXPOSED, T.DEPENDENT):
                return True
        elif k.kind == K.TEMPLATE_REF:
            return True  # a template's instance may be any type
    return False


_NAMED = {K.CXX_STATIC_CAST_EXPR: "static_cast", K.CXX_REINTERPRET_CAST_EXPR: "reinterpret_cast"}


def _spelled_as_cast(kind, toks: list) -> bool:
    """The tokens before the operand are the cast's own: `( T )`, `static_cast < T > (`, `T (`."""
    if kind == K.CSTYLE_CAST_EXPR:
        return toks[0].spelling == "(" and toks[-1].spelling == ")"
    if kind in _NAMED:
        return len(toks) >= 4 and toks[0].spelling == _NAMED[kind] and toks[1].spelling == "<" \
            and toks[-1].spelling == "("
    return toks[-1].spelling in ("(", "{")


def bare_lvalue(operand: Cursor) -> bool:
    """The operand reaches the cast as an lvalue, not converted to a value first."""
    c = operand
    while c.kind == K.PAREN_EXPR and len(kids(c)) == 1:
        c = kids(c)[0]
    return c.kind in _LVALUES


def reinterprets(cast: Cursor, operand: Cursor, tokens: FileTokens) -> bool:
    """Whether `cast` views the object `operand` names as another type.

    A reference to the same type (`static_cast<const float &>(tile[r][c])`) is
    the object itself; so is one to a scalar type of the same size as a
    scalar operand (`reinterpret_cast<int &>(tile[r][c])` reads the bytes of
    that one element). A row (an array operand) is never one element."""
    written = _written_reference(cast, operand, tokens)
    if written is False:
        return False
    if written is None and not bare_lvalue(operand):
        return False
    to, frm = cast.type.get_canonical(), operand.type.get_canonical()
    if to.kind in _REFERENCES:
        to = to.get_pointee().get_canonical()
    if _unqualified(to) == _unqualified(frm):
        return False
    if frm.kind in _ARRAYS or to.kind in _ARRAYS:
        return True
    size_to, size_from = to.get_size(), frm.get_size()
    return not (size_to > 0 and size_to == size_from and to.get_align() == frm.get_align())
