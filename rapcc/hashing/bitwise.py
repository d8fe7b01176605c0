"""Bitwise hash functions (seed 004 §4.3, §4.4) and the candidate bank bits the
heuristics of §5.2 choose from.

A bitwise permutation picks m individual address bits (§4.3); a bitwise XOR
makes each bank bit the XOR of a pair of address bits (§4.4).  Both are
described by a tuple of "features": a feature (i, j) with i <= j is the
address bit a_i when i == j and a_i ^ a_j otherwise, following the n(n+1)/2
combinations of Table 3.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rapcc.hashing.base import check_geometry, in_gf2_span

Feature = tuple[int, int]


def permutation_features(n: int) -> tuple[Feature, ...]:
    """The n single address bits, as features (i, i), lowest bit first (§4.3)."""
    return tuple((i, i) for i in range(n))


def xor_features(n: int) -> tuple[Feature, ...]:
    """The n(n+1)/2 combinations of Table 3, row by row: (0,0), (0,1), ...,
    (0,n-1), (1,1), ...; (i, i) is the bit a_i alone (§4.4)."""
    return tuple((i, j) for i in range(n) for j in range(i, n))


def xor_candidates(n: int) -> tuple[Feature, ...]:
    """The Table 3 combinations with the single bits first, in the order the
    heuristics consider them: on equal scores a plain bit wins over a pair,
    so an access that needs no XOR gets none."""
    features = xor_features(n)
    return tuple(f for f in features if f[0] == f[1]) + tuple(f for f in features if f[0] != f[1])


def feature_row(feature: Feature) -> int:
    """GF(2) row mask of a feature: the address bits it XORs together."""
    i, j = feature
    return 1 << i if i == j else (1 << i) | (1 << j)


def feature_values(addrs: np.ndarray, features: Sequence[Feature]) -> np.ndarray:
    """(len(addrs), len(features)) 0/1 matrix: value of each feature on each address."""
    a = np.asarray(addrs, dtype=np.int64)[:, None]
    i = np.array([f[0] for f in features], dtype=np.int64)[None, :]
    j = np.array([f[1] for f in features], dtype=np.int64)[None, :]
    bit_i = (a >> i) & 1
    bit_j = (a >> j) & 1
    return np.where(i == j, bit_i, bit_i ^ bit_j).astype(np.int64)


def describe_feature(feature: Feature) -> str:
    """Table 5 notation: '(3)' for a single bit, '(0^5)' for a pair."""
    i, j = feature
    return f"({i})" if i == j else f"({i}^{j})"


def _check_features(features: Sequence[Feature], n: int) -> None:
    for i, j in features:
        if not 0 <= i <= j < n:
            raise ValueError(f"feature ({i}, {j}) must satisfy 0 <= i <= j < {n}")


@dataclass(frozen=True, slots=True)
class BitwisePermutation:
    """Bank bit t = address bit bits[t] (seed 004 §4.3).

    Args:
        bits: the m selected address bits, bank bit 0 first; distinct.
        n: address bits.
    """

    bits: tuple[int, ...]
    n: int

    def __post_init__(self) -> None:
        check_geometry(self.n, len(self.bits))
        if len(set(self.bits)) != len(self.bits):
            raise ValueError(f"bits {self.bits} are not distinct")
        _check_features([(b, b) for b in self.bits], self.n)

    @property
    def m(self) -> int:
        return len(self.bits)

    def bank(self, addr: int) -> int:
        return sum(((addr >> b) & 1) << t for t, b in enumerate(self.bits))

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        a = np.asarray(addrs, dtype=np.int64)
        out = np.zeros_like(a)
        for t, b in enumerate(self.bits):
            out |= ((a >> b) & 1) << t
        return out

    def rows(self) -> tuple[int, ...]:
        return tuple(1 << b for b in self.bits)

    def describe(self) -> str:
        """Table 5 notation, bank bit 0 first: '(3) (4) (5) (6) (7)'."""
        return " ".join(describe_feature((b, b)) for b in self.bits)


@dataclass(frozen=True, slots=True)
class BitwiseXor:
    """Bank bit t = a_i ^ a_j for pairs[t] = (i, j), or a_i when i == j (seed 004 §4.4).

    Args:
        pairs: the m selected features, bank bit 0 first, each with i <= j.
        n: address bits.
    """

    pairs: tuple[Feature, ...]
    n: int

    def __post_init__(self) -> None:
        check_geometry(self.n, len(self.pairs))
        _check_features(self.pairs, self.n)

    @property
    def m(self) -> int:
        return len(self.pairs)

    def bank(self, addr: int) -> int:
        out = 0
        for t, (i, j) in enumerate(self.pairs):
            bit = (addr >> i) & 1 if i == j else ((addr >> i) ^ (addr >> j)) & 1
            out |= bit << t
        return out

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        a = np.asarray(addrs, dtype=np.int64)
        values = feature_values(a.ravel(), self.pairs)
        weights = np.left_shift(1, np.arange(self.m, dtype=np.int64))
        return (values @ weights).reshape(a.shape)

    def rows(self) -> tuple[int, ...]:
        return tuple(feature_row(f) for f in self.pairs)

    def describe(self) -> str:
        """Table 5 notation, bank bit 0 first: '(0^3) (0^4) (5)'."""
        return " ".join(describe_feature(f) for f in self.pairs)


def independent_of(features: Sequence[Feature], chosen: Sequence[int], within: int = -1) -> np.ndarray:
    """Boolean mask over `features`: True where the feature is not a GF(2)
    combination of the chosen ones.

    A bank bit that depends on the others takes a fixed value on each of their
    combinations, so it halves the usable banks; the §5.2 heuristics never
    want one, and with XOR features (Table 3) they could otherwise pick, say,
    a0^a1 after a0 and a1.

    `within` restricts the test to those address bits (a mask): the software
    mapping of an N-D array may only rewrite its last index, so its bank bits
    must be independent on the column bits alone (rapcc.strategies.hashed).
    """
    chosen_rows = [feature_row(features[index]) & within for index in chosen]
    return np.array([not in_gf2_span(feature_row(f) & within, chosen_rows) for f in features], dtype=bool)


def first_best(scores: np.ndarray, allowed: np.ndarray, maximise: bool) -> int:
    """Index of the best allowed score, the lowest index among (float) ties.

    The heuristics' examples in seed 004 break ties towards the lower address
    bit, and sums of ratios are compared with a small tolerance so that
    rounding does not decide between equal scores.
    """
    candidates = np.flatnonzero(allowed)
    values = scores[candidates]
    target = values.max() if maximise else values.min()
    close = np.abs(values - target) <= 1e-9 * max(1.0, abs(float(target)))
    return int(candidates[np.flatnonzero(close)[0]])
