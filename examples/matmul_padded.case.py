"""Tiled matrix product with already padded 32x33 shared tiles (conflict-free)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # n = 2048 at scale 1; at least two tiles, so the k loop runs twice.
    n = TILE * scaled_count(64, scale ** (1 / 3), minimum=2)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    return [np.empty((n, n), np.float32), a, b, np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    tiles = int(args[3]) // TILE
    return (tiles, tiles, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.asarray(args[1], np.float64) @ np.asarray(args[2], np.float64)]


def make_case() -> Case:
    return Case(
        name="matmul_padded",
        source=Path(__file__).with_name("matmul_padded.cu"),
        kernel="matmul_padded",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="As_t[tx][r] column store into a [32][33] tile: already padded, conflict-free",
    )
