"""Column pass of a separable 17-tap convolution through a transposed shared tile."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

RADIUS = 8
TILE_W = 16
TILE_H = 8 * 4  # output rows per block


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # A 4096 x 4096 image at scale 1; at least two tiles down, so the apron
    # between neighbouring blocks is exercised.
    width = TILE_W * scaled_count(256, scale ** 0.5)
    height = TILE_H * scaled_count(128, scale ** 0.5, minimum=2)
    image = rng.standard_normal((height, width), dtype=np.float32)
    taps = rng.uniform(0.0, 1.0, 2 * RADIUS + 1).astype(np.float32)
    return [np.empty_like(image), image, taps, np.int32(width), np.int32(height)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    height, width = np.asarray(args[1]).shape
    return (width // TILE_W, height // TILE_H, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    image = np.asarray(args[1], dtype=np.float64)
    taps = np.asarray(args[2], dtype=np.float64)
    padded = np.pad(image, ((RADIUS, RADIUS), (0, 0)))
    height = image.shape[0]
    out = np.zeros_like(image)
    for j in range(-RADIUS, RADIUS + 1):
        out += taps[RADIUS - j] * padded[RADIUS + j: RADIUS + j + height, :]
    return [out]


def make_case() -> Case:
    return Case(
        name="conv_cols",
        source=Path(__file__).with_name("conv_cols.cu"),
        kernel="conv_cols",
        block=(16, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_data[tx][ty + c] with 48-word rows: lanes 48 words apart, 8-way conflict",
    )
