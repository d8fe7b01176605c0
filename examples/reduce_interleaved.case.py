"""Per-block int sum, interleaved addressing: power-of-two strides in shared memory."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

BLOCK = 256


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # 2^26 ints at scale 1, as in the anchor measurement.
    blocks = scaled_count(1 << 18, scale)
    n = blocks * BLOCK
    data = rng.integers(-100, 100, n, dtype=np.int32)
    return [np.empty(blocks, np.int32), data, np.uint32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[2]) // BLOCK, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    data = np.asarray(args[1], dtype=np.int64).reshape(-1, BLOCK)
    return [data.sum(axis=1).astype(np.int32)]


def make_case() -> Case:
    return Case(
        name="reduce_interleaved",
        source=Path(__file__).with_name("reduce_interleaved.cu"),
        kernel="reduce_interleaved",
        block=(BLOCK, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="sdata[2*s*tid] += sdata[2*s*tid + s]: power-of-two strides, 2- to 32-way",
    )
