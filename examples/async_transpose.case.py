"""Out-of-place float transpose whose 32x32 tile is filled by __pipeline_memcpy_async, 32x8 threads."""
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
        name="async_transpose",
        source=Path(__file__).with_name("async_transpose.cu"),
        kernel="async_transpose",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="asynchronous copies into a 32x32 float tile by columns: 32-way conflict on the copy",
    )
