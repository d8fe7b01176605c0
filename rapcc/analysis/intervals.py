"""Strided intervals with exact C integer semantics: the value domain of the
sound range analysis (`absint.py`).

A value is the set {lo, lo + stride, ..., hi} (stride 0 for a single value),
over mathematical integers; every operation computes a set that contains every
result the C operation can give, and `wrap` then reduces it to the values of
the operation's type (unsigned wrap-around; signed overflow, undefined in C,
wraps too, which only widens the set). The stride is what proves the
interleaved reduction: `index = 2 * s * tid` under `index < n` stays a
multiple of 2s, so `index + s < n`.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from .. import cint
from ..cint import CType, tdiv


@dataclass(frozen=True, slots=True)
class SInt:
    lo: int
    hi: int
    stride: int = 1  # 0 when lo == hi

    @staticmethod
    def of(lo: int, hi: int, stride: int = 1) -> "SInt":
        if lo > hi:
            raise ValueError("empty interval")
        if lo == hi:
            return SInt(lo, lo, 0)
        stride = abs(stride) or 1
        hi = lo + (hi - lo) // stride * stride
        return SInt(lo, hi, stride) if hi > lo else SInt(lo, lo, 0)

    @staticmethod
    def const(v: int) -> "SInt":
        return SInt(v, v, 0)

    @property
    def single(self) -> int | None:
        return self.lo if self.lo == self.hi else None

    def text(self) -> str:
        if self.lo == self.hi:
            return str(self.lo)
        step = f" step {self.stride}" if self.stride > 1 else ""
        return f"[{self.lo}, {self.hi}{step}]"


def full(t: CType) -> SInt:
    return SInt.of(t.lo, t.hi)


def join(a: SInt, b: SInt) -> SInt:
    if type(a) is not SInt or type(b) is not SInt:  # one value per lane (lane_vector.Lanes): each lane's join
        return (a if type(a) is not SInt else b).joined(a, b)  # type: ignore[attr-defined]
    lo, hi = min(a.lo, b.lo), max(a.hi, b.hi)
    return SInt.of(lo, hi, gcd(gcd(a.stride, b.stride), abs(a.lo - b.lo)))


def widen(old: SInt, new: SInt, t: CType | None) -> SInt:
    """Jump an unstable bound to the type's limit (or ±2^64)."""
    j = join(old, new)
    lo = j.lo if j.lo >= old.lo else (t.lo if t else -(1 << 64))
    hi = j.hi if j.hi <= old.hi else (t.hi if t else 1 << 64)
    return SInt.of(lo, hi, j.stride if lo == j.lo else 1)


def wrap(v: SInt, t: CType) -> SInt:
    """The values of `v` converted to `t` (modulo 2^bits into t's range)."""
    if t.lo <= v.lo and v.hi <= t.hi:
        return v
    if v.single is not None:
        return SInt.const(cint.wrap(v.single, t))
    if type(v) is not SInt:  # one value per lane (lane_vector.Lanes): each lane's wrapped
        return v.wrapped(t)  # type: ignore[attr-defined]
    if t.bits == 1:  # bool: nonzero -> 1
        return SInt.const(1) if v.lo > 0 or v.hi < 0 else SInt.of(0, 1)
    m = 1 << t.bits
    if v.hi - v.lo >= m:
        return full(t)
    lo, hi = (v.lo - t.lo) % m + t.lo, (v.hi - t.lo) % m + t.lo
    if lo <= hi:
        stride = v.stride if v.stride and (m % v.stride == 0) else (1 if v.stride else 0)
        return SInt.of(lo, hi, stride)
    return full(t)


