"""Tests for rapcc.hashing.givargis (seed 004 §5.2.1, Eq. 11-12)."""
import numpy as np

from rapcc.hashing.base import count_conflicts, gf2_rank
from rapcc.hashing.bitwise import BitwisePermutation, feature_values, permutation_features, xor_features
from rapcc.hashing.givargis import bitwise_permutation, bitwise_xor, correlation, givargis_order, quality

N, M = 14, 5  # Fermi, Table 1


def warp(stride):
    # One warp of 32 threads (§3) with a pure stride, n = 14 address bits.
    return [stride * t for t in range(32)]


def test_quality_and_correlation_definitions():
    v = feature_values(np.array([0, 1, 2, 3, 4]), permutation_features(3))
    # bit 0: zeros {0,2,4}, ones {1,3} -> 2/3; bit 2: one address (4) -> 1/4
    assert np.allclose(quality(v), [2 / 3, 2 / 3, 1 / 4])
    c = correlation(v)
    # bits 0 and 1 equal on 0, 3, 4 and differ on 1, 2 -> 2/3
    assert np.isclose(c[0, 1], 2 / 3) and np.isclose(c[1, 0], 2 / 3)
    assert np.allclose(np.diag(c), 0)


def test_strides_8_and_45_select_a3_to_a7():
    # §5.2.1: "For a combination of stride=8 and stride=45 this algorithm selects {A3, A4, A5, A6, A7}."
    order = givargis_order([warp(8), warp(45)], permutation_features(N), N, limit=M)
    assert order == (3, 4, 5, 6, 7)


def test_strides_8_and_13_select_a3_a4_a6_a5_a7():
    # §5.2.1: "For a combination of stride=8 and stride=13 it selects {A3, A4, A6, A5, A7}."
    order = givargis_order([warp(8), warp(13)], permutation_features(N), N, limit=M)
    assert order == (3, 4, 6, 5, 7)
    assert bitwise_permutation([warp(8), warp(13)], N, M) == BitwisePermutation((3, 4, 6, 5, 7), N)


def test_full_order_covers_every_bit_once():
    order = givargis_order([warp(8), warp(45)], permutation_features(N), N)
    assert sorted(order) == list(range(N))


def test_single_stride_gets_conflict_free_bits():
    for stride in (2, 8, 16, 24):
        h = bitwise_permutation([warp(stride)], N, M)
        assert count_conflicts(h, [warp(stride)]) == 0


def test_bitwise_xor_uses_independent_combinations_and_helps_fwt():
    fwt = [[32 * ty + tx for ty in range(4) for tx in range(8)]]
    h = bitwise_xor(fwt, N, M)
    rows = h.rows()
    assert gf2_rank(rows) == M
    assert count_conflicts(h, fwt) == 0
    assert all(p in xor_features(N) for p in h.pairs)
