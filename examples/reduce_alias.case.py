"""Four interleaved-address tree sums per block, each through an alias float *p = sdata + g * 256."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

SEG = 256
SEGS = 4


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 256, scale)
    data = rng.standard_normal(blocks * SEGS * SEG, dtype=np.float32)
    return [np.empty(blocks * SEGS, np.float32), data]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (SEGS * SEG), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    sums = np.asarray(args[1], np.float64).reshape(-1, SEG).sum(axis=1)
    return [sums]


def make_case() -> Case:
    return Case(
        name="reduce_alias",
        source=Path(__file__).with_name("reduce_alias.cu"),
        kernel="reduce_alias",
        block=(SEG, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="p = sdata + g*256; p[2*s*tid] += p[2*s*tid + s]: 2- to 16-way through an alias",
    )
