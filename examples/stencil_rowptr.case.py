"""3x3 Gaussian blur, four outputs per thread, reading the tile through row pointers (4-way conflict)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

OUT_W = 128
OUT_H = 8
WEIGHTS = (0.25, 0.5, 0.25)


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # An 8192 x 8192 image (256 MiB) at scale 1.
    n = OUT_W * scaled_count(64, scale ** 0.5)
    image = rng.standard_normal((n, n), dtype=np.float32)
    return [np.empty_like(image), image, np.int32(n), np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[2]) // OUT_W, int(args[3]) // OUT_H, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    image = np.asarray(args[1], np.float64)
    h, w = image.shape
    padded = np.pad(image, 1, mode="edge")
    out = np.zeros_like(image)
    for k, wk in enumerate(WEIGHTS):
        for d, wd in enumerate(WEIGHTS):
            out += wk * wd * padded[k:k + h, d:d + w]
    return [out]


def make_case() -> Case:
    return Case(
        name="stencil_rowptr",
        source=Path(__file__).with_name("stencil_rowptr.cu"),
        kernel="stencil_rowptr",
        block=(32, 8, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="row = tile[ty + k]; row[4*tx + j + d]: lane stride 4 inside a row, 4-way conflict",
    )
