"""A warp's lanes run together (analysis/lane_vector.py): every block's requests
are, request by request, those of its threads run one at a time (lane_domain.run_lane)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rapcc.analysis.lane_domain import LaneFailure, LaneSite, block_lanes, block_requests, run_lane
from rapcc.analysis import intervals as iv
from rapcc.analysis.intervals import SInt
from rapcc.analysis.lane_values import Lanes, Ranges, lanes_value
from rapcc.analysis.lane_vector import run_block, run_group
from rapcc.cint import CType
from rapcc.analysis.soundness import _dims
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

HEAD = "#include <cuda_pipeline.h>\n__global__ void k(float *out, const int *in, int n, int len) {\n"


def _program(tmp_path: Path, body: str):
    src = HEAD + body + "}\n"
    path = tmp_path / "k.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    program = info.sound()
    functions = {f.key: f for f in program.functions}
    fn = next(f for f in program.functions if f.is_kernel)
    dims = _dims(program, functions, {}, {a.key for a in program.arrays})
    elem = {a.key: a.elem_bytes for a in program.arrays}
    return src.encode(), functions, fn, dims, elem


def _both(tmp_path: Path, body: str, shape: tuple[int, int, int], params: dict[str, int] | None = None):
    """(per-thread sites, warp-vector sites, the warp runs' traces), each site by its source text."""
    text, functions, fn, dims, elem = _program(tmp_path, body)
    alone = [run_lane(functions, fn, {}, dims, elem, shape, lane, None, params) for lane in block_lanes(shape)]
    groups = run_block(functions, fn, {}, dims, elem, shape, None, params)

    def named(sites: dict) -> dict[str, LaneSite]:
        return {text[st:e].decode(): site for (_, st, e), site in sites.items()}
    return named(block_requests(alone)), named(block_requests(groups)), groups


def _same(a: LaneSite, b: LaneSite) -> bool:
    if a.unknown != b.unknown or len(a.instances) != len(b.instances):
        return False
    for x, y in zip(a.instances, b.instances):
        if (x.warp, x.trips, x.weight) != (y.warp, y.trips, y.weight) or not np.array_equal(x.active, y.active):
            return False
        if not all(np.array_equal(p[x.active], q[y.active]) for p, q in zip(x.indices, y.indices)):
            return False
    return True


def _assert_same(alone: dict[str, LaneSite], together: dict[str, LaneSite]) -> None:
    assert set(alone) == set(together)
    for name in alone:
        assert _same(alone[name], together[name]), name


DIVERGENT = """
    __shared__ float s[64][33];
    unsigned tid = threadIdx.x;
    int r = 0;
    if (tid & 1) {
        r = tid * 3;
        s[tid % 64][r % 33] = 1.0f;
    } else if (tid & 2) {
        r = -(int)tid;
        s[0][tid] = 2.0f;
    }
    s[tid / 2][(r + 64) % 33] += 1.0f;
    for (int k = 0; k < (int)(tid % 5); k++)
        s[k][tid % 33] = 0.0f;
    if (tid < 40) { for (int k = 0; k < 2; k++) s[tid][k] = 3.0f; }
"""


def test_divergent_code_gives_each_lane_its_own_runs_requests(tmp_path):
    alone, together, groups = _both(tmp_path, DIVERGENT, (64, 1, 1))
    _assert_same(alone, together)
    assert len(together) == 5 and all(x.unknown is None and x.instances for x in together.values())
    # The `if`s of straight code part the warp in place; the loop whose trips differ runs each count's lanes apart.
    assert len(groups) < 64


def test_a_divergent_if_of_straight_code_is_one_run_of_its_block(tmp_path):
    body = """
    __shared__ float s[32][32];
    if (threadIdx.x < 7) s[threadIdx.x][0] = 1.0f; else s[0][threadIdx.x] = 2.0f;
    s[threadIdx.x][threadIdx.x] = 0.0f;
"""
    alone, together, groups = _both(tmp_path, body, (32, 2, 1))
    _assert_same(alone, together)
    assert len(groups) == 1  # both warps at once, never a lane alone
    assert together["s[threadIdx.x][0]"].instances[0].active.sum() == 7


def test_a_switch_on_lane_values_and_a_data_dependent_branch_agree_with_each_lane(tmp_path):
    body = """
    __shared__ int s[32][32];
    switch (threadIdx.x & 3) { case 0: s[threadIdx.x][1] = 1; break; case 2: s[1][threadIdx.x] = 1; break;
                               default: s[threadIdx.x][threadIdx.x] = 1; }
    int v = in[threadIdx.x];
    if (v > threadIdx.x) s[threadIdx.x][2] = 2;
    int w = (v & 7) + threadIdx.x;
    s[threadIdx.x][w & 31] = 3;
"""
    alone, together, _ = _both(tmp_path, body, (32, 1, 1))
    _assert_same(alone, together)
    # Data: drawn from each lane's value set, the same draws alone and together.
    assert together["s[threadIdx.x][w & 31]"].unknown is None and together["s[threadIdx.x][w & 31]"].expected
    assert together["s[threadIdx.x][2]"].unknown is None


def test_c_integer_edges_per_lane_are_each_lanes_values(tmp_path):
    body = """
    __shared__ int s[4096];
    unsigned u = threadIdx.x - 16u;
    int neg = (int)threadIdx.x - 16;
    s[(u >> 20) & 63] = 1;
    s[(neg << 2) & 4095] = 2;
    s[(neg >> 1) & 31] = 3;
    s[(64 / (int)(threadIdx.x & 3 | 1)) & 63] = 4;
    s[((unsigned long long)threadIdx.x - 1ull) & 31ull] = 5;
    s[(unsigned char)(threadIdx.x * 37u)] = 6;
    s[min((int)threadIdx.x, 9) + max(neg, 0) + abs(neg)] = 7;
    s[~threadIdx.x & 31] = 8;
"""
    alone, together, _ = _both(tmp_path, body, (32, 1, 1))
    _assert_same(alone, together)
    # A negative value shifted left is undefined in C: no value in the lanes it is negative in, as alone,
    # so its set there is drawn from (lane_draws.py), alike alone and together.
    assert [k for k, x in together.items() if x.expected] == ["s[(neg << 2) & 4095]"]


def test_a_bound_parameter_and_a_sampled_loop_give_each_lanes_trips(tmp_path):
    body = """
    __shared__ float s[128];
    for (int k = 0; k < len; k++) s[threadIdx.x + k] += 1.0f;
    for (int k = threadIdx.x; k < n; k += 32) s[k & 127] = 0.0f;
"""
    alone, together, _ = _both(tmp_path, body, (64, 1, 1), {"len": 33})
    _assert_same(alone, together)
    assert together["s[threadIdx.x + k]"].executions == 66.0


def test_a_failed_lane_fails_its_group_as_alone(tmp_path):
    body = """
    __shared__ float s[32];
    switch (in[0]) { case 0: s[threadIdx.x] = 1.0f; break; default: break; }
"""
    text, functions, fn, dims, elem = _program(tmp_path, body)
    groups = run_group(functions, fn, {}, dims, elem, (32, 1, 1), list(range(32)))
    assert [g.failed for g in groups] == [LaneFailure.SWITCH]


def test_lanes_hold_one_value_per_lane_and_collapse_when_equal():
    v = lanes_value(np.array([3, 5, 4], dtype=np.int64))
    assert isinstance(v, Lanes) and (v.lo, v.hi) == (3, 5)
    assert lanes_value(np.array([7, 7], dtype=np.int64)).single == 7
    assert v != lanes_value(np.array([3, 4, 5], dtype=np.int64))


def test_a_join_of_lanes_whose_intervals_differ_keeps_each_lanes_interval():
    a = lanes_value(np.array([0, 1], dtype=np.int64))
    assert iv.join(a, a) is a
    joined = iv.join(a, SInt.const(5))  # lane 0: [0, 5], lane 1: [1, 5]
    assert isinstance(joined, Ranges) and joined.each == (SInt(0, 5, 5), SInt(1, 5, 4))
    assert iv.wrap(joined, CType(8, True)) == joined  # inside the type: each lane's as it was
    assert iv.join(joined, joined) is joined


def test_a_divergent_if_around_a_loop_runs_its_parts_in_place(tmp_path):
    body = """
    __shared__ float shadow[16][16];
    int tx = threadIdx.x;
    for (int i = 0; i < 15; i++) {
        if (tx > i) {
            for (int j = 0; j < i; j++) {
                if (j == 3) continue;
                shadow[tx][i] -= shadow[tx][j] * shadow[j][i];
            }
            for (int q = 0; q < 4; q++) { if (q == (tx & 3)) break; shadow[i][tx] = 0.0f; }
        }
        if (tx == i) { for (int j = 0; j < 100; j++) { if (j > tx) break; shadow[j][0] = 1.0f; } }
    }
"""
    alone, together, groups = _both(tmp_path, body, (16, 1, 1))
    _assert_same(alone, together)
    assert len(groups) == 1  # never run again from the start


def test_a_case_inside_an_if_no_lane_takes_is_entered_from_anything_as_alone(tmp_path):
    # Run.exec enters an unreachable statement holding a label or case from "anything":
    # a part's lanes alone, with their own thread indices.
    body = """
    __shared__ float s[32];
    if (threadIdx.x > 40) { switch (threadIdx.x & 1) { case 0: s[threadIdx.x] = 0.0f; break; default: break; } }
    s[threadIdx.x] = 1.0f;
"""
    text, functions, fn, dims, elem = _program(tmp_path, body)
    alone = [run_lane(functions, fn, {}, dims, elem, (32, 1, 1), lane) for lane in block_lanes((32, 1, 1))]
    groups = run_block(functions, fn, {}, dims, elem, (32, 1, 1))
    assert {t.failed for t in alone} == {g.failed for g in groups}


def test_an_if_left_by_a_return_runs_its_parts_from_the_start(tmp_path):
    body = """
    __shared__ float s[32][33];
    if (threadIdx.x >= 20) return;
    s[threadIdx.x][0] = 1.0f;
"""
    alone, together, groups = _both(tmp_path, body, (32, 1, 1))
    _assert_same(alone, together)
    assert sorted(len(g.tids) for g in groups) == [12, 20]


def test_a_shift_past_the_width_is_each_lanes_as_alone(tmp_path):
    body = """
    __shared__ unsigned s[160];
    unsigned ai = 2 * threadIdx.x;
    ai += ai >> 4 + ai >> 8;
    s[ai] = 1;
"""
    alone, together, _ = _both(tmp_path, body, (64, 1, 1))
    _assert_same(alone, together)
    assert together["s[ai]"].unknown is None and together["s[ai]"].instances


def test_a_lane_value_moved_by_an_interval_and_a_global_index_are_each_lanes_as_alone(tmp_path):
    """lane_vector's fast rules (`x + [lo, hi]` per lane, wrapped or not; a
    comparison computed once per distinct lane value; a global index left
    uncomputed; a one-element asynchronous copy at each lane's place) give each
    lane what it gives alone."""
    body = """
    __shared__ int s[4096];
    int v = in[threadIdx.x * n + len];
    unsigned char c = (unsigned char)(threadIdx.x * 9u + (unsigned)(v & 7));
    s[(threadIdx.x + (v & 7)) & 4095] = 1;
    s[((int)threadIdx.x - (v & 15)) & 4095] = 2;
    s[((v & 15) - (int)threadIdx.x) & 4095] = 3;
    s[(threadIdx.x + (unsigned)n) & 31] = 4;
    s[c] = 5;
    unsigned dir = (threadIdx.x & 4) == 0;
    if ((v > 3) == (dir != 0)) s[threadIdx.x] = 6;
    __pipeline_memcpy_async(&s[(threadIdx.x * 33) & 4095], &in[threadIdx.x], sizeof(int));
"""
    alone, together, _ = _both(tmp_path, body, (64, 1, 1))
    _assert_same(alone, together)
    assert together["s[(threadIdx.x + (v & 7)) & 4095]"].expected
    copy = next(site for name, site in together.items() if name.startswith("__pipeline_memcpy_async"))
    assert copy.unknown is None and copy.instances
