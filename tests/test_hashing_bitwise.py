"""Tests for rapcc.hashing.bitwise (seed 004 §4.3, §4.4, Table 3)."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from rapcc.hashing.base import banks_from_rows, count_conflicts
from rapcc.hashing.bitwise import (
    BitwisePermutation,
    BitwiseXor,
    feature_values,
    independent_of,
    permutation_features,
    xor_features,
)


def test_table3_combinations_of_four_bits():
    # Table 3: a, a^b, a^c, a^d, b, b^c, b^d, c, c^d, d -> n(n+1)/2 = 10.
    assert xor_features(4) == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3))
    assert len(xor_features(14)) == 105
    assert permutation_features(3) == ((0, 0), (1, 1), (2, 2))


def test_feature_values():
    v = feature_values(np.array([0b0101, 0b0011]), [(0, 0), (1, 1), (0, 2), (1, 2)])
    assert v.tolist() == [[1, 0, 0, 1], [1, 1, 1, 1]]


def test_bitwise_permutation_bank():
    h = BitwisePermutation((0, 3, 4), 5)
    # 27 = 0b11011: a0=1, a3=1, a4=1 -> 0b111
    assert h.bank(27) == 7 and h.bank(12) == 0b010
    assert h.describe() == "(0) (3) (4)"


def test_bitwise_xor_bank_and_describe():
    # Table 5, lavaMD bitwise XOR (MIH): (3) (4) (5) (1^6) (2^7)
    h = BitwiseXor(((3, 3), (4, 4), (5, 5), (1, 6), (2, 7)), 14)
    assert h.describe() == "(3) (4) (5) (1^6) (2^7)"
    addr = (1 << 1) | (1 << 6) | (1 << 7) | (1 << 3)
    assert h.bank(addr) == 0b10001


@given(st.integers(2, 10).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).map(lambda p: (min(p), max(p))), min_size=1, max_size=n),
)))
def test_xor_closed_form_agrees_with_rows(params):
    n, pairs = params
    h = BitwiseXor(tuple(pairs), n)
    a = np.arange(1 << n)
    assert np.array_equal(h.banks(a), banks_from_rows(h.rows(), a))
    assert [h.bank(int(x)) for x in a[:40]] == h.banks(a[:40]).tolist()


@given(st.integers(1, 10).flatmap(lambda n: st.tuples(st.just(n), st.permutations(range(n)), st.integers(1, n))))
def test_permutation_closed_form_agrees_with_rows(params):
    n, order, m = params
    h = BitwisePermutation(tuple(order[:m]), n)
    a = np.arange(1 << n)
    assert np.array_equal(h.banks(a), banks_from_rows(h.rows(), a))


def test_bit_order_only_relabels_banks():
    # §4.3: the order of the selected bits changes which bank, not how many conflicts.
    sets = [[7 * t for t in range(32)], [12 * t + 3 for t in range(32)]]
    assert count_conflicts(BitwisePermutation((1, 2, 3, 4, 5), 10), sets) == count_conflicts(
        BitwisePermutation((5, 3, 1, 4, 2), 10), sets
    )


def test_invalid_configurations():
    with pytest.raises(ValueError):
        BitwisePermutation((1, 1), 5)
    with pytest.raises(ValueError):
        BitwisePermutation((5,), 5)
    with pytest.raises(ValueError):
        BitwiseXor(((3, 1),), 5)


def test_independent_of_excludes_spanned_combinations():
    features = xor_features(3)  # (0,0) (0,1) (0,2) (1,1) (1,2) (2,2)
    mask = independent_of(features, [0, 3])  # a0 and a1 chosen
    assert mask.tolist() == [False, False, True, False, True, True]


def test_independent_of_within_a_mask_tests_only_those_bits():
    """An N-D array's bank bits must be independent on its column bits alone:
    a0^a5 after a0^a4 is independent overall but not within bits 0-3."""
    features = [(0, 4), (0, 5), (1, 5)]
    assert independent_of(features, [0]).tolist() == [False, True, True]
    assert independent_of(features, [0], within=0b1111).tolist() == [False, False, True]
