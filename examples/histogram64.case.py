"""64-bin per-block byte histogram, one shared sub-histogram per warp (atomics)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

BINS = 64
BYTES_PER_BLOCK = 32768


def image_like_bytes(rng: np.random.Generator, n: int) -> np.ndarray:
    """Bytes that look like an image row: flat regions of 64 pixels, each with
    +-1 of noise, so neighbouring lanes often fall into the same bin (seed 004
    measured histograms on real images for this reason)."""
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
    bins = (np.asarray(args[1]) >> 2).reshape(-1, per_block).astype(np.int64)
    offsets = np.arange(bins.shape[0])[:, None] * BINS
    counts = np.bincount((bins + offsets).ravel(), minlength=bins.shape[0] * BINS)
    return [counts.astype(np.uint32)]


def make_case() -> Case:
    return Case(
        name="histogram64",
        source=Path(__file__).with_name("histogram64.cu"),
        kernel="histogram64",
        block=(256, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="atomicAdd(&s_hist[warp][data >> 2], 1): data-dependent bins (random class)",
    )
