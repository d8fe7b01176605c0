"""256-bin per-block byte histogram, one shared sub-histogram per lane (atomics)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

BINS = 256
BYTES_PER_BLOCK = 32768


def image_like_bytes(rng: np.random.Generator, n: int) -> np.ndarray:
    """Flat regions of 64 pixels with +-1 of noise: neighbouring lanes often
    hold the same byte, which is what makes the per-lane layout conflict."""
    levels = rng.integers(1, 255, -(-n // 64))
    noise = rng.integers(-1, 2, n)
    return (np.repeat(levels, 64)[:n] + noise).astype(np.uint8)


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    data = image_like_bytes(rng, blocks * BYTES_PER_BLOCK)
    return [np.empty(blocks * BINS, np.uint32), data, np.int32(BYTES_PER_BLOCK)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // int(args[2]), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    per_block = int(args[2])
    values = np.asarray(args[1]).reshape(-1, per_block).astype(np.int64)
    offsets = np.arange(values.shape[0])[:, None] * BINS
    counts = np.bincount((values + offsets).ravel(), minlength=values.shape[0] * BINS)
    return [counts.astype(np.uint32)]


def make_case() -> Case:
    return Case(
        name="histogram256",
        source=Path(__file__).with_name("histogram256.cu"),
        kernel="histogram256",
        block=(256, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="atomicAdd(&s_hist[lane][byte], 1): 256-word rows per lane, data-dependent column",
    )
