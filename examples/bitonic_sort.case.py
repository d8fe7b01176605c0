"""Bitonic sort of 512 keys per block in shared memory (ixj = tid ^ j, conflict-free)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 512


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 128, scale)
    # A small key range, so equal keys occur and the sort must still be exact.
    keys = rng.integers(0, 1 << 16, blocks * N, dtype=np.uint32)
    return [np.empty_like(keys), keys]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.sort(np.asarray(args[1]).reshape(-1, N), axis=1).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="bitonic_sort",
        source=Path(__file__).with_name("bitonic_sort.cu"),
        kernel="bitonic_sort",
        block=(512, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_key[tid ^ j]: a permutation of the lanes, conflict-free",
    )
