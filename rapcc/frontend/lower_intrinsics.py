"""The sound IR of the device facts intrinsics.py recognises (for lower.py):
`%laneid` as the linear thread index mod 32, cooperative groups' ranks and
sizes as thread indices, and the counting bit intrinsics as a bounded call."""
from __future__ import annotations

from clang.cindex import Cursor

from .. import sound_ir as s
from .exprs import decl_key
from .intrinsics import GroupValue, GroupWhat, bit_count_width, group_value, laneid_output

_U32 = s.int_ty(s.CType(32, False))


def _u(op: str, a: s.Expr, b: s.Expr) -> s.Expr:
    return s.Binary(op, a, b, _U32)


def _b(name: str) -> s.Expr:
    return s.Builtin(name)


def linear_thread() -> s.Expr:
    """x + y * Dx + z * Dx * Dy, in `unsigned` (the three fit in 32 bits:
    a block has at most 1024 threads)."""
    return _u("+", _u("*", _u("+", _u("*", _b("threadIdx.z"), _b("blockDim.y")), _b("threadIdx.y")),
                      _b("blockDim.x")), _b("threadIdx.x"))


def block_size() -> s.Expr:
    return _u("*", _u("*", _b("blockDim.x"), _b("blockDim.y")), _b("blockDim.z"))


def lane() -> s.Expr:
    return _u("%", linear_thread(), s.Lit(32, _U32))


def lane_assignment(stmt: Cursor, lower_type) -> s.Stmt | None:
    """`asm("mov.u32 %0, %%laneid;" : "=r"(x))` as `x = lane`; None for any other statement."""
    out = laneid_output(stmt)
    if out is None:
        return None
    ty = lower_type(out.type)
    return s.ExprStmt(s.Assign("", s.Var(decl_key(out), ty), s.Conv(ty, lane()), ty))


def laneid_local(stmt: Cursor) -> str | None:
    """The key of the local the statement sets to the lane (it does not escape), or None."""
    out = laneid_output(stmt)
    return decl_key(out) if out is not None else None


def _group(g: GroupValue) -> s.Expr:
    if g.tile is None:
        return linear_thread() if g.what == GroupWhat.RANK else block_size()
    n = s.Lit(g.tile, _U32)
    if g.what == GroupWhat.RANK:
        return _u("%", linear_thread(), n)
    if g.what == GroupWhat.META_RANK:
        return _u("/", linear_thread(), n)
    if g.what == GroupWhat.META_SIZE:
        return _u("/", block_size(), n)
    return n


def intrinsic_call(c: Cursor, ty: s.Ty, args: list[s.Expr], start: int, end: int) -> s.Expr | None:
    """A call intrinsics.py recognises: a cooperative-groups rank or size (its
    object names no memory), or a bit count, bounded to [0, width] with its
    operand still evaluated. None for any other call."""
    if ty.kind != s.ValueKind.INT:
        return None
    g = group_value(c)
    if g is not None:
        return s.Conv(ty, _group(g))
    width = bit_count_width(c)
    if width is not None and len(args) == 1:
        return s.Call(s.CallKind.COUNT, None, tuple(args), ty, start, end, limit=width)
    return None
