"""Float transpose through a 32x32 tile of dynamic shared memory reached via a SharedMemory<T>-style helper."""
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
        name="transpose_dynhelper",
        source=Path(__file__).with_name("transpose_dynhelper.cu"),
        kernel="transpose_dynhelper",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="tile = DynamicShared<float>(); row write, column read: 32-way on the read (dynamic, via a helper)",
        shared_bytes=TILE * TILE * 4,
    )
