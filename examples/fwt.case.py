"""Radix-4 fast Walsh-Hadamard transform of 1024 floats per block, `reps` times."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 1024


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 64, scale)
    # An odd number of transforms, so the result is not the identity.
    reps = 2 * scaled_count(8, scale, minimum=0) + 1
    src = rng.standard_normal(blocks * N, dtype=np.float32)
    return [np.empty_like(src), src, np.int32(reps)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def _hadamard4_stages(x: np.ndarray) -> np.ndarray:
    """The orthonormal 1024-point Walsh-Hadamard transform of each row of x.

    H_1024 / 32 = (H_4 / 2) applied along each of the five base-4 digits of
    the index; Sylvester order, as the kernel's butterflies produce.
    """
    h4 = np.array([[1, 1, 1, 1], [1, -1, 1, -1], [1, 1, -1, -1], [1, -1, -1, 1]], np.float64) / 2
    y = x.reshape(-1, 4, 4, 4, 4, 4)
    for axis in range(1, 6):
        y = np.moveaxis(np.tensordot(y, h4, axes=([axis], [1])), -1, axis)
    return y.reshape(-1, N)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    x = np.asarray(args[1], dtype=np.float64).reshape(-1, N)
    # The orthonormal transform is its own inverse: an odd count is one transform.
    y = _hadamard4_stages(x) if int(args[2]) % 2 else x
    return [y.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="fwt",
        source=Path(__file__).with_name("fwt.cu"),
        kernel="fwt",
        block=(256, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="radix-4 FWT stages, i0 = ((pos - lo) << 2) + lo: 4-way at strides 4 and 1",
    )
