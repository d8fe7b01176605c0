"""The range prover (rapcc/analysis/ranges.py): subscripts bounded over every lane and trip."""
from __future__ import annotations

from pathlib import Path

import pytest

from rapcc.analysis.arrays import analyze
from rapcc.frontend import parse_file
from rapcc.pipeline import Options
from rapcc.analysis.ranges import Interval, prove_ranges
from rapcc.analysis.warps import BlockShape


def _proofs(body: str, block: str = "32, 8", dims: str = "[32][32]", params: str = "const float *in, float *out"):
    src = (f"__global__ void k({params}) {{\n#pragma rapcc block_dim({block})\n"
           f"  __shared__ float tile{dims};\n  int tx = threadIdx.x, ty = threadIdx.y;\n{body}\n}}\n").encode()
    info, _ = parse_file("k.cu", src, Options())
    (a,) = analyze(info)
    return a


def test_flat_walk_is_out_of_its_row() -> None:
    a = _proofs("  for (int f = ty * 32 + tx; f < 1024; f += 256) out[f] = tile[0][f];")
    x, why = a.out_of_range()
    assert x.proof.method == "enumerated"
    assert why == "'tile[0][f]' reaches column 1023 of 32"


def test_late_trips_are_walked_past_the_replay_cap() -> None:
    a = _proofs("  float acc = 0;\n  for (int k = 0; k < 160; k++) { if (k >= 128) acc += tile[0][(k - 128) * 32 + tx]; }\n"
                "  out[tx] = acc;")
    assert a.out_of_range() is not None
    assert "reaches column 1023 of 32" in a.out_of_range()[1]


def test_in_range_transpose_is_proved() -> None:
    a = _proofs("  for (int i = 0; i < 32; i += 8) tile[ty + i][tx] = in[tx];\n"
                "  for (int i = 0; i < 32; i += 8) out[tx] = tile[tx][ty + i];")
    assert a.out_of_range() is None
    assert all(x.proof.ranges[0].hi == 31 for x in a.accesses)


def test_negative_offset_is_out_of_range() -> None:
    a = _proofs("  out[tx] = tile[21][9 - 12];")
    assert a.out_of_range()[1] == "'tile[21][9 - 12]' reaches column -3 of 32"


@pytest.mark.parametrize("index, ok", [
    ("in_b[tx] & 31", True),            # a mask bounds a data-dependent part
    ("in_b[tx] % 32", True),            # so does % of a non-negative value
    ("(unsigned char)in_i[tx] >> 3", True),  # a narrow type: [0, 31]
    ("min(in_i[tx], 31)", False),       # no lower bound: a negative value stays possible
    ("max(min(in_i[tx], 31), 0)", True),  # a clamp on both sides
    ("in_i[tx]", False),                # unbounded
    ("n", False),                       # a kernel parameter: any value
])
def test_data_dependent_subscripts_need_a_bound(index: str, ok: bool) -> None:
    a = _proofs(f"  out[tx] = tile[ty][{index}];", params="const unsigned *in_b, const int *in_i, float *out, int n")
    assert (a.out_of_range() is None) == ok, a.out_of_range()
    assert a.accesses[0].proof.method == "interval"


def test_guard_narrows_the_interval() -> None:
    a = _proofs("  int v = in_i[tx];\n  if (v >= 0 && v < 32) out[tx] = tile[ty][v];",
                params="const int *in_i, float *out")
    assert a.out_of_range() is None


def test_parameter_loop_bound_is_unbounded() -> None:
    a = _proofs("  for (int i = tx; i < n; i += 32) out[i] = tile[ty][i];", params="float *out, int n")
    assert a.out_of_range()[1] == "'tile[ty][i]' reaches column 2147483646 of 32"  # as far as int n allows


def test_a_loop_nothing_reads_is_walked_once() -> None:
    """`for (r < reps)` around a radix-4 stage (FWT): r is read by no subscript,
    so one trip stands for all and the exact walk still covers the stages."""
    a = _proofs("  for (int r = 0; r < reps; r++)\n"
                "    for (int stride = 64; stride >= 1; stride >>= 2) {\n"
                "      int lo = tx & (stride - 1);\n      int i0 = ((tx - lo) << 2) + lo;\n"
                "      out[tx] = tile[0][i0 % 32];\n      out[tx] += tile[ty][(i0 + 3 * stride) / 8]; }",
                params="float *out, int reps")
    assert all(x.proof.method == "enumerated" for x in a.accesses)
    assert a.out_of_range() is None


def test_namespace_constexpr_bounds_a_loop() -> None:
    """`constexpr int TILE = 32;` outside the kernel is a constant, not an unknown."""
    src = (b"namespace t { constexpr int TILE = 32;\n"
           b"__global__ void k(const float *in, float *out) {\n#pragma rapcc block_dim(32, 8)\n"
           b"  __shared__ float tile[TILE][TILE];\n"
           b"  for (int j = 0; j < TILE; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[threadIdx.x];\n"
           b"  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n} }\n")
    info, _ = parse_file("k.cu", src, Options())
    (a,) = analyze(info)
    assert a.out_of_range() is None
    assert a.accesses[0].proof.method == "enumerated"


def test_carried_value_that_steps_the_loop_bounds_the_proof():
    """`for (i = 0; i < 64; i += s) { a[tx + i] ...; s *= 2; }`: `s` is read by
    no subscript but steps `i`, which is; the proof follows it (a carried value
    nothing reads is dropped, this one must not be)."""
    src = b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(32)
      __shared__ float a[96];
      int s = 1;
      for (int i = 0; i < 64; i += s) {
        a[threadIdx.x + i] = 0.0f;
        s *= 2;
      }
      o[threadIdx.x] = a[threadIdx.x];
    }"""
    info, _ = parse_file("k.cu", src, Options())
    store = next(a for a in info.accesses if a.kind == "store")
    proof = prove_ranges(store, info.vars, BlockShape(32))
    assert proof.method == "enumerated" and proof.ranges[0] == Interval(0, 63 + 31)


def test_counter_carried_from_a_non_negative_start_stays_non_negative_in_intervals():
    """`iStage` counts up from a block-uniform value that is never negative; with
    `n` unknown the proof falls back to intervals, which keep its lower bound,
    so `iStage % 4` is a stage of the 4."""
    src = b"""extern "C" __global__ void k(float *o, int n) {
      #pragma rapcc block_dim(32)
      __shared__ float s[4][32];
      for (int a = 0, iStage = 0; a < n; a += 8) {
        for (; iStage < a / 8 + 2; ++iStage)
          s[iStage % 4][threadIdx.x] = o[a];
      }
      o[threadIdx.x] = s[0][threadIdx.x];
    }"""
    info, _ = parse_file("k.cu", src, Options())
    store = next(a for a in info.accesses if a.kind == "store")
    proof = prove_ranges(store, info.vars, BlockShape(32))
    assert proof.method == "interval" and proof.violation((4, 32)) is None
