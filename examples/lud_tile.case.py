"""In-place Doolittle LU of 16x16 tiles in shared memory (column accesses conflict)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

BS = 16


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    tiles = scaled_count(BIG_GPU_SMS * 512, scale)
    # Diagonally dominant, so the factorisation without pivoting is stable.
    m = rng.uniform(-1.0, 1.0, (tiles, BS, BS)) + BS * np.eye(BS)
    m = m.astype(np.float32).reshape(-1)
    return [np.empty_like(m), m]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (BS * BS), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    a = np.asarray(args[1], np.float64).reshape(-1, BS, BS).copy()
    # Right-looking elimination on all tiles at once; the result packs the
    # unit lower factor L below the diagonal and U on and above it.
    for k in range(BS - 1):
        a[:, k + 1:, k] /= a[:, k, k][:, None]
        a[:, k + 1:, k + 1:] -= a[:, k + 1:, k][:, :, None] * a[:, k, k + 1:][:, None, :]
    return [a.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="lud_tile",
        source=Path(__file__).with_name("lud_tile.cu"),
        kernel="lud_tile",
        block=(BS, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="shadow[tx][i] column accesses of a 16x16 tile: 8-way conflict",
    )
