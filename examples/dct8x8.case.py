"""2-D 8x8 DCT-II of an image, rows then columns through a shared 32x8x8 array."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

B = 8
STRIP = 32 * B  # pixels across one thread block's strip of 32 blocks


def dct_matrix() -> np.ndarray:
    """The orthonormal 8-point DCT-II matrix C[u][k]."""
    u = np.arange(B)[:, None]
    k = np.arange(B)[None, :]
    c = np.cos((2 * k + 1) * u * np.pi / (2 * B)) * np.sqrt(2.0 / B)
    c[0, :] = np.sqrt(1.0 / B)
    return c


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # A 4096 x 4224 image at scale 1 (16 x 528 = 8448 thread blocks).
    width = STRIP * scaled_count(16, scale ** 0.5)
    height = B * scaled_count(528, scale ** 0.5)
    image = rng.uniform(-128.0, 127.0, (height, width)).astype(np.float32)
    coef = dct_matrix().astype(np.float32)
    return [np.empty_like(image), image, coef, np.int32(width)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    height, width = np.asarray(args[1]).shape
    return (width // STRIP, height // B, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    image = np.asarray(args[1], dtype=np.float64)
    c = np.asarray(args[2], dtype=np.float64)
    h, w = image.shape
    blocks = image.reshape(h // B, B, w // B, B)  # [by][row][bx][col]
    out = np.einsum("uk,ykxl,vl->yuxv", c, blocks, c)
    return [out.reshape(h, w)]


def make_case() -> Case:
    return Case(
        name="dct8x8",
        source=Path(__file__).with_name("dct8x8.cu"),
        kernel="dct8x8",
        block=(8, 32, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="s_block[ty][tx][k] row pass (8-way) and s_block[ty][k][tx] column pass (4-way)",
    )
