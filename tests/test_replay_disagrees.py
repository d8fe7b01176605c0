"""A `switch` whose `case` breaks out before an index moves past its row: the
prediction runs the sound program (the lane domain), so it reads the `switch`
as the proof does and the array is rewritten like its twin without the
`switch` (planner.BlockKind.REPLAY_DISAGREES stays for a prediction that
reaches what the proof rules out).

Found by the GPU fuzz campaign of 2026-11-27 (family `switch_break`): the
collector's replay walked past the `break`, so its lane read column 18 of 16,
where the proof (and the GPU) never go; the verifier used to stop the whole
file with an internal error, then the array was kept."""
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
def test_a_switch_the_prediction_reads_as_the_proof_does_is_rewritten(strategy: str) -> None:
    r = rewrite_source(KERNEL.replace("/*CASE*/", SWITCH).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    plan = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert plan.rewritten and plan.blocked is None, plan.reason
    # No lane reads past column 15: the prediction stays inside the proof's ranges.
    read = next(x for x in plan.analysis.accesses if x.access.text == "tile[r][f]")
    assert read.samples.unknown is None and read.samples.instances
    assert all(int(i.indices[1][i.active].max()) < 16 for i in read.samples.instances if i.active.any())


@pytest.mark.parametrize("strategy", ["auto", "pad", "xor"])
def test_its_twin_the_replay_reads_alike_is_rewritten(strategy: str) -> None:
    r = rewrite_source(KERNEL.replace("/*CASE*/", PLAIN).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    plan = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert plan.rewritten and plan.blocked is None, plan.reason
