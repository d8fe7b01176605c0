"""The Minimum Imbalance Heuristic (seed 004 §5.2.2, Eq. 13-15).

With the ordered bits P_s = (b_{s-1}, ..., b_0) already selected, each
candidate bit A_i is scored by the histogram h_i of the addresses over the
2^{s+1} values of (A_i, b_{s-1}, ..., b_0):

    imbalance(A_i) = sum_j |h_i(j) - |R| / 2^{s+1}| / |R|        (Eq. 14)

and the candidate with the smallest imbalance becomes b_s (Eq. 13).  For
several access sets the imbalances are summed over the sets first (Eq. 15).
Unlike the Givargis heuristic, the score sees the joint distribution of all
bits chosen so far, not just pairwise correlations.

For the bitwise XOR hash the candidates are the Table 3 combinations
(`rapcc.hashing.bitwise.xor_candidates`: Table 3, single bits first).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from rapcc.hashing.base import AccessSets, DistinctSets, check_geometry, distinct_sets
from rapcc.hashing.bitwise import (
    BitwisePermutation,
    BitwiseXor,
    Feature,
    feature_values,
    first_best,
    independent_of,
    permutation_features,
    xor_candidates,
)
from rapcc.search_memo import kept_on_disk, order_of


def imbalances(values: np.ndarray, chosen: Sequence[int]) -> np.ndarray:
    """Eq. 14 for every candidate feature of one access set.

    Args:
        values: (|R|, F) 0/1 value matrix of the set's distinct addresses.
        chosen: indices of the features already selected, b_0 first.

    Returns:
        (F,) imbalance of each candidate placed above the chosen bits; the
        entries of chosen features are meaningless (they are never selected).
    """
    size, count = values.shape
    steps = len(chosen)
    bins = 1 << (steps + 1)
    base = np.zeros(size, dtype=np.int64)
    for t, index in enumerate(chosen):
        base |= values[:, index] << t
    codes = base[:, None] | (values << steps)  # (|R|, F): bin of each address per candidate
    flat = codes + np.arange(count, dtype=np.int64)[None, :] * bins
    hist = np.bincount(flat.ravel(), minlength=count * bins).reshape(count, bins)
    return np.abs(hist - size / bins).sum(axis=1) / size


def mih_order(
    access_sets: AccessSets,
    features: Sequence[Feature],
    n: int,
    limit: int | None = None,
    within: int = -1,
) -> tuple[int, ...]:
    """Indices into `features` in the order the heuristic selects them (Eq. 15).

    Args:
        access_sets: one list of word addresses per warp access (duplicates
            merged, empty sets ignored).
        features: candidate bank bits (`permutation_features` or `xor_candidates`).
        n: address bits.
        limit: stop after this many selections (default: as many as possible).
        within: address bits on which the selected features must be
            independent (default: all; see `independent_of`).

    Ties go to the lowest feature index, which reproduces Fig. 6.  A feature
    that is a GF(2) combination of those already selected is never selected
    (see `independent_of`).
    """
    return _mih_order(distinct_sets(access_sets), tuple(tuple(f) for f in features), n, limit, within)


@lru_cache(maxsize=256)
@kept_on_disk("mih_order", key=lambda sets, *rest: (sets.distinct, sets.order, *rest), encode=lambda order: order,
              decode=lambda data, sets, features, *rest: order_of(data, features))  # across processes too (issue 29)
def _mih_order(sets: DistinctSets, features: tuple[Feature, ...], n: int, limit: int | None,
               within: int) -> tuple[int, ...]:
    """`mih_order`, once per distinct input: arrays accessed alike (the
    same access sets) get the same order, in a file and across the files of a process."""
    values = {k: feature_values(s, features) for k, s in enumerate(sets.normalised(n)) if s.size}
    wanted = len(features) if limit is None else limit
    chosen: list[int] = []
    while len(chosen) < wanted:
        allowed = independent_of(features, chosen, within)
        if not allowed.any():
            break
        # Once per distinct set, added once per occurrence in the original order (the same sums).
        each = {k: imbalances(v, chosen) for k, v in values.items()}
        total = np.zeros(len(features))
        for k in sets.order:
            if k in each:
                total += each[k]
        chosen.append(first_best(total, allowed, maximise=False))
    return tuple(chosen)


def bitwise_permutation(access_sets: AccessSets, n: int, m: int) -> BitwisePermutation:
    """Configure a bitwise permutation hash (§4.3) with the MIH."""
    check_geometry(n, m)
    return BitwisePermutation(mih_order(access_sets, permutation_features(n), n, limit=m), n)


def bitwise_xor(access_sets: AccessSets, n: int, m: int) -> BitwiseXor:
    """Configure a bitwise XOR hash (§4.4) with the MIH over the Table 3 combinations."""
    check_geometry(n, m)
    features = xor_candidates(n)
    order = mih_order(access_sets, features, n, limit=m)
    return BitwiseXor(tuple(features[i] for i in order), n)
