"""Predict the wavefronts of an access under a layout mapping.

The mean is taken per executed warp instruction, as Nsight Compute counts
`memory_l1_wavefronts_shared` per instruction: every warp of the block and
every replayed loop iteration in which at least one lane is active.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, cast

import numpy as np

from ..banks import BankModel
from .vectorize import TripGroups, fuse_unrolled_trips, trip_groups
from .warps import AccessSamples
from .warptable import WarpTable, stacked as stacked_rows

# Maps per-dimension logical index arrays to physical flat element offsets.
LayoutFn = Callable[[tuple[np.ndarray, ...]], np.ndarray]


def row_major(dims: tuple[int, ...]) -> LayoutFn:
    """The identity layout: C's row-major order over `dims`."""
    def flat(idx: tuple[np.ndarray, ...]) -> np.ndarray:
        out = np.asarray(idx[0], dtype=np.int64)
        for i, d in zip(idx[1:], dims[1:]):
            out = out * d + i
        return out
    return flat


@dataclass(frozen=True, slots=True)
class Prediction:
    wavefronts: float  # mean per executed warp instruction
    ideal: float
    # Executed warp instructions per block the replay stands for (a replayed
    # trip of a long loop counts for the trips it represents).
    executions: float

    @property
    def excess(self) -> float:
        return self.wavefronts - self.ideal


@dataclass(frozen=True, slots=True, eq=False)
class Replay:
    """What `predict` takes from an access's samples whatever the layout: the
    planner scores every candidate on the same samples, so this is built once
    per access (`Replays`), not once per candidate."""

    samples: AccessSamples
    stacked: tuple[np.ndarray, ...]  # each dimension's indices, instance after instance
    active: np.ndarray  # (instances, lanes)
    weights: np.ndarray
    trips: TripGroups | None  # the unrolled trips' groups, None when there are none
    ideal: dict[tuple[BankModel, int], np.ndarray]  # BankModel.ideal_each of `active` per bank model and width, filled on first use
    # Everything `predict_replay` reads of this replay, as a hashable value:
    # equal contents predict equally under one layout (`predict_keyed`).
    content: tuple = ()


def replay(samples: AccessSamples) -> Replay | None:
    """The layout-free part of `predict` on `samples`; None where it predicts None."""
    if samples.unknown is not None or not samples.instances:
        return None
    insts = samples.instances
    table = stacked_rows(insts)
    if table is not None:  # the replay's rows, already stacked (warptable.py): copies, as built below
        stacked = tuple(np.ravel(c).copy() for c in table[0])
        active = np.array(table[1], dtype=bool)
        weights = np.array(cast(WarpTable, insts).weights, dtype=np.float64)  # stacked rows: a WarpTable
    else:
        stacked = tuple(np.concatenate([i.indices[d] for i in insts]) for d in range(len(insts[0].indices)))
        active = np.array([i.active for i in insts], dtype=bool)
        weights = np.array([i.weight for i in insts], dtype=np.float64)
    for a in (*stacked, active, weights):
        a.flags.writeable = False  # shared by every candidate's prediction
    trips = trip_groups(samples) if samples.unrolled else None
    return Replay(samples, stacked, active, weights, trips, {}, _content(stacked, active, weights, trips, samples))


def _content(stacked: tuple[np.ndarray, ...], active: np.ndarray, weights: np.ndarray, trips: TripGroups | None,
             samples: AccessSamples) -> tuple:
    """The replay's arrays as bytes with their shapes and types, the trips'
    groups (which fix the rest of `TripGroups`) and the one flag of the
    samples that `fuse_unrolled_trips` reads."""
    arrays = tuple((a.dtype.str, a.shape, a.tobytes()) for a in (*stacked, active, weights))
    return arrays, None if trips is None else trips.groups, samples.reloads


