"""Front end: arrays, uses and escapes with exact source ranges."""
from __future__ import annotations

from rapcc.frontend import parse_file
from rapcc.pipeline import Options

SRC = b"""#define IDX(a) (a)
#define N 64
template <int B>
__global__ void k(float *o, int n) {
  #pragma rapcc block_dim(64)
  __shared__ float tile[N / 2][N / 2 + 1];
  __shared__ int h[B];
  extern __shared__ float dyn[];
  __shared__ float2 v[N];
  int tx = threadIdx.x;
  tile[tx % 32][IDX(tx)] = 1.0f;
  atomicAdd(&h[tx], 1);
  tile[0][tx] += dyn[tx] + v[tx].y;
  v[tx].x = 2.0f;
  h[tx]++;
  o[0] = sizeof(h) + *(dyn + 1);
}
"""


def _info():
    info, _ = parse_file("k.cu", SRC, Options())
    return info


def _text(r):
    return SRC[r.start:r.end].decode()


def test_arrays_dims_and_element_sizes():
    arrays = {a.name: a for a in _info().arrays}
    assert arrays["tile"].dims == (32, 33) and arrays["tile"].elem_bytes == 4
    assert arrays["h"].dims == ("B",)
    assert arrays["dyn"].is_extern and arrays["dyn"].dims == ()
    assert arrays["v"].elem_bytes == 8 and arrays["v"].elem_type == "float2"
    assert [_text(r) for r in arrays["tile"].dim_ranges] == ["N / 2", "N / 2 + 1"]


def test_accesses_have_exact_ranges_and_kinds():
    info = _info()
    names = {a.key: a.name for a in info.arrays}
    got = [(names[a.array], a.kind, _text(a.range), [_text(r) for r in a.index_ranges]) for a in info.accesses]
    assert ("tile", "store", "tile[tx % 32][IDX(tx)]", ["tx % 32", "IDX(tx)"]) in got  # macro argument
    assert ("h", "atomic", "h[tx]", ["tx"]) in got
    assert ("tile", "update", "tile[0][tx]", ["0", "tx"]) in got
    assert ("dyn", "load", "dyn[tx]", ["tx"]) in got
    assert ("h", "update", "h[tx]", ["tx"]) in got


def test_member_access_width_and_offset():
    info = _info()
    v = [a for a in info.accesses if a.array.startswith("v@")]
    by_kind = {a.kind: a for a in v}
    assert by_kind["load"].width == 4 and by_kind["load"].offset == 4
    assert by_kind["store"].width == 4 and by_kind["store"].offset == 0


def test_escapes_name_the_use():
    info = _info()
    names = {a.key: a.name for a in info.arrays}
    reasons = {(names[e.array], e.reason) for e in info.escapes}
    assert ("h", "'sizeof' depends on the size of 'h'") in reasons
    assert ("dyn", "'dyn' decays to a pointer") in reasons


def test_block_dim_pragma_and_launch_bounds():
    info = _info()
    assert info.kernels[0].pragma_block_dim == (64, 1, 1)
    src = b"#define T 128\n__global__ void __launch_bounds__(T) f(float *o) { __shared__ float s[T]; s[threadIdx.x] = 0; o[0] = s[0]; }\n"
    info2, _ = parse_file("f.cu", src, Options())
    assert info2.kernels[0].launch_bounds == 128


def test_block_shape_from_launch_sites():
    src = b"""#define BS 16
    __global__ void k(float *o) { __shared__ float t[BS][BS]; t[threadIdx.x][threadIdx.y] = 1; o[0] = t[0][0]; }
    __global__ void k2(float *o) { __shared__ float t[256]; t[threadIdx.x] = 1; o[0] = t[0]; }
    __global__ void k3(float *o) { __shared__ float t[256]; t[threadIdx.x] = 1; o[0] = t[0]; }
    void go(float *o, int n) {
      dim3 threads(BS, BS);
      k<<<dim3(n / BS), threads>>>(o);
      k2<<<1, 256>>>(o);
      dim3 moving(32);
      moving.x = n;
      k3<<<1, moving>>>(o);
    }"""
    info, _ = parse_file("l.cu", src, Options())
    shapes = {k.name: k.launch_block_dims for k in info.kernels}
    assert shapes["k"] == ((16, 16, 1),) and shapes["k2"] == ((256, 1, 1),)
    assert shapes["k3"] == ()  # written after its declaration: not a constant shape


def test_macro_argument_used_several_times_is_rewritten_once(tmp_path):
    from rapcc.pipeline import rewrite_source
    src = b"""#define TWICE(a) ((a) + (a))
    #define SHOW(a) ((a) + (#a)[0])
    extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(32, 8)
      __shared__ float t[32][32];
      __shared__ float u[32][32];
      t[threadIdx.y][threadIdx.x] = 1.0f;
      u[threadIdx.y][threadIdx.x] = 1.0f;
      __syncthreads();
      o[threadIdx.x] = TWICE(t[threadIdx.x][threadIdx.y]);
      o[1] = SHOW(u[threadIdx.x][threadIdx.y]);
    }"""
    r = rewrite_source(src, "m.cu", Options(strategy="xor"))
    plans = {p.analysis.array.name: p for p in r.plans}
    assert plans["t"].rewritten and r.text.count(b"TWICE(__rapcc_t_") == 1
    assert not plans["u"].rewritten and "stringizes" in plans["u"].reason


def test_a_subscript_inside_a_subscript_is_one_access():
    """`s[s2[i]]`: the inner load is recorded once (it was twice, doubling its
    weight in every prediction), also inside the new read-only forms."""
    src = b"""extern "C" __global__ void k(float *o, unsigned *d) {
      __shared__ float s[64];
      __shared__ unsigned s2[64];
      s2[threadIdx.x] = d[threadIdx.x];
      o[0] = s[s2[threadIdx.x]];
      atomicAdd(s + s2[threadIdx.x], 1.0f);
      o[1] = ((float4 *)s)[s2[threadIdx.x] & 15].x;
    }"""
    info, _ = parse_file("k.cu", src, Options())
    inner = [(a.range.line, a.range.col) for a in info.accesses if a.array.startswith("s2@") and a.kind == "load"]
    assert len(inner) == 3 and len(set(inner)) == 3
