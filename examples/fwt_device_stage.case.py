"""Radix-2 Walsh-Hadamard transform whose butterflies run in a __device__ helper given the shared array."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 1024


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    reps = scaled_count(32, scale)
    data = rng.standard_normal(blocks * N, dtype=np.float32)
    return [np.empty_like(data), data, np.int32(reps)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def orthonormal_wht(x: np.ndarray) -> np.ndarray:
    """The Sylvester-ordered Hadamard transform of each row, divided by sqrt(N) = 32."""
    y = x.copy()
    h = 1
    while h < N:
        pairs = y.reshape(y.shape[0], N // (2 * h), 2, h)
        y = np.concatenate((pairs[:, :, 0] + pairs[:, :, 1], pairs[:, :, 0] - pairs[:, :, 1]), axis=2)
        y = y.reshape(-1, N)
        h *= 2
    return y / 32.0


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # The orthonormal transform is its own inverse: even reps give the input back.
    x = np.asarray(args[1], np.float64).reshape(-1, N)
    if int(args[2]) % 2:
        x = orthonormal_wht(x)
    return [x.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="fwt_device_stage",
        source=Path(__file__).with_name("fwt_device_stage.cu"),
        kernel="fwt_device_stage",
        block=(512, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s[i0], s[i0 + stride] in a __device__ helper taking the shared array: 2-way at strides < 32",
        rtol=1e-3,  # float32 rounding accumulates over 10 stages x reps
    )
