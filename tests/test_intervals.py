"""The strided-interval domain (analysis/intervals.py): each operation contains
every C result, and exact where C is. Hand cases, then random ones against
Python's exact arithmetic under the C rules."""
from __future__ import annotations

import random

import pytest

from rapcc.analysis import intervals as iv
from rapcc.analysis.intervals import SInt
from rapcc.sound_ir import CType

U8, I8, I32, U32 = CType(8, False), CType(8, True), CType(32, True), CType(32, False)


def test_wrap_is_exact_where_it_can_be():
    assert iv.wrap(SInt.const(-1), U32) == SInt.const(0xFFFFFFFF)
    assert iv.wrap(SInt.of(250, 260), U8) == iv.full(U8)  # wraps through 0: the whole type
    assert iv.wrap(SInt.of(256, 260), U8) == SInt.of(0, 4)
    assert iv.wrap(SInt.of(-1, 14), U32) == iv.full(U32)


def test_the_stride_proves_the_interleaved_reduction():
    s = 4
    tid = SInt.of(0, 255)
    index = iv.mul(SInt.const(2 * s), tid)  # 2 * s * tid
    guarded = iv.meet_upper(index, 255)  # if (index < 256)
    assert guarded.hi == 248 and guarded.stride == 8
    assert iv.add(guarded, SInt.const(s)).hi == 252  # index + s stays inside


def test_division_and_remainder_truncate_toward_zero():
    assert iv.div(SInt.const(-7), SInt.const(2)) == SInt.const(-3)
    assert iv.rem(SInt.const(-7), SInt.const(2)) == SInt.const(-1)
    assert iv.div(SInt.of(0, 9), SInt.of(-1, 1)) is None  # may divide by zero
    assert iv.rem(SInt.of(0, 100), SInt.const(32)) == SInt.of(0, 31)


def test_shifts_outside_c_are_unknown():
    assert iv.shl(SInt.const(1), SInt.const(32), U32) is None
    assert iv.shl(SInt.of(-1, 1), SInt.const(1), I32) is None
    assert iv.shr(SInt.const(-8), SInt.const(1), I32) == SInt.const(-4)


def test_compare_decides_only_what_is_certain():
    assert iv.compare("<", SInt.of(0, 3), SInt.const(4)) == SInt.const(1)
    assert iv.compare("<", SInt.of(0, 4), SInt.const(4)) == SInt.of(0, 1)
    assert iv.compare("==", SInt.const(2), SInt.const(3)) == SInt.const(0)


def _values(v: SInt) -> list[int]:
    return list(range(v.lo, v.hi + 1, v.stride or 1))


def _c(op: str, x: int, y: int) -> int | None:
    if op in "/%" and y == 0:
        return None
    if op == "/":
        q = abs(x) // abs(y)
        return q if (x >= 0) == (y > 0) else -q
    if op == "%":
        q = abs(x) // abs(y)
        q = q if (x >= 0) == (y > 0) else -q
        return x - q * y
    return {"+": x + y, "-": x - y, "*": x * y, "&": x & y, "|": x | y, "^": x ^ y}[op]


_OPS = {"+": iv.add, "-": iv.sub, "*": iv.mul, "/": iv.div, "%": iv.rem, "&": iv.bit_and, "|": iv.bit_or,
        "^": iv.bit_xor}


@pytest.mark.parametrize("seed", range(4))
def test_random_operations_contain_every_result(seed: int):
    rng = random.Random(seed)
    for _ in range(400):
        a = SInt.of(*sorted(rng.randint(-40, 40) for _ in range(2)), rng.choice([1, 1, 2, 4]))
        b = SInt.of(*sorted(rng.randint(-40, 40) for _ in range(2)), rng.choice([1, 1, 2, 3]))
        op = rng.choice(list(_OPS))
        t = rng.choice([U8, I8, I32, U32])
        got = _OPS[op](a, b)
        got = iv.wrap(got, t) if got is not None else iv.full(t)
        for x in _values(a):
            for y in _values(b):
                r = _c(op, x, y)
                if r is None:
                    continue
                w = (r - t.lo) % (1 << t.bits) + t.lo
                assert got.lo <= w <= got.hi and (got.stride == 0 or (w - got.lo) % got.stride == 0), \
                    (op, a, b, t, x, y, w, got)


@pytest.mark.parametrize("op", ["^", "|"])
def test_a_small_operand_changes_only_the_low_bits(op: str):
    """`i ^ ((i >> 5) & 3)` and `(i & ~3u) | r` (r < 4) over i in [0, 399]
    stay in [0, 399]: 400 is a multiple of 4, the group the low bits move in
    (a swizzled 400-element array's helper, reprove.py). The bound is exact here."""
    got = _OPS[op](SInt.of(0, 399), SInt.of(0, 3))
    assert got.lo == 0 and got.hi == 399
    got = _OPS[op](SInt.of(0, 3), SInt.of(8, 401))  # either operand the small one
    assert got.lo == 8 if op == "|" else got.lo == 8 - 8 % 4
    assert got.hi == 403
    for a in range(0, 402, 7):
        for b in range(0, 4):
            assert _c(op, a, b) <= _OPS[op](SInt.of(0, max(a, 1)), SInt.of(0, 3)).hi
