"""Predict the wavefronts of an access under a layout mapping.

The mean is taken per executed warp instruction, as Nsight Compute counts
`memory_l1_wavefronts_shared` per instruction: every warp of the block and
every replayed loop iteration in which at least one lane is active.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..banks import BankModel
from .vectorize import fuse_unrolled_trips
from .warps import AccessSamples

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


def predict(samples: AccessSamples, layout: LayoutFn, elem_bytes: int, width: int, offset: int,
            banks: BankModel, vectorize: bool = True) -> Prediction | None:
    """Mean wavefronts of the sampled warp instructions under `layout`; None if unknown.

    `vectorize`: the layout is the array as written, whose adjacent accesses
    ptxas may fuse into vector instructions (vectorize.py). Through a
    rewritten subscript it does not: on an H200 a Swizzle<3,2,5> that keeps
    each 16-byte run adjacent and aligned still ran as scalar stores
    (private_datadep, suite-h200-2026-11-23d: 19080 shared stores, as unfused)."""
    if samples.unknown is not None or not samples.instances:
        return None
    insts = samples.instances
    # One layout call for all instances: the layout may be an interpreted C helper.
    stacked = tuple(np.concatenate([i.indices[d] for i in insts]) for d in range(len(insts[0].indices)))
    lanes = len(insts[0].active)
    addr = (np.asarray(layout(stacked), dtype=np.int64) * elem_bytes + offset).reshape(len(insts), lanes)
    active = np.stack([i.active for i in insts])
    weights = np.array([i.weight for i in insts], dtype=np.float64)
    widths = np.full(len(insts), width, dtype=np.int64)
    keep = np.ones(len(insts), dtype=bool)
    if samples.unrolled:
        fuse_unrolled_trips(samples, addr, active, width, widths, keep, fuse=vectorize)
    n = total = ideal = 0.0
    for w in np.unique(widths[keep]):
        rows = keep & (widths == w)
        n += float(weights[rows].sum())
        waves = banks.wavefronts_batch(addr[rows], active[rows], int(w))
        total += float((waves * weights[rows]).sum())
        # Lanes sharing words (a broadcast) can need fewer than the bytes suggest.
        ideal += float((np.minimum(banks.ideal_each(active[rows], int(w)), waves) * weights[rows]).sum())
    return Prediction(total / n, ideal / n, n)
