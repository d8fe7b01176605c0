"""Data drawn in the lane domain (analysis/lane_draws.py): a lane's value set,
drawn uniformly and deterministically per thread, request and round."""
from __future__ import annotations

import numpy as np

from rapcc.analysis.intervals import SInt
from rapcc.analysis.lane_draws import (DRAW_ROUNDS, MIN_DRAWN, drawn, lane_set, rounds_needed, salt, spread_of)


def test_a_lanes_set_is_its_strided_interval_and_a_set_past_int64_is_not_drawn():
    assert lane_set(SInt.const(7)) == (7, 1, 1)
    assert lane_set(SInt.of(0, 28, 4)) == (0, 4, 8)
    assert lane_set(SInt.of(-(1 << 63), (1 << 63) - 1)) is None
    assert spread_of([SInt.of(0, 7), SInt.of(-(1 << 64), 0)]) is None
    sp = spread_of([SInt.of(0, 7), SInt.of(8, 15)])
    assert sp is not None and sp.lo.tolist() == [0, 8] and sp.count.tolist() == [8, 8]


def test_draws_are_uniform_over_each_lanes_set_and_fixed_by_thread_salt_and_round():
    n = 4096
    sp = spread_of([SInt.of(4, 32, 4)] * n)  # {4, 8, ..., 32}: 8 values
    assert sp is not None
    tids = np.arange(n, dtype=np.int64)
    got = drawn(sp, tids, salt(("s", 1, 2), (), 0, 0), 0)
    counts = np.bincount(got // 4 - 1, minlength=8)
    assert set(got.tolist()) == set(range(4, 33, 4))
    assert counts.min() > n / 8 * 0.8 and counts.max() < n / 8 * 1.2  # uniform within sampling noise
    assert np.array_equal(got, drawn(sp, tids, salt(("s", 1, 2), (), 0, 0), 0))  # deterministic
    assert not np.array_equal(got, drawn(sp, tids, salt(("s", 1, 2), (), 0, 0), 1))  # another round, other data
    assert not np.array_equal(got, drawn(sp, tids, salt(("s", 1, 2), ((0, 1),), 0, 0), 0))  # another trip


def test_a_set_wider_than_32_bits_is_reached_whole():
    sp = spread_of([SInt.of(0, (1 << 40) - 1)] * 1024)
    assert sp is not None
    got = drawn(sp, np.arange(1024, dtype=np.int64), 1, 0)
    assert got.min() >= 0 and got.max() < 1 << 40 and int(got.max()) >= 1 << 32


def test_rounds_stop_at_min_drawn_and_at_most_draw_rounds():
    assert rounds_needed(MIN_DRAWN) == 1
    assert rounds_needed(MIN_DRAWN // 4) == 4
    assert rounds_needed(1) == DRAW_ROUNDS
