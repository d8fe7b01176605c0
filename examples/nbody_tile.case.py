"""All-pairs n-body tile: float4 bodies copied by value into a function template (broadcast loads)."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, scaled_count

TILE = 256
SOFTENING = 0.01


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    n = TILE * scaled_count(32, scale)  # 8192 bodies at scale 1
    pos = rng.standard_normal((n, 4)).astype(np.float32)
    pos[:, 3] = rng.uniform(0.5, 1.5, n).astype(np.float32)  # masses
    return [np.empty_like(pos), pos, np.int32(n)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[2]) // TILE, 1, 1)


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    pos = np.asarray(args[1], np.float64)
    out = np.zeros_like(pos)
    for lo in range(0, len(pos), 1024):  # bodies in chunks: the n x n difference table would not fit
        d = pos[None, :, :3] - pos[lo:lo + 1024, None, :3]
        inv = 1.0 / np.sqrt((d * d).sum(axis=2) + SOFTENING)
        out[lo:lo + 1024, :3] = ((pos[None, :, 3] * inv ** 3)[:, :, None] * d).sum(axis=1)
    return [out.astype(np.float32)]


def make_case() -> Case:
    return Case(
        name="nbody_tile",
        source=Path(__file__).with_name("nbody_tile.cu"),
        kernel="nbody_tile",
        block=(TILE, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="float4 tile copied by value into a template callee: broadcast LDS.128, conflict-free",
        access_bytes=16,
        rtol=1e-3,
    )
