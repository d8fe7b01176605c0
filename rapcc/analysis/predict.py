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
            banks: BankModel) -> Prediction | None:
    """Mean wavefronts of the sampled warp instructions under `layout`; None if unknown."""
    if samples.unknown is not None or not samples.instances:
        return None
    insts = samples.instances
    # One layout call for all instances: the layout may be an interpreted C helper.
    stacked = tuple(np.concatenate([i.indices[d] for i in insts]) for d in range(len(insts[0].indices)))
    lanes = len(insts[0].active)
    addr = (np.asarray(layout(stacked), dtype=np.int64) * elem_bytes + offset).reshape(len(insts), lanes)
    active = np.stack([i.active for i in insts])
    weights = np.array([i.weight for i in insts], dtype=np.float64)
    n = float(weights.sum())
    total = float((banks.wavefronts_batch(addr, active, width) * weights).sum())
    ideal = float((banks.ideal_each(active, width) * weights).sum())
    return Prediction(total / n, ideal / n, n)