class Replays:
    """`replay` once per samples object, for one planning pass: the planner's
    scores of one array's candidates share them. Holds each samples object it
    was asked about, so that an id is never reused while it is cached."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[AccessSamples, Replay | None]] = {}

    def __call__(self, samples: AccessSamples) -> Replay | None:
        hit = self._by_id.get(id(samples))
        if hit is None or hit[0] is not samples:
            hit = self._by_id[id(samples)] = (samples, replay(samples))
        return hit[1]


def predict(samples: AccessSamples, layout: LayoutFn, elem_bytes: int, width: int, offset: int,
            banks: BankModel, vectorize: bool = True) -> Prediction | None:
    """Mean wavefronts of the sampled warp instructions under `layout`; None if unknown.

    `vectorize`: the layout is the array as written, whose adjacent accesses
    ptxas may fuse into vector instructions (vectorize.py). Through a
    rewritten subscript it does not: on an H200 a Swizzle<3,2,5> that keeps
    each 16-byte run adjacent and aligned still ran as scalar stores
    (private_datadep, suite-h200-2026-11-23d: 19080 shared stores, as unfused)."""
    r = replay(samples)
    return None if r is None else predict_replay(r, layout, elem_bytes, width, offset, banks, vectorize)


def predict_replay(r: Replay, layout: LayoutFn, elem_bytes: int, width: int, offset: int, banks: BankModel,
                   vectorize: bool = True) -> Prediction:
    """`predict` on the samples `r` was made of."""
    count, lanes = r.active.shape
    # One layout call for all instances: the layout may be an interpreted C helper.
    addr = (np.asarray(layout(r.stacked), dtype=np.int64) * elem_bytes + offset).reshape(count, lanes)
    active, weights = r.active, r.weights
    widths = np.full(count, width, dtype=np.int64)
    keep = np.ones(count, dtype=bool)
    if r.trips is not None:
        fuse_unrolled_trips(r.samples, r.trips, addr, active, width, widths, keep, fuse=vectorize)
    n = total = ideal = 0.0
    # Every instruction at the access's own width (no trip dropped or fused), the usual case:
    # all rows, without copying them out.
    every = keep.all() and bool((widths == width).all())
    for w in ([width] if every else sorted(set(widths[keep].tolist()))):
        rows = slice(None) if every else keep & (widths == w)
        n += float(weights[rows].sum())
        waves = banks.wavefronts_batch(addr[rows], active[rows], int(w))
        total += float((waves * weights[rows]).sum())
        # Lanes sharing words (a broadcast) can need fewer than the bytes suggest.
        ideal += float((np.minimum(_ideal(r, banks, int(w))[rows], waves) * weights[rows]).sum())
    return Prediction(total / n, ideal / n, n)


class PredictionMemo:
    """Predictions by (replay content, layout key, element bytes, width,
    offset, bank model, vectorize), oldest dropped first: bounded in entries
    and in the bytes of replay content their keys hold (an entry counts its
    replay's bytes whether or not another entry shares them), so that a long
    batch or a kernel of huge replays does not grow it without end."""

    def __init__(self, entries: int, content_bytes: int) -> None:
        self.entries, self.content_bytes = entries, content_bytes
        self._kept: dict[tuple, tuple[Prediction, int]] = {}
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._kept)

    def held_bytes(self) -> int:
        return self._bytes

    def clear(self) -> None:
        self._kept.clear()
        self._bytes = 0

    def get(self, key: tuple) -> Prediction | None:
        got = self._kept.get(key)
        return None if got is None else got[0]

    def put(self, key: tuple, prediction: Prediction, size: int) -> None:
        old = self._kept.pop(key, None)
        if old is not None:
            self._bytes -= old[1]
        self._kept[key] = (prediction, size)
        self._bytes += size
        while self._kept and (len(self._kept) > self.entries or self._bytes > self.content_bytes):
            self._bytes -= self._kept.pop(next(iter(self._kept)))[1]


# Arrays that differ only in their names (a file of many small kernels,
# issue 20) score each candidate layout once.
_predictions = PredictionMemo(4096, 64 << 20)


def predict_keyed(r: Replay, layout_key: Hashable, layout: Callable[[], LayoutFn], elem_bytes: int, width: int,
                  offset: int, banks: BankModel, vectorize: bool = True) -> Prediction:
    """`predict_replay(r, layout(), ...)`, remembered by content.

    `layout_key`: a hashable value equal only for layouts that map every index
    alike (a frozen `Mapping`); `layout` makes the layout when it is needed."""
    key = (r.content, layout_key, elem_bytes, width, offset, banks, vectorize)
    got = _predictions.get(key)
    if got is None:
        got = predict_replay(r, layout(), elem_bytes, width, offset, banks, vectorize)
        _predictions.put(key, got, sum(len(data) for _, _, data in r.content[0]))
    return got


def _ideal(r: Replay, banks: BankModel, width: int) -> np.ndarray:
    """`banks.ideal_each` of every instance of `r` (it depends on the lanes alone)."""
    key = (banks, width)
    got = r.ideal.get(key)
    if got is None:
        got = r.ideal[key] = banks.ideal_each(r.active, width)
    return got
