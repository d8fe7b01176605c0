"""Int transpose through a 16x16 tile with __launch_bounds__(256) and no pragma: the shape is inferred."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 16


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # 8192 x 6144 ints (192 MiB) at scale 1.
    rows = TILE * scaled_count(512, scale ** 0.5)
    cols = TILE * scaled_count(384, scale ** 0.5)
    src = rng.integers(-2 ** 31, 2 ** 31, (rows, cols), dtype=np.int32)
    return [np.empty((cols, rows), np.int32), src, np.int32(rows), np.int32(cols)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[3]) // TILE, int(args[2]) // TILE, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.asarray(args[1]).T)]


def make_case() -> Case:
    return Case(
        name="transpose_inferred",
        source=Path(__file__).with_name("transpose_inferred.cu"),
        kernel="transpose_inferred",
        block=(TILE, TILE, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="tile[ty][tx] then tile[tx][ty], 16x16 inferred from the code: 8-way on the read",
    )
