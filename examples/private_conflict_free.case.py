"""Per-thread private arrays in shared memory: transposed layout s[k*blockDim.x + tid], conflict-free."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

BLOCK = 256
LEN = 8


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    reps = scaled_count(64, scale)
    # Element k of global thread g is at [k * total + g] (coalesced in global memory).
    data = rng.standard_normal(LEN * blocks * BLOCK, dtype=np.float32)
    return [np.empty_like(data), data, np.int32(LEN), np.int32(reps)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (LEN * BLOCK), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # float32 throughout: each step is one add and one multiply by 0.5, which
    # the GPU rounds exactly like NumPy does.
    p = np.asarray(args[1]).reshape(LEN, -1).copy()
    half = np.float32(0.5)
    for _ in range(int(args[3])):
        for k in range(1, LEN):
            p[k] = half * (p[k] + p[k - 1])
        for k in range(LEN - 2, -1, -1):
            p[k] = half * (p[k] + p[k + 1])
    return [p.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="private_conflict_free",
        source=Path(__file__).with_name("private_conflict_free.cu"),
        kernel="private_conflict_free",
        block=(BLOCK, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_priv[k*blockDim.x + tid]: transposed private arrays, conflict-free",
    )
