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
            banks: BankModel, vectorize: bool = True) -> Prediction | None:
    """Mean wavefronts of the sampled warp instructions under `layout`; None if unknown.

    `vectorize`: the layout is the array as written, whose adjacent accesses
    ptxas may fuse into vector instructions (`_fuse_trips`). Through a
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
    if samples.unrolled and vectorize:
        _fuse_trips(samples, addr, active, width, widths, keep)
    n = total = ideal = 0.0
    for w in np.unique(widths[keep]):
        rows = keep & (widths == w)
        n += float(weights[rows].sum())
        waves = banks.wavefronts_batch(addr[rows], active[rows], int(w))
        total += float((waves * weights[rows]).sum())
        # Lanes sharing words (a broadcast) can need fewer than the bytes suggest.
        ideal += float((np.minimum(banks.ideal_each(active[rows], int(w)), waves) * weights[rows]).sum())
    return Prediction(total / n, ideal / n, n)


VECTOR_BYTES = (16, 8)  # LDS.128 / STS.128, then LDS.64 / STS.64


def _fuse_trips(samples: AccessSamples, addr: np.ndarray, active: np.ndarray, width: int, widths: np.ndarray,
                keep: np.ndarray) -> None:
    """What ptxas makes of the trips of unrolled loops. Each trip of them is
    one static instruction, run by every warp in every trip of the loops
    around them (a group): a load of an address already loaded in its group is
    dropped (`reloads`), and k trips (k * width = 16 or 8 bytes) whose active
    lanes reach k adjacent elements, the first aligned to k * width, become one
    vector instruction, when that holds in every group (the compiler emits one
    instruction for all warps). Only the physical addresses decide: a layout
    that breaks the adjacency or the alignment (padding by one word) loses it."""
    insts = samples.instances
    u = samples.unrolled
    groups: dict[tuple, dict[tuple, int]] = {}
    for n, i in enumerate(insts):
        if len(i.trips) >= u:
            cut = len(i.trips) - u
            groups.setdefault((i.warp, i.trips[:cut]), {})[i.trips[cut:]] = n
    for rows in groups.values():
        if samples.reloads:
            seen: set[bytes] = set()
            for t in sorted(rows):
                key = np.where(active[rows[t]], addr[rows[t]], -1).tobytes()
                if key in seen:
                    keep[rows[t]] = False
                    del rows[t]
                seen.add(key)
    if width not in (4, 8) or not groups:
        return
    template = max(groups.values(), key=len)
    order = sorted(template, key=lambda t: int(addr[template[t]][active[template[t]]].min())
                   if active[template[t]].any() else 0)
    p = 0
    while p < len(order):
        for vec in VECTOR_BYTES:
            k = vec // width
            run = order[p:p + k]
            if k < 2 or len(run) < k or not _fusable(groups, run, addr, active, width, vec):
                continue
            for g in groups.values():
                if run[0] in g:
                    widths[g[run[0]]] = vec
                    keep[[g[t] for t in run[1:]]] = False
            p += k
            break
        else:
            p += 1


def _fusable(groups: dict[tuple, dict[tuple, int]], run: list[tuple], addr: np.ndarray, active: np.ndarray,
             width: int, vec: int) -> bool:
    """Whether the static instructions `run` form one vector access in every
    group that runs any of them."""
    for g in groups.values():
        present = [t in g for t in run]
        if not any(present):
            continue
        if not all(present) or not _adjacent(addr, active, [g[t] for t in run], width, vec):
            return False
    return True


def _adjacent(addr: np.ndarray, active: np.ndarray, rows: list[int], width: int, vec: int) -> bool:
    first = rows[0]
    lanes = active[first]
    if not lanes.any() or addr[first][lanes].min() < 0 or (addr[first][lanes] % vec).any():
        return False
    for j, r in enumerate(rows):
        if not np.array_equal(active[r], lanes) or not np.array_equal(addr[r][lanes], addr[first][lanes] + j * width):
            return False
    return True
