"""An array whose prediction replay reaches an index the range proof shows no
thread reaches is kept, not a crash (planner.BlockKind.REPLAY_DISAGREES).

Found by the GPU fuzz campaign of 2026-11-27 (family `switch_break`): the
replay walks past a `break` inside a `case`, so its lane reads column 18 of 16,
where the proof (and the GPU) never go. The verifier used to stop the whole
file with an internal error."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source
from rapcc.planner import BlockKind

KERNEL = """__global__ void k(const int *in, int *out) {
    __shared__ float tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 256; i += 256) tile[i / 16][i % 16] = (float)(in[i] & 1023);
    __syncthreads();
    float acc = tile[tx % 16][ty % 16];
    const int r = 1 + ty % 14;
    int f = tx % 16;
    /*CASE*/
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
void launch(const int *in, int *out) { k<<<2, dim3(32, 8)>>>(in, out); }
"""
SWITCH = """switch (tx & 1) {
    case 0:
        if (f >= 13) break;
        f += 3;
    default:
        acc += tile[r][f];
    }"""
# The twin: the same accesses without the `switch`, which both models read alike.
PLAIN = "if ((tx & 1) == 0 && f < 13) f += 3;\n    if ((tx & 1) != 0 || f < 16) acc += tile[r][f];"


@pytest.mark.parametrize("strategy", ["auto", "pad", "xor"])
def test_a_replay_the_proof_contradicts_keeps_the_array(strategy: str) -> None:
    r = rewrite_source(KERNEL.replace("/*CASE*/", SWITCH).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    plan = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert not plan.rewritten and plan.blocked == BlockKind.REPLAY_DISAGREES, plan.reason
    assert "line 15" in plan.reason


@pytest.mark.parametrize("strategy", ["auto", "pad", "xor"])
def test_its_twin_the_replay_reads_alike_is_rewritten(strategy: str) -> None:
    r = rewrite_source(KERNEL.replace("/*CASE*/", PLAIN).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    plan = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert plan.rewritten and plan.blocked is None, plan.reason
