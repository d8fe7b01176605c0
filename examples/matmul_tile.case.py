"""Tiled single-precision matrix product with 16x16 shared tiles (conflict-free)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 16


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # n = 2048 at scale 1 (17 GFLOP); work grows as n^3.
    n = TILE * scaled_count(128, scale ** (1 / 3), minimum=2)
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
        name="matmul_tile",
        source=Path(__file__).with_name("matmul_tile.cu"),
        kernel="matmul_tile",
        block=(16, 16, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="As[ty][k] broadcast, Bs[k][tx] row: conflict-free 16x16 tiles",
    )
