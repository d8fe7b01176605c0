"""1024-point radix-2 Stockham FFT per block on float2 in shared memory."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

N = 1024


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 64, scale)
    parts = rng.standard_normal((blocks * N, 2), dtype=np.float32)
    signal = parts[:, 0] + 1j * parts[:, 1]
    return [np.empty(blocks * N, np.complex64), signal.astype(np.complex64)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // N, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    x = np.asarray(args[1], np.complex128).reshape(-1, N)
    return [np.fft.fft(x, axis=1).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="fft_radix2",
        source=Path(__file__).with_name("fft_radix2.cu"),
        kernel="fft_radix2",
        block=(512, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="float2 Stockham stores s_buf[p^1][((j - k) << 1) + k]: 2-way for ns < 16",
        access_bytes=8,
    )
