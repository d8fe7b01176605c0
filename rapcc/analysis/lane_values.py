"""The values of a group of lanes run together (lane_vector.py).

A value of the group is what each lane's own run (lane_domain.LaneRun) would
hold, exactly:
- an `SInt` that is the same in every lane (one value or one interval);
- `Lanes`: one known value per lane, an int64 array, computed by numpy;
- `Ranges`: one interval per lane where they differ (a guard narrowed an
  unknown by each lane's index): computed lane by lane, slowly, but exactly;
- a `Ptr` whose subscripts are any of these.

As an SInt, `Lanes` and `Ranges` are the interval of all their lanes, so a
rule of the interval interpreter that reads only lo and hi stays sound for
them; the rules that must be exact read each lane (lane_vector.WarpRun), and
`intervals.wrap` and `intervals.join` hand them to `wrapped` and `joined`.
"""
from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Sequence
from typing import cast

import numpy as np

from .. import cint
from ..cint import CType
from . import intervals as iv
from .absint import Ptr, Value
from .intervals import SInt


class Inexact(Exception):
    """The group's lanes need values these types do not hold exactly: each lane runs alone."""


class _PerLane(SInt, metaclass=ABCMeta):
    """An SInt that is the interval of its lanes (never built by SInt's own constructor);
    `Lanes` and `Ranges` say what each lane holds."""

    __slots__ = ()

    def _hull(self, lo: int, hi: int) -> None:
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "stride", 1)

    @abstractmethod
    def lane(self, k: int) -> SInt:
        """Lane `k`'s own value."""

    @abstractmethod
    def count(self) -> int:
        """How many lanes the value holds."""

    def wrapped(self, t: CType) -> SInt:
        """Each lane's value converted to `t` (intervals.wrap's hook)."""
        return cast(SInt, collect([iv.wrap(self.lane(k), t) for k in range(self.count())]))

    @staticmethod
    def joined(a: SInt, b: SInt) -> SInt:
        """intervals.join's hook: each lane's join."""
        if a == b:
            return a
        n = cast(_PerLane, a if type(a) in _PER_LANE else b).count()
        return cast(SInt, collect([iv.join(lane_of(a, k), lane_of(b, k)) for k in range(n)]))  # type: ignore[arg-type]


class Lanes(_PerLane):
    """One known value per lane (never all equal: that is an `SInt.const`)."""

    __slots__ = ("v",)
    v: np.ndarray

    def __init__(self, v: np.ndarray, lo: int | None = None, hi: int | None = None):
        self._hull(int(v.min()) if lo is None else lo, int(v.max()) if hi is None else hi)
        object.__setattr__(self, "v", v)

    def lane(self, k: int) -> SInt:
        return SInt.const(int(self.v[k]))

    def count(self) -> int:
        return len(self.v)

    def __eq__(self, other: object) -> bool:
        return type(other) is Lanes and bool(np.array_equal(self.v, other.v))

    def __hash__(self) -> int:
        return hash(self.v.tobytes())

    def __repr__(self) -> str:
        return f"Lanes({self.v.tolist()})"

    def wrapped(self, t: CType) -> SInt:
        return fit(self.v, t)


class Ranges(_PerLane):
    """One interval per lane, not all equal and not all single."""

    __slots__ = ("each",)
    each: tuple[SInt, ...]

    def __init__(self, each: Sequence[SInt]):
        self._hull(min(x.lo for x in each), max(x.hi for x in each))
        object.__setattr__(self, "each", tuple(each))

    def lane(self, k: int) -> SInt:
        return self.each[k]

    def count(self) -> int:
        return len(self.each)

    def __eq__(self, other: object) -> bool:
        return type(other) is Ranges and self.each == other.each

    def __hash__(self) -> int:
        return hash(self.each)

    def __repr__(self) -> str:
        return f"Ranges({[x.text() for x in self.each]})"


# The per-lane kinds, tested by exact type: an isinstance of the ABC `_PerLane` costs
# several times more, and `varies` runs on every operand of a group's run.
_PER_LANE = frozenset({Lanes, Ranges})

# Exact operands' magnitudes numpy takes: sums, differences and products of two stay inside int64.
SAFE = 1 << 31


def lanes_value(v: np.ndarray) -> SInt:
    """`v` (int64 per lane) as a value: one constant when every lane has it."""
    lo, hi = int(v.min()), int(v.max())
    return SInt.const(lo) if lo == hi else Lanes(v, lo, hi)


