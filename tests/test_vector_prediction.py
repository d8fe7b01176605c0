"""Predictions per instruction ptxas emits: unrolled trips fused into
LDS.64/LDS.128, repeated loads dropped, only for the array as written
(rapcc/analysis/predict.py)."""
from __future__ import annotations

import numpy as np

from rapcc.analysis.arrays import analyze
from rapcc.analysis.predict import predict, row_major
from rapcc.banks import BankModel
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source


def _accesses(src: bytes):
    info, _ = parse_file("v.cu", src, Options(whole_program=True))
    return [(a, x) for a in analyze(info) for x in a.accesses]


def _predict(a, x, vectorize: bool = True, layout=None):
    return predict(x.samples, layout or row_major(a.logical_dims), a.array.elem_bytes, x.access.width, 0,
                   BankModel(), vectorize=vectorize)


ROW_READ = b"""extern "C" __global__ void k(float *o) {
  #pragma rapcc block_dim(16, 16)
  __shared__ float As[16][16];
  As[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < 16; k++) acc += As[threadIdx.y][k];
  o[threadIdx.x] = acc;
}"""


def test_adjacent_trips_of_an_unrolled_loop_become_lds128():
    """matmul_tile's `As[ty][k]`: 16 trips, 4 LDS.128 per warp; two addresses,
    each broadcast to a half-warp, take 2 wavefronts (ncu on an H200)."""
    (a, store), (_, read) = _accesses(ROW_READ)
    assert read.samples.unrolled == 1 and read.samples.reloads
    p = _predict(a, read)
    assert p.executions == 8 * 4 and p.wavefronts == 2.0
    scalar = _predict(a, read, vectorize=False)
    assert scalar.executions == 8 * 16 and scalar.wavefronts == 1.0


def test_a_layout_that_breaks_alignment_keeps_scalar_loads():
    """Padding the row by one word: `As[ty][k..k+3]` is adjacent but no longer
    16-byte aligned for odd rows, so no warp gets a vector load."""
    (a, _), (_, read) = _accesses(ROW_READ)

    def padded(idx):
        return np.asarray(idx[0]) * 17 + np.asarray(idx[1])

    p = _predict(a, read, layout=padded)
    assert p.executions == 8 * 16


def test_repeated_loads_of_unrolled_loops_are_loaded_once_then_fused():
    """stencil_rowptr's `row[4 * tx + j + d]` over j < 4, d < 3: six distinct
    words per lane, three LDS.64 (ncu: 72 loads per block of 8 warps)."""
    src = b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(32, 8)
      __shared__ float tile[10][130];
      for (int p = threadIdx.y * 32 + threadIdx.x; p < 1300; p += 256) tile[p / 130][p % 130] = 1.0f;
      __syncthreads();
      float acc = 0.0f;
      for (int k = 0; k < 3; k++) {
        const float *row = tile[threadIdx.y + k];
        for (int j = 0; j < 4; j++)
          for (int d = 0; d < 3; d++)
            acc += row[4 * threadIdx.x + j + d];
      }
      o[threadIdx.x] = acc;
    }"""
    (a, _), (_, read) = _accesses(src)
    assert read.samples.unrolled == 3
    assert _predict(a, read).executions == 8 * 3 * 3


def test_stores_next_to_shared_loads_stay_scalar():
    """dct8x8's `s[ty][tx][u] = acc` after loads of another shared array in the
    same unrolled loop: ptxas keeps the stores apart (32 STS, no STS.128)."""
    src = b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(8, 32)
      __shared__ float s[32][8][8];
      __shared__ float c[8][8];
      if (threadIdx.y == 0) for (int u = 0; u < 8; u++) c[u][threadIdx.x] = 1.0f;
      __syncthreads();
      for (int u = 0; u < 8; u++) s[threadIdx.y][threadIdx.x][u] = c[u][0] * 2.0f;
      __syncthreads();
      o[threadIdx.x] = s[threadIdx.y][threadIdx.x][0];
    }"""
    accesses = _accesses(src)
    store = next((a, x) for a, x in accesses if a.array.name == "s" and x.access.kind == "store")
    assert store[1].samples.unrolled == 0
    copy = b"""extern "C" __global__ void k(float *o, const float *in) {
      #pragma rapcc block_dim(32)
      __shared__ float t[32 * 32];
      for (int r = 0; r < 32; r++) t[threadIdx.x * 32 + r] = in[threadIdx.x * 32 + r];
      __syncthreads();
      o[threadIdx.x] = t[threadIdx.x];
    }"""
    (a, fill), _ = _accesses(copy)
    p = _predict(a, fill)
    assert p.executions == 8 and p.wavefronts == 32.0  # helper_clones: 8 STS.128, 32 wavefronts each (ncu)


