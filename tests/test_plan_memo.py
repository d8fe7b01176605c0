"""What the planner remembers by content (issue 20) against the straightforward
computation: each prediction under a mapping (`predict_keyed`) and the
bit-vector XOR search (`searched_mappings`), on the examples and on kernels
that differ only in their names."""
from __future__ import annotations

import numpy as np
import pytest

from rapcc.analysis import predict as predict_module
from rapcc.analysis.arrays import analyze
from rapcc.analysis.predict import predict_keyed, predict_replay, replay
from rapcc.analysis.warps import AccessSamples, WarpInstance
from rapcc.banks import BankModel
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source
from rapcc.strategies import REGISTRY, StrategyContext, identity
from rapcc.strategies.bvxor import BitVectorXorStrategy, search_mappings, searched_mappings
from rapcc.strategies.hashed import access_sets, hash_domain
from conftest import EXAMPLES

B = BankModel()
CTX = StrategyContext(B, 1)
EXAMPLE_NAMES = ("transpose_32x8", "stencil_rowptr", "matmul_tile", "fft_radix2", "histogram256", "dct8x8")

# Two kernels identical but for their names (benchmarks/speed.py's file of many kernels).
TWINS = "".join(f"""
__global__ void transpose_{k}(float *out, const float *in, int n)
{{
    __shared__ float tile_{k}[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile_{k}[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * n + x] = tile_{k}[threadIdx.x][threadIdx.y + j];
}}
""" for k in range(2)) + """
void launch(float *out, const float *in, int n)
{
    transpose_0<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n);
    transpose_1<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n);
}
"""


def _analyses(source: bytes, name: str = "k.cu"):
    info, _ = parse_file(name, source, Options())
    return analyze(info)


def _mappings(a) -> list:
    out = [identity(a.logical_dims)]
    for strategy in REGISTRY.values():
        out.extend(strategy.candidates(a, CTX))
    return out


@pytest.mark.parametrize("example", EXAMPLE_NAMES)
def test_remembered_predictions_equal_fresh_ones(example):
    predict_module._predictions.clear()
    for a in _analyses((EXAMPLES / f"{example}.cu").read_bytes()):
        if not a.logical_dims or a.array.elem_bytes <= 0:
            continue
        for m in _mappings(a):
            for x in a.accesses:
                r = replay(x.samples)
                if r is None:
                    continue
                for vectorize in (True, False):
                    fresh = predict_replay(replay(x.samples), m.layout(), a.array.elem_bytes, x.access.width,
                                           x.access.offset, B, vectorize)
                    for _ in range(2):  # made, then remembered
                        assert predict_keyed(r, m, m.layout, a.array.elem_bytes, x.access.width, x.access.offset,
                                             B, vectorize) == fresh


