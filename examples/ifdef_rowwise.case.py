"""A tile read in an '#ifdef ROWWISE' branch that rapcc's parse skips; built with -DROWWISE."""
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
    # ROWWISE: each row of each block comes back reversed.
    return [np.ascontiguousarray(np.asarray(args[1])[:, :, ::-1])]


def make_case() -> Case:
    return Case(
        name="ifdef_rowwise",
        source=Path(__file__).with_name("ifdef_rowwise.cu"),
        kernel="ifdef_rowwise",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="#ifdef branch rapcc skips, compiled with -DROWWISE: only padding is legal",
        build_defines=("ROWWISE",),
    )
