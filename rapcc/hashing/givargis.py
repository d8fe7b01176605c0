"""The Givargis heuristic, extended to several access sets (seed 004 §5.2.1).

For one set R of addresses, every candidate bit A_i gets a quality
Q_i = min(Z_i, O_i) / max(Z_i, O_i) (Eq. 11: how evenly it splits R into zeros
and ones) and every pair a correlation C_ij = min(E_ij, D_ij) / max(E_ij, D_ij)
(Eq. 12: how often the two bits are equal vs different).  The heuristic
repeatedly selects the bit of highest quality and multiplies every quality by
its correlation with the selected bit.  Seed 004's extension keeps one Q and C
per warp access set, selects by the SUM of the qualities over the sets, and
updates each set's qualities with that set's own correlations.

For the bitwise XOR hash the candidate "bits" are the n(n+1)/2 combinations of
Table 3, single bits first (`rapcc.hashing.bitwise.xor_candidates`).
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


def _ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """min(a, b) / max(a, b) element-wise; a + b is the (positive) set size."""
    return np.minimum(a, b) / np.maximum(a, b)


def quality(values: np.ndarray) -> np.ndarray:
    """Eq. 11 for each feature, given a (|R|, F) 0/1 value matrix."""
    ones = values.sum(axis=0)
    return _ratio(values.shape[0] - ones, ones)


def correlation(values: np.ndarray) -> np.ndarray:
    """Eq. 12 for each pair of features: an (F, F) matrix."""
    equal = values.T @ values + (1 - values).T @ (1 - values)
    return _ratio(equal, values.shape[0] - equal)


def givargis_order(
    access_sets: AccessSets,
    features: Sequence[Feature],
    n: int,
    limit: int | None = None,
    within: int = -1,
) -> tuple[int, ...]:
    """Indices into `features` in the order the extended heuristic selects them.

    Args:
        access_sets: one list of word addresses per warp access; each is one
            set R^r of §5.2.1 (duplicates are merged, empty sets ignored).
        features: candidate bank bits (`permutation_features` or `xor_candidates`).
        n: address bits.
        limit: stop after this many selections (default: as many as possible).
        within: address bits on which the selected features must be
            independent (default: all; see `independent_of`).

    A feature that is a GF(2) combination of those already selected is never
    selected (see `independent_of`); for single bits this changes nothing.
    """
    return _givargis_order(distinct_sets(access_sets), tuple(tuple(f) for f in features), n, limit, within)


@lru_cache(maxsize=256)
@kept_on_disk("givargis_order", key=lambda sets, *rest: (sets.distinct, sets.order, *rest), encode=lambda order: order,
              decode=lambda data, sets, features, *rest: order_of(data, features))  # across processes too (issue 29)
def _givargis_order(sets: DistinctSets, features: tuple[Feature, ...], n: int, limit: int | None,
                    within: int) -> tuple[int, ...]:
    """`givargis_order`, once per distinct input: arrays accessed
    alike (the same access sets) get the same order, in a file and across the
    files of a process."""
    values = {k: feature_values(s, features) for k, s in enumerate(sets.normalised(n)) if s.size}
    # Once per distinct set; each set's qualities stand in the sum once per occurrence, in the original order.
    order = [k for k in sets.order if k in values]
    qualities = {k: quality(v) for k, v in values.items()}
    correlations = {k: correlation(v) for k, v in values.items()}
    wanted = len(features) if limit is None else limit
    chosen: list[int] = []
    while len(chosen) < wanted:
        allowed = independent_of(features, chosen, within)
        if not allowed.any():
            break
        total = np.sum([qualities[k] for k in order], axis=0) if order else np.zeros(len(features))
        best = first_best(total, allowed, maximise=True)
        chosen.append(best)
        qualities = {k: q * correlations[k][best] for k, q in qualities.items()}
    return tuple(chosen)


def bitwise_permutation(access_sets: AccessSets, n: int, m: int) -> BitwisePermutation:
    """Configure a bitwise permutation hash (§4.3) with the extended heuristic."""
    check_geometry(n, m)
    order = givargis_order(access_sets, permutation_features(n), n, limit=m)
    return BitwisePermutation(tuple(order), n)


def bitwise_xor(access_sets: AccessSets, n: int, m: int) -> BitwiseXor:
    """Configure a bitwise XOR hash (§4.4) with the extended heuristic over the
    Table 3 combinations."""
    check_geometry(n, m)
    features = xor_candidates(n)
    order = givargis_order(access_sets, features, n, limit=m)
    return BitwiseXor(tuple(features[i] for i in order), n)
