"""Bitonic sort of 1024 floats per block through Comparator(float &, float &, dir) on shared elements."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 1024


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    reps = scaled_count(8, scale)
    keys = rng.standard_normal(blocks * N, dtype=np.float32)
    return [np.empty_like(keys), keys, np.int32(reps)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.sort(np.asarray(args[1]).reshape(-1, N), axis=1).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="bitonic_comparator",
        source=Path(__file__).with_name("bitonic_comparator.cu"),
        kernel="bitonic_comparator",
        block=(512, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="Comparator(s_key[pos], s_key[pos + stride], dir) with float& parameters: 2-way at strides < 32",
    )
