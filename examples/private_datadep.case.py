"""Per-thread private 32-bin counters in shared memory, updated at a data-dependent bin."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

THREADS = 128
BINS = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(BIG_GPU_SMS * 16, scale)
    items = scaled_count(256, scale)
    total = blocks * THREADS
    # Item i of global thread g is at [i * total + g] (coalesced in global memory).
    codes = rng.integers(0, 256, items * total, dtype=np.uint8)
    return [np.empty(BINS * total, np.uint32), codes, np.int32(items)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (int(args[2]) * THREADS), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    codes = np.asarray(args[1]).reshape(int(args[2]), -1)
    total = codes.shape[1]
    flat = (codes & (BINS - 1)).astype(np.int64) * total + np.arange(total)
    return [np.bincount(flat.ravel(), minlength=BINS * total).astype(np.uint32)]


def make_case() -> Case:
    return Case(
        name="private_datadep",
        source=Path(__file__).with_name("private_datadep.cu"),
        kernel="private_datadep",
        block=(THREADS, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_priv[tid*32 + k] fill/drain (32-way) and s_priv[tid*32 + (code & 31)] += 1 (random)",
    )
