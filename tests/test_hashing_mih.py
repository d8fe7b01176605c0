"""Tests for rapcc.hashing.mih (seed 004 §5.2.2, Eq. 13-15, Fig. 6)."""
import numpy as np

from rapcc.hashing.base import count_conflicts, gf2_rank
from rapcc.hashing.bitwise import BitwisePermutation, feature_values, permutation_features, xor_candidates
from rapcc.hashing.mih import bitwise_permutation, bitwise_xor, imbalances, mih_order

FIG6 = [27, 12, 6, 19, 11, 4, 28, 3]


def test_fig6_selects_bits_0_3_4():
    # Fig. 6: eight references, eight banks -> P = {b0, b1, b2} = {0, 3, 4}.
    assert mih_order([FIG6], permutation_features(5), 5, limit=3) == (0, 3, 4)
    assert bitwise_permutation([FIG6], 5, 3) == BitwisePermutation((0, 3, 4), 5)
    # More address bits above the used ones do not change the choice.
    assert bitwise_permutation([FIG6], 14, 3).bits == (0, 3, 4)


def test_fig6_imbalances_step_by_step():
    v = feature_values(np.array(FIG6), permutation_features(5))
    step1 = imbalances(v, [])
    assert np.allclose(step1, [0, 0.25, 0, 0, 0.25])
    step2 = imbalances(v, [0])
    assert np.allclose(step2[1:], [0.75, 1.0, 0.0, 0.25])
    step3 = imbalances(v, [0, 3])
    assert np.allclose(step3[[1, 2, 4]], [0.75, 1.0, 0.25])


def test_eq15_sums_imbalances_over_sets():
    sets = [[8 * t for t in range(32)], [13 * t for t in range(32)]]
    features = permutation_features(14)
    values = [feature_values(np.unique(s), features) for s in sets]
    total = sum(imbalances(v, [3]) for v in values)
    order = mih_order(sets, features, 14, limit=2)
    assert order[0] == 3  # every other bit is unbalanced for stride 8
    allowed = [i for i in range(14) if i != 3]
    assert order[1] == min(allowed, key=lambda i: (round(total[i], 12), i))


def test_single_stride_conflict_free():
    for stride in (1, 4, 8, 32):
        s = [[stride * t for t in range(32)]]
        assert count_conflicts(bitwise_permutation(s, 14, 5), s) == 0


def test_bitwise_xor_is_full_rank_and_fixes_fwt():
    fwt = [[32 * ty + tx for ty in range(4) for tx in range(8)]]
    h = bitwise_xor(fwt, 14, 5)
    assert gf2_rank(h.rows()) == 5
    assert count_conflicts(h, fwt) == 0


def test_mih_xor_never_worse_than_permutation_on_mixed_strides():
    sets = [[s * t for t in range(32)] for s in (2, 8, 33, 64)]
    perm = bitwise_permutation(sets, 14, 5)
    xor = bitwise_xor(sets, 14, 5)
    assert count_conflicts(xor, sets) <= count_conflicts(perm, sets)


def test_mih_within_picks_bank_bits_independent_on_the_columns():
    """A column walk {32 t}: without `within` MIH pairs every row bit with a0;
    restricted to the 5 column bits it must pair them with distinct column bits."""
    features = [f for f in xor_candidates(10) if f[0] < 5]
    column = [[32 * t for t in range(32)]]
    free = [features[i] for i in mih_order(column, features, 10, limit=5)]
    assert len({i for i, _ in free}) < 5
    within = [features[i] for i in mih_order(column, features, 10, limit=5, within=0b11111)]
    assert len({i for i, _ in within}) == 5 and all(j >= 5 for _, j in within)
