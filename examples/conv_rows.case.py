"""Row pass of a separable 17-tap convolution through a shared tile with apron."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

RADIUS = 8
TILE_W = 16 * 4  # output pixels per block along a row
TILE_H = 4


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # A 4096 x 4096 image at scale 1; at least two tiles across, so the
    # apron between neighbouring blocks is exercised.
    width = TILE_W * scaled_count(64, scale ** 0.5, minimum=2)
    height = TILE_H * scaled_count(1024, scale ** 0.5)
    image = rng.standard_normal((height, width), dtype=np.float32)
    taps = rng.uniform(0.0, 1.0, 2 * RADIUS + 1).astype(np.float32)
    return [np.empty_like(image), image, taps, np.int32(width)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    height, width = np.asarray(args[1]).shape
    return (width // TILE_W, height // TILE_H, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    image = np.asarray(args[1], dtype=np.float64)
    taps = np.asarray(args[2], dtype=np.float64)
    padded = np.pad(image, ((0, 0), (RADIUS, RADIUS)))
    width = image.shape[1]
    out = np.zeros_like(image)
    for j in range(-RADIUS, RADIUS + 1):
        out += taps[RADIUS - j] * padded[:, RADIUS + j: RADIUS + j + width]
    return [out]


def make_case() -> Case:
    return Case(
        name="conv_rows",
        source=Path(__file__).with_name("conv_rows.cu"),
        kernel="conv_rows",
        block=(16, 4, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_data[ty][tx + c] with 96-word rows and two rows per warp: 2-way conflict",
    )