def _corners(a: SInt, b: SInt, f) -> SInt:
    vals = [f(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    return SInt.of(min(vals), max(vals))


def add(a: SInt, b: SInt) -> SInt:
    return SInt.of(a.lo + b.lo, a.hi + b.hi, gcd(a.stride, b.stride))


def neg(a: SInt) -> SInt:
    return SInt.of(-a.hi, -a.lo, a.stride)


def sub(a: SInt, b: SInt) -> SInt:
    return add(a, neg(b))


def mul(a: SInt, b: SInt) -> SInt:
    r = _corners(a, b, lambda x, y: x * y)
    if a.single is not None:
        return SInt.of(r.lo, r.hi, abs(a.lo) * b.stride)
    if b.single is not None:
        return SInt.of(r.lo, r.hi, abs(b.lo) * a.stride)
    return SInt.of(r.lo, r.hi, gcd(a.lo * b.stride, gcd(b.lo * a.stride, a.stride * b.stride)) if a.stride and b.stride else 1)


def div(a: SInt, b: SInt) -> SInt | None:
    """C division (toward zero); None when the divisor may be zero."""
    if b.lo <= 0 <= b.hi:
        return None
    return _corners(a, b, tdiv)


def rem(a: SInt, b: SInt) -> SInt | None:
    if b.lo <= 0 <= b.hi:
        return None
    if a.single is not None and b.single is not None:
        return SInt.const(a.lo - tdiv(a.lo, b.lo) * b.lo)
    m = max(abs(b.lo), abs(b.hi)) - 1
    if a.lo >= 0:
        if a.hi <= min(abs(b.lo), abs(b.hi)) - 1:
            return a
        return SInt.of(0, min(a.hi, m))
    if a.hi <= 0:
        return SInt.of(max(a.lo, -m), 0)
    return SInt.of(max(a.lo, -m), min(a.hi, m))


def _ones_above(x: int) -> int:
    return (1 << x.bit_length()) - 1


def bit_and(a: SInt, b: SInt) -> SInt | None:
    if a.single is not None and b.single is not None:
        return SInt.const(a.lo & b.lo)
    if a.lo >= 0 and b.lo >= 0:
        return SInt.of(0, min(a.hi, b.hi))
    if a.lo >= 0:
        return SInt.of(0, a.hi)
    if b.lo >= 0:
        return SInt.of(0, b.hi)
    return None


def bit_or(a: SInt, b: SInt) -> SInt | None:
    if a.single is not None and b.single is not None:
        return SInt.const(a.lo | b.lo)
    if a.lo >= 0 and b.lo >= 0:
        # OR with a value below 2^k sets only low k bits of the other operand
        # (`(i & ~3u) | r`, r < 4: i's aligned group of 4).
        x, y = (a, b) if a.hi >= b.hi else (b, a)
        k = y.hi.bit_length()
        return SInt.of(max(a.lo, b.lo), min(((x.hi >> k) << k) + (1 << k) - 1, _ones_above(x.hi)))
    return None


def bit_xor(a: SInt, b: SInt) -> SInt | None:
    if a.single is not None and b.single is not None:
        return SInt.const(a.lo ^ b.lo)
    if a.lo >= 0 and b.lo >= 0:
        # XOR with a value below 2^k changes only the low k bits of the other
        # operand (`i ^ ((i >> 5) & 3)`, a swizzle, stays in i's aligned group of 4).
        x, y = (a, b) if a.hi >= b.hi else (b, a)
        k = y.hi.bit_length()
        return SInt.of((x.lo >> k) << k, min(((x.hi >> k) << k) + (1 << k) - 1, _ones_above(x.hi)))
    return None


def shl(a: SInt, b: SInt, t: CType) -> SInt | None:
    """`a << b` in type t; None where C leaves it undefined (a negative or too wide shift)."""
    if b.lo < 0 or b.hi >= t.bits or a.lo < 0:
        return None
    stride = a.stride << b.lo if b.single is not None else 1
    return SInt.of(a.lo << b.lo, a.hi << b.hi, stride)


def shr(a: SInt, b: SInt, t: CType) -> SInt | None:
    if b.lo < 0 or b.hi >= t.bits:
        return None
    return _corners(a, b, lambda x, y: x >> y)  # arithmetic shift, as nvcc compiles a signed >>


def compare(op: str, a: SInt, b: SInt) -> SInt:
    """The truth of `a op b` as {0}, {1} or {0, 1}."""
    always = {"<": a.hi < b.lo, "<=": a.hi <= b.lo, ">": a.lo > b.hi, ">=": a.lo >= b.hi,
              "==": a.single is not None and a.single == b.single, "!=": a.hi < b.lo or b.hi < a.lo}[op]
    never = {"<": a.lo >= b.hi, "<=": a.lo > b.hi, ">": a.hi <= b.lo, ">=": a.hi < b.lo,
             "==": a.hi < b.lo or b.hi < a.lo, "!=": a.single is not None and a.single == b.single}[op]
    if always:
        return SInt.const(1)
    if never:
        return SInt.const(0)
    return SInt.of(0, 1)


def meet_upper(v: SInt, hi: int) -> SInt | None:
    """v ∩ (-inf, hi], keeping v's stride; None when empty."""
    if hi < v.lo:
        return None
    return SInt.of(v.lo, min(v.hi, hi), v.stride)


def meet_lower(v: SInt, lo: int) -> SInt | None:
    """v ∩ [lo, +inf), keeping v's stride; None when empty."""
    if lo > v.hi:
        return None
    if lo <= v.lo:
        return v
    step = v.stride or 1
    first = v.lo + -(-(lo - v.lo) // step) * step
    if first > v.hi:
        return None
    return SInt.of(first, v.hi, v.stride)
