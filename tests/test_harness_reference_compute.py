"""Each computing example's NumPy reference against a naive simulation of its kernel.

As in test_harness_reference_movement.py: Python loops that follow the CUDA
code thread by thread and barrier by barrier, sharing nothing with the
vectorised references they check.
"""
from __future__ import annotations

import cmath
import math
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from rapcc.harness.case import Case, load_case_file
from rapcc.harness.compare import reference_close

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _case(name: str) -> Case:
    return load_case_file(EXAMPLES / f"{name}.case.py")


def _blocks(case: Case, args: list) -> list[tuple[int, int]]:
    gx, gy, _ = case.grid(args)
    return [(bx, by) for by in range(gy) for bx in range(gx)]


def sim_fwt(case: Case, args: list) -> list[np.ndarray]:
    src, reps = np.asarray(args[1], np.float64), int(args[2])
    out = np.full(src.size, np.nan)
    for bx, _ in _blocks(case, args):
        s = list(src[bx * 1024:(bx + 1) * 1024])
        for _ in range(reps):
            stride = 256
            while stride >= 1:
                loaded = []
                for pos in range(256):
                    lo = pos & (stride - 1)
                    i0 = ((pos - lo) << 2) + lo
                    idx = [i0 + k * stride for k in range(4)]
                    loaded.append((idx, [s[i] for i in idx]))
                for idx, (d0, d1, d2, d3) in loaded:
                    d0, d2 = d0 + d2, d0 - d2
                    d1, d3 = d1 + d3, d1 - d3
                    for i, v in zip(idx, ((d0 + d1) / 2, (d0 - d1) / 2, (d2 + d3) / 2, (d2 - d3) / 2)):
                        s[i] = v
                stride >>= 2
        out[bx * 1024:(bx + 1) * 1024] = s
    return [out]


def sim_dct8x8(case: Case, args: list) -> list[np.ndarray]:
    image, coef, width = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64), int(args[3])
    flat = image.reshape(-1)
    out = np.full(flat.size, np.nan)
    for bx, by in _blocks(case, args):
        base = by * 8 * width + bx * 256
        blk = [[[0.0] * 8 for _ in range(8)] for _ in range(32)]
        for ty in range(32):
            for tx in range(8):
                for e in range(8):
                    blk[ty][e][tx] = flat[base + e * width + ty * 8 + tx]
        for ty in range(32):
            for tx in range(8):  # row pass: thread owns row tx
                v = list(blk[ty][tx])
                blk[ty][tx] = [sum(coef[u][k] * v[k] for k in range(8)) for u in range(8)]
        for ty in range(32):
            for tx in range(8):  # column pass: thread owns column tx
                v = [blk[ty][k][tx] for k in range(8)]
                for u in range(8):
                    blk[ty][u][tx] = sum(coef[u][k] * v[k] for k in range(8))
        for ty in range(32):
            for tx in range(8):
                for e in range(8):
                    out[base + e * width + ty * 8 + tx] = blk[ty][e][tx]
    return [out.reshape(image.shape)]


def sim_conv_rows(case: Case, args: list) -> list[np.ndarray]:
    image, taps, width = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64), int(args[3])
    out = np.full(image.shape, np.nan)
    for bx, by in _blocks(case, args):
        s_data = [[0.0] * 96 for _ in range(4)]
        for ty in range(4):
            for tx in range(16):
                base_x = (bx * 4 - 1) * 16 + tx
                for i in range(6):
                    x = base_x + i * 16
                    s_data[ty][tx + i * 16] = image[by * 4 + ty, x] if 0 <= x < width else 0.0
        for ty in range(4):
            for tx in range(16):
                base_x = (bx * 4 - 1) * 16 + tx
                for i in range(1, 5):
                    out[by * 4 + ty, base_x + i * 16] = sum(
                        taps[8 - j] * s_data[ty][tx + i * 16 + j] for j in range(-8, 9))
    return [out]


def sim_conv_cols(case: Case, args: list) -> list[np.ndarray]:
    image, taps = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64)
    height = int(args[4])
    out = np.full(image.shape, np.nan)
    for bx, by in _blocks(case, args):
        s_data = [[0.0] * 48 for _ in range(16)]
        for ty in range(8):
            for tx in range(16):
                base_y = (by * 4 - 1) * 8 + ty
                for i in range(6):
                    y = base_y + i * 8
                    s_data[tx][ty + i * 8] = image[y, bx * 16 + tx] if 0 <= y < height else 0.0
        for ty in range(8):
            for tx in range(16):
                base_y = (by * 4 - 1) * 8 + ty
                for i in range(1, 5):
                    out[base_y + i * 8, bx * 16 + tx] = sum(
                        taps[8 - j] * s_data[tx][ty + i * 8 + j] for j in range(-8, 9))
    return [out]


