"""A template-sized array's extents in the proof (frontend/program.py `_dims`):
libclang lists the extents' expressions innermost first, so `s[N][M]` must be
read as N rows of M, not M rows of N. Read swapped, a walk past the end of a
row of 64 was proved inside a row of 128 and rewritten."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source

KERNEL = """template <int N, int M>
__global__ void k(const float *in, float *out) {
    __shared__ float s[N][M];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < M; j += 8) s[j + ty][tx] = in[(j + ty) * M + tx];  // rows 0..63 of 128
    __syncthreads();
    out[tx * 8 + ty] = /*READ*/;
}
void run(const float *a, float *b) { k<128, 64><<<1, dim3(32, 8)>>>(a, b); }
"""


def _plan(read: str, strategy: str):
    r = rewrite_source(KERNEL.replace("/*READ*/", read).encode(), "k.cu", Options(whole_program=True, strategy=strategy))
    return next(p for p in r.plans if p.analysis.array.name == "s")


@pytest.mark.parametrize("strategy", ["pad", "xor", "auto"])
def test_a_read_past_the_end_of_a_row_is_refused(strategy: str) -> None:
    """`s[tx][64 + ty]` reads the next row's first elements: inside the array, not inside its row."""
    plan = _plan("s[tx][64 + ty]", strategy)
    assert not plan.rewritten and plan.unproved is not None


@pytest.mark.parametrize("strategy", ["pad", "auto"])  # xor does not apply to a template-sized array
def test_its_twin_inside_the_row_is_rewritten(strategy: str) -> None:
    plan = _plan("s[tx][ty]", strategy)
    assert plan.rewritten, plan.reason


def test_a_constant_extent_beside_a_dependent_one() -> None:
    """`s[N / 32][33 - 1]`: 64 rows of 32 for N = 2048 (read as 32 x 32 before, refused)."""
    src = """template <int BLOCK, int N>
__global__ void k(const float *in, float *out) {
    __shared__ float s[N / 32][33 - 1];
    for (int i = threadIdx.x; i < N; i += BLOCK) s[i % (N / 32)][i / (N / 32)] = in[i];
    __syncthreads();
    for (int i = threadIdx.x; i < N; i += BLOCK) out[i] = s[i / 32][i % 32];
}
void run(const float *a, float *b) { k<256, 2048><<<1, 256>>>(a, b); }
"""
    r = rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy="pad"))
    plan = next(p for p in r.plans if p.analysis.array.name == "s")
    assert plan.rewritten and plan.mapping.phys_dims == (64, 33), plan.reason
