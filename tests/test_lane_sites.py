"""Each access's requests from one block run per kernel, shape and binding
(analysis/lane_sites.py): parameters sampled where the address reads them,
block 1 where block 0 does not run the access, data drawn."""
from __future__ import annotations

from pathlib import Path

from rapcc.analysis.lane_domain import LaneSite
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
