"""Tests for rapcc.hashing.bitvector (seed 004 §4.1, §4.2, §5.1)."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from rapcc.hashing.base import banks_from_rows, conflicts_per_set, count_conflicts
from rapcc.hashing.bitvector import (
    BitVectorPermutation,
    BitVectorXor,
    all_candidates,
    candidate_conflicts,
    pruned_candidates_for_sets,
    search,
    varying_bits,
)

N, M = 14, 5  # Table 1: 48 kB of words over 32 banks (Fermi)


def strided(stride, threads=32):
    return [stride * t for t in range(threads)]


def test_fig5_example_bank_bits():
    # §5.1, Fig. 5: k1=2, k2=8, mask=7 -> b0=a2^a8, b1=a3^a9, b2=a4^a10, b3=a5, b4=a6.
    h = BitVectorXor(2, 8, 7, N, M)
    assert h.rows() == (
        (1 << 2) | (1 << 8),
        (1 << 3) | (1 << 9),
        (1 << 4) | (1 << 10),
        1 << 5,
        1 << 6,
    )


@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(1, n)).flatmap(
            lambda nm: st.tuples(
                st.just(nm[0]),
                st.just(nm[1]),
                st.integers(0, nm[0] - nm[1]),
                st.integers(0, nm[0] - 1),
                st.integers(0, (1 << nm[1]) - 1),
            )
        )
    )
)
def test_closed_form_agrees_with_gf2_rows(params):
    n, m, k1, k2, mask = params
    h = BitVectorXor(k1, k2, mask, n, m)
    a = np.arange(1 << n)
    assert np.array_equal(banks_from_rows(h.rows(), a), h.banks(a))
    assert [h.bank(int(x)) for x in a[:64]] == h.banks(a[:64]).tolist()


def test_mask_zero_is_the_bit_vector_permutation():
    a = np.arange(1 << N)
    for k in range(N - M + 1):
        assert np.array_equal(BitVectorXor(k, 3, 0, N, M).banks(a), BitVectorPermutation(k, N, M).banks(a))


def test_invalid_parameters_are_rejected():
    with pytest.raises(ValueError):
        BitVectorXor(10, 0, 0, N, M)  # k1 > n - m
    with pytest.raises(ValueError):
        BitVectorXor(0, 14, 0, N, M)
    with pytest.raises(ValueError):
        BitVectorXor(0, 1, 32, N, M)
    with pytest.raises(ValueError):
        BitVectorPermutation(0, 4, 5)


def test_stride_permutation_is_conflict_free_for_pure_stride():
    # §4.1: for stride S = S0 * 2^k the bits [k, k+m) are the best choice.
    for stride in (1, 2, 4, 6, 8, 12, 24, 96):
        k = (stride & -stride).bit_length() - 1  # S = S0 * 2^k with S0 odd
        assert count_conflicts(BitVectorPermutation(k, N, M), [strided(stride)]) == 0
        if k:
            assert count_conflicts(BitVectorPermutation(0, N, M), [strided(stride)]) > 0


def test_varying_bits_are_the_stride_exponent_and_msb():
    # §5.1: for {S * t : t < 32}, k of S = S0 * 2^k and MSB = floor(log2(31 * S)).
    assert [varying_bits(strided(s))[0] for s in (1, 4, 6, 8, 45)] == [0, 2, 1, 3, 0]
    assert varying_bits(strided(4))[1] == 6 and varying_bits(strided(6)) == (1, 7)
    assert varying_bits([5, 5]) is None


def test_full_space_has_4480_combinations():
    assert len(all_candidates(N, M)) == 4480


def test_strides_4_and_6_leave_188_combinations():
    # §5.1: "the total number of combinations to evaluate is 188".
    from_strides = pruned_candidates_for_sets([strided(4), strided(6)], N, M)
    assert len(from_strides) == 188
    assert {c.k1 for c in from_strides} == {1, 2}
    assert {c.k2 for c in from_strides} == set(range(1, 8))
    assert all(c.k1 != c.k2 for c in from_strides)


def test_pruned_search_finds_the_full_optimum_for_strides_4_and_6():
    sets = [strided(4), strided(6)]
    pruned = search(sets, N, M)
    full = search(sets, N, M, all_candidates(N, M))
    assert pruned.evaluated == 188
    assert pruned.conflicts == full.conflicts
    assert count_conflicts(pruned.hash, sets) == pruned.conflicts


def test_fwt_pattern_gets_conflict_free_xor_hash():
    # §4.2, Eq. 10: s = 32*ty + tx, tx < 8, ty < 4 is 4-way under the low bits,
    # no single bit-vector catches both tx (bits 0-2) and ty (bits 5-6).
    fwt = [[32 * ty + tx for ty in range(4) for tx in range(8)]]
    assert count_conflicts(BitVectorPermutation(0, N, M), fwt) == 3
    assert min(count_conflicts(BitVectorPermutation(k, N, M), fwt) for k in range(N - M + 1)) > 0
    result = search(fwt, N, M)
    assert result.conflicts == 0 and result.hash.mask != 0
    assert count_conflicts(result.hash, fwt) == 0


def test_fwt_kernel_all_strides_and_table5_configuration():
    # §3.2.4: i0 = ((pos - lo) << 2) + lo with lo = pos & (stride - 1).
    sets = [[((p - (p & (s - 1))) << 2) + (p & (s - 1)) for p in range(32)] for s in (512, 128, 32, 8, 2)]
    assert conflicts_per_set(BitVectorPermutation(0, N, M), sets) == (0, 0, 0, 3, 3)
    assert count_conflicts(BitVectorXor(0, 2, 31, N, M), sets) == 0  # Table 5, FWT
    assert search(sets, N, M).conflicts == 0


def test_equal_k_selects_plain_permutation():
    # §5.1: "In case k is equal for all strides, the algorithm will select k1 = k and mask = 0".
    result = search([strided(8), strided(24), strided(40)], N, M)
    assert result.hash == BitVectorXor(3, 0, 0, N, M)
    assert result.conflicts == 0


def test_candidate_conflicts_matches_scalar_count():
    sets = [strided(4), strided(6), [1, 2, 3, 100, 200]]
    cands = all_candidates(8, 3)
    small = [[a % 256 for a in s] for s in sets]
    got = candidate_conflicts(cands, small, 8, 3)
    assert got.tolist() == [count_conflicts(c, small) for c in cands]
