"""What benchmarks/corpus.py counts as fully analysed."""
from __future__ import annotations

import sys
from pathlib import Path

from rapcc.pipeline import Options, rewrite_source

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.corpus import fully_analysed  # noqa: E402


def _plans(src: bytes):
    return {p.analysis.array.name: p for p in rewrite_source(src, "k.cu", Options()).plans}


def test_access_that_never_runs_under_the_shape_is_analysed():
    """srad's `if (ty == BLOCK_SIZE - 1)` halo store on a 16x16 block: no lane
    reaches it under 15x15, which rapcc says; the array is still fully known."""
    plans = _plans(b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(8, 8)
      __shared__ float s[16][16];
      s[threadIdx.y][threadIdx.x] = 1.0f;
      if (threadIdx.y == 15) s[threadIdx.y][threadIdx.x] = 2.0f;
      __syncthreads();
      o[0] = s[threadIdx.x][threadIdx.y];
    }""")
    p = plans["s"]
    assert any(b is None for b in p.before)
    assert fully_analysed(p)


def test_unused_array_is_analysed_and_an_escaping_one_is_not():
    plans = _plans(b"""__device__ void sink(float *);
    extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(32)
      __shared__ float unused[64];
      __shared__ float passed[64];
      sink(passed);
      o[0] = 1.0f;
    }""")
    assert fully_analysed(plans["unused"])
    assert not fully_analysed(plans["passed"])


def test_access_with_data_indices_is_analysed_as_drawn_data():
    """`v` is built from loaded data in a loop of data trips: each lane's value set is
    data (lane_params.py), drawn from (lane_draws.py), so the read is predicted under
    uniform data, as a histogram's is."""
    plans = _plans(b"""extern "C" __global__ void k(float *o, int *idx) {
      #pragma rapcc block_dim(32)
      __shared__ float s[64];
      int v = 0;
      for (int i = 0; i < idx[0]; i++) v = v * 3 + idx[i];
      s[threadIdx.x] = 0.0f;
      o[0] = s[v * threadIdx.x];
    }""")
    assert fully_analysed(plans["s"])
    read = next(x for x in plans["s"].analysis.accesses if x.access.kind == "load")
    assert read.samples.unknown is None and read.samples.expected
