"""Recognise the pointer aliases real kernels take of a shared array:
`float *p = s + k`, `float *p = &s[k]`, `float *p = s` and the row pointer
`float *row = tile[r]` / `&tile[r][0]`; and the callees an array is passed to.

Only the shapes are recognised here; whether an alias can be followed (never
reassigned, a stable offset, every use a subscript) is the collector's call.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .clangext import binary_operator, children, evaluate_int, unary_operator
from .exprs import decl_key, int_type, strip


@dataclass(frozen=True)
class AliasShape:
    """The initializer of a pointer alias, taken apart."""

    base: Cursor  # the DECL_REF_EXPR naming the array
    lead: tuple[Cursor, ...]  # leading subscripts (row pointers)
    offset: Cursor | None  # the integer added to the first free subscript
    volatile: bool = False  # `volatile T *p = s`: accesses must stay spelled through `p`


def _init_of(decl: Cursor) -> Cursor | None:
    return next((k for k in children(decl) if k.kind.is_expression()), None)


def _array_ref(cursor: Cursor, arrays: set[str]) -> Cursor | None:
    c = strip(cursor)
    if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) in arrays:
        return c
    return None


def _subscript(cursor: Cursor) -> tuple[Cursor, Cursor] | None:
    c = strip(cursor)
    if c.kind != K.ARRAY_SUBSCRIPT_EXPR:
        return None
    kids = children(c)
    return (kids[0], kids[1]) if len(kids) == 2 else None


def _unqualified(t: ci.Type) -> str:
    words = [w for w in t.get_canonical().spelling.split() if w not in ("const", "volatile")]
    return " ".join(words)


def alias_shape(decl: Cursor, arrays: dict[str, int], elem_types: dict[str, str]) -> AliasShape | None:
    """The alias a local pointer declaration takes, or None. `arrays` maps each
    array's key to its number of subscripts, `elem_types` to its element type's
    canonical spelling. The pointer must point to exactly the element type (a
    `volatile` pointer is one only without an offset: its accesses are rewritten
through its own name, which keeps the qualifier)."""
    if decl.kind != K.VAR_DECL or decl.type.get_canonical().kind != ci.TypeKind.POINTER:
        return None
    init = _init_of(decl)
    if init is None:
        return None
    pointee = decl.type.get_canonical().get_pointee()
    keys = set(arrays)
    shape = _shape(init, keys, arrays)
    if shape is None:
        return None
    key = decl_key(shape.base.referenced)
    if _unqualified(pointee) != elem_types.get(key):
        return None
    return replace(shape, volatile=pointee.is_volatile_qualified())


def cast_alias_shape(decl: Cursor, arrays: dict[str, int], elem_bytes: dict[str, int]) -> tuple[AliasShape, int] | None:
    """`float *d = (float *)sData` over bytes, `uint *k1 = (uint *)sKeys2`
    over uint2... a pointer declared from a cast of the array to another
    element type, and how many of the array's elements one of its elements
    spans (`scale`); None unless that is a whole number of at least 1 and the
    new element is at most 16 bytes. The caller predicts, never rewrites, through it."""
    if decl.kind != K.VAR_DECL or decl.type.get_canonical().kind != ci.TypeKind.POINTER:
        return None
    init = _init_of(decl)
    c = strip(init) if init is not None else None
    if c is None or c.kind not in (K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_STATIC_CAST_EXPR):
        return None
    inner = [k for k in children(c) if k.kind != K.TYPE_REF]
    if len(inner) != 1:
        return None
    shape = _shape(inner[0], set(arrays), arrays)
    if shape is None or shape.lead:
        return None
    wide = decl.type.get_canonical().get_pointee().get_size()
    elem = elem_bytes.get(decl_key(shape.base.referenced), 0)
    if elem <= 0 or wide <= 0 or wide > 16 or wide % elem:
        return None
    return shape, wide // elem


def _shape(init: Cursor, keys: set[str], arrays: dict[str, int]) -> AliasShape | None:
    c = strip(init)
    ref = _array_ref(c, keys)
    if ref is not None:  # `float *p = s`
        return AliasShape(ref, (), None) if arrays[decl_key(ref.referenced)] == 1 else None
    if c.kind == K.BINARY_OPERATOR and binary_operator(c) == "+":
        lhs, rhs = children(c)
        ref = _array_ref(lhs, keys)
        if ref is not None and arrays[decl_key(ref.referenced)] == 1 and int_type(rhs.type) is not None:
            return AliasShape(ref, (), rhs)
        return None
    sub = _subscript(c)
    if sub is not None:  # `float *row = tile[r]`
        ref = _array_ref(sub[0], keys)
        if ref is not None and arrays[decl_key(ref.referenced)] == 2:
            return AliasShape(ref, (sub[1],), None)
        return None
    if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&":
        inner = _subscript(next(iter(children(c))))
        if inner is None:
            return None
        ref = _array_ref(inner[0], keys)
        if ref is not None and arrays[decl_key(ref.referenced)] == 1:  # `&s[k]`
            return AliasShape(ref, (), inner[1])
        row = _subscript(inner[0])
        if row is not None and evaluate_int(inner[1]) == 0:  # `&tile[r][0]`
            ref = _array_ref(row[0], keys)
            if ref is not None and arrays[decl_key(ref.referenced)] == 2:
                return AliasShape(ref, (row[1],), None)
    return None


def callee_definition(call: Cursor, path: str | None) -> tuple[Cursor | None, str]:
    """The definition of a called `__device__` function in file `path` (any
    file when None: a callee that is only read, not rewritten), or None and
    why it cannot be followed."""
    ref = call.referenced
    if ref is None or ref.kind not in (K.FUNCTION_DECL, K.CXX_METHOD):
        return None, "the callee is not a plain function"
    if ref.get_num_template_arguments() > 0 or ref.kind == K.CXX_METHOD:
        return None, "the callee is a template or a method"
    definition = ref.get_definition()
    if definition is None:
        return None, "the callee is defined in another file"
    loc = definition.location
    if loc.file is None or (path is not None and loc.file.name != path):
        return None, "the callee is defined in another file"
    return definition, ""


def argument_index(call: Cursor, use: Cursor) -> int | None:
    """Position of the argument whose text contains `use`."""
    at = use.extent.start.offset
    for n, a in enumerate(call.get_arguments()):
        if a.extent.start.offset <= at < a.extent.end.offset or a.extent.start.offset == at:
            return n
    return None


def parameters(fn: Cursor) -> list[Cursor]:
    return [k for k in children(fn) if k.kind == K.PARM_DECL]
