"""The sound IR of the device facts intrinsics.py recognises (for lower.py):
`%laneid` as the linear thread index mod 32, cooperative groups' ranks and
sizes as thread indices, and the counting bit intrinsics as a bounded call.

A tile's `meta_group_rank()` is linear / N only for a tile partitioned from
the thread block itself; one partitioned from another tile (`tiled_partition
<4>(tile32)`, even converted to `thread_block_tile<4>`) counts within that
tile, and its type does not say which. The proof therefore bounds it by what
holds for every parent: fewer than 1024 / N tiles, never a thread's value."""
from __future__ import annotations

from typing import Any, Callable

from clang.cindex import Cursor, CursorKind as K

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


def lane_assignment(stmt: Cursor, lower_type: Callable[[Any], s.Ty]) -> s.Stmt | None:
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


_MAX_THREADS = 1024  # a block's most threads, on every architecture


def _group(g: GroupValue, ty: s.Ty, start: int, end: int) -> s.Expr:
    if g.tile is None:
        return s.Conv(ty, linear_thread() if g.what == GroupWhat.RANK else block_size())
    n = s.Lit(g.tile, _U32)
    if g.what == GroupWhat.RANK:  # tiles are aligned runs of N consecutive ranks, at any depth
        return s.Conv(ty, _u("%", linear_thread(), n))
    if g.what == GroupWhat.SIZE:
        return s.Conv(ty, n)
    tiles = max(_MAX_THREADS // g.tile, 1)
    return s.Call(s.CallKind.BOUNDED, None, (), ty, start, end,
                  limit=tiles - 1 if g.what == GroupWhat.META_RANK else tiles)


def intrinsic_call(c: Cursor, ty: s.Ty, args: list[s.Expr], start: int, end: int,
                   shared: set[str]) -> s.Expr | None:
    """A call intrinsics.py recognises: a cooperative-groups rank or size
    (dropped, its object must name no `__shared__` array), or a bit count,
    bounded to [0, width] with its operand still evaluated. None for any
    other call."""
    if ty.kind != s.ValueKind.INT:
        return None
    g = group_value(c)
    if g is not None and not any(k.kind == K.DECL_REF_EXPR and k.referenced is not None
                                 and decl_key(k.referenced) in shared for k in c.walk_preorder()):
        return _group(g, ty, start, end)
    width = bit_count_width(c)
    if width is not None and len(args) == 1:  # a count of the operand's bits, or one past the last bit's index
        return s.Call(s.CallKind.BOUNDED, None, tuple(args), ty, start, end, limit=width)
    return None
