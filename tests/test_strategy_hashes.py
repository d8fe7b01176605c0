"""The seed 004 hash strategies (bvxor, bwperm, bwxor): bijective on every
shape, conflict-free where the paper says so, and safe to force on every file."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from conftest import EXAMPLES, GOLDEN, example_rewrites
from rapcc.diagnostics import InternalError
from rapcc.analysis.arrays import AccessAnalysis, ArrayAnalysis
from rapcc.analysis.warps import AccessSamples, BlockShape, WarpInstance
from rapcc.banks import BankModel
from rapcc.cexpr import compile_helper
from rapcc.ir import SharedArray, SourceRange
from rapcc.pipeline import Options, rewrite_source
from rapcc.strategies import REGISTRY, StrategyContext
from rapcc.strategies.hashed import count_ops, hash_domain
from rapcc.verify import check_bijective

HASHES = ("bvxor", "bwperm", "bwxor")
R = SourceRange("x.cu", 1, 1, 0, 1)
CTX = StrategyContext(BankModel(), 1)
SOURCES = sorted(EXAMPLES.glob("*.cu")) + sorted(p for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))


def _analysis(dims: tuple[int, ...], elem: int, patterns: list[list[tuple[int, int, int]]],
              warps: int = 8) -> ArrayAnalysis:
    """An array whose accesses index dimension d of lane l in warp w as
    (a * l + b * w + c) mod dims[d], one (a, b, c) per dimension."""
    arr = SharedArray("a@1:1", "a", "k", R, dims, tuple(R for _ in dims), "T", elem, False)
    lane = np.arange(32, dtype=np.int64)
    accesses = []
    for pattern in patterns:
        instances = tuple(
            WarpInstance(tuple((a * lane + b * w + c) % d for (a, b, c), d in zip(pattern, dims)),
                         np.ones(32, dtype=bool))
            for w in range(warps))
        access = SimpleNamespace(width=elem, offset=0)
        accesses.append(AccessAnalysis(access, AccessSamples(instances, None), "stride", None))  # type: ignore[arg-type]
    return ArrayAnalysis(arr, BlockShape(32 * warps), tuple(accesses), ())


def _check_all(a: ArrayAnalysis) -> int:
    n = 0
    for name in HASHES:
        for m in REGISTRY[name].candidates(a, CTX):
            assert m.strategy == name and m.phys_dims == m.logical_dims
            check_bijective(compile_helper(m.c_source()), m.logical_dims, m.phys_dims[-1], m.description)
            assert m.ops == count_ops(m.last_index) > 0
            n += 1
    return n


coeffs = st.tuples(st.integers(0, 64), st.integers(0, 64), st.integers(0, 7))


@settings(max_examples=60, deadline=None)
@given(log_n=st.integers(3, 13), odd=st.sampled_from([1, 3, 5]), elem=st.sampled_from([1, 2, 4, 8, 16]),
       patterns=st.lists(st.tuples(coeffs), min_size=1, max_size=3))
def test_1d_hash_mappings_are_bijective(log_n, odd, elem, patterns):
    _check_all(_analysis((odd << log_n,), elem, [list(p) for p in patterns]))


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 40), cols=st.sampled_from([2, 4, 8, 16, 32, 48, 64, 128]),
       elem=st.sampled_from([1, 2, 4, 8, 16]), patterns=st.lists(st.tuples(coeffs, coeffs), min_size=1, max_size=3))
def test_2d_hash_mappings_are_bijective(rows, cols, elem, patterns):
    _check_all(_analysis((rows, cols), elem, [list(p) for p in patterns]))


@settings(max_examples=30, deadline=None)
@given(d0=st.integers(1, 6), d1=st.sampled_from([3, 4, 8]), d2=st.sampled_from([8, 16, 32]),
       patterns=st.lists(st.tuples(coeffs, coeffs, coeffs), min_size=1, max_size=2))
def test_3d_hash_mappings_are_bijective(d0, d1, d2, patterns):
    _check_all(_analysis((d0, d1, d2), 4, [list(p) for p in patterns]))


@pytest.mark.parametrize("elem", [4, 8])
def test_column_access_of_a_square_tile_becomes_conflict_free(elem):
    """Transpose: lane l reads tile[l][w]; the XOR hashes put row bits into the bank."""
    a = _analysis((32, 32), elem, [[(1, 0, 0), (0, 1, 0)]])
    ideal = BankModel().ideal(np.ones(32, dtype=bool), elem)
    for name in ("bvxor", "bwxor"):
        m = REGISTRY[name].candidates(a, CTX)[0]
        flat = m.layout()
        rows = np.arange(32)
        addr = flat((rows, np.full(32, 5))) * elem
        assert BankModel().wavefronts(addr, np.ones(32, dtype=bool), elem) == ideal, m.description


def test_sub_word_bits_stay_fixed():
    """2-byte elements: lanes that share a 4-byte word must still share it."""
    a = _analysis((2048,), 2, [[(64, 2, 0)], [(1, 64, 0)]])
    found = 0
    for name in HASHES:
        for m in REGISTRY[name].candidates(a, CTX):
            k = np.arange(2048)
            assert np.array_equal(m.layout()((k,)) & 1, k & 1), m.description
            found += 1
    assert found


def test_bits_above_the_block_pass_through():
    """A 1-D array of 3 * 256 words is hashed per aligned block of 256."""
    a = _analysis((768,), 4, [[(32, 1, 0)]])
    dom = hash_domain(a, BankModel())
    assert dom is not None and dom.n == 8
    k = np.arange(768)
    candidates = REGISTRY["bvxor"].candidates(a, CTX)
    assert candidates
    for m in candidates:
        assert np.array_equal(m.layout()((k,)) >> 8, k >> 8), m.description


def test_no_domain_for_odd_shapes():
    assert hash_domain(_analysis((400,), 4, []), BankModel()) is None  # 400 = 16 * 25: no 32-word block
    assert hash_domain(_analysis((17, 17), 4, []), BankModel()) is None
    assert hash_domain(_analysis((32, 32), 12, []), BankModel()) is None


def test_bvxor_makes_fwt8_conflict_free():
    """Seed 004 §4.2: FWT with stride 8 needs a bit-vector XOR; the §5.1 search finds one."""
    path = GOLDEN / "fwt8.cu"
    result = rewrite_source(path.read_bytes(), str(path), Options(strategy="bvxor"))
    (plan,) = result.plans
    assert plan.mapping.strategy == "bvxor"
    assert all(p is not None and p.wavefronts == 1.0 for p in plan.after)


def _weighted_wavefronts(plan) -> float:
    return sum(p.executions * p.wavefronts for p in plan.after if p is not None)


def test_auto_on_fwt8_is_no_worse_than_without_hashes(monkeypatch):
    path = GOLDEN / "fwt8.cu"
    src = path.read_bytes()
    (with_hashes,) = rewrite_source(src, str(path), Options()).plans
    for name in HASHES:
        monkeypatch.delitem(REGISTRY, name)
    (without,) = rewrite_source(src, str(path), Options()).plans
    assert _weighted_wavefronts(with_hashes) <= _weighted_wavefronts(without)
    assert all(p is not None and p.wavefronts == 1.0 for p in with_hashes.after)


@pytest.mark.parametrize("strategy", HASHES)
def test_forcing_a_hash_on_every_file_verifies(strategy):
    """The verifier runs inside every rewrite: every emitted helper is proved in bounds and injective."""
    rewritten = 0
    for path in SOURCES:
        result = example_rewrites()[strategy][str(path)]
        assert not isinstance(result, InternalError), f"{path.name}: {result}"
        rewritten += sum(p.mapping.strategy == strategy for p in result.plans)  # type: ignore[union-attr]
    assert rewritten > 0


@pytest.mark.parametrize("strategy", HASHES)
def test_hash_rewrites_are_deterministic(strategy):
    path = EXAMPLES / "transpose_16x16.cu"
    first = rewrite_source(path.read_bytes(), str(path), Options(strategy=strategy))
    again = rewrite_source(path.read_bytes(), str(path), Options(strategy=strategy))
    assert first.text == again.text


def test_explain_lists_the_hash_candidates(run_cli, tmp_path):
    code, _, err = run_cli("tests/golden/fwt8.cu", "-o", str(tmp_path / "o.cu"), "--explain=all")
    assert code == 0
    # In words (issue 29), from the hashes' parameters: bvxor k1=0 k2=2, bwxor's MIH features.
    assert "XOR the word address's low bits with its bits from bit 2" in err
    assert "(MIH heuristic)" in err and "[seed 004 §4.4, §5.2.2]" in err


def test_access_sets_once_per_array_are_the_sets_computed_fresh():
    """The strategies share one `access_sets` per array and domain: each call
    gives what a fresh computation gives, also after the caller changed its
    copy, after other arrays pushed it out of the cache, and for a new array
    that reuses a planned one's id."""
    from dataclasses import replace
    from rapcc.strategies import hashed
    rng = np.random.default_rng(23)
    arrays = []
    for _ in range(3 * hashed._SETS_KEPT):
        dims = ((int(rng.choice([32, 64, 128])),) if rng.random() < 0.5
                else (int(rng.choice([8, 16, 32])), int(rng.choice([16, 32, 33]))))
        patterns = [[tuple(int(v) for v in rng.integers(0, 40, size=3)) for _ in dims]
                    for _ in range(int(rng.integers(1, 4)))]
        arrays.append(_analysis(dims, int(rng.choice([4, 8])), patterns, warps=int(rng.integers(1, 6))))
    checked = 0
    for step in range(4 * len(arrays)):
        a = arrays[int(rng.integers(0, len(arrays)))]
        dom = hash_domain(a, CTX.banks)
        if dom is None:
            continue
        for d in (dom, replace(dom, m=dom.m + dom.fixed, fixed=0)):
            got = hashed.access_sets(a, d, CTX.banks)
            assert got == hashed._access_sets(a, d, CTX.banks), step
            got.clear()  # a caller's copy: the next call must not see it
            assert hashed.access_sets(a, d, CTX.banks) == hashed._access_sets(a, d, CTX.banks)
            checked += 1
        assert len(hashed._sets_cache) <= hashed._SETS_KEPT
    assert checked > 50
    # A planned array dropped and another made in its place may get its id.
    a = _analysis((64,), 4, [[(2, 0, 0)]])  # 2-way conflicts: sets of two
    dom = hash_domain(a, CTX.banks)
    hashed.access_sets(a, dom, CTX.banks)
    other = _analysis((64,), 4, [[(4, 0, 1)]])  # 4-way
    assert hashed._access_sets(other, dom, CTX.banks) != hashed._access_sets(a, dom, CTX.banks)
    key = (id(a), dom, CTX.banks)
    hashed._sets_cache[(id(other), dom, CTX.banks)] = hashed._sets_cache.pop(key)  # as if `other` had a's id
    assert hashed.access_sets(other, dom, CTX.banks) == hashed._access_sets(other, dom, CTX.banks)
