"""A templated, namespaced transpose (times SCALE=2): the harness reaches it through name_expressions."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    n = TILE * scaled_count(64, scale ** 0.5)
    src = rng.standard_normal((n, n), dtype=np.float32)
    return [np.empty((n, n), np.float32), src, np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    tiles = int(args[2]) // TILE
    return (tiles, tiles, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.asarray(args[1]).T) * np.float32(2)]


def make_case() -> Case:
    return Case(
        name="transpose_tmpl",
        source=Path(__file__).with_name("transpose_tmpl.cu"),
        kernel="tiles::transpose<2>",
        name_expressions=("tiles::transpose<2>",),
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="a C++ template kernel: row write, column read of a 32x32 float tile",
    )
