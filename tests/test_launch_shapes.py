"""Kernels planned under the block shapes their host code launches them with
(issue 19): read from assignments, constants, loops and call sites; unknown
where the shape comes from run-time data, and then never one guess."""
from __future__ import annotations

from rapcc.pipeline import Options, analyze_source, rewrite_source

# A transpose padded by hand, launched with a `dim3` assigned after its
# declaration. Its 8-byte elements are served per half-warp (one row of the
# 16x16 block), so the 17-element rows are conflict-free on 32 banks: a hand
# fix that works. (A `float` tile[16][17] would not: two rows share a warp and
# 17 is 2-way there; rapcc replaces that broken fix, see test_handfix.py.)
HAND_PADDED = b"""__global__ void tr(double *out, const double *in, int n) {
  __shared__ double tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x; y = blockIdx.x * 16 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
void run(double *o, const double *i, int n) {
  dim3 threads;
  dim3 grid(n / 16, n / 16);
  threads = dim3(16, 16);
  tr<<<grid, threads>>>(o, i, n);
}
"""

# One template launched at two sizes: each instance has its own block shape.
TWO_SIZES = b"""template <int B> __global__ void tk(float *out, const float *in) {
  __shared__ float tile[B][B];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * B + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * B + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void run(float *o, const float *i) {
  tk<32><<<1, dim3(32, 32)>>>(o, i);
  tk<16><<<1, dim3(16, 16)>>>(o, i);
}
"""

ONE_D = b"""#include <cstdlib>
__global__ void sc(float *out, const float *in) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 2) % blockDim.x];
}
"""


def _array(result, name: str) -> dict:
    return next(a for a in result.report["arrays"] if a["name"] == name)


def test_assigned_dim3_gives_the_shape_and_a_hand_fix_is_not_padded_again():
    r = rewrite_source(HAND_PADDED, "hp.cu", Options(whole_program=True))
    a = _array(r, "tile")
    assert a["block_dim"] == [16, 16, 1] and a["block_dim_source"] == "launch"
    assert not r.changed and r.text == HAND_PADDED
    assert not any(d.check_id == "rapcc-block-dim" for d in r.diagnostics)


def test_template_instances_are_planned_under_their_own_launch_shapes():
    r = rewrite_source(TWO_SIZES, "two.cu", Options(whole_program=True))
    plan = r.plans[0]
    assert plan.rewritten, plan.reason
    assert "tile[B][B + 1]" in r.text.decode()
    placed = {(s.block.x, s.block.y): [i.template_arguments[0][1] for i in s.instances] for s in plan.analysis.per_shape}
    assert placed == {(32, 32): [32], (16, 16): [16]}
    assert "B=32; B=16" in plan.reason


def test_a_shape_from_argv_is_unknown_and_planned_over_the_plausible_set():
    src = ONE_D + b"int main(int argc, char **argv) { int b = atoi(argv[1]); sc<<<1, b>>>(0, 0); }\n"
    r = analyze_source(src, "argv.cu", Options(whole_program=True))
    a = _array(r, "s")
    assert a["block_dim_source"] == "assumed" and len(a["block_dims"]) > 1
    assert any("atoi" in u for u in a["block_dims_unknown"])
    note = next(d for d in r.diagnostics if d.check_id == "rapcc-block-dim")
    assert "unknown" in note.message and "atoi" in note.message


def test_a_const_local_through_an_integer_local_is_read():
    src = ONE_D + b"void run() { const int block = 256; int half = block / 2; sc<<<1, half>>>(0, 0); }\n"
    a = _array(analyze_source(src, "const.cu", Options(whole_program=True)), "s")
    assert a["block_dims"] == [[128, 1, 1]] and a["block_dim_source"] == "launch"


def test_a_loop_over_sizes_gives_the_set_of_shapes():
    src = ONE_D + b"void run() { for (int b = 32; b <= 256; b *= 2) sc<<<1, b>>>(0, 0); }\n"
    a = _array(analyze_source(src, "loop.cu", Options(whole_program=True)), "s")
    assert sorted(a["block_dims"]) == [[32, 1, 1], [64, 1, 1], [128, 1, 1], [256, 1, 1]]
    assert a["block_dim_source"] == "launches" and a["block_dims_unknown"] == []


# gemv's pattern (HeCBench): the block is `dim3(x, y)` from the command line,
# and the subscripts suggest one shape (16 sums per row, 64 rows).
GEMV = b"""#include <cstdlib>
__global__ void gemv(float *res, const float *mat, int n) {
  __shared__ float sums[64][16];
  sums[threadIdx.y][threadIdx.x] = mat[(blockIdx.y * blockDim.y + threadIdx.y) * n + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) res[threadIdx.y] = sums[threadIdx.y][0] + sums[threadIdx.y][15];
}
int main(int argc, char **argv) {
  int bx = atoi(argv[1]), by = atoi(argv[2]);
  dim3 block(bx, by);
  gemv<<<dim3(1, 64), block>>>(0, 0, 64);
}
"""


def test_a_shape_from_argv_with_one_hinted_shape_is_planned_over_a_set():
    r = rewrite_source(GEMV, "gemv.cu", Options(whole_program=True))
    a = _array(r, "sums")
    assert a["block_dim_source"] == "inferred" and a["block_dim"] == [16, 64, 1]
    # Never one guess: the hint and the plausible shapes around it, each one the code allows.
    assert len(a["block_dims"]) >= 2 and [16, 32, 1] in a["block_dims"]
    assert any("atoi" in u for u in a["block_dims_unknown"])
    note = next(d for d in r.diagnostics if d.check_id == "rapcc-block-dim")
    assert "unknown" in note.message and "planned for 16x64, 16x32" in note.message and "guessed from its subscripts" in note.message
    plan = next(p for p in r.plans if p.analysis.array.name == "sums")
    assert len(plan.analysis.per_shape) == len(a["block_dims"])
    assert not plan.rewritten or plan.reason.startswith("robust over ")


# gemv's layout: the kernel in a header its unit #includes, launched there with
# a block from the command line, and with a known block by the same unit.
KERNEL_H = b"""__global__ void kh(float *o) {
  __shared__ float s[256];
  s[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = s[255 - threadIdx.x];
}
"""
UNIT_CU = b"""#include <cstdlib>
#include "kernel.h"
int main(int argc, char **argv) { kh<<<1, atoi(argv[1])>>>(0); kh<<<1, 128>>>(0); }
"""


def test_a_unit_launch_of_unknown_shape_makes_the_included_kernel_unknown(tmp_path):
    (tmp_path / "kernel.h").write_bytes(KERNEL_H)
    (tmp_path / "main.cu").write_bytes(UNIT_CU)
    r = analyze_source(KERNEL_H, str(tmp_path / "kernel.h"), Options(whole_program=True, unit=str(tmp_path / "main.cu")))
    a = _array(r, "s")
    assert a["block_dim_source"] != "launch" and [128, 1, 1] in a["block_dims"] and len(a["block_dims"]) > 1
    assert any(u.startswith("in 'main.cu', line 3:") and "atoi" in u for u in a["block_dims_unknown"])
