"""Tests for rapcc.hashing.base: conflict counting and GF(2) helpers."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from rapcc.hashing.base import (
    banks_from_rows,
    conflicts_per_set,
    count_conflicts,
    gf2_rank,
    in_gf2_span,
    normalise_access_sets,
    parity,
)
from rapcc.hashing.bitvector import BitVectorPermutation


def test_stride_32_is_a_32_way_conflict():
    low_bits = BitVectorPermutation(0, 14, 5)
    assert conflicts_per_set(low_bits, [[32 * t for t in range(32)]]) == (31,)


def test_duplicate_addresses_are_merged():
    # seed 000 §II: requests to one word are served once.
    low_bits = BitVectorPermutation(0, 14, 5)
    assert conflicts_per_set(low_bits, [[64] * 32]) == (0,)
    assert conflicts_per_set(low_bits, [[0, 0, 32, 32, 64]]) == (2,)


def test_transpose_store_pattern_of_section_3_2_2_is_8_way():
    # seed 004 §3.2.2: TILE_DIM = 16, 32 banks -> 8-way bank conflict.
    addrs = [16 * tx + ty for ty in range(2) for tx in range(16)]
    assert count_conflicts(BitVectorPermutation(0, 14, 5), [addrs]) == 7


def test_conflicts_sum_over_sets_and_empty_set_counts_zero():
    low_bits = BitVectorPermutation(0, 10, 5)
    sets = [[0, 32], [], [1, 33, 65]]
    assert conflicts_per_set(low_bits, sets) == (1, 0, 2)
    assert count_conflicts(low_bits, sets) == 3


def test_out_of_range_address_is_rejected():
    with pytest.raises(ValueError):
        normalise_access_sets([[1 << 10]], 10)
    with pytest.raises(ValueError):
        normalise_access_sets([[-1]], 10)


@given(st.lists(st.integers(0, (1 << 40) - 1), min_size=1, max_size=50))
def test_parity_matches_python(values):
    got = parity(np.array(values, dtype=np.int64))
    assert got.tolist() == [bin(v).count("1") & 1 for v in values]


def test_gf2_rank_and_span():
    assert gf2_rank([0b011, 0b110, 0b101]) == 2
    assert gf2_rank([0b001, 0b010, 0b100]) == 3
    assert in_gf2_span(0b101, [0b011, 0b110])
    assert not in_gf2_span(0b100, [0b011, 0b010])
    assert in_gf2_span(0, [])


def test_banks_from_rows_matches_closed_form():
    h = BitVectorPermutation(3, 12, 4)
    a = np.arange(1 << 12)
    assert np.array_equal(banks_from_rows(h.rows(), a), h.banks(a))


def test_sorted_distinct_is_np_unique_of_integers():
    from rapcc.hashing.base import sorted_distinct
    rng = np.random.default_rng(0)
    for n in (0, 1, 2, 7, 300):
        for dtype in (np.int64, np.int32, np.uint64, np.uint8):
            a = rng.integers(0, 40, size=n).astype(dtype)
            for shaped in (a, a.reshape(-1, 1)):
                got, want = sorted_distinct(shaped), np.unique(shaped)
                assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)
    floats = np.array([2.0, np.nan, 1.0, np.nan])  # not integers: np.unique's own rules (NaNs as one)
    assert np.array_equal(sorted_distinct(floats), np.unique(floats), equal_nan=True)


def test_normalising_access_sets_does_not_import_numpy_ma():
    """np.unique would (issue 29: ~8 ms of every run without the server)."""
    import subprocess
    import sys
    code = ("import sys\nfrom rapcc.hashing.base import normalise_access_sets\n"
            "print(normalise_access_sets([[3, 1, 3]], 4)[0].tolist(), 'numpy.ma' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[1,", "3]", "False"]
