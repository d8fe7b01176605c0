"""160 trips: row reads of a transposed tile for 128, then a flat walk of it for the last 32."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 32
ROWS = 8


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    blocks = scaled_count(16384, scale)
    src = rng.standard_normal((blocks, TILE, TILE), dtype=np.float32)
    return [np.empty((blocks, ROWS, TILE), np.float32), src]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(np.asarray(args[1]).shape[0]), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # The same float32 additions in the same order as the kernel.
    src = np.ascontiguousarray(np.swapaxes(np.asarray(args[1]), 1, 2))  # the tile holds src transposed
    blocks = src.shape[0]
    out = np.zeros((blocks, ROWS, TILE), np.float32)
    scale = (np.arange(ROWS, dtype=np.float32) + 1)[None, :, None]
    for k in range(160):
        if k < 128:
            out += src[:, k % TILE, :][:, None, :] * scale
        else:
            out += src.reshape(blocks, TILE * TILE)[:, (k - 128) * TILE:(k - 127) * TILE][:, None, :]
    return [out]


def make_case() -> Case:
    return Case(
        name="late_trip",
        source=Path(__file__).with_name("late_trip.cu"),
        kernel="late_trip",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="column reads for 128 trips, a flat walk past the row in trips 128-159: must stay untouched",
        rtol=1e-5,
    )
