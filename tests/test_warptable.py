"""The stacked rows of warp requests (rapcc/analysis/warptable.py): every reader that
takes a WarpTable's arrays as they are answers as on the same instances made
one by one (a tuple, the representation before issue 20)."""
from __future__ import annotations

import numpy as np

from rapcc.analysis.predict import predict, replay, row_major
from rapcc.analysis.shapes import leaves_allocation, out_share
from rapcc.analysis.vectorize import trip_groups
from rapcc.analysis.warps import AccessSamples
from rapcc.analysis.warptable import TableBuilder, WarpTable
from rapcc.banks import BankModel


def _tables(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        warp_size = int(rng.choice([32, 8]))
        n = warp_size * int(rng.integers(1, 6))
        ndim = int(rng.integers(1, 4))
        dims = tuple(int(d) for d in rng.integers(1, 40, size=ndim))
        builder = TableBuilder(warp_size)
        depth = int(rng.integers(0, 3))
        for _ in range(int(rng.integers(1, 8))):
            # Mostly inside the dimensions, sometimes a lane outside (or below 0).
            hi = int(rng.choice([min(dims), max(dims) + 3]))
            idx = [rng.integers(-int(rng.random() < 0.2), hi, size=n, dtype=np.int64) for _ in range(ndim)]
            mask = rng.random(n) < float(rng.choice([0.05, 0.5, 1.0]))
            trips = tuple(int(t) for t in rng.integers(0, 4, size=depth))
            builder.add(idx, mask, trips, float(rng.choice([1.0, 2.5, 0.75])))
        if builder.count:
            table = builder.table(ndim)
            yield table, dims, int(rng.integers(0, depth + 1))


def test_shape_checks_on_the_stacked_rows_answer_as_instance_by_instance() -> None:
    outside = inside = 0
    for table, dims, _ in _tables(1, 300):
        fast, slow = AccessSamples(table, None), AccessSamples(tuple(iter(table)), None)
        assert out_share(fast, dims) == out_share(slow, dims)
        left = leaves_allocation(fast, dims)
        assert left == leaves_allocation(slow, dims)
        outside += left
        inside += not left
    assert outside > 20 and inside > 20


def test_predictions_on_the_stacked_rows_are_those_on_the_instances() -> None:
    banks = BankModel()
    for table, dims, unrolled in _tables(2, 200):
        fast, slow = AccessSamples(table, None, unrolled=unrolled), AccessSamples(tuple(iter(table)), None,
                                                                                 unrolled=unrolled)
        assert isinstance(fast.instances, WarpTable) and isinstance(slow.instances, tuple)
        a, b = replay(fast), replay(slow)
        assert a is not None and b is not None
        assert all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a.stacked, b.stacked))
        assert len(a.stacked) == len(b.stacked)
        assert a.active.dtype == b.active.dtype and np.array_equal(a.active, b.active)
        assert a.weights.dtype == b.weights.dtype and np.array_equal(a.weights, b.weights)
        if unrolled:
            g, h = trip_groups(fast), trip_groups(slow)
            assert g.groups == h.groups
            assert np.array_equal(g.by_trips, h.by_trips) and np.array_equal(g.group_of, h.group_of)
        for width in (4, 8):
            assert predict(fast, row_major(dims), 4, width, 0, banks) == predict(slow, row_major(dims), 4, width, 0,
                                                                                   banks)


def _same(a, b) -> bool:
    return (len(a.indices) == len(b.indices)
            and all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a.indices, b.indices))
            and np.array_equal(a.active, b.active) and type(a.warp) is type(b.warp) and a.warp == b.warp
            and a.trips == b.trips and a.weight == b.weight)


def _scaled_one_by_one(instances, k: float, wrap):
    """Each instance reweighted by `k`, its indices wrapped into `wrap` (None: as they are)."""
    from rapcc.analysis.warptable import WarpInstance
    return [WarpInstance(i.indices if wrap is None else tuple(np.mod(v, d) for v, d in zip(i.indices, wrap)),
                         i.active, i.warp, i.trips, i.weight * k) for i in instances]


def test_pooling_and_reweighting_tables_is_pooling_and_reweighting_their_instances() -> None:
    """The lane domain pools block runs' tables (`joined`), keeps the first or
    every step-th row (`take`), and reweights and wraps them (`reweighted`):
    the same instances as doing so on the instances made one by one."""
    from rapcc.analysis.warptable import joined, reweighted, take
    rng = np.random.default_rng(3)
    tables = list(_tables(4, 120))
    as_tables = 0
    for case in range(150):
        ndim = int(rng.integers(1, 4))
        mine = [t for t, _, _ in tables if len(t.indices) == ndim and t.active.shape[1] == 32]
        parts = [mine[int(k)] for k in rng.integers(0, len(mine), size=int(rng.integers(1, 5)))]
        if rng.random() < 0.2:
            parts.insert(int(rng.integers(0, len(parts) + 1)), ())  # a binding's run that made no request
        pooled = joined(parts)
        flat = [i for p in parts for i in p]
        as_tables += isinstance(pooled, WarpTable)
        assert len(pooled) == len(flat) and all(_same(a, b) for a, b in zip(pooled, flat))
        if not isinstance(pooled, WarpTable):
            continue
        count = int(rng.integers(1, len(flat) + 2))
        step = int(rng.integers(1, 4))
        for got, want in ((take(pooled, slice(count)), flat[:count]), (take(pooled, slice(None, None, step)), flat[::step])):
            assert len(got) == len(want) and all(_same(a, b) for a, b in zip(got, want)), case
            k = float(rng.choice([0.0, 3.0, 117.25]))
            wrap = tuple(int(d) for d in rng.integers(1, 40, size=ndim))
            for w in (None, wrap):
                a, b = reweighted(got, k, w), _scaled_one_by_one(want, k, w)
                assert len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b)), case
    assert as_tables > 100
    mixed = joined([tables[0][0], tuple(tables[1][0])])
    assert isinstance(mixed, list) and len(mixed) == len(tables[0][0]) + len(tables[1][0])
