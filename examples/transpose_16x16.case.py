"""Out-of-place float transpose of a rows x cols matrix through a 16x16 tile."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 16


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # A non-square matrix, so that swapped rows/cols in the kernel show.
    rows = TILE * scaled_count(384, scale ** 0.5)
    cols = TILE * scaled_count(512, scale ** 0.5, minimum=2)
    src = rng.standard_normal((rows, cols), dtype=np.float32)
    return [np.empty((cols, rows), np.float32), src, np.int32(rows), np.int32(cols)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[3]) // TILE, int(args[2]) // TILE, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.asarray(args[1]).T)]


def make_case() -> Case:
    return Case(
        name="transpose_16x16",
        source=Path(__file__).with_name("transpose_16x16.cu"),
        kernel="transpose_16x16",
        block=(16, 16, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="16x16 tile, two rows per warp: linear write, 8-way conflict on the column read",
    )
