"""Work-efficient (Blelloch) exclusive scan of 512 ints per block, extern shared memory."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 512


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 256, scale)
    data = rng.integers(0, 1000, blocks * N, dtype=np.int32)
    return [np.empty_like(data), data]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    data = np.asarray(args[1], dtype=np.int64).reshape(-1, N)
    exclusive = np.cumsum(data, axis=1) - data
    return [exclusive.astype(np.int32).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="scan_blelloch",
        source=Path(__file__).with_name("scan_blelloch.cu"),
        kernel="scan_blelloch",
        block=(256, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="temp[offset*(2*thid+1)-1]: strides 2*offset in both sweeps (extern __shared__)",
        shared_bytes=N * 4,
    )