def sim_haar1d(case: Case, args: list) -> list[np.ndarray]:
    src = np.asarray(args[1], np.float64)
    out = np.full(src.size, np.nan)
    r = math.sqrt(0.5)
    for bx, _ in _blocks(case, args):
        s = list(src[bx * 1024:(bx + 1) * 1024])
        half = 512
        while half >= 1:
            pairs = [(s[2 * t], s[2 * t + 1]) for t in range(half)]
            for t, (a, b) in enumerate(pairs):
                s[t] = (a + b) * r
                out[bx * 1024 + half + t] = (a - b) * r
            half >>= 1
        out[bx * 1024] = s[0]
    return [out]


def sim_nw_wavefront(case: Case, args: list) -> list[np.ndarray]:
    ref, north, west = (np.asarray(args[i]) for i in (1, 2, 3))
    penalty = int(args[4])
    out = np.full(ref.size, -1, np.int64)
    for b, _ in _blocks(case, args):
        r = [[int(ref[b * 256 + y * 16 + x]) for x in range(16)] for y in range(16)]
        temp = [[0] * 17 for _ in range(17)]
        temp[0] = [int(v) for v in north[b * 17:(b + 1) * 17]]
        for tx in range(16):
            temp[tx + 1][0] = int(west[b * 16 + tx])
        cells = [[(m - tx + 1, tx + 1) for tx in range(m + 1)] for m in range(16)]
        cells += [[(16 - tx, tx + 16 - m) for tx in range(m + 1)] for m in range(14, -1, -1)]
        for diagonal in cells:
            for y, x in diagonal:
                temp[y][x] = max(temp[y - 1][x - 1] + r[y - 1][x - 1], temp[y][x - 1] - penalty,
                                 temp[y - 1][x] - penalty)
        for y in range(16):
            out[b * 256 + y * 16:b * 256 + y * 16 + 16] = temp[y + 1][1:]
    return [out]


def sim_lud_tile(case: Case, args: list) -> list[np.ndarray]:
    m = np.asarray(args[1], np.float64)
    out = np.full(m.size, np.nan)
    for b, _ in _blocks(case, args):
        sh = m[b * 256:(b + 1) * 256].reshape(16, 16).tolist()
        for i in range(15):
            for tx in range(i + 1, 16):
                for j in range(i):
                    sh[tx][i] -= sh[tx][j] * sh[j][i]
                sh[tx][i] /= sh[i][i]
            for tx in range(i + 1, 16):
                for j in range(i + 1):
                    sh[i + 1][tx] -= sh[i + 1][j] * sh[j][tx]
        out[b * 256:(b + 1) * 256] = np.array(sh).reshape(-1)
    return [out]


def sim_lavamd(case: Case, args: list) -> list[np.ndarray]:
    rv, qv = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64)
    a2, boxes, neighbors = float(args[3]), int(args[4]), int(args[5])
    out = np.full(rv.size, np.nan)
    for bx in range(boxes):
        for wtx in range(100):
            ra = rv[(bx * 100 + wtx) * 4:(bx * 100 + wtx) * 4 + 4]
            acc = [0.0, 0.0, 0.0, 0.0]
            for k in range(neighbors):
                nb = (bx + k) % boxes
                for j in range(100):
                    rb = rv[(nb * 100 + j) * 4:(nb * 100 + j) * 4 + 4]
                    r2 = ra[0] + rb[0] - (ra[1] * rb[1] + ra[2] * rb[2] + ra[3] * rb[3])
                    vij = math.exp(-a2 * r2)
                    q = qv[nb * 100 + j]
                    acc[0] += q * vij
                    for c in (1, 2, 3):
                        acc[c] += q * 2.0 * vij * (ra[c] - rb[c])
            out[(bx * 100 + wtx) * 4:(bx * 100 + wtx) * 4 + 4] = acc
    return [out]


