"""Needleman-Wunsch scores of independent 16x16 tiles along anti-diagonals."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

B = 16


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    tiles = scaled_count(BIG_GPU_SMS * 512, scale)
    ref = rng.integers(-10, 11, tiles * B * B, dtype=np.int32)
    north = rng.integers(-200, 200, tiles * (B + 1), dtype=np.int32)
    west = rng.integers(-200, 200, tiles * B, dtype=np.int32)
    return [np.empty(tiles * B * B, np.int32), ref, north, west, np.int32(10)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (np.asarray(args[1]).size // (B * B), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    ref = np.asarray(args[1], np.int64).reshape(-1, B, B)
    tiles = ref.shape[0]
    penalty = int(args[4])
    score = np.zeros((tiles, B + 1, B + 1), np.int64)
    score[:, 0, :] = np.asarray(args[2]).reshape(tiles, B + 1)
    score[:, 1:, 0] = np.asarray(args[3]).reshape(tiles, B)
    # Row-major order respects every dependency of the recurrence.
    for y in range(1, B + 1):
        for x in range(1, B + 1):
            score[:, y, x] = np.maximum.reduce([
                score[:, y - 1, x - 1] + ref[:, y - 1, x - 1],
                score[:, y, x - 1] - penalty,
                score[:, y - 1, x] - penalty,
            ])
    return [score[:, 1:, 1:].astype(np.int32).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="nw_wavefront",
        source=Path(__file__).with_name("nw_wavefront.cu"),
        kernel="nw_wavefront",
        block=(B, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="temp[m - tx + 1][tx + 1] anti-diagonal on a 17-word pitch: 8-way conflict",
    )
