"""Cooperative groups in subscripts: `cta.thread_rank()`, a static tile's
`thread_rank()` / `meta_group_rank()` / `size()` are thread indices rapcc
can replay, not data; and a float accumulator carried by a loop is not an
unknown the subscripts depend on."""
from __future__ import annotations

import json

SRC = """#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(double *out)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ double tmp[512];
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    tmp[cta.thread_rank()] = 1.0;
    cg::sync(cta);
    double beta = 0.0;
    for (int i = tile32.size() / 2; i > 0; i >>= 1)
        beta += tmp[tile32.thread_rank() * 16 + i];
    out[threadIdx.x] = beta + tmp[tile32.meta_group_rank() + 8 * 32];
    if (cta.thread_rank() == 0) {
        beta = 0.0;
        for (int i = 0; i < cta.size(); i += tile32.size())
            beta += tmp[i];
        out[0] = beta;
    }
}
"""


def _accesses(run_cli, tmp_path):
    src = tmp_path / "cg.cu"
    src.write_text(SRC)
    code, out, err = run_cli("analyze", str(src), "--format", "json")
    assert code == 0, err
    (arr,) = json.loads(out)["arrays"]
    return {(x["line"], x["col"]): x for x in arr["accesses"]}


def test_group_ranks_are_thread_indices(run_cli, tmp_path):
    acc = _accesses(run_cli, tmp_path)
    assert acc[(9, 5)]["class"] == "linear" and acc[(9, 5)]["wavefronts_before"] == 2.0  # doubles: 2 per warp
    tile = acc[(13, 17)]  # (rank % 32) * 16 doubles, 128 bytes apart: all 32 lanes on one bank pair
    assert tile["class"] == "stride" and tile["stride"] == 16 and tile["wavefronts_before"] == 32.0
    meta = acc[(14, 31)]  # one warp, one element: a broadcast
    assert meta["wavefronts_before"] == meta["ideal_wavefronts"]


def test_float_accumulator_does_not_make_the_subscript_unknown(run_cli, tmp_path):
    acc = _accesses(run_cli, tmp_path)
    last = acc[(18, 21)]
    assert last["prediction"] == "exact" and last["wavefronts_before"] is not None


def test_kernel_reached_only_through_group_ranks_is_assumed_one_dimensional(tmp_path):
    """`cta.thread_rank()` reads threadIdx.y and .z, yet fits any shape alike:
    with no launch in sight the SDK's reduce4 is planned for 1-D blocks (its
    `blockDim.x / 2 > 32` loop runs there), not for 3-D guesses."""
    from rapcc.pipeline import Options, rewrite_source
    src = b"""#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void reduce(float *out) {
    cg::thread_block cta = cg::this_thread_block();
    __shared__ float sdata[512];
    unsigned tid = cta.thread_rank();
    sdata[tid] = out[tid];
    cg::sync(cta);
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = sdata[tid] + sdata[tid + s];
        cg::sync(cta);
    }
    if (tid == 0) out[0] = sdata[0];
}
"""
    (plan,) = rewrite_source(src, str(tmp_path / "r.cu"), Options()).plans
    shapes = (plan.analysis.block,) + plan.analysis.shapes
    assert shapes and all(s.y == 1 and s.z == 1 for s in shapes)
    assert all(b is not None for b in plan.before)  # the tree loop runs for every planned shape
