"""Each data-movement example's NumPy reference against a naive simulation of its kernel.

The simulations below follow the CUDA code thread by thread, with one Python
loop over the threads of a block per barrier-separated phase, and share no
code with the vectorised references in examples/*.case.py. Agreement on small
inputs means the reference computes what the kernel is written to compute.
"""
from __future__ import annotations

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


def sim_transpose_32x8(case: Case, args: list) -> list[np.ndarray]:
    src, n = np.asarray(args[1]).reshape(-1), int(args[2])
    out = np.full(n * n, np.nan, np.float32)
    for bx, by in _blocks(case, args):
        tile = [[None] * 32 for _ in range(32)]
        for ty in range(8):
            for tx in range(32):
                x, y = bx * 32 + tx, by * 32 + ty
                for i in range(0, 32, 8):
                    tile[ty + i][tx] = src[(y + i) * n + x]
        for ty in range(8):
            for tx in range(32):
                x, y = by * 32 + tx, bx * 32 + ty
                for i in range(0, 32, 8):
                    out[(y + i) * n + x] = tile[tx][ty + i]
    return [out.reshape(n, n)]


def sim_transpose_16x16(case: Case, args: list) -> list[np.ndarray]:
    src = np.asarray(args[1]).reshape(-1)
    rows, cols = int(args[2]), int(args[3])
    out = np.full(rows * cols, np.nan, np.float32)
    for bx, by in _blocks(case, args):
        tile = np.zeros((16, 16), np.float32)
        for ty in range(16):
            for tx in range(16):
                tile[ty][tx] = src[(by * 16 + ty) * cols + bx * 16 + tx]
        for ty in range(16):
            for tx in range(16):
                out[(bx * 16 + ty) * rows + by * 16 + tx] = tile[tx][ty]
    return [out.reshape(cols, rows)]