def sim_fft_radix2(case: Case, args: list) -> list[np.ndarray]:
    src = np.asarray(args[1], np.complex128)
    out = np.full(src.size, np.nan, np.complex128)
    for bx, _ in _blocks(case, args):
        buf = [list(src[bx * 1024:(bx + 1) * 1024]), [0j] * 1024]
        p = 0
        ns = 1
        while ns < 1024:
            for j in range(512):
                k = j & (ns - 1)
                a0, a1 = buf[p][j], buf[p][j + 512]
                t = a1 * cmath.exp(-1j * math.pi * k / ns)
                dst = ((j - k) << 1) + k
                buf[p ^ 1][dst] = a0 + t
                buf[p ^ 1][dst + ns] = a0 - t
            p ^= 1
            ns <<= 1
        out[bx * 1024:(bx + 1) * 1024] = buf[p]
    return [out]


def sim_fwt_device_stage(case: Case, args: list) -> list[np.ndarray]:
    src, reps = np.asarray(args[1], np.float64), int(args[2])
    out = np.full(src.size, np.nan)
    for bx, _ in _blocks(case, args):
        s = list(src[bx * 1024:(bx + 1) * 1024])
        for _ in range(reps):
            level, stride = 0, 512
            while stride >= 1:
                scale = 0.5 if level & 1 else 1.0
                pairs = []
                for pos in range(512):
                    lo = pos & (stride - 1)
                    i0 = ((pos - lo) << 1) + lo
                    pairs.append((i0, i0 + stride, s[i0], s[i0 + stride]))
                for i0, i1, a, b in pairs:
                    s[i0], s[i1] = (a + b) * scale, (a - b) * scale
                level += 1
                stride >>= 1
        out[bx * 1024:(bx + 1) * 1024] = s
    return [out]


def sim_stencil_rowptr(case: Case, args: list) -> list[np.ndarray]:
    image = np.asarray(args[1], np.float64)
    width, height = int(args[2]), int(args[3])
    w = (0.25, 0.5, 0.25)
    out = np.full((height, width), np.nan)
    for bx, by in _blocks(case, args):
        x0, y0 = bx * 128, by * 8
        tile = [[0.0] * 130 for _ in range(10)]
        for p in range(10 * 130):
            r, c = divmod(p, 130)
            tile[r][c] = image[min(max(y0 + r - 1, 0), height - 1), min(max(x0 + c - 1, 0), width - 1)]
        for ty in range(8):
            for tx in range(32):
                acc = [0.0] * 4
                for k in range(3):
                    row = tile[ty + k]
                    for j in range(4):
                        for d in range(3):
                            acc[j] += w[k] * w[d] * row[4 * tx + j + d]
                for j in range(4):
                    out[y0 + ty, x0 + 4 * tx + j] = acc[j]
    return [out]


def sim_reduce_alias(case: Case, args: list) -> list[np.ndarray]:
    data = np.asarray(args[1], np.float64)
    sums = []
    for bx, _ in _blocks(case, args):
        sdata = list(data[bx * 1024:(bx + 1) * 1024])
        for g in range(4):
            s = 1
            while s < 256:
                for tid in range(256):
                    index = 2 * s * tid
                    if index < 256:
                        sdata[g * 256 + index] += sdata[g * 256 + index + s]
                s *= 2
        sums.extend(sdata[tid * 256] for tid in range(4))
    return [np.array(sums)]


SIMULATIONS: dict[str, Callable[[Case, list], list[np.ndarray]]] = {
    "fwt": sim_fwt,
    "dct8x8": sim_dct8x8,
    "conv_rows": sim_conv_rows,
    "conv_cols": sim_conv_cols,
    "haar1d": sim_haar1d,
    "nw_wavefront": sim_nw_wavefront,
    "lud_tile": sim_lud_tile,
    "lavamd_4i1": sim_lavamd,
    "fft_radix2": sim_fft_radix2,
    "fwt_device_stage": sim_fwt_device_stage,
    "stencil_rowptr": sim_stencil_rowptr,
    "reduce_alias": sim_reduce_alias,
}


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_reference_matches_naive_simulation(name: str) -> None:
    case = _case(name)
    args = case.make_inputs(np.random.default_rng(11), 0.0)
    expected = SIMULATIONS[name](case, args)
    got = case.reference(args)
    assert len(got) == len(case.outputs) == len(expected)
    for g, e, index in zip(got, expected, case.outputs):
        assert g.shape == np.asarray(args[index]).shape, f"reference shape differs from argument {index}"
        result = reference_close(np.asarray(g), np.asarray(e), rtol=1e-9)
        assert result.ok, result.message
