"""The planner's shared and batched work (issue 20) against the straightforward
computation: one `Replay` of an access's samples for every candidate layout,
reloads found in one pass, `wavefronts_batch` against the per-instruction
model, the warps classified together, and the §5.2 heuristics computed once
per distinct access set."""
from __future__ import annotations

import numpy as np
import pytest

from rapcc.analysis.arrays import analyze
from rapcc.analysis.classify import classified, classify_access, classify_warp, classify_warps
from rapcc.analysis.predict import Replays, predict, predict_replay, row_major
from rapcc.analysis.vectorize import reloaded, trip_groups
from rapcc.analysis.warps import AccessSamples, WarpInstance
from rapcc.banks import BankModel
from rapcc.frontend import parse_file
from rapcc.hashing.bitwise import feature_values, first_best, independent_of, permutation_features, xor_candidates
from rapcc.hashing.givargis import correlation, givargis_order, quality
from rapcc.hashing.mih import imbalances, mih_order
from rapcc.pipeline import Options
from conftest import ROOT

B = BankModel()

# stencil_rowptr: unrolled trips whose loads repeat and fuse (tests/test_vector_prediction.py).
STENCIL = (ROOT / "examples" / "stencil_rowptr.cu").read_bytes()


def _layouts(dims: tuple[int, ...]):
    flat = row_major(dims)
    return [flat,
            lambda idx: np.asarray(idx[0]) * (dims[-1] + 1) + np.asarray(idx[-1]),  # pad by one
            lambda idx: flat(idx) ^ ((flat(idx) >> 5) & 31),  # an XOR swizzle
            flat]  # the array as written again, after the others


def test_one_replay_serves_every_layout_as_a_fresh_prediction_would():
    """Unrolled trips with reloads and fusion: what one layout's prediction
    drops or fuses must not leak into the next one's."""
    info, _ = parse_file("v.cu", STENCIL, Options())
    (a,) = analyze(info)
    assert any(x.samples.unrolled and x.samples.reloads for x in a.accesses)
    replays = Replays()
    for vectorize in (True, False):
        for layout in _layouts(a.logical_dims):
            for x in a.accesses:
                fresh = predict(x.samples, layout, 4, x.access.width, x.access.offset, B, vectorize)
                shared = predict_replay(replays(x.samples), layout, 4, x.access.width, x.access.offset, B, vectorize)
                assert shared == fresh
    x = a.accesses[0]
    assert replays(x.samples) is replays(x.samples)


def _unrolled_samples(rng: np.random.Generator, width_values: int) -> AccessSamples:
    """Two warps, two outer trips, eight unrolled trips, a few repeated rows."""
    insts = []
    for warp in range(2):
        for outer in range(2):
            for t in rng.permutation(8).tolist():
                idx = rng.integers(0, width_values, 32) * 4 + (outer * 2 if rng.random() < 0.5 else 0)
                if t % 2 and rng.random() < 0.5:
                    idx = np.arange(32) * 4 + t  # adjacent trips: fusable under some layouts
                active = rng.random(32) < (1.0 if rng.random() < 0.7 else 0.6)
                insts.append(WarpInstance((idx,), active, warp, (outer, t), float(rng.integers(1, 3))))
    return AccessSamples(tuple(insts), None, unrolled=1, reloads=bool(rng.random() < 0.7))


def test_replays_match_fresh_predictions_on_random_unrolled_samples():
    rng = np.random.default_rng(7)
    for _ in range(40):
        samples = _unrolled_samples(rng, int(rng.integers(1, 4)))
        replays = Replays()
        for vectorize in (True, False):
            for layout in _layouts((512,)):
                for width in (4, 8):
                    assert predict_replay(replays(samples), layout, 4, width, 0, B, vectorize) == \
                        predict(samples, layout, 4, width, 0, B, vectorize)


def _reloaded_one_by_one(samples: AccessSamples, addr: np.ndarray, active: np.ndarray) -> set[int]:
    """The rule as first written: per group, in trip order, a row whose masked
    addresses an earlier row of the group had."""
    u = samples.unrolled
    groups: dict[tuple, dict[tuple, int]] = {}
    for n, i in enumerate(samples.instances):
        if len(i.trips) >= u:
            cut = len(i.trips) - u
            groups.setdefault((i.warp, i.trips[:cut]), {})[i.trips[cut:]] = n
    out = set()
    for rows in groups.values():
        seen: set[bytes] = set()
        for t in sorted(rows):
            key = np.where(active[rows[t]], addr[rows[t]], -1).tobytes()
            if key in seen:
                out.add(rows[t])
            seen.add(key)
    return out


