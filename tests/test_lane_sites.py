"""Each access's requests from one block run per kernel, shape and binding
(analysis/lane_sites.py): parameters sampled where the address reads them,
block 1 where block 0 does not run the access, data drawn."""
from __future__ import annotations

from pathlib import Path

from rapcc.analysis.lane_domain import LaneFailure, LaneSite
from rapcc.analysis.lane_sites import LaneBlocks, sampled
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

SRC = """#pragma rapcc block_dim(64, 1, 1)
__global__ void k(const int *in, int n) {
    __shared__ int s[4096];
    s[(threadIdx.x * n) & 4095] = 1;
    s[threadIdx.x] = 2;
    if (blockIdx.x != 0) s[2 * threadIdx.x] = 3;
    s[in[threadIdx.x] & 4095] = 4;
}
"""


def _sites(tmp_path: Path) -> dict[str, LaneSite | None]:
    path = tmp_path / "k.cu"
    path.write_text(SRC)
    info, _ = parse_file(str(path), SRC.encode(), Options())
    blocks = LaneBlocks(info.sound())
    text = SRC.encode()
    out: dict[str, LaneSite | None] = {}
    for a in info.accesses:
        got = sampled(blocks, a.array, (64, 1, 1), (), a, (4096,), 4)
        assert not isinstance(got, Exception) and (got is None or isinstance(got, LaneSite))
        out[text[a.range.start:a.range.end].decode()] = got
    return out


def test_a_parameter_is_sampled_and_varies_its_thread_only_twin_is_one_run(tmp_path):
    sites = _sites(tmp_path)
    param = sites["s[(threadIdx.x * n) & 4095]"]
    assert param is not None and param.bound == ("n",) and param.varies == "n" and param.instances
    plain = sites["s[threadIdx.x]"]
    assert plain is not None and plain.bound == () and plain.varies is None and len(plain.instances) == 2


def test_block_1_runs_what_block_0_skips_and_data_is_drawn(tmp_path):
    sites = _sites(tmp_path)
    skipped = sites["s[2 * threadIdx.x]"]
    assert skipped is not None and skipped.unknown is None and len(skipped.instances) == 2
    data = sites["s[in[threadIdx.x] & 4095]"]
    assert data is not None and data.expected and data.bound == ()


def test_an_access_spelled_by_a_macro_is_matched_inside_its_expansion_and_a_plain_one_exactly(tmp_path):
    src = """#pragma rapcc block_dim(32, 8, 1)
#define AT(a, i, j) a[i][j]
__global__ void k(float *out) {
    __shared__ float t[32][32];
    t[threadIdx.y][threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = AT(t, threadIdx.x, threadIdx.y);
}
"""
    path = tmp_path / "m.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    blocks = LaneBlocks(info.sound())
    found = {src.encode()[a.range.start:a.range.end].decode(): sampled(blocks, a.array, (32, 8, 1), (), a, (32, 32), 4)
             for a in info.accesses}
    macro, plain = found["AT(t, threadIdx.x, threadIdx.y)"], found["t[threadIdx.y][threadIdx.x]"]
    assert isinstance(macro, LaneSite) and isinstance(plain, LaneSite)
    assert [int(v[3]) for v in macro.instances[0].indices] == [3, 0]  # lane 3 of warp 0 reads t[3][0]: the column
    assert [int(v[3]) for v in plain.instances[0].indices] == [0, 3]


def test_a_kernel_past_the_step_budget_under_one_shape_is_not_run_under_another(tmp_path):
    """A block run that passes the budget costs the whole budget; its kernel is then
    unknown under every shape without running again (the same instance, parameters
    and block), while a budget it fits runs every shape."""
    path = tmp_path / "k.cu"
    path.write_text(SRC)
    info, _ = parse_file(str(path), SRC.encode(), Options())
    array = info.accesses[0].array
    tight, roomy = LaneBlocks(info.sound(), block_steps=1), LaneBlocks(info.sound())
    ran: list[tuple[int, int, int]] = []
    for blocks in (tight, roomy):
        real = blocks._run
        blocks._run = lambda fn, b, shape, *rest, real=real: ran.append(shape) or real(fn, b, shape, *rest)
    assert isinstance(tight.sites(array, (64, 1, 1), ()), LaneFailure)
    assert isinstance(tight.sites(array, (32, 2, 1), ()), LaneFailure) and ran == [(64, 1, 1)]
    assert all(isinstance(roomy.sites(array, shape, ()), dict) for shape in ((64, 1, 1), (32, 2, 1)))
    assert ran == [(64, 1, 1), (64, 1, 1), (32, 2, 1)]
