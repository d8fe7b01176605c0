"""Tiled SGEMM whose shared tiles are filled by __device__ helpers; A's tile stored transposed (32-way)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    n = TILE * scaled_count(48, scale ** 0.5)  # 1536 at scale 1
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    return [np.empty((n, n), np.float32), a, b, np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    tiles = int(args[3]) // TILE
    return (tiles, tiles, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    a, b = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64)
    return [a @ b]


def make_case() -> Case:
    return Case(
        name="matmul_helper",
        source=Path(__file__).with_name("matmul_helper.cu"),
        kernel="matmul_helper",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="dst[tx*32 + ty + i] in a __device__ load helper: 32-way column store into As",
    )