def test_the_planner_charges_a_rewrite_for_the_vector_loads_it_loses():
    """The unchanged array is costed with its LDS.128; every rewrite without them."""
    launched = ROW_READ + b"\nvoid launch(float *o) { k<<<1, dim3(16, 16)>>>(o); }\n"  # no dynamic shared memory
    res = rewrite_source(launched, "v.cu", Options(whole_program=True, strategy="pad"))
    (plan,) = res.plans
    base = plan.candidates[0]
    assert base.mapping.strategy == "none"
    read = [p for x, p in zip(plan.analysis.accesses, base.predictions) if x.access.kind == "load"][0]
    assert read.executions == 32
    after = [p for x, p in zip(plan.analysis.accesses, plan.after) if x.access.kind == "load"][0]
    assert after.executions == 128


def _fusable_one_group_at_a_time(groups, run, addr, active, width, vec) -> bool:
    """The rule group by group, as `_fusable` stated it before it was batched."""
    for g in groups.values():
        present = [t in g for t in run]
        if not any(present):
            continue
        if not all(present):
            return False
        rows = [g[t] for t in run]
        lanes = active[rows[0]]
        if not lanes.any() or addr[rows[0]][lanes].min() < 0 or (addr[rows[0]][lanes] % vec).any():
            return False
        for j, r in enumerate(rows):
            if not np.array_equal(active[r], lanes) or \
                    not np.array_equal(addr[r][lanes], addr[rows[0]][lanes] + j * width):
                return False
    return True


def test_batched_fusable_decides_as_group_by_group():
    from rapcc.analysis.vectorize import _fusable
    rng = np.random.default_rng(7)
    outcomes = set()
    for case in range(3000):
        lanes, width = int(rng.choice([1, 4, 32])), int(rng.choice([4, 8]))
        vec, k = int(rng.choice([8, 16])), int(rng.integers(2, 5))
        n_groups, n_trips = int(rng.integers(1, 6)), k + int(rng.integers(0, 3))
        base = rng.integers(-1, 8, size=(n_groups, 1)) * vec + rng.choice([0, 0, 0, width], size=(n_groups, 1))
        addr, active, groups = [], [], {}
        for g in range(n_groups):
            mask = rng.random(lanes) < (1.0 if rng.random() < 0.7 else 0.5)
            rows = {}
            for t in range(n_trips):
                if rng.random() < 0.1 and t > 0:
                    continue  # a trip this group does not run
                a = base[g] + np.arange(lanes) * 0 + t * width
                if rng.random() < 0.1:
                    a = a + rng.integers(-2, 3, size=lanes)  # off by a little on some lanes
                m = mask if rng.random() < 0.9 else rng.random(lanes) < 0.5
                rows[(t,)] = len(addr)
                addr.append(a)
                active.append(m)
            groups[g] = rows
        addr_a, active_a = np.asarray(addr, dtype=np.int64), np.asarray(active, dtype=bool)
        run = [(t,) for t in range(k)]
        want = _fusable_one_group_at_a_time(groups, run, addr_a, active_a, width, vec)
        assert _fusable(groups, run, addr_a, active_a, width, vec) == want, case
        outcomes.add(want)
    assert outcomes == {True, False}  # both answers were exercised