def _samples(rng: np.random.Generator) -> AccessSamples:
    insts = []
    for warp in range(2):
        for t in range(4):
            idx = rng.integers(0, 64, 32)
            insts.append(WarpInstance((idx // 8, idx % 8), rng.random(32) < 0.8, warp, (t,), float(rng.integers(1, 3))))
    return AccessSamples(tuple(insts), None, unrolled=1, reloads=bool(rng.random() < 0.5))


def _copy(s: AccessSamples, change: str = "") -> AccessSamples:
    """`s` rebuilt from fresh arrays, with one thing changed (or none)."""
    insts = []
    for k, i in enumerate(s.instances):
        idx = tuple(np.array(d) for d in i.indices)
        active, weight = np.array(i.active), i.weight
        if k == 3 and change == "index":
            idx[1][5] = (idx[1][5] + 1) % 8
        if k == 3 and change == "lane":
            active[7] = not active[7]
        if k == 3 and change == "weight":
            weight += 1.0
        insts.append(WarpInstance(idx, active, i.warp, i.trips, weight))
    return AccessSamples(tuple(insts), None, unrolled=s.unrolled,
                         reloads=(not s.reloads) if change == "reloads" else s.reloads)


def test_equal_contents_share_a_key_and_any_difference_does_not():
    rng = np.random.default_rng(11)
    pad = identity((8, 8)).__class__("pad", "pad row 8 -> 9", (8, 8), (8, 9), None, 0)
    xor = identity((8, 8)).__class__("xor", "xor", (8, 8), (8, 8), "(i1 ^ (i0 & 7u))", 2)
    for _ in range(20):
        s = _samples(rng)
        r = replay(s)
        assert replay(_copy(s)).content == r.content
        for change in ("index", "lane", "weight", "reloads"):
            other = replay(_copy(s, change))
            assert other.content != r.content, change
            for m in (identity((8, 8)), pad, xor):
                for width in (4, 8):
                    assert predict_keyed(other, m, m.layout, 4, width, 0, B) == \
                        predict_replay(other, m.layout(), 4, width, 0, B)
                    assert predict_keyed(r, m, m.layout, 4, width, 0, B) == \
                        predict_replay(r, m.layout(), 4, width, 0, B)


def test_remembered_predictions_stay_bounded_in_entries_and_bytes():
    rng = np.random.default_rng(3)
    m = identity((8, 8))
    r = replay(_samples(rng))
    size = sum(len(data) for _, _, data in r.content[0])
    memo = predict_module.PredictionMemo(entries=50, content_bytes=1 << 30)
    for k in range(60):
        memo.put((r.content, m, 4, 4, k, B, True), predict_replay(r, m.layout(), 4, 4, k, B), size)
    assert len(memo) == 50 and memo.held_bytes() == 50 * size
    assert memo.get((r.content, m, 4, 4, 9, B, True)) is None  # the oldest went first
    assert memo.get((r.content, m, 4, 4, 10, B, True)) == predict_replay(r, m.layout(), 4, 4, 10, B)
    small = predict_module.PredictionMemo(entries=1000, content_bytes=3 * size)
    for k in range(10):
        small.put((r.content, m, 4, 4, k, B, True), predict_replay(r, m.layout(), 4, 4, k, B), size)
    assert len(small) == 3 and small.held_bytes() == 3 * size
    small.put((r.content, m, 4, 4, 9, B, True), predict_replay(r, m.layout(), 4, 4, 9, B), size)  # again
    assert len(small) == 3 and small.held_bytes() == 3 * size
    small.clear()
    assert len(small) == 0 and small.held_bytes() == 0


def test_predict_keyed_fills_the_shared_memo():
    predict_module._predictions.clear()
    r = replay(_samples(np.random.default_rng(5)))
    m = identity((8, 8))
    made = []
    layout = lambda: made.append(1) or m.layout()  # noqa: E731
    first = predict_keyed(r, m, layout, 4, 4, 0, B)
    again = predict_keyed(r, m, layout, 4, 4, 0, B)
    assert first == again == predict_replay(r, m.layout(), 4, 4, 0, B)
    assert len(made) == 1 and len(predict_module._predictions) == 1


@pytest.mark.parametrize("example", EXAMPLE_NAMES)
def test_searched_bvxor_mappings_equal_a_fresh_search(example):
    for a in _analyses((EXAMPLES / f"{example}.cu").read_bytes()):
        dom = hash_domain(a, B)
        sets = access_sets(a, dom, B) if dom is not None else []
        got = BitVectorXorStrategy().candidates(a, CTX)
        if not sets:
            assert got == []
            continue
        assert got == list(search_mappings(tuple(tuple(s) for s in sets), dom, "bvxor"))
        assert got == BitVectorXorStrategy().candidates(a, CTX)  # remembered


def test_twin_kernels_search_once_and_plan_alike():
    first, second = _analyses(TWINS.encode())
    assert (first.array.name, second.array.name) == ("tile_0", "tile_1")
    searched_mappings.cache_clear()
    one = BitVectorXorStrategy().candidates(first, CTX)
    two = BitVectorXorStrategy().candidates(second, CTX)
    assert one and one == two
    info = searched_mappings.cache_info()
    assert (info.misses, info.hits) == (1, 1)


def test_rewrite_with_remembered_planning_equals_a_cold_one():
    """The whole pass: warm caches (the second run) write what cold ones do."""
    source = TWINS.encode()
    predict_module._predictions.clear()
    searched_mappings.cache_clear()
    cold = rewrite_source(source, "twins.cu", Options())
    warm = rewrite_source(source, "twins.cu", Options())
    assert cold.changed
    assert warm.text == cold.text
    assert [d.format() for d in warm.diagnostics] == [d.format() for d in cold.diagnostics]
    assert [p.reason for p in warm.plans] == [p.reason for p in cold.plans]