def _sim_rap(pattern: str) -> Callable[[Case, list], list[np.ndarray]]:
    def sim(case: Case, args: list) -> list[np.ndarray]:
        src, reps = np.asarray(args[1]), int(args[2])
        out = np.full_like(src, np.nan)
        for bx, _ in _blocks(case, args):
            a = np.zeros((32, 32), src.dtype)
            b = np.zeros((32, 32), src.dtype)
            for t in range(1024):
                a[t // 32][t % 32] = src[bx * 1024 + t]
            for _ in range(reps):
                for dst, frm in ((b, a), (a, b)):
                    moves = []
                    for t in range(1024):
                        i, j = t // 32, t % 32
                        d = (i + j) & 31
                        if pattern == "crsw":
                            moves.append(((j, i), frm[i][j]))
                        elif pattern == "srcw":
                            moves.append(((i, j), frm[j][i]))
                        else:
                            moves.append(((j, d), frm[d][j]))
                    for (r, c), v in moves:
                        dst[r][c] = v
            for t in range(1024):
                out[bx * 1024 + t] = b[t // 32][t % 32]
        return [out]
    return sim


def sim_reduce(case: Case, args: list) -> list[np.ndarray]:
    data, n = np.asarray(args[1]), int(args[2])
    interleaved = case.name == "reduce_interleaved"
    out = []
    for bx, _ in _blocks(case, args):
        sdata = [data[bx * 256 + t] if bx * 256 + t < n else 0 for t in range(256)]
        sdata = [int(v) if interleaved else float(np.float32(v)) for v in sdata]
        if interleaved:
            s = 1
            while s < 256:
                for tid in range(256):
                    index = 2 * s * tid
                    if index < 256:
                        sdata[index] += sdata[index + s]
                s *= 2
        else:
            s = 128
            while s > 0:
                for tid in range(s):
                    sdata[tid] += sdata[tid + s]
                s >>= 1
        out.append(sdata[0])
    return [np.array(out, np.int32 if interleaved else np.float64)]


def sim_scan_blelloch(case: Case, args: list) -> list[np.ndarray]:
    data = np.asarray(args[1])
    out = np.full(data.size, -1, np.int64)
    for bx, _ in _blocks(case, args):
        temp = [int(v) for v in data[bx * 512:(bx + 1) * 512]]
        offset = 1
        d = 256
        while d > 0:
            for thid in range(d):
                ai, bi = offset * (2 * thid + 1) - 1, offset * (2 * thid + 2) - 1
                temp[bi] += temp[ai]
            offset *= 2
            d >>= 1
        temp[511] = 0
        d = 1
        while d < 512:
            offset >>= 1
            for thid in range(d):
                ai, bi = offset * (2 * thid + 1) - 1, offset * (2 * thid + 2) - 1
                temp[ai], temp[bi] = temp[bi], temp[bi] + temp[ai]
            d *= 2
        out[bx * 512:(bx + 1) * 512] = temp
    return [out]


def _sim_histogram(bins: int, per_lane: bool) -> Callable[[Case, list], list[np.ndarray]]:
    def sim(case: Case, args: list) -> list[np.ndarray]:
        data, per_block = np.asarray(args[1]), int(args[2])
        out = []
        for bx, _ in _blocks(case, args):
            rows = 32 if per_lane else 8
            s_hist = [[0] * bins for _ in range(rows)]
            for tid in range(256):
                for p in range(tid, per_block, 256):
                    v = int(data[bx * per_block + p])
                    row = tid & 31 if per_lane else tid >> 5
                    s_hist[row][v if per_lane else v >> 2] += 1
            out.extend(sum(s_hist[r][b] for r in range(rows)) for b in range(bins))
        return [np.array(out, np.uint32)]
    return sim


def sim_bitonic_sort(case: Case, args: list) -> list[np.ndarray]:
    keys = np.asarray(args[1])
    out = np.empty_like(keys)
    for bx, _ in _blocks(case, args):
        s = [int(v) for v in keys[bx * 512:(bx + 1) * 512]]
        k = 2
        while k <= 512:
            j = k >> 1
            while j > 0:
                for tid in range(512):
                    ixj = tid ^ j
                    if ixj > tid:
                        a, b = s[tid], s[ixj]
                        up = (tid & k) == 0
                        if (up and a > b) or (not up and a < b):
                            s[tid], s[ixj] = b, a
                j >>= 1
            k <<= 1
        out[bx * 512:(bx + 1) * 512] = s
    return [out]


def sim_private(case: Case, args: list) -> list[np.ndarray]:
    data, length, reps = np.asarray(args[1]), int(args[2]), int(args[3])
    blocks = len(_blocks(case, args))
    total = blocks * 256
    out = np.full_like(data, np.nan)
    half = np.float32(0.5)
    for g in range(total):
        p = [data[k * total + g] for k in range(length)]
        for _ in range(reps):
            for k in range(1, length):
                p[k] = half * np.float32(p[k] + p[k - 1])
            for k in range(length - 2, -1, -1):
                p[k] = half * np.float32(p[k] + p[k + 1])
        for k in range(length):
            out[k * total + g] = p[k]
    return [out]


def sim_matmul(case: Case, args: list) -> list[np.ndarray]:
    a, b, n = np.asarray(args[1], np.float64), np.asarray(args[2], np.float64), int(args[3])
    c = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            c[i, j] = sum(a[i, k] * b[k, j] for k in range(n))
    return [c]


def _tiles(args: list) -> tuple[np.ndarray, int]:
    src = np.asarray(args[1])
    return src.reshape(src.shape[0], 32 * 32), src.shape[0]


def sim_flat_walk(case: Case, args: list) -> list[np.ndarray]:
    src, blocks = _tiles(args)
    out = np.full((blocks, 32 * 32), np.nan, np.float32)
    for b in range(blocks):
        flat = [None] * 1024  # tile[r][c] lives at r * 32 + c
        for ty in range(8):
            for tx in range(32):
                for i in range(0, 32, 8):
                    flat[tx * 32 + ty + i] = src[b, (ty + i) * 32 + tx]
        for ty in range(8):
            for tx in range(32):
                for f in range(ty * 32 + tx, 1024, 256):
                    out[b, f] = flat[f]  # tile[0][f]
    return [out.reshape(np.asarray(args[0]).shape)]


def sim_ifdef_rowwise(case: Case, args: list) -> list[np.ndarray]:
    src, blocks = _tiles(args)
    out = np.full((blocks, 32 * 32), np.nan, np.float32)
    for b in range(blocks):  # the ROWWISE branch, which the suite compiles
        tile = [[src[b, r * 32 + c] for c in range(32)] for r in range(32)]
        for ty in range(8):
            for tx in range(32):
                for i in range(0, 32, 8):
                    out[b, (ty + i) * 32 + tx] = tile[ty + i][31 - tx]
    return [out.reshape(np.asarray(args[0]).shape)]


def sim_transpose_inferred(case: Case, args: list) -> list[np.ndarray]:
    src = np.asarray(args[1]).reshape(-1)
    rows, cols = int(args[2]), int(args[3])
    out = np.zeros(rows * cols, np.int64) - 12345
    for bx, by in _blocks(case, args):
        tile = [[None] * 16 for _ in range(16)]
        for ty in range(16):
            for tx in range(16):
                tile[ty][tx] = src[(by * 16 + ty) * cols + bx * 16 + tx]
        for ty in range(16):
            for tx in range(16):
                out[(bx * 16 + ty) * rows + by * 16 + tx] = tile[tx][ty]
    return [out.reshape(cols, rows)]


def sim_histogram_warp256(case: Case, args: list) -> list[np.ndarray]:
    words, per_block = np.asarray(args[1]), int(args[2])
    out = []
    for bx, _ in _blocks(case, args):
        s_hist = [[0] * 256 for _ in range(8)]
        for tid in range(256):
            for p in range(tid, per_block, 256):
                word = int(words[bx * per_block + p])
                for shift in (0, 8, 16, 24):
                    s_hist[tid >> 5][(word >> shift) & 0xFF] += 1
        out.extend(sum(s_hist[w][b] for w in range(8)) for b in range(256))
    return [np.array(out, np.uint32)]


def sim_private_datadep(case: Case, args: list) -> list[np.ndarray]:
    codes, items = np.asarray(args[1]), int(args[2])
    total = len(_blocks(case, args)) * 128
    out = np.full(32 * total, -1, np.int64)
    for g in range(total):
        priv = [0] * 32
        for i in range(items):
            priv[int(codes[i * total + g]) & 31] += 1
        for k in range(32):
            out[k * total + g] = priv[k]
    return [out]


def sim_bitonic_comparator(case: Case, args: list) -> list[np.ndarray]:
    keys, reps = np.asarray(args[1]), int(args[2])
    out = np.full_like(keys, np.nan)
    for bx, _ in _blocks(case, args):
        s = [float(v) for v in keys[bx * 1024:(bx + 1) * 1024]]
        for _ in range(reps):
            size = 2
            while size <= 1024:
                stride = size // 2
                while stride > 0:
                    for tid in range(512):
                        ascending = (tid & (size // 2)) == 0 or size == 1024
                        pos = 2 * tid - (tid & (stride - 1))
                        if (s[pos] > s[pos + stride]) == ascending:
                            s[pos], s[pos + stride] = s[pos + stride], s[pos]
                    stride //= 2
                size *= 2
        out[bx * 1024:(bx + 1) * 1024] = s
    return [out]


SIMULATIONS: dict[str, Callable[[Case, list], list[np.ndarray]]] = {
    "flat_walk": sim_flat_walk,
    "ifdef_rowwise": sim_ifdef_rowwise,
    "transpose_32x8": sim_transpose_32x8,
    "transpose_16x16": sim_transpose_16x16,
    "reduce_interleaved": sim_reduce,
    "reduce_sequential": sim_reduce,
    "scan_blelloch": sim_scan_blelloch,
    "histogram64": _sim_histogram(64, per_lane=False),
    "histogram256": _sim_histogram(256, per_lane=True),
    "bitonic_sort": sim_bitonic_sort,
    "private_naive": sim_private,
    "private_conflict_free": sim_private,
    "matmul_tile": sim_matmul,
    "matmul_padded": sim_matmul,
    "matmul_helper": sim_matmul,
    "transpose_inferred": sim_transpose_inferred,
    "histogram_warp256": sim_histogram_warp256,
    "private_datadep": sim_private_datadep,
    "bitonic_comparator": sim_bitonic_comparator,
    **{f"rap_{p}_{t}": _sim_rap(p) for p in ("crsw", "srcw", "drdw") for t in ("f32", "f64")},
}


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_reference_matches_naive_simulation(name: str) -> None:
    case = _case(name)
    args = case.make_inputs(np.random.default_rng(7), 0.0)
    expected = SIMULATIONS[name](case, args)
    got = case.reference(args)
    assert len(got) == len(case.outputs) == len(expected)
    for g, e, index in zip(got, expected, case.outputs):
        assert g.shape == np.asarray(args[index]).shape, f"reference shape differs from argument {index}"
        result = reference_close(np.asarray(g), np.asarray(e), rtol=1e-6)
        assert result.ok, result.message