def _constant_one_row_at_a_time(groups, addr, active) -> bool:
    """The rule row by row, as `_constant` stated it before it was batched."""
    words = {}
    for rows in groups.values():
        for t, r in rows.items():
            lanes = addr[r][active[r]]
            if lanes.size == 0:
                continue
            if (lanes != lanes[0]).any() or words.setdefault(t, int(lanes[0])) != int(lanes[0]):
                return False
    return bool(words)


def test_batched_constant_decides_as_row_by_row():
    from rapcc.analysis.vectorize import _constant
    rng = np.random.default_rng(11)
    outcomes = set()
    for case in range(3000):
        lanes, n_groups, n_trips = int(rng.choice([1, 4, 32])), int(rng.integers(0, 5)), int(rng.integers(1, 5))
        words = rng.integers(0, 4, size=n_trips)
        addr, active, groups = [], [], {}
        for g in range(n_groups):
            rows = {}
            for t in range(n_trips):
                if rng.random() < 0.2:
                    continue
                a = np.full(lanes, words[t]) + (rng.integers(0, 2, size=lanes) if rng.random() < 0.15 else 0)
                if rng.random() < 0.1:
                    a = a + 1  # another word in this group
                rows[(t,)] = len(addr)
                addr.append(a)
                active.append(rng.random(lanes) < (1.0 if rng.random() < 0.7 else 0.3))
            groups[g] = rows
        addr_a = np.asarray(addr, dtype=np.int64).reshape(len(addr), lanes)
        active_a = np.asarray(active, dtype=bool).reshape(len(active), lanes)
        want = _constant_one_row_at_a_time(groups, addr_a, active_a)
        assert _constant(groups, addr_a, active_a) == want, case
        outcomes.add(want)
    assert outcomes == {True, False}


def test_windows_decide_as_fusable_on_each_window(monkeypatch):
    """`_fusable_windows` (all windows of the walk at once, in one chunk or
    in chunks of one window) against `_fusable` per window."""
    from rapcc.analysis import vectorize
    from rapcc.analysis.vectorize import _fusable, _fusable_windows, _table
    rng = np.random.default_rng(13)
    outcomes = set()
    for case in range(400):
        lanes, width = int(rng.choice([1, 4, 32])), int(rng.choice([4, 8]))
        vec = int(rng.choice([8, 16]))
        n_groups, n_trips = int(rng.integers(1, 5)), int(rng.integers(1, 12))
        addr, active, groups = [], [], {}
        for g in range(n_groups):
            base = int(rng.integers(-1, 4)) * vec + int(rng.choice([0, 0, 0, width]))
            mask = rng.random(lanes) < (1.0 if rng.random() < 0.7 else 0.5)
            rows = {}
            for t in range(n_trips):
                if rng.random() < 0.1:
                    continue  # a trip this group does not run
                a = base + np.zeros(lanes, dtype=np.int64) + t * width
                if rng.random() < 0.1:
                    a = a + rng.integers(-2, 3, size=lanes)
                rows[(t,)] = len(addr)
                addr.append(a)
                active.append(mask if rng.random() < 0.9 else rng.random(lanes) < 0.5)
            groups[g] = rows
        addr_a = np.asarray(addr, dtype=np.int64).reshape(len(addr), lanes)
        active_a = np.asarray(active, dtype=bool).reshape(len(active), lanes)
        order = [(t,) for t in rng.permutation(n_trips).tolist()]
        table = _table(groups, order)
        k = vec // width
        monkeypatch.setattr(vectorize, "_WINDOW_CHUNK", 1 if case % 2 else 1 << 20)
        got = _fusable_windows(table, k, addr_a, active_a, width, vec)
        want = [k >= 2 and p + k <= len(order) and _fusable(groups, order[p:p + k], addr_a, active_a, width, vec)
                for p in range(len(order))]
        assert got.tolist() == want, case
        outcomes.update(want)
    assert outcomes == {True, False}