def test_reloads_in_one_pass_are_the_rows_an_earlier_trip_loaded():
    rng = np.random.default_rng(3)
    found = 0
    for _ in range(60):
        samples = _unrolled_samples(rng, int(rng.integers(1, 3)))
        addr = np.stack([i.indices[0] for i in samples.instances])
        active = np.stack([i.active for i in samples.instances])
        got = reloaded(trip_groups(samples), addr, active)
        want = _reloaded_one_by_one(samples, addr, active)
        assert sorted(got.tolist()) == sorted(want)
        found += len(want)
    assert found > 0  # the samples do repeat rows


def test_trip_groups_keep_the_last_row_of_a_repeated_trip_in_its_first_place():
    """A dict's rule, which `fuse_unrolled_trips` relied on."""
    lane = np.arange(32)
    on = np.ones(32, dtype=bool)
    insts = tuple(WarpInstance((lane,), on, 0, (0, t)) for t in (2, 1, 2))
    groups = trip_groups(AccessSamples(insts, None, unrolled=1)).groups
    assert groups == ((((2,), 2), ((1,), 1)),)


@pytest.mark.parametrize("lanes", [32, 17, 8, 1])
def test_batch_wavefronts_agree_with_one_instruction_at_a_time(lanes):
    rng = np.random.default_rng(lanes)
    for width in (1, 2, 4, 8, 12, 16, 32):
        for spread in (2, 64, 4096):  # many shared words, some, few
            addr = rng.integers(-8, spread, size=(30, lanes)) * max(width, 4)
            active = rng.random((30, lanes)) < rng.random()
            batch = B.wavefronts_batch(addr, active, width)
            assert batch.dtype == np.int64
            assert batch.tolist() == [B.wavefronts(a, m, width) for a, m in zip(addr, active)]
    assert B.wavefronts_batch(np.zeros((0, lanes), dtype=np.int64), np.zeros((0, lanes), dtype=bool), 4).shape == (0,)


