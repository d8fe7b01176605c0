"""Full 1-D Haar decomposition of 1024 floats per block (s[2*tid], s[2*tid+1])."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 1024


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 128, scale)
    signal = rng.standard_normal(blocks * N, dtype=np.float32)
    return [np.empty_like(signal), signal]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    x = np.asarray(args[1], dtype=np.float64).reshape(-1, N)
    out = np.empty_like(x)
    half = N // 2
    while half >= 1:
        a, b = x[:, 0::2], x[:, 1::2]
        out[:, half: 2 * half] = (a - b) / np.sqrt(2.0)
        x = (a + b) / np.sqrt(2.0)
        half //= 2
    out[:, 0] = x[:, 0]
    return [out.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="haar1d",
        source=Path(__file__).with_name("haar1d.cu"),
        kernel="haar1d",
        block=(512, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_data[2*tid], s_data[2*tid+1]: lane stride 2, 2-way conflict",
    )
