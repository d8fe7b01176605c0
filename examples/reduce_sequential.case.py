"""Per-block float sum, sequential addressing (conflict-free), extern shared memory."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

BLOCK = 256


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(1 << 18, scale)
    n = blocks * BLOCK
    data = rng.standard_normal(n, dtype=np.float32)
    return [np.empty(blocks, np.float32), data, np.uint32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[2]) // BLOCK, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # Tree order differs from NumPy's, so this is checked with a tolerance.
    data = np.asarray(args[1], dtype=np.float64).reshape(-1, BLOCK)
    return [data.sum(axis=1)]


def make_case() -> Case:
    return Case(
        name="reduce_sequential",
        source=Path(__file__).with_name("reduce_sequential.cu"),
        kernel="reduce_sequential",
        block=(BLOCK, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="sdata[tid] += sdata[tid + s]: consecutive words, conflict-free (extern __shared__)",
        shared_bytes=BLOCK * 4,
    )
