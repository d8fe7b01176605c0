"""RAP micro-benchmark (contiguous read, stride write, double): repeated 32x32 transposes in shared memory."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

W = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    # 200 rounds (400 transposes per block) at scale 1: a few ms, dominated by
    # shared memory as in the paper's Table III.
    reps = scaled_count(200, scale)
    src = rng.standard_normal(blocks * W * W).astype(np.float64)
    return [np.empty_like(src), src, np.int32(reps)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (W * W), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    blocks = np.asarray(args[1]).reshape(-1, W, W)
    return [np.ascontiguousarray(blocks.transpose(0, 2, 1)).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="rap_crsw_f64",
        source=Path(__file__).with_name("rap_crsw_f64.cu"),
        kernel="rap_crsw_f64",
        block=(1024, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="row read, column write of two 32x32 double matrices: 16-way per half-warp on the write",
        access_bytes=8,
    )
