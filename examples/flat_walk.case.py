"""A tile stored transposed, then read flat through its first row (tile[0][f])."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(65536, scale)
    src = rng.standard_normal((blocks, TILE, TILE), dtype=np.float32)
    return [np.empty_like(src), src]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(np.asarray(args[1]).shape[0]), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # Each 32x32 block comes back transposed: tile[c][r] = src[r][c], read flat.
    return [np.ascontiguousarray(np.swapaxes(np.asarray(args[1]), 1, 2))]


def make_case() -> Case:
    return Case(
        name="flat_walk",
        source=Path(__file__).with_name("flat_walk.cu"),
        kernel="flat_walk",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="column write of a 32x32 tile, flat read tile[0][f] past the row: must stay untouched",
    )
