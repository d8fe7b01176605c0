"""The sound IR of the device facts intrinsics.py recognises (for lower.py):
`%laneid` as the linear thread index mod 32, cooperative groups' ranks and
sizes as thread indices, the counting bit intrinsics as a bounded call, and
`__mul24` / `__umul24` as the product of their operands' low 24 bits.

A tile's `meta_group_rank()` is linear / N only for a tile partitioned from
the thread block itself; one partitioned from another tile (`tiled_partition
<4>(tile32)`, even converted to `thread_block_tile<4>`) counts within that
tile. Where the type says the parent is the block (`thread_block_tile<N,
thread_block>`, what `auto t = tiled_partition<N>(cta)` declares) the proof
takes the toolkit's definitions, linear / N and ceil(block size / N); for
any other type it bounds them by what holds for every parent: fewer than
1024 / N tiles, never a thread's value."""
from __future__ import annotations

from typing import Any, Callable

from clang.cindex import Cursor, CursorKind as K

from .. import sound_ir as s
from .exprs import decl_key
from .intrinsics import (GroupValue, GroupWhat, bit_count_width, group_value, laneid_output, mul24_signed,
                         neg_operands)

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


def neg_assignment(stmt: Cursor, lower_type: Callable[[Any], s.Ty],
                   lower_expr: Callable[[Cursor], s.Expr]) -> s.Stmt | None:
    """`asm("neg.s32 %0, %1;" : "=r"(x) : "r"(e))` as `x = 0u - (unsigned)e`; None for any other statement."""
    ops = neg_operands(stmt)
    if ops is None:
        return None
    out, operand = ops
    ty = lower_type(out.type)
    value = _u("-", s.Lit(0, _U32), s.Conv(_U32, lower_expr(operand)))
    return s.ExprStmt(s.Assign("", s.Var(decl_key(out), ty), s.Conv(ty, value), ty))


def neg_local(stmt: Cursor) -> str | None:
    """The key of the local the statement sets by rapcc's guard mask (it does not escape), or None."""
    ops = neg_operands(stmt)
    return decl_key(ops[0]) if ops is not None else None


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
    if g.block_parent:  # the toolkit's __static_parent_thread_block_tile_base<N, thread_block>
        if g.what == GroupWhat.META_RANK:
            return s.Conv(ty, _u("/", linear_thread(), n))
        return s.Conv(ty, _u("/", _u("+", block_size(), s.Lit(g.tile - 1, _U32)), n))
    tiles = max(_MAX_THREADS // g.tile, 1)
    # The prediction takes a tile of the block (the common case, and the replay's rule): linear / N.
    guess = s.Conv(ty, _u("/", linear_thread(), n)) if g.what == GroupWhat.META_RANK else None
    return s.Call(s.CallKind.BOUNDED, None, (), ty, start, end,
                  limit=tiles - 1 if g.what == GroupWhat.META_RANK else tiles, predicted=guess)


_I64 = s.int_ty(s.CType(64, True))


def _low24(x: s.Expr, signed: bool) -> s.Expr:
    """The operand's low 24 bits as a 64-bit value: zero-extended, or sign-extended
    from bit 23 (`(v ^ 2^23) - 2^23` on the 24 bits, with no shift of a negative)."""
    bits = s.Binary("&", s.Conv(_I64, x, implicit=True), s.Lit(0xFFFFFF, _I64), _I64)
    if not signed:
        return bits
    half = s.Lit(0x800000, _I64)
    return s.Binary("-", s.Binary("^", bits, half, _I64), half, _I64)


def _mul24(a: s.Expr, b: s.Expr, signed: bool) -> s.Expr:
    """`__mul24` / `__umul24` exactly, as the CUDA math API defines them: the
    product of the operands' low 24 bits (sign- or zero-extended), at most 48
    bits, so exact in 64; the caller's conversion to `int` or `unsigned` keeps
    its low 32 bits."""
    return s.Binary("*", _low24(a, signed), _low24(b, signed), _I64)


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
    signed = mul24_signed(c)
    if signed is not None and len(args) == 2:
        return s.Conv(ty, _mul24(args[0], args[1], signed), implicit=True)
    width = bit_count_width(c)
    if width is not None and len(args) == 1:  # a count of the operand's bits, or one past the last bit's index
        return s.Call(s.CallKind.BOUNDED, None, tuple(args), ty, start, end, limit=width)
    return None