def fit(v: np.ndarray, t: CType) -> SInt:
    """`v` wrapped to `t`, as intervals.wrap wraps each lane's single value."""
    lo, hi = int(v.min()), int(v.max())
    if t.lo <= lo and hi <= t.hi:
        return SInt.const(lo) if lo == hi else Lanes(v, lo, hi)  # lanes_value, its hull already known
    if t.bits >= 64 and not t.signed:
        return cast(SInt, collect([SInt.const(cint.wrap(int(x), t)) for x in v]))  # past int64: lane by lane
    return lanes_value(cint.wrap_array(v, t))


def exact(v: Value, n: int) -> np.ndarray | None:
    """Each of `n` lanes' value when every lane knows it."""
    if type(v) is Lanes:
        return cast(Lanes, v).v
    if isinstance(v, SInt) and v.single is not None and type(v) is not Ranges:
        return np.full(n, v.single, dtype=np.int64)
    return None


def known(v: Value) -> np.ndarray | int | None:
    """Each lane's value when every lane knows it: an array, or one int for them all."""
    if type(v) is Lanes:
        return cast(Lanes, v).v
    if type(v) is SInt and cast(SInt, v).lo == cast(SInt, v).hi:
        return cast(SInt, v).lo
    return None


def small(*vs: SInt) -> bool:
    return all(-SAFE <= v.lo and v.hi <= SAFE for v in vs)


def varies(v: Value) -> bool:
    """Whether lanes may hold different values in `v`."""
    return type(v) in _PER_LANE or type(v) is Ptr and any(type(i) in _PER_LANE for i in cast(Ptr, v).idx)


def lane_of(v: Value, k: int) -> Value:
    """Lane `k`'s own value of `v`."""
    if type(v) in _PER_LANE:
        return cast(_PerLane, v).lane(k)
    if type(v) is Ptr and any(type(i) in _PER_LANE for i in cast(Ptr, v).idx):
        p = cast(Ptr, v)
        return Ptr(p.array, tuple(cast(SInt, lane_of(i, k)) for i in p.idx), p.origin)
    return v


def collect(values: Sequence[Value]) -> Value:
    """The group's value from each lane's: Inexact where no value holds them (kinds that differ)."""
    first = values[0]
    if all(isinstance(x, SInt) for x in values):
        sints = cast(Sequence[SInt], values)
        if all(x.single is not None for x in sints):
            v = np.array([x.lo for x in sints], dtype=object)
            if all(-(1 << 63) <= int(x) < (1 << 63) for x in v):
                return lanes_value(v.astype(np.int64))
            raise Inexact("a value past int64")
        if all(x == first for x in sints):
            return first
        return Ranges(sints)
    if all(x is None for x in values):
        return None
    if all(isinstance(x, Ptr) for x in values):
        ptrs = cast(Sequence[Ptr], values)
        p0 = ptrs[0]
        if all(p.array == p0.array and len(p.idx) == len(p0.idx) and p.origin == p0.origin for p in ptrs):
            return Ptr(p0.array, tuple(cast(SInt, collect([p.idx[d] for p in ptrs])) for d in range(len(p0.idx))),
                       p0.origin)
    raise Inexact("lanes whose values differ in kind")


def restricted(v: Value, mask: np.ndarray) -> Value:
    """`v` for the lanes of `mask` alone."""
    if type(v) is Lanes:
        return lanes_value(cast(Lanes, v).v[mask])
    if type(v) is Ranges:
        return collect([x for x, m in zip(cast(Ranges, v).each, mask) if m])
    if isinstance(v, Ptr) and varies(v):
        return Ptr(v.array, tuple(cast(SInt, restricted(i, mask)) for i in v.idx), v.origin)
    return v


def merged(parts: list[tuple[np.ndarray, Value]], n: int) -> Value:
    """One value of `n` lanes from each part's (its lanes' mask, its value)."""
    first = parts[0][1]
    if all(v is first for _, v in parts[1:]) or all(not varies(v) and not isinstance(v, Ptr) and v == first
                                                    for _, v in parts[1:]):
        return first
    if all(isinstance(v, SInt) for _, v in parts):
        out = np.empty(n, dtype=np.int64)
        for mask, v in parts:
            x = exact(v, int(mask.sum()))
            if x is None:
                break
            out[mask] = x
        else:
            return lanes_value(out)
    each: list[Value] = [None] * n
    for mask, v in parts:
        for j, k in enumerate(np.flatnonzero(mask)):
            each[k] = lane_of(v, j)
    return collect(each)
