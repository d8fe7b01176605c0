"""Turn libclang expression cursors into rapcc's small expression tree (`rapcc.ir.Expr`)."""
from __future__ import annotations

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .. import cint, ir
from ..cint import CType
from .clangext import binary_operator, children, strip, evaluate_int, expansion_line_column, member_spelling, \
    token_spellings, unary_operator
from .intrinsics import GroupWhat, group_value, laneid_helper

_BUILTIN_STRUCTS = {"threadIdx", "blockIdx", "blockDim", "gridDim"}

# The integer types of the targets nvcc compiles for (LP64: `long` is 64 bits, `wchar_t` 32 signed).
_INT_TYPES: dict[T, CType] = {
    T.BOOL: cint.BOOL, T.CHAR_U: cint.UCHAR, T.UCHAR: cint.UCHAR, T.CHAR_S: cint.SCHAR, T.SCHAR: cint.SCHAR,
    T.USHORT: cint.USHORT, T.SHORT: cint.SHORT, T.UINT: cint.UINT, T.INT: cint.INT, T.ULONG: cint.ULLONG,
    T.LONG: cint.LLONG, T.ULONGLONG: cint.ULLONG, T.LONGLONG: cint.LLONG, T.CHAR16: cint.USHORT,
    T.CHAR32: cint.UINT, T.WCHAR: cint.INT,
}

# `%laneid` (intrinsics.py): warps are 32 consecutive linear thread indices.
LANE: ir.Expr = ir.BinOp("%", ir.LINEAR_THREAD, ir.Const(32))

_PASS_THROUGH = {K.PAREN_EXPR, K.UNEXPOSED_EXPR}
_CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR}
_ARITH_OPS = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||"}


def int_type(t: ci.Type) -> CType | None:
    """The integer type of `t`, seeing through typedefs and cv-qualifiers (a
    reference is none); an enumeration is its underlying type (`enum Row :
    unsigned char` wraps at 256)."""
    canon = t.get_canonical()
    if canon.kind == T.ENUM:
        canon = canon.get_declaration().enum_type.get_canonical()
    return _INT_TYPES.get(canon.kind)


def decl_key(decl: Cursor) -> str:
    """A stable, readable key for a declaration: name@line:col."""
    line, col = expansion_line_column(decl.location)
    return f"{decl.spelling}@{line}:{col}"


def source_text(cursor: Cursor) -> str:
    return " ".join(token_spellings(cursor)) or cursor.spelling or cursor.kind.name.lower()


def _typed(cursor: Cursor, expr: ir.Expr) -> ir.Expr:
    """Wrap an arithmetic result in its C type, so evaluation wraps like C does."""
    it = int_type(cursor.type)
    if it is None or isinstance(expr, ir.Const):
        return expr
    return ir.Cast(it.bits, it.signed, expr)


def to_expr(cursor: Cursor) -> ir.Expr:
    """The ir.Expr of an integer expression cursor; ir.Opaque for what rapcc cannot evaluate."""
    kind = cursor.kind
    if kind in (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR):
        value = evaluate_int(cursor)
        return ir.Const(value) if value is not None else ir.Opaque(source_text(cursor))
    if kind in _PASS_THROUGH:
        kids = children(cursor)
        if len(kids) == 1:
            inner = to_expr(kids[0])
            it, it_inner = int_type(cursor.type), int_type(kids[0].type)
            if it is not None and it_inner is not None and it != it_inner and not isinstance(inner, ir.Const):
                return ir.Cast(it.bits, it.signed, inner)
            return inner
        return _constant_or_opaque(cursor)
    if kind in _CASTS:
        kids = [k for k in children(cursor) if k.kind != K.TYPE_REF]
        it = int_type(cursor.type)
        if len(kids) == 1 and it is not None:
            return ir.Cast(it.bits, it.signed, to_expr(kids[-1]))
        return _constant_or_opaque(cursor)
    if kind == K.DECL_REF_EXPR:
        return _decl_ref(cursor)
    if kind == K.MEMBER_REF_EXPR:
        kids = children(cursor)
        if len(kids) == 1:
            base = strip(kids[0])
            member = member_spelling(cursor)
            if base.kind == K.DECL_REF_EXPR and base.spelling in _BUILTIN_STRUCTS and member in ("x", "y", "z"):
                return ir.Builtin(f"{base.spelling}.{member}")
        return _constant_or_opaque(cursor)
    if kind == K.BINARY_OPERATOR:
        op = binary_operator(cursor)
        kids = children(cursor)
        if op in _ARITH_OPS and len(kids) == 2:
            return _typed(cursor, ir.BinOp(op, to_expr(kids[0]), to_expr(kids[1])))
        return _constant_or_opaque(cursor)
    if kind == K.UNARY_OPERATOR:
        op = unary_operator(cursor)
        kids = children(cursor)
        if op in ("-", "~", "!", "+") and len(kids) == 1:
            return _typed(cursor, ir.UnOp(op, to_expr(kids[0])))
        return _constant_or_opaque(cursor)
    if kind == K.CONDITIONAL_OPERATOR:
        kids = children(cursor)
        if len(kids) == 3:
            return _typed(cursor, ir.Select(to_expr(kids[0]), to_expr(kids[1]), to_expr(kids[2])))
    return _constant_or_opaque(cursor)


