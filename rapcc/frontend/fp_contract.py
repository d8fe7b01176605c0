"""Where the file multiplies floating-point values: nvcc's contraction of `a * b + c`.

nvcc contracts a floating multiply and an add into one FMA by default
(`-fmad=true`), and it decides per basic block of its own code. A layout
behind a test of `blockDim` (analysis/guards.py) adds a select the compiler
may turn into branches, which can leave a product and the sum it feeds in two
blocks: the rewrite then rounds once more than the input (a red-team
layernorm differed in the last bit on an H100). A file that multiplies no
floating-point value has nothing to contract, so its guards cannot change a
result; any floating product, a product through an overloaded `operator*`
(`__half`, `float2` helpers) included, makes guarded layouts unavailable in
the file (whitelist: only files with no such product are known safe).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .clangext import binary_operator
from .preorder import Preorder

_FLOATS = {T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.HALF, T.FLOAT128, T.IBM128}
_SCOPES = {K.NAMESPACE, K.UNEXPOSED_DECL, K.LINKAGE_SPEC, K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL,
           K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
_PRODUCTS = {"*", "*="}


def _floating(c: Cursor) -> bool:
    return c.type.get_canonical().kind in _FLOATS


def _product(c: Cursor) -> bool:
    if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
        return binary_operator(c) in _PRODUCTS and _floating(c)
    # An overloaded operator of a class type (`__half`, a user's vector): what it computes is not read here.
    return c.kind == K.CALL_EXPR and c.spelling in ("operator*", "operator*=")


def float_product(tu_cursor: Cursor, walks: Preorder) -> int | None:
    """The byte offset of the first floating-point product in code outside the
    system headers (the file and the user's headers: functions, methods,
    lambdas, templates), or None."""
    pending = [c for c in walks.children(tu_cursor)
               if c.location.file is not None and not c.location.is_in_system_header]
    while pending:
        c = pending.pop(0)
        if c.kind in _SCOPES:
            pending.extend(walks.children(c))
            continue
        for k in walks.walk(c):
            if _product(k):
                return k.extent.start.offset
    return None
