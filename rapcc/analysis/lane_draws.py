"""Data-dependent subscripts drawn in the lane domain (issue 27 §2).

The contract of the data draws on the one interpreter: where a subscript is not one
value in some lane (`hist[data[p]]`, `priv[t * 8 + (v & 7)]`), the access is
predicted by its expected wavefronts under uniform data. The collector's replay drew
each unknown value it read and evaluated the subscript on the draw; a lane
holds the subscript's value set already, as the interpreter's strided
interval (`intervals.SInt`: {lo, lo + stride, ..., hi}), narrowed by the
mask, `%` or narrow type around the data. That set is what is drawn from,
uniformly, per lane, trip and round, by a deterministic hash: the same source
gives the same prediction.

What a lane records (`Spread`) is the value set of each subscript that is
not one value; `drawn` turns a request's spreads into one round's values.
A set whose ends are past int64's reach is not drawn (`spread_of` gives
None): such a subscript stays unknown.

Differences from the replay's draws, which change a prediction only where a
value set is not a strided interval: two subscripts (or two sites) reading
the same loaded value are drawn apart, not from one draw, and a value the
interval holds by its hull (`a & 5` is {0, 1, 4, 5}, the interval [0, 5])
is drawn over the hull. Accesses under a branch whose condition is data are
not drawn (`lane_domain.LaneRun`): the replay would draw the guard too.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np

from .intervals import SInt

SEED = 0x2545F491  # fixed: predictions must not change between runs
_MIX = 0x45D9F3B  # the multiplier of a well-mixing 32-bit integer hash
_U32 = np.uint64(0xFFFFFFFF)
_REACH = 1 << 62  # a set's ends past this are not drawn: lo + stride * k must stay inside int64

# A data-dependent site is drawn round after round until it has this many warp
# instructions (at most DRAW_ROUNDS rounds): the standard error of its expected
# wavefronts is then about 0.02 (the replay's access_samples.MIN_DRAWN, DRAW_ROUNDS).
MIN_DRAWN = 1024
DRAW_ROUNDS = 16


@dataclass(frozen=True, slots=True, eq=False)
class Spread:
    """Each lane's value set of one subscript: lo + stride * k for 0 <= k < count
    (int64 arrays, one entry per lane of the event that recorded it)."""

    lo: np.ndarray
    stride: np.ndarray
    count: np.ndarray

    def take(self, part: np.ndarray) -> "Spread":
        """The lanes `part` (a mask or positions) of the spread."""
        return Spread(self.lo[part], self.stride[part], self.count[part])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spread) and all(
            np.array_equal(a, b) for a, b in ((self.lo, other.lo), (self.stride, other.stride),
                                               (self.count, other.count)))

    def text(self) -> str:
        """The hull of every lane's set, for the report."""
        hi = self.lo + self.stride * (self.count - 1)
        return f"[{int(self.lo.min())}, {int(hi.max())}]"


def lane_set(v: SInt) -> tuple[int, int, int] | None:
    """(lo, stride, count) of one lane's set; None past int64's reach."""
    if v.lo < -_REACH or v.hi > _REACH:
        return None
    if v.lo == v.hi:
        return v.lo, 1, 1
    stride = max(v.stride, 1)
    return v.lo, stride, (v.hi - v.lo) // stride + 1


def spread_of(each: list[SInt]) -> Spread | None:
    """The spread of one subscript from each lane's own value; None where some lane's set is past reach."""
    sets = [lane_set(v) for v in each]
    if any(x is None for x in sets):
        return None
    lo, stride, count = (np.array([x[k] for x in sets if x is not None], dtype=np.int64) for k in range(3))
    return Spread(lo, stride, count)


def salt(site: tuple[str, int, int], trips: tuple[tuple[int, int], ...], occurrence: int, subscript: int) -> int:
    """A stable salt for one subscript of one request: its site, the (entry, trip)
    of each loop around it, which occurrence, which subscript (never an object's id)."""
    return zlib.crc32(repr((site, trips, occurrence, subscript)).encode())


def _mix(h: np.ndarray) -> np.ndarray:
    """The hash round on uint32 values held in uint64."""
    for _ in range(2):
        h = ((h ^ (h >> np.uint64(16))) * np.uint64(_MIX)) & _U32
    return h ^ (h >> np.uint64(16))


def _hash(tids: np.ndarray, salt_: int, round_: int) -> np.ndarray:
    """A 32-bit value per thread, uniform, fixed by (thread, salt, round)."""
    h = np.full(tids.shape, (SEED * (round_ + 1)) & 0xFFFFFFFF, dtype=np.uint64)
    for term in (tids.astype(np.uint64) & _U32, np.uint64(salt_ & 0xFFFFFFFF)):
        h = _mix(h ^ term)
    return h


def drawn(sp: Spread, tids: np.ndarray, salt_: int, round_: int) -> np.ndarray:
    """One round's value of each thread `tids` (the spread's lanes, in order), uniform over its set."""
    low = _hash(tids, salt_, round_)
    high = _hash(tids, salt_ ^ 0x5BD1E995, round_)
    wide = (high << np.uint64(32)) | low  # 64 bits: a set of more than 2^32 values is reached whole
    k = (wide % np.maximum(sp.count, 1).astype(np.uint64)).astype(np.int64)
    return sp.lo + sp.stride * k


def rounds_needed(per_round: int) -> int:
    """How many rounds give MIN_DRAWN instructions of `per_round` each (at most DRAW_ROUNDS)."""
    return max(1, min(DRAW_ROUNDS, -(-MIN_DRAWN // max(per_round, 1))))
