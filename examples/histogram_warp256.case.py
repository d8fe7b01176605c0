"""256-bin byte histogram, one shared sub-histogram per warp, bins from uchar casts of packed words."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

BINS = 256
WORDS_PER_BLOCK = 8192


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    words = rng.integers(0, 2 ** 32, blocks * WORDS_PER_BLOCK, dtype=np.uint32)
    return [np.empty(blocks * BINS, np.uint32), words, np.int32(WORDS_PER_BLOCK)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // int(args[2]), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    per_block = int(args[2])
    words = np.asarray(args[1]).reshape(-1, per_block)
    # The four bytes of each word, low byte first (shifts, not a memory view, so endianness does not matter).
    values = np.stack([(words >> (8 * k)) & 0xFF for k in range(4)], axis=2).reshape(words.shape[0], -1)
    flat = values.astype(np.int64) + np.arange(words.shape[0])[:, None] * BINS
    return [np.bincount(flat.ravel(), minlength=words.shape[0] * BINS).astype(np.uint32)]


def make_case() -> Case:
    return Case(
        name="histogram_warp256",
        source=Path(__file__).with_name("histogram_warp256.cu"),
        kernel="histogram_warp256",
        block=(256, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="atomicAdd(&s_hist[warp][(uchar)(word >> 8k)], 1): per-warp rows, random bins",
    )