def _decl_ref(cursor: Cursor) -> ir.Expr:
    if cursor.spelling == "warpSize":
        return ir.Builtin("warpSize")
    ref = cursor.referenced
    if ref is None:
        return ir.Opaque(cursor.spelling, "unresolved name")
    if ref.kind == K.ENUM_CONSTANT_DECL:
        return ir.Const(int(ref.enum_value))
    if ref.kind == K.VAR_DECL and ref.type.is_const_qualified() and int_type(ref.type) is not None:
        value = evaluate_int(cursor)  # `constexpr int TILE = 32;` at namespace scope: a constant
        if value is not None:
            return ir.Const(value)
    if ref.kind == K.VAR_DECL and ref.type.get_canonical().kind not in (T.CONSTANTARRAY, T.INCOMPLETEARRAY) \
            and any(c.kind == K.CUDASHARED_ATTR for c in children(ref)):
        it = int_type(ref.type)
        if it is not None:  # the SDK merge sort's `__shared__ uint lenSrcA`: one value for the whole block
            return ir.Opaque(ref.spelling, "a __shared__ scalar", it.bits, it.signed, uniform=True)
    if ref.kind in (K.VAR_DECL, K.PARM_DECL, K.TEMPLATE_NON_TYPE_PARAMETER):
        return ir.VarRef(decl_key(ref), ref.spelling)
    return _constant_or_opaque(cursor)


def _constant_or_opaque(cursor: Cursor) -> ir.Expr:
    it = int_type(cursor.type)
    if it is not None:
        value = evaluate_int(cursor)
        if value is not None and cursor.kind != K.CALL_EXPR:
            return ir.Const(value)
        group = _cooperative_group(cursor)
        if group is not None:
            return _typed(cursor, group)
        # calls rapcc can read as arithmetic
        known = _min_max(cursor) or _mul24(cursor) or _ticket(cursor) or _lane_helper(cursor) or _inlined(cursor)
        if known is not None:
            return known
        return ir.Opaque(source_text(cursor), bits=it.bits, signed=it.signed)
    return ir.Opaque(source_text(cursor))


def _cooperative_group(cursor: Cursor) -> ir.Expr | None:
    """`cta.thread_rank()`, `tile32.thread_rank()`, `cta.size()`... on a
    cooperative_groups thread block or a static tile of it (intrinsics.py):
    the thread indices they stand for. A tile of N threads is N consecutive
    ranks of its block, so its rank is the block rank mod N."""
    g = group_value(cursor)
    if g is None:
        return None
    if g.tile is None:
        return ir.LINEAR_THREAD if g.what == GroupWhat.RANK else ir.BLOCK_SIZE
    size = ir.Const(g.tile)
    return {GroupWhat.RANK: ir.BinOp("%", ir.LINEAR_THREAD, size), GroupWhat.SIZE: size,
            GroupWhat.META_RANK: ir.BinOp("/", ir.LINEAR_THREAD, size),
            GroupWhat.META_SIZE: ir.BinOp("/", ir.BLOCK_SIZE, size)}[g.what]


def _lane_helper(cursor: Cursor) -> ir.Expr | None:
    """A call of CUB's `LaneId()` shape (intrinsics.laneid_helper): the lane."""
    if cursor.kind != K.CALL_EXPR or cursor.referenced is None or cursor.referenced.kind != K.FUNCTION_DECL:
        return None
    fn = cursor.referenced.get_definition()
    if fn is None or list(cursor.get_arguments()) or not laneid_helper(fn):
        return None
    it = int_type(fn.result_type)
    return ir.Cast(it.bits, it.signed, LANE) if it is not None else None


_CLAMPS = {"min": "<", "umin": "<", "max": ">", "umax": ">"}


def _min_max(cursor: Cursor) -> ir.Expr | None:
    """`min(a, b)` / `max(a, b)` on integers, as the select C evaluates it to:
    a clamp bounds a data-dependent index."""
    if cursor.kind != K.CALL_EXPR or cursor.spelling not in _CLAMPS:
        return None
    args = list(cursor.get_arguments())
    if len(args) != 2 or any(int_type(a.type) is None for a in args):
        return None
    a, b = to_expr(args[0]), to_expr(args[1])
    return _typed(cursor, ir.Select(ir.BinOp(_CLAMPS[cursor.spelling], a, b), a, b))


