"""Out-of-place float transpose through a 32x32 shared tile, 32x8 threads."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # 256 x 256 tiles (an 8192^2 matrix, 256 MiB) at scale 1.
    n = TILE * scaled_count(256, scale ** 0.5)
    src = rng.standard_normal((n, n), dtype=np.float32)
    return [np.empty((n, n), np.float32), src, np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    tiles = int(args[2]) // TILE
    return (tiles, tiles, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.asarray(args[1]).T)]


def make_case() -> Case:
    return Case(
        name="transpose_32x8",
        source=Path(__file__).with_name("transpose_32x8.cu"),
        kernel="transpose_32x8",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="row write, column read of a 32x32 float tile: 32-way conflict on the read",
    )
