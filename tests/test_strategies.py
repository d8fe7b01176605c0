"""Every strategy's mappings are in bounds and injective, on random shapes."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from rapcc.analysis.arrays import AccessAnalysis, ArrayAnalysis
from rapcc.analysis.warps import AccessSamples, BlockShape
from rapcc.banks import BankModel
from rapcc.cexpr import compile_helper
from rapcc.ir import SharedArray, SourceRange
from rapcc.strategies import REGISTRY, StrategyContext
from rapcc.verify import check_bijective

R = SourceRange("x.cu", 1, 1, 0, 1)


def _analysis(dims: tuple[int, ...], elem: int, strides: list[int]) -> ArrayAnalysis:
    arr = SharedArray("a@1:1", "a", "k", R, dims, tuple(R for _ in dims), "T", elem, False)
    accesses = tuple(AccessAnalysis(None, AccessSamples((), None), "stride", s) for s in strides)  # type: ignore[arg-type]
    return ArrayAnalysis(arr, BlockShape(256), accesses, ())


def _check(a: ArrayAnalysis, seed: int) -> int:
    ctx = StrategyContext(BankModel(), seed)
    n = 0
    for strat in REGISTRY.values():
        for m in strat.candidates(a, ctx):
            if m.last_index is None:
                assert m.phys_dims[-1] >= m.logical_dims[-1]
                continue
            check_bijective(compile_helper(m.c_source()), m.logical_dims, m.phys_dims[-1], m.description)
            n += 1
    return n


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 64), cols=st.sampled_from([2, 4, 8, 16, 32, 33, 48, 64, 128]),
       elem=st.sampled_from([1, 2, 4, 8, 16]), seed=st.integers(0, 2**31))
def test_2d_mappings_are_bijective(rows, cols, elem, seed):
    _check(_analysis((rows, cols), elem, []), seed)


@settings(max_examples=40, deadline=None)
@given(log_n=st.integers(6, 12), stride=st.sampled_from([2, 4, 8, 32, 64, 3]), elem=st.sampled_from([4, 8]),
       seed=st.integers(0, 2**31))
def test_1d_mappings_are_bijective(log_n, stride, elem, seed):
    assert _check(_analysis((1 << log_n,), elem, [stride]), seed) > 0


@settings(max_examples=20, deadline=None)
@given(d0=st.integers(1, 8), d1=st.integers(1, 16), d2=st.sampled_from([16, 32]), seed=st.integers(0, 1000))
def test_3d_mappings_are_bijective(d0, d1, d2, seed):
    _check(_analysis((d0, d1, d2), 4, []), seed)


def test_rap_is_reproducible_from_seed_and_differs_across_seeds():
    a = _analysis((32, 32), 4, [])
    m1 = REGISTRY["rap"].candidates(a, StrategyContext(BankModel(), 7))[0]
    m2 = REGISTRY["rap"].candidates(a, StrategyContext(BankModel(), 7))[0]
    m3 = REGISTRY["rap"].candidates(a, StrategyContext(BankModel(), 8))[0]
    assert m1 == m2 and m1.last_index != m3.last_index


def test_rap_column_access_is_conflict_free_for_doubles():
    """The shift only needs to permute the 16 rows a half-warp touches (ANCHORS point 4)."""
    a = _analysis((32, 32), 8, [])
    m = REGISTRY["rap"].candidates(a, StrategyContext(BankModel(), 1))[0]
    flat = m.layout()
    rows = np.arange(32)
    addr = flat((rows, np.full(32, 5))) * 8
    assert BankModel().wavefronts(addr, np.ones(32, dtype=bool), 8) == 2


def test_dynamic_mappings_stay_inside_every_allocation():
    from rapcc.verify import check_dynamic
    from rapcc.diagnostics import InternalError
    good = compile_helper("unsigned int f(unsigned int i0, unsigned int n) "
                          "{ return ((i0 | 31u) < n) ? (i0 ^ ((i0 >> 5u) & 31u)) : i0; }")
    check_dynamic(good, 32, "good")
    unguarded = compile_helper("unsigned int f(unsigned int i0, unsigned int n) { return i0 ^ ((i0 >> 5u) & 31u); }")
    try:
        check_dynamic(unguarded, 32, "unguarded")
    except InternalError as exc:
        assert "outside" in str(exc)
    else:
        raise AssertionError("an unguarded swizzle escapes a partial group")


def test_extern_array_gets_a_guarded_swizzle(tmp_path):
    from rapcc.pipeline import Options, rewrite_source
    src = b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(256)
      extern __shared__ float s[];
      s[threadIdx.x * 32] = 1.0f;
      __syncthreads();
      o[threadIdx.x] = s[threadIdx.x * 32 + 1];
    }"""
    r = rewrite_source(src, "k.cu", Options())
    (plan,) = r.plans
    assert plan.mapping.dynamic_group > 0 and all(p.wavefronts == 1.0 for p in plan.after)
    assert b"__rapcc_dynamic_smem_bytes() / 4u" in r.text


def test_two_extern_arrays_alias_and_stay_untouched():
    from rapcc.pipeline import Options, rewrite_source
    src = b"""extern "C" __global__ void k(float *o) {
      #pragma rapcc block_dim(32)
      extern __shared__ float a[];
      extern __shared__ int b[];
      a[threadIdx.x * 32] = 1.0f;
      o[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x * 32];
    }"""
    r = rewrite_source(src, "k.cu", Options())
    assert r.text == src and all("shares its memory" in p.reason for p in r.plans)