def _ticket(cursor: Cursor) -> ir.Expr | None:
    """`t = atomicAdd(&count, 1)` handing out queue slots (SHOC's and Parboil's
    bfs): the lanes of a warp that run it get distinct, consecutive values
    from the counter's old one. rapcc gives the k-th lane of the warp the k-th
    value, from one old value for the block (sampled as a parameter is): the
    values then differ by the step and span at most 32 steps, as they do
    whichever lanes run it, which is what decides their banks."""
    if cursor.kind != K.CALL_EXPR or cursor.spelling != "atomicAdd" or int_type(cursor.type) is None:
        return None
    args = list(cursor.get_arguments())
    step = evaluate_int(args[1]) if len(args) == 2 else None
    if step is None or step <= 0:
        return None
    it = int_type(cursor.type)
    assert it is not None  # tested above
    bits, signed = it.bits, it.signed
    old = ir.Opaque(f"the value {source_text(args[0])} held", "a counter's old value", bits, signed, uniform=True)
    lane = ir.BinOp("%", ir.LINEAR_THREAD, ir.Const(32))
    return ir.Cast(bits, signed, ir.BinOp("+", old, ir.BinOp("*", lane, ir.Const(step))))


def _mul24(cursor: Cursor) -> ir.Expr | None:
    """`__umul24(a, b)` / `__mul24(a, b)`: the low 32 bits of the product of
    the operands' low 24 bits (zero- or sign-extended), as the CUDA math API
    defines them; Parboil's sad and older SDK code index with it."""
    if cursor.kind != K.CALL_EXPR or cursor.spelling not in ("__umul24", "__mul24"):
        return None
    args = list(cursor.get_arguments())
    if len(args) != 2 or any(int_type(a.type) is None for a in args):
        return None
    signed = cursor.spelling == "__mul24"

    def low24(a: Cursor) -> ir.Expr:
        x = ir.Cast(32, signed, to_expr(a))
        if signed:  # sign-extend bit 23: shift it to bit 31 and back, arithmetically
            return ir.BinOp(">>", ir.Cast(32, True, ir.BinOp("<<", x, ir.Const(8))), ir.Const(8))
        return ir.BinOp("&", x, ir.Const(0xFFFFFF))

    return ir.Cast(32, signed, ir.BinOp("*", low24(args[0]), low24(args[1])))


_INLINING: set[str] = set()  # the helpers being inlined now: a recursive one stays opaque


def _inlined(cursor: Cursor) -> ir.Expr | None:
    """A call to an index helper whose whole body is `return <integer
    expression>;` (SHOC's `ToFlatIdx(row, col, width)`), as that expression
    with each parameter replaced by its argument, converted to the parameter's
    type: the value the call returns. Parameters are integers passed by value,
    so the call reads nothing else the caller has."""
    if cursor.kind != K.CALL_EXPR or cursor.referenced is None or cursor.referenced.kind != K.FUNCTION_DECL \
            or cursor.spelling.startswith("__rapcc_"):  # rapcc's own maps: verify.py reads them as calls
        return None
    fn = cursor.referenced.get_definition()
    if fn is None or int_type(fn.result_type) is None:
        return None
    params = [c for c in children(fn) if c.kind == K.PARM_DECL]
    args = list(cursor.get_arguments())
    if len(args) != len(params) or any(int_type(p.type) is None for p in params) \
            or any(int_type(a.type) is None for a in args):
        return None
    body = next((c for c in children(fn) if c.kind == K.COMPOUND_STMT), None)
    stmts = children(body) if body is not None else []
    if len(stmts) != 1 or stmts[0].kind != K.RETURN_STMT:
        return None
    value = next(iter(children(stmts[0])), None)
    key = decl_key(fn)
    if value is None or key in _INLINING:
        return None
    _INLINING.add(key)
    try:
        body_expr = to_expr(value)
        bound = {}
        for p, a in zip(params, args):
            pt = int_type(p.type)
            assert pt is not None  # tested above
            bound[decl_key(p)] = ir.Cast(pt.bits, pt.signed, to_expr(a))
    finally:
        _INLINING.discard(key)
    rt = int_type(fn.result_type)
    assert rt is not None  # tested above
    return ir.Cast(rt.bits, rt.signed, substitute(body_expr, bound))


def substitute(expr: ir.Expr, defs: "dict[str, ir.Expr]") -> ir.Expr:
    """`expr` with every reference to a variable in `defs` replaced by the
    expression that reaches it (the values in `defs` are already closed)."""
    if not defs:
        return expr
    if isinstance(expr, ir.VarRef):
        return defs.get(expr.key, expr)
    if isinstance(expr, ir.Cast):
        return ir.Cast(expr.bits, expr.signed, substitute(expr.operand, defs))
    if isinstance(expr, ir.BinOp):
        return ir.BinOp(expr.op, substitute(expr.lhs, defs), substitute(expr.rhs, defs))
    if isinstance(expr, ir.UnOp):
        return ir.UnOp(expr.op, substitute(expr.operand, defs))
    if isinstance(expr, ir.Select):
        return ir.Select(substitute(expr.cond, defs), substitute(expr.then, defs), substitute(expr.other, defs))
    return expr
