"""The lane domain beside the replay (analysis/lane_compare.py): each access classed
as agreeing or by the cause of its difference."""
from __future__ import annotations

from pathlib import Path

from rapcc.analysis.lane_compare import Agreement, compare_file
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

from test_lane_domain import HEAD, TRANSPOSE


def test_the_lanes_agree_with_the_replay_on_a_transpose(tmp_path):
    src = "#pragma rapcc block_dim(32, 8, 1)\n" + HEAD + TRANSPOSE + "}\n"
    path = tmp_path / "t.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    found = compare_file(info)
    assert found is not None and len(found) == 2
    assert [r.agreement for r in found] == [Agreement.AGREE, Agreement.AGREE]
    assert sorted(r.lanes for r in found) == [1.0, 32.0]
    assert [r.same_class for r in found] == [True, True]


def _compared(tmp_path: Path, body: str, pragma: str = "#pragma rapcc block_dim(32, 8, 1)\n"):
    src = pragma + HEAD + body + "}\n"
    path = tmp_path / "c.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    found = compare_file(info)
    assert found is not None
    return {src.encode()[r.access.range.start:r.access.range.end].decode(): r for r in found}


def test_a_data_dependent_access_is_drawn_by_both_alike_and_its_twin_agrees(tmp_path):
    body = """
    __shared__ int hist[256];
    hist[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&hist[in[threadIdx.x] & 255], 1);
"""
    found = _compared(tmp_path, body)
    drawn = found["hist[in[threadIdx.x] & 255]"]
    assert drawn.agreement == Agreement.DRAWN
    assert drawn.replay is not None and drawn.lanes is not None and drawn.lanes > 1.0
    assert abs(drawn.replay - drawn.lanes) <= 0.05 * drawn.replay
    assert found["hist[threadIdx.x]"].agreement == Agreement.AGREE
    assert found["hist[threadIdx.x]"].lanes == 1.0


def test_an_access_under_a_branch_on_data_is_not_drawn_by_the_lanes_and_its_thread_guarded_twin_is(tmp_path):
    """The replay draws the guard too (a lane runs the access with the draw's
    odds); a lane holds the narrowed set in every lane, which would be drawn
    with every lane active: too many conflicts. So it is left unknown."""
    body = """
    __shared__ int hist[256];
    int v = in[threadIdx.x];
    if (v > 1000) atomicAdd(&hist[v & 255], 1);
    if (threadIdx.x < 128) atomicAdd(&hist[(v >> 8) & 255], 1);
"""
    found = _compared(tmp_path, body)
    assert found["hist[v & 255]"].agreement == Agreement.BOTH_DATA
    assert found["hist[(v >> 8) & 255]"].agreement == Agreement.DRAWN


def test_the_lanes_sample_the_parameter_an_address_reads_as_the_replay_does_and_not_one_a_load_reads(tmp_path):
    body = """
    __shared__ int s[4096];
    s[(threadIdx.x * n) & 4095] = 1;
    s[in[threadIdx.x * len] & 4095] = 2;
"""
    found = _compared(tmp_path, body)
    param = found["s[(threadIdx.x * n) & 4095]"]
    assert param.agreement == Agreement.AGREE and param.lane_bound == ("n",)
    assert param.lane_varies  # n = 8 conflicts 8 ways, n = 33 not at all
    data = found["s[in[threadIdx.x * len] & 4095]"]
    assert data.agreement == Agreement.DRAWN and data.lane_bound == ()


def test_an_access_block_0_does_not_run_is_taken_from_block_1_and_its_twin_from_block_0(tmp_path):
    body = """
    __shared__ float s[64][33];
    if (blockIdx.x == 0) s[threadIdx.y][threadIdx.x] = 0.0f;
    else s[threadIdx.x][threadIdx.y] = 1.0f;
"""
    found = _compared(tmp_path, body)
    other = found["s[threadIdx.x][threadIdx.y]"]
    assert other.agreement == Agreement.AGREE and other.lane_requests == other.replay_requests > 0
    assert found["s[threadIdx.y][threadIdx.x]"].agreement == Agreement.AGREE


def test_a_lane_run_that_fails_is_no_agreement(tmp_path):
    body = """
    __shared__ float s[32][33];
    switch (in[0]) { case 0: s[threadIdx.x][0] = 1.0f; break; default: break; }
"""
    found = _compared(tmp_path, body)
    assert [r.agreement for r in found.values()] == [Agreement.LANE_FAILED]
    assert not Agreement.LANE_FAILED.agrees


GOLDEN = Path(__file__).resolve().parent / "golden"


def test_rapccs_own_index_helpers_are_interpreted_where_the_replay_draws(tmp_path):
    # The rewritten reduction calls its emitted map: the replay draws it as data,
    # the lanes run it; the input it was made from agrees access by access.
    def compared(name: str):
        path = GOLDEN / name
        info, _ = parse_file(str(path), path.read_bytes(), Options())
        found = compare_file(info)
        assert found
        return found

    rewritten = compared("reduction.rap.cu")
    assert {r.agreement for r in rewritten} == {Agreement.REPLAY_UNKNOWN}
    assert all(r.lanes is not None and r.replay is None for r in rewritten)
    original = compared("reduction.cu")
    assert {r.agreement for r in original} == {Agreement.AGREE}

    def update(found) -> float | None:
        return next(r.lanes for r in found if r.access.kind == "update")
    # The padding removes the interleaved reduction's conflicts (2s * tid: 2- to 16-way).
    assert update(rewritten) == 1.0 and update(original) == 47 / 12
