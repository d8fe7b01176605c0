"""The lane domain (analysis/lane_domain.py): the sound IR run per thread with
concrete trips, its accesses aligned into warp requests and scored by the
bank model."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from rapcc.analysis.lane_draws import DRAW_ROUNDS
from rapcc.analysis.lane_domain import (LaneFailure, LaneSite, block_lanes, block_requests, pooled, run_lane)
from rapcc.analysis.soundness import _dims
from rapcc.analysis.warptable import WarpInstance
from rapcc.banks import DEFAULT_BANKS
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

HEAD = "__global__ void k(float *out, const int *in, int n, int len) {\n"


def _parse(tmp_path: Path, body: str):
    src = HEAD + body + "}\n"
    path = tmp_path / "k.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    return src, info


def _lanes(tmp_path: Path, body: str, shape: tuple[int, int, int], params: dict[str, int] | None = None):
    """(source, the block's traces, its sites by the source text of their access)."""
    src, info = _parse(tmp_path, body)
    program = info.sound()
    functions = {f.key: f for f in program.functions}
    fn = next(f for f in program.functions if f.is_kernel)
    dims = _dims(program, functions, {}, {a.key for a in program.arrays})
    elem = {a.key: a.elem_bytes for a in program.arrays}
    traces = [run_lane(functions, fn, {}, dims, elem, shape, lane, None, params) for lane in block_lanes(shape)]
    sites = block_requests(traces)
    text = src.encode()
    return traces, {text[st:e].decode(): site for (_, st, e), site in sites.items()}


def _wavefronts(site: LaneSite, row: int) -> list[int]:
    """Each request's wavefronts for 4-byte elements of rows of `row` words."""
    out = []
    for i in site.instances:
        flat = i.indices[0] * row + i.indices[1] if len(i.indices) == 2 else i.indices[0]
        out.append(DEFAULT_BANKS.wavefronts(flat * 4, i.active, 4))
    return out


TRANSPOSE = """
    __shared__ float tile[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = in[tx];
    __syncthreads();
    out[tx] = tile[tx][ty];
"""


def test_a_transpose_column_read_is_32_way_and_its_row_write_is_1(tmp_path):
    _, sites = _lanes(tmp_path, TRANSPOSE, (32, 8, 1))
    column, row = sites["tile[tx][ty]"], sites["tile[ty][tx]"]
    assert column.unknown is None and len(column.instances) == 8  # one request per warp
    assert _wavefronts(column, 32) == [32] * 8
    assert _wavefronts(row, 32) == [1] * 8
    # Lane 5 of warp 3 (threadIdx (5, 3)) reads tile[5][3].
    assert [int(v[5]) for v in column.instances[3].indices] == [5, 3]


def test_the_padded_twin_reads_its_column_in_one_wavefront(tmp_path):
    _, sites = _lanes(tmp_path, TRANSPOSE.replace("tile[32][32]", "tile[32][33]"), (32, 8, 1))
    assert _wavefronts(sites["tile[tx][ty]"], 33) == [1] * 8


def test_a_stride_2_loop_runs_each_trip_with_its_own_values(tmp_path):
    body = """
    __shared__ float s[128];
    float acc = 0.0f;
    for (int k = 0; k < 8; k += 2)
        acc += s[2 * threadIdx.x + k];
    out[threadIdx.x] = acc;
"""
    traces, sites = _lanes(tmp_path, body, (32, 1, 1))
    site = sites["s[2 * threadIdx.x + k]"]
    assert [i.trips for i in site.instances] == [(0,), (1,), (2,), (3,)]
    assert [int(i.indices[0][3]) for i in site.instances] == [6, 8, 10, 12]  # 2 * 3 + k, k = 0, 2, 4, 6
    assert _wavefronts(site, 1) == [2, 2, 2, 2]  # 64 words over 32 banks
    assert all(i.weight == 1.0 for i in site.instances)
    assert list(traces[0].loops.values()) == [(4, False)]


def _sites_with_dims(tmp_path: Path, body: str, shape: tuple[int, int, int]) -> dict[str, LaneSite]:
    """The block's sites by source text, drawn subscripts wrapped into their arrays' extents."""
    src, info = _parse(tmp_path, body)
    program = info.sound()
    functions = {f.key: f for f in program.functions}
    fn = next(f for f in program.functions if f.is_kernel)
    dims = _dims(program, functions, {}, {a.key for a in program.arrays})
    elem = {a.key: a.elem_bytes for a in program.arrays}
    traces = [run_lane(functions, fn, {}, dims, elem, shape, lane) for lane in block_lanes(shape)]
    text = src.encode()
    return {text[st:e].decode(): site for (_, st, e), site in block_requests(traces, dims=dims).items()}


def test_a_data_dependent_subscript_is_drawn_over_its_value_set_and_its_twin_is_exact(tmp_path):
    body = """
    __shared__ int s[1024];
    s[in[threadIdx.x] & 1023] = 1;
    s[threadIdx.x & 31] = 2;
"""
    _, sites = _lanes(tmp_path, body, (32, 1, 1))
    data = sites["s[in[threadIdx.x] & 1023]"]
    assert data.unknown is None and data.expected == ("subscript 1 over [0, 1023]",)
    # One request a round, rounds until MIN_DRAWN requests (at most DRAW_ROUNDS), standing for one block's.
    assert len(data.instances) == DRAW_ROUNDS and abs(data.executions - 1.0) < 1e-9
    values = np.concatenate([i.indices[0] for i in data.instances])
    assert values.min() >= 0 and values.max() <= 1023 and len(set(values.tolist())) > 256
    # 32 lanes over 32 banks at random, other words: about 3.5 wavefronts (balls in bins), never the twin's 1.
    assert 2.5 <= float(np.mean(_wavefronts(data, 1))) <= 4.5
    twin = sites["s[threadIdx.x & 31]"]
    assert twin.unknown is None and twin.expected == () and _wavefronts(twin, 1) == [1]
    # Deterministic: the same source draws the same values.
    _, again = _lanes(tmp_path, body, (32, 1, 1))
    assert all(np.array_equal(x.indices[0], y.indices[0])
               for x, y in zip(data.instances, again["s[in[threadIdx.x] & 1023]"].instances))


def test_a_masked_and_scaled_draw_keeps_its_stride_and_a_wide_one_wraps_into_the_array(tmp_path):
    """`(v & 7) * 4` is {0, 4, ..., 28}: drawn from the strided set, 8 banks; a draw over
    the hull [0, 28] would spread over 29. An `int` loaded and used whole is wrapped into the array."""
    body = """
    __shared__ int s[64];
    int v = in[threadIdx.x];
    s[(v & 7) * 4] = 1;
    s[v] = 2;
"""
    sites = _sites_with_dims(tmp_path, body, (32, 1, 1))
    scaled = np.concatenate([i.indices[0] for i in sites["s[(v & 7) * 4]"].instances])
    assert set(scaled.tolist()) == set(range(0, 29, 4))
    whole = np.concatenate([i.indices[0] for i in sites["s[v]"].instances])
    assert whole.min() >= 0 and whole.max() < 64


def test_an_access_under_a_branch_on_data_is_not_drawn_and_its_thread_guarded_twin_is(tmp_path):
    body = """
    __shared__ int s[32];
    int v = in[threadIdx.x];
    if (v > 3) s[v & 31] = 1;
    if (threadIdx.x < 16) s[(v >> 5) & 31] = 2;
    int w = v > 3 ? s[(v >> 10) & 31] : 0;
    out[threadIdx.x] = w;
"""
    _, sites = _lanes(tmp_path, body, (32, 1, 1))
    assert sites["s[v & 31]"].unknown is not None and not sites["s[v & 31]"].instances
    assert sites["s[(v >> 10) & 31]"].unknown is not None  # a select on data: its arms are branches too
    twin = sites["s[(v >> 5) & 31]"]
    assert twin.unknown is None and twin.expected
    assert all(int(i.active.sum()) == 16 for i in twin.instances)  # only the guard's lanes, in every round


def test_a_guard_drops_its_lanes_from_the_request(tmp_path):
    body = """
    __shared__ float s[64];
    if (threadIdx.x < 16)
        s[2 * threadIdx.x] = 0.0f;
"""
    _, sites = _lanes(tmp_path, body, (64, 1, 1))
    site = sites["s[2 * threadIdx.x]"]
    assert len(site.instances) == 1  # warp 1 has no lane left: no request
    assert site.instances[0].active.tolist() == [True] * 16 + [False] * 16
    assert _wavefronts(site, 1) == [1]


def test_a_read_in_a_comparison_is_one_access_though_the_guard_narrows_it(tmp_path):
    # `refine` reads the other operand again to narrow `n`: not a second access.
    body = """
    __shared__ int s[32];
    int m = 3;
    if (s[threadIdx.x] < m)
        out[0] = 1.0f;
"""
    traces, sites = _lanes(tmp_path, body, (32, 1, 1))
    assert len(traces[0].events) == 1
    assert len(sites["s[threadIdx.x]"].instances) == 1


def test_a_switch_enters_only_the_case_its_value_selects(tmp_path):
    body = """
    __shared__ float s[32][32];
    switch (threadIdx.y) {
    case 0: s[threadIdx.x][0] = 1.0f; break;
    case 1: s[0][threadIdx.x] = 2.0f; break;
    default: break;
    }
"""
    traces, sites = _lanes(tmp_path, body, (32, 2, 1))
    assert [len(t.events) for t in traces] == [1] * 64
    assert _wavefronts(sites["s[threadIdx.x][0]"], 32) == [32]  # warp 0 only
    assert _wavefronts(sites["s[0][threadIdx.x]"], 32) == [1]  # warp 1 only
    assert sites["s[threadIdx.x][0]"].instances[0].warp == 0


def test_a_switch_on_data_gives_no_trace(tmp_path):
    body = """
    __shared__ float s[32];
    switch (in[0]) { case 0: s[threadIdx.x] = 1.0f; break; default: break; }
"""
    traces, _ = _lanes(tmp_path, body, (32, 1, 1))
    assert traces[0].failed == LaneFailure.SWITCH


def test_a_long_loop_keeps_the_replays_spread_of_trips(tmp_path):
    body = """
    __shared__ float s[32];
    for (int k = 0; k < 128; k++)
        s[threadIdx.x] += 1.0f;
"""
    _, sites = _lanes(tmp_path, body, (32, 1, 1))
    site = sites["s[threadIdx.x]"]
    assert len(site.instances) == 64  # warps.MAX_TRIPS of 128, each standing for two
    assert {i.weight for i in site.instances} == {2.0}
    assert site.executions == 128.0


def test_a_loop_to_an_unknown_bound_is_sampled_and_a_bound_parameter_is_counted(tmp_path):
    body = """
    __shared__ float s[32];
    for (int k = 0; k < len; k++)
        s[threadIdx.x] += 1.0f;
"""
    traces, sites = _lanes(tmp_path, body, (32, 1, 1))
    site = sites["s[threadIdx.x]"]
    assert len(site.instances) == 4 and site.executions == 16.0  # UNKNOWN_TRIPS standing for ASSUMED_TRIPS
    assert list(traces[0].loops.values()) == [(4, True)]
    _, bound = _lanes(tmp_path, body, (32, 1, 1), {"len": 33})
    assert len(bound["s[threadIdx.x]"].instances) == 33 and bound["s[threadIdx.x]"].executions == 33.0


def test_pooled_bindings_stand_for_the_mean_block():
    lanes = np.arange(32, dtype=np.int64)
    one = LaneSite((WarpInstance((lanes,), np.ones(32, dtype=bool), 0, (0,), 1.0),))
    two = LaneSite(tuple(WarpInstance((lanes,), np.ones(32, dtype=bool), 0, (t,), 1.0) for t in range(3)))
    got = pooled([one, two])
    assert len(got.instances) == 4 and got.executions == 2.0  # (1 + 3) / 2
    assert pooled([one, LaneSite((), "data")]).unknown == "data"


def test_break_and_continue_end_their_trips_as_the_thread_does(tmp_path):
    body = """
    __shared__ float s[64];
    for (int k = 0; k < 100; k++) {
        if (k == 1) continue;
        if (k == threadIdx.x / 8 + 3) break;
        s[threadIdx.x + k] = 0.0f;
    }
"""
    traces, sites = _lanes(tmp_path, body, (32, 1, 1))
    site = sites["s[threadIdx.x + k]"]
    assert [i.trips for i in site.instances] == [(0,), (2,), (3,), (4,), (5,)]  # trip 1 continues before it
    # Lanes 0-7 leave at k = 3, lanes 8-15 at 4, ...: each trip has the lanes still in the loop.
    assert [int(i.active.sum()) for i in site.instances] == [32, 32, 24, 16, 8]
    assert [t.loops[next(iter(t.loops))] for t in (traces[0], traces[31])] == [(4, False), (7, False)]


def test_a_shift_past_the_width_runs_as_the_gpu_runs_it_and_a_defined_twin_as_c_says(tmp_path):
    """Parboil's `CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS + (i) >> 8)` shifts
    by 4 + i: past the width the GPU's shr gives 0 (the replay's clamp), so the
    offset pads nothing; the proof still refuses it (run.py, not LaneRun)."""
    body = """
    __shared__ unsigned s[160];
    unsigned ai = 2 * threadIdx.x;
    ai += ai >> 4 + ai >> 8;
    s[ai] = 1;
    unsigned bi = 2 * threadIdx.x;
    bi += bi >> 4;
    s[bi + 1] = 2;
"""
    _, sites = _lanes(tmp_path, body, (64, 1, 1))
    past = sites["s[ai]"]
    assert past.unknown is None and not past.expected
    assert {int(v) for i in past.instances for v in i.indices[0][i.active]} == {2 * t for t in range(64)}
    twin = sites["s[bi + 1]"]
    assert {int(v) for i in twin.instances for v in i.indices[0][i.active]} == \
        {2 * t + (2 * t >> 4) + 1 for t in range(64)}
