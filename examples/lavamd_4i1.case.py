"""lavaMD-style box interactions with (v, x, y, z) quadruples: rA_shared[4*wtx+c]."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from rapcc.harness.case import BIG_GPU_SMS, Case, KernelArg, scaled_count

NP = 100  # particles per box
ALPHA = 0.5


def make_inputs(rng: np.random.Generator, scale: float) -> list[KernelArg]:
    boxes = scaled_count(BIG_GPU_SMS * 16, scale, minimum=2)
    neighbors = min(boxes, 4)
    rv = rng.uniform(0.1, 1.0, boxes * NP * 4).astype(np.float32)
    qv = rng.uniform(0.1, 1.0, boxes * NP).astype(np.float32)
    a2 = np.float32(2.0 * ALPHA * ALPHA)
    return [np.empty(boxes * NP * 4, np.float32), rv, qv, a2, np.int32(boxes), np.int32(neighbors)]


def grid(args: Sequence[KernelArg]) -> tuple[int, int, int]:
    return (int(args[4]), 1, 1)


def _interactions(ra: np.ndarray, rb: np.ndarray, q: np.ndarray, a2: float) -> np.ndarray:
    """(v, x, y, z) accumulated on each particle of `ra` [box, i, 4] from the
    particles `rb` [box, j, 4] with charges `q` [box, j]."""
    ra4 = ra[:, :, None, :]
    rb4 = rb[:, None, :, :]
    r2 = ra4[..., 0] + rb4[..., 0] - (ra4[..., 1:] * rb4[..., 1:]).sum(axis=-1)
    vij = np.exp(-a2 * r2)
    qv = q[:, None, :] * vij
    out = np.empty(ra.shape)
    out[..., 0] = qv.sum(axis=-1)
    out[..., 1:] = np.einsum("bij,bijc->bic", 2.0 * qv, ra4[..., 1:] - rb4[..., 1:])
    return out


def reference(args: Sequence[KernelArg]) -> list[np.ndarray]:
    rv = np.asarray(args[1], np.float64).reshape(-1, NP, 4)
    qv = np.asarray(args[2], np.float64).reshape(-1, NP)
    a2 = float(args[3])
    boxes, neighbors = int(args[4]), int(args[5])
    out = np.zeros((boxes, NP, 4))
    chunk = 64  # boxes per step: bounds the [box, i, j] temporaries
    for start in range(0, boxes, chunk):
        home = np.arange(start, min(start + chunk, boxes))
        for k in range(neighbors):
            nb = (home + k) % boxes
            out[home] += _interactions(rv[home], rv[nb], qv[nb], a2)
    return [out.reshape(-1)]


def make_case() -> Case:
    return Case(
        name="lavamd_4i1",
        source=Path(__file__).with_name("lavamd_4i1.cu"),
        kernel="lavamd_4i1",
        block=(128, 1, 1),
        grid=grid,
        make_inputs=make_inputs,
        outputs=(0,),
        reference=reference,
        pattern="rA_shared[4*wtx + c]: lane stride 4, 4-way conflict (loop-invariant loads)",
    )
