"""Row sums of 32x32 blocks through __device__ helpers that another kernel shares with its own tile."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

N = 32


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    # 65536 blocks of 32x32 floats (256 MiB) at scale 1.
    blocks = scaled_count(1 << 16, scale)
    src = rng.standard_normal(blocks * N * N, dtype=np.float32)
    return [np.empty(blocks * N, np.float32), src]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (len(args[1]) // (N * N), 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    # tile_c[x * 32 + r] = in[b][x][r] stores block b as it is; column_sum then reads
    # out[b*32 + x] = sum_r tile_c[r * 32 + x] * (r + 1) = sum_r in[b][r][x] * (r + 1).
    blocks = np.asarray(args[1], dtype=np.float64).reshape(-1, N, N)
    weights = np.arange(1, N + 1, dtype=np.float64)
    return [(blocks * weights[None, :, None]).sum(axis=1).reshape(-1)]


def make_case() -> Case:
    return Case(
        name="helper_clones",
        source=Path(__file__).with_name("helper_clones.cu"),
        kernel="block_rowsum",
        block=(N, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="column fill of a tile read through helpers another kernel shares: 32-way; the helpers are copied",
    )