def test_warps_classified_together_as_one_at_a_time():
    rng = np.random.default_rng(11)
    lanes = np.arange(32, dtype=np.int64)
    samples = []
    for s in (0, 1, 2, 32, -3, 5):
        samples.append((7 + s * lanes, np.ones(32, dtype=bool)))
        samples.append((7 + s * lanes, rng.random(32) < 0.5))  # some lanes off
    samples.append(((lanes % 8) * 4 + lanes // 8, np.ones(32, dtype=bool)))  # block
    samples.append((rng.integers(0, 99, 32), np.ones(32, dtype=bool)))  # random
    samples.append((np.zeros(32, dtype=np.int64), np.zeros(32, dtype=bool)))
    assert classify_warps(samples) == [classify_warp(f, a) for f, a in samples]
    odd = [(np.arange(2, dtype=np.int32) * 3, np.ones(2, dtype=bool))]  # not int64: one by one
    assert classify_warps(odd) == [classify_warp(f, a) for f, a in odd]
    assert classify_warps([]) == []


def test_repeated_warps_classified_once_as_each_alone():
    """Rows that repeat (a loop nest's warps) share one classification, and
    only rows of the same addresses, lanes and types do."""
    rng = np.random.default_rng(5)
    lanes = np.arange(32, dtype=np.int64)
    block = (lanes % 16) * 3 + (lanes // 16) * 100  # a 16-wide sub-warp pattern
    half = lanes < 16
    as_float = block.view(np.float64)  # the same bytes, read as another type
    rows = [(block, np.ones(32, dtype=bool)), (block, half), (block.copy(), np.ones(32, dtype=bool)),
            (rng.integers(0, 99, 32), np.ones(32, dtype=bool)), (block[::-1].copy(), np.ones(32, dtype=bool)),
            (block.astype(np.int32), np.ones(32, dtype=bool))]
    samples = [rows[int(k)] for k in rng.integers(0, len(rows), 200)] + rows
    want = [classify_warp(f, a) for f, a in samples]
    assert classify_warps(samples) == want
    assert len(set(want)) > 2  # different rows, different answers
    assert classify_warps([(block, np.ones(32, dtype=bool)), (as_float, np.ones(32, dtype=bool))])[1] == \
        classify_warp(as_float, np.ones(32, dtype=bool))


def _mih_each_set(sets, features, n, limit, within):
    """Eq. 15 as written: the imbalances of every set, repeats included."""
    values = [feature_values(np.unique(np.asarray(s, dtype=np.int64)), features) for s in sets if len(s)]
    chosen: list[int] = []
    while len(chosen) < limit:
        allowed = independent_of(features, chosen, within)
        if not allowed.any():
            break
        total = np.zeros(len(features))
        for v in values:
            total += imbalances(v, chosen)
        chosen.append(first_best(total, allowed, maximise=False))
    return tuple(chosen)


def _givargis_each_set(sets, features, n, limit, within):
    values = [feature_values(np.unique(np.asarray(s, dtype=np.int64)), features) for s in sets if len(s)]
    qualities, correlations = [quality(v) for v in values], [correlation(v) for v in values]
    chosen: list[int] = []
    while len(chosen) < limit:
        allowed = independent_of(features, chosen, within)
        if not allowed.any():
            break
        total = np.sum(qualities, axis=0) if qualities else np.zeros(len(features))
        best = first_best(total, allowed, maximise=True)
        chosen.append(best)
        qualities = [q * c[best] for q, c in zip(qualities, correlations)]
    return tuple(chosen)


def test_heuristics_on_repeated_sets_choose_as_with_every_set_computed():
    """Sets repeated (as `access_sets` weights them), so that float sums of
    near-ties are where sharing could differ; twice, the second from the memo."""
    rng = np.random.default_rng(5)
    for _ in range(60):
        n = int(rng.integers(5, 10))
        base = [rng.integers(0, 1 << n, int(rng.integers(0, 33))).tolist() for _ in range(int(rng.integers(1, 10)))]
        sets = [base[k] for k in rng.integers(0, len(base), int(rng.integers(1, 50)))]
        features = xor_candidates(n) if rng.random() < 0.5 else permutation_features(n)
        limit = int(rng.integers(1, 6))
        within = -1 if rng.random() < 0.5 else (1 << int(rng.integers(2, n))) - 1
        for shared, each in ((mih_order, _mih_each_set), (givargis_order, _givargis_each_set)):
            want = each(sets, features, n, limit, within)
            assert shared(sets, features, n, limit=limit, within=within) == want
            assert shared(sets, features, n, limit=limit, within=within) == want


def test_an_address_outside_names_the_first_set_it_is_in():
    sets = [[1, 2], [3], [1, 2], [99], [3], [99]]
    for order_of in (mih_order, givargis_order):
        with pytest.raises(ValueError, match=r"access set 3 has an address outside \[0, 2\^5\)"):
            order_of(sets, permutation_features(5), 5, limit=2)


def _classify_warp_with_the_solver_always(flat: np.ndarray, active: np.ndarray):
    """`classify_warp` as it was before the exact pre-check: the least-squares
    fit tried at every sub-warp width."""
    lanes = np.nonzero(active)[0]
    if lanes.size <= 1:
        return "linear", 1
    addr = flat[lanes]
    d_addr, d_lane = np.diff(addr), np.diff(lanes)
    if np.all(d_addr == d_addr[0] * d_lane // d_lane[0]) and np.all(d_addr * d_lane[0] == d_addr[0] * d_lane):
        s = int(d_addr[0] // d_lane[0]) if d_addr[0] % d_lane[0] == 0 else None
        if s == 0:
            return "block", 0
        if s is not None:
            return ("linear" if s == 1 else "stride"), s
    width = 2
    while width < len(flat):
        lo, hi = lanes % width, lanes // width
        A = np.stack([np.ones_like(lo), lo, hi], axis=1).astype(np.float64)
        coef, *_ = np.linalg.lstsq(A, addr.astype(np.float64), rcond=None)
        r = np.rint(coef)
        if np.array_equal(A @ r, addr.astype(np.float64)):
            return "block", int(r[1])
        width *= 2
    return "random", None


def test_the_exact_affine_precheck_classifies_as_the_solver_alone():
    rng = np.random.default_rng(5)
    seen = set()
    for case in range(4000):
        lane = np.arange(32)
        w = int(rng.choice([2, 4, 8, 16]))
        base, s1, s2 = (int(v) for v in rng.integers(-40, 40, size=3))
        kind = case % 4
        if kind == 0:  # a block pattern, maybe with a lane or two disturbed
            flat = base + s2 * (lane % w) + s1 * (lane // w)
            if rng.random() < 0.3:
                flat[rng.integers(0, 32)] += int(rng.integers(1, 3))
        elif kind == 1:
            flat = rng.integers(0, 64, size=32)
        elif kind == 2:  # rationally affine but not in integers
            flat = (lane * 3) // 2 + base
        else:
            flat = base + s2 * lane + (lane // w) * s1 * (lane % 3)
        active = rng.random(32) < (1.0 if rng.random() < 0.5 else float(rng.choice([0.1, 0.5])))
        flat = np.asarray(flat, dtype=np.int64)
        got, want = classify_warp(flat, active), _classify_warp_with_the_solver_always(flat, active)
        assert got == want, (case, flat.tolist(), active.tolist())
        seen.add(got[0])
    assert {"block", "random", "stride"} <= seen


def test_out_share_of_all_instances_at_once_counts_as_one_by_one():
    from rapcc.analysis.shapes import out_share
    rng = np.random.default_rng(3)

    def one_by_one(samples, dims):
        total = out = 0
        for inst in samples.instances:
            n = int(inst.active.sum())
            if n == 0:
                continue
            bad = np.zeros(len(inst.active), dtype=bool)
            for idx, d in zip(inst.indices, dims):
                bad |= (idx < 0) | (idx >= d)
            total += n
            out += int((bad & inst.active).sum())
        return out / total if total else 0.0

    for case in range(300):
        ndim, dims = int(rng.integers(1, 4)), tuple(int(d) for d in rng.integers(1, 40, size=3))
        insts = [WarpInstance(tuple(rng.integers(-5, 45, size=32) for _ in range(ndim)), rng.random(32) < 0.6,
                              k, (k,), 1.0) for k in range(int(rng.integers(0, 12)))]
        samples = AccessSamples(tuple(insts), None)
        for cut in (1, 2, 3):
            assert out_share(samples, dims[:cut]) == one_by_one(samples, dims[:cut]), case


def _out_share_by_shape_set(samples, dims):
    """`out_share` as it was before its shapes were read in one pass (issue 20)."""
    insts = samples.instances
    shapes = {(i.active.shape, tuple(np.shape(ix) for ix in i.indices)) for i in insts}
    if len(shapes) == 1 and all(sh == insts[0].active.shape for sh in next(iter(shapes))[1]):
        active = np.stack([i.active for i in insts])
        bad = np.zeros(active.shape, dtype=bool)
        for k, d in zip(range(len(insts[0].indices)), dims):
            idx = np.stack([i.indices[k] for i in insts])
            bad |= (idx < 0) | (idx >= d)
        total = int(active.sum())
        return int((bad & active).sum()) / total if total else 0.0
    total = out = 0
    for inst in insts:
        live = inst.active
        n = int(live.sum())
        if n == 0:
            continue
        bad = np.zeros(len(live), dtype=bool)
        for idx, d in zip(inst.indices, dims):
            bad |= (idx < 0) | (idx >= d)
        total += n
        out += int((bad & live).sum())
    return out / total if total else 0.0


def test_out_share_agrees_with_the_shape_set_on_mixed_instances():
    """Instances of other lengths, index counts, dtypes and views than the
    first, and lists where the replay makes arrays: the same share as the
    definition that compared a set of np.shape tuples."""
    from rapcc.analysis.shapes import out_share
    rng = np.random.default_rng(4)
    paths = {"rows": 0, "mixed": 0}
    for case in range(400):
        width, ndim = int(rng.choice([32, 16])), int(rng.integers(1, 3))
        odd_share = float(rng.choice([0.0, 0.0, 0.1, 0.5]))
        insts = []
        for k in range(int(rng.integers(0, 9))):
            block = rng.integers(-5, 45, size=(ndim + 1, 2 * width))
            index = [block[d, ::2] if rng.random() < 0.3 else block[d, :width].copy() for d in range(ndim)]
            active = rng.random(width) < 0.6
            odd = rng.random() < odd_share
            if odd:
                kind = int(rng.integers(0, 4))
                if kind == 0:
                    index[0], active = index[0][: width // 2], active[: width // 2]
                elif kind == 1:
                    index[-1] = index[-1][: width // 2]
                elif kind == 2:
                    index.append(index[0])
                else:
                    index[0] = index[0].astype(np.int32)
            if rng.random() < 0.05 and not odd:
                index = [v.tolist() for v in index]  # lists: only the all-at-once path takes them
            insts.append(WarpInstance(tuple(index), active, k, (k,), 1.0))
        samples = AccessSamples(tuple(insts), None)
        dims = tuple(int(d) for d in rng.integers(1, 40, size=3))
        for cut in (1, 2, 3):
            try:
                want = _out_share_by_shape_set(samples, dims[:cut])
            except (TypeError, ValueError) as exc:  # lanes that do not line up fail one by one, both ways
                with pytest.raises(type(exc)):
                    out_share(samples, dims[:cut])
                continue
            assert out_share(samples, dims[:cut]) == want, case
        paths["mixed" if odd_share and len(insts) > 1 else "rows"] += 1
    assert min(paths.values()) > 50, paths


def test_classifying_the_thinned_instances_is_classifying_all():
    """The analysis flattens only the instances `classified` picks: the same
    class and stride as classifying every instance's flat indices."""
    rng = np.random.default_rng(5)
    lane = np.arange(32)
    for case in range(120):
        count = int(rng.choice([0, 1, 7, 255, 256, 257, 511, 512, 700, 1500]))
        stride = int(rng.choice([1, 2, 32, 33]))
        samples = []
        for k in range(count):
            flat = lane * stride + k if rng.random() < 0.7 else rng.integers(0, 64, size=32)
            samples.append((np.asarray(flat, dtype=np.int64), rng.random(32) < 0.9))
        thinned = samples[classified(len(samples))]
        assert len(thinned) <= max(2 * 256, 1)
        assert classify_access(thinned, thinned=True) == classify_access(samples), case


# No launch: planned over several guessed shapes; the guard proves it under every shape.
GUESSED = b"""extern "C" __global__ void k(float *o, const float *in, int n) {
  if (threadIdx.x >= 32 || threadIdx.y >= 32) return;
  __shared__ float t[32][32];
  __shared__ float u[64][16];
  int x = threadIdx.x, y = threadIdx.y;
  t[y][x] = in[y * n + x];
  u[x % 64][y % 16] = in[x];
  __syncthreads();
  o[x * n + y] = t[x][y] + u[(x * 3) % 64][y % 16];
}"""


def test_robust_planning_stops_scoring_a_candidate_at_its_first_losing_shape():
    """plan_robust scores a candidate shape by shape and stops where it is no
    clear gain: the same plan and candidates as scoring every shape."""
    from rapcc.planner import _clear_gain, _key, _ratio, plan_array, score
    from rapcc.strategies import REGISTRY, StrategyContext, identity
    info, _ = parse_file("g.cu", GUESSED, Options())
    ctx = StrategyContext(B, 1)
    analyses = analyze(info)
    assert all(a.robust for a in analyses)  # no launch: planned over several plausible shapes
    chosen = set()
    for a in analyses:
        plan = plan_array(a, "auto", ctx)
        none = identity(a.logical_dims or ())
        bases = [score(s, none, ctx) for s in a.per_shape]
        mappings = list(dict.fromkeys([m for n in REGISTRY for m in REGISTRY[n].candidates(a, ctx)]
                                      + [m for s in a.alternatives for n in REGISTRY
                                         for m in REGISTRY[n].candidates(s, ctx)]))
        best, firsts = None, []
        for m in mappings:  # every shape scored, as before
            per = [score(s, m, ctx) for s in a.per_shape]
            firsts.append(per[0])
            if all(_clear_gain(a, c.cost, b.cost) for c, b in zip(per, bases)):
                key = (round(max(_ratio(c.cost, b.cost) for c, b in zip(per, bases)), 9),) + _key(per[0])
                if best is None or key < best[0]:
                    best = (key, per[0])
        assert plan.mapping == (best[1].mapping if best else none)
        assert [c.mapping for c in plan.candidates[1:]] == [c.mapping for c in firsts]
        assert [c.cost for c in plan.candidates[1:]] == [c.cost for c in firsts]
        chosen.add(plan.mapping.strategy)
    assert chosen - {"none"}  # some array is rewritten, so the choice was exercised
