"""Bit-vector hash functions and their exhaustive search (seed 004 §4.1, §4.2, §5.1).

A bit-vector permutation takes m consecutive address bits starting at k
(§4.1); a bit-vector XOR combines two such vectors, the second one masked
(§4.2).  §5.1 configures them by trying every (k1, k2, mask), after pruning
the space with the strides seen in the kernel.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from rapcc.hashing.base import (
    AccessSets,
    check_geometry,
    conflicts_of_bank_matrix,
    normalise_access_sets,
)


@dataclass(frozen=True, slots=True)
class BitVectorPermutation:
    """bank = (addr >> k) & (2^m - 1): address bits [k, k+m) (seed 004 §4.1).

    Args:
        k: lowest selected bit, 0 <= k <= n - m (the stride S = S0 * 2^k of §4.1).
        n: address bits.
        m: bank bits.
    """

    k: int
    n: int
    m: int

    def __post_init__(self) -> None:
        check_geometry(self.n, self.m)
        if not 0 <= self.k <= self.n - self.m:
            raise ValueError(f"k={self.k} outside [0, {self.n - self.m}]")

    def bank(self, addr: int) -> int:
        return (addr >> self.k) & ((1 << self.m) - 1)

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        return (np.asarray(addrs, dtype=np.int64) >> self.k) & ((1 << self.m) - 1)

    def rows(self) -> tuple[int, ...]:
        return tuple(1 << (self.k + t) for t in range(self.m))


@dataclass(frozen=True, slots=True)
class BitVectorXor:
    """bank = ((addr >> k1) ^ ((addr >> k2) & mask)) & (2^m - 1) (seed 004 §4.2).

    Bank bit t is a[k1+t] ^ (mask_t & a[k2+t]); address bits at or above n
    read as 0.  mask = 0 is the bit-vector permutation with k = k1 (§5.1).

    Args:
        k1: start of the first vector, 0 <= k1 <= n - m (§5.1: "k1 ranges from
            0 to 9 to make sure always 5 bits are in the result").
        k2: start of the masked vector, 0 <= k2 < n.
        mask: which bits of the second vector are XORed in, 0 <= mask < 2^m.
        n: address bits.
        m: bank bits.
    """

    k1: int
    k2: int
    mask: int
    n: int
    m: int

    def __post_init__(self) -> None:
        check_geometry(self.n, self.m)
        if not 0 <= self.k1 <= self.n - self.m:
            raise ValueError(f"k1={self.k1} outside [0, {self.n - self.m}]")
        if not 0 <= self.k2 < self.n:
            raise ValueError(f"k2={self.k2} outside [0, {self.n - 1}]")
        if not 0 <= self.mask < 1 << self.m:
            raise ValueError(f"mask={self.mask} outside [0, {(1 << self.m) - 1}]")

    def bank(self, addr: int) -> int:
        return ((addr >> self.k1) ^ ((addr >> self.k2) & self.mask)) & ((1 << self.m) - 1)

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        a = np.asarray(addrs, dtype=np.int64)
        return ((a >> self.k1) ^ ((a >> self.k2) & self.mask)) & ((1 << self.m) - 1)

    def rows(self) -> tuple[int, ...]:
        full = (1 << self.n) - 1
        out = []
        for t in range(self.m):
            row = 1 << (self.k1 + t)
            if (self.mask >> t) & 1:
                row ^= 1 << (self.k2 + t)
            out.append(row & full)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class BitVectorSearchResult:
    """Outcome of the §5.1 search.

    Attributes:
        hash: the best configuration found.
        conflicts: total conflicts of the access sets under it.
        evaluated: number of (k1, k2, mask) combinations tested.
    """

    hash: BitVectorXor
    conflicts: int
    evaluated: int


def varying_bits(addrs: Sequence[int]) -> tuple[int, int] | None:
    """Lowest and highest address bit that differs within one access set.

    For the pure stride pattern {S * t : t < threads} these are exactly the
    k and MSB of §5.1; for other sets (block patterns, offsets) they are the
    natural generalisation.  None when the set has fewer than two addresses.
    """
    if not addrs:
        return None
    base = addrs[0]
    diff = 0
    for a in addrs:
        diff |= a ^ base
    if diff == 0:
        return None
    return (diff & -diff).bit_length() - 1, diff.bit_length() - 1


def pruned_candidates(ks: Iterable[int], msb: int, n: int, m: int) -> tuple[BitVectorXor, ...]:
    """The combinations §5.1 still tests after pruning.

    k1 takes only the k of each pattern; k2 runs over [min k, max MSB] except
    k2 = k1 (a[x] ^ a[x] = 0); the mask only covers bits of the second vector
    that lie at or below the MSB, since higher bits never vary.  Strides 4 and
    6 give 188 combinations, as in the paper.

    Args:
        ks: the k of every access pattern (duplicates are ignored).
        msb: the largest MSB over the patterns.
        n: address bits.
        m: bank bits.
    """
    check_geometry(n, m)
    k_set = sorted({k for k in ks})
    if not k_set:
        return (BitVectorXor(0, 0, 0, n, m),)
    top = min(msb, n - 1)
    k1_values = sorted({min(k, n - m) for k in k_set})
    out = []
    for k1 in k1_values:
        for k2 in range(k_set[0], top + 1):
            if k2 == k1:
                continue
            useful_bits = min(m, top - k2 + 1)
            out.extend(BitVectorXor(k1, k2, mask, n, m) for mask in range(1 << useful_bits))
    if not out:
        # Every pattern varies in the single bit k: only the permutation is left.
        return tuple(BitVectorXor(k1, 0, 0, n, m) for k1 in k1_values)
    return tuple(out)


def pruned_candidates_for_sets(access_sets: AccessSets, n: int, m: int) -> tuple[BitVectorXor, ...]:
    """§5.1 pruning with k and MSB read off the access sets (see `varying_bits`)."""
    spans = [v for v in (varying_bits(list(s)) for s in access_sets) if v is not None]
    return pruned_candidates([lo for lo, _ in spans], max((hi for _, hi in spans), default=0), n, m)


def all_candidates(n: int, m: int) -> tuple[BitVectorXor, ...]:
    """Every (k1, k2, mask): (n - m + 1) * n * 2^m combinations (Table 1)."""
    check_geometry(n, m)
    return tuple(
        BitVectorXor(k1, k2, mask, n, m)
        for k1 in range(n - m + 1)
        for k2 in range(n)
        for mask in range(1 << m)
    )


def candidate_conflicts(candidates: Sequence[BitVectorXor], access_sets: AccessSets, n: int, m: int) -> np.ndarray:
    """Total conflicts of the access sets under each candidate, vectorised."""
    sets = normalise_access_sets(access_sets, n)
    if not candidates:
        return np.zeros(0, dtype=np.int64)
    if not sets or all(s.size == 0 for s in sets):
        return np.zeros(len(candidates), dtype=np.int64)
    addrs = np.concatenate(sets)
    set_ids = np.repeat(np.arange(len(sets), dtype=np.int64), [s.size for s in sets])
    k1 = np.array([c.k1 for c in candidates], dtype=np.int64)[:, None]
    k2 = np.array([c.k2 for c in candidates], dtype=np.int64)[:, None]
    mask = np.array([c.mask for c in candidates], dtype=np.int64)[:, None]
    banks = ((addrs[None, :] >> k1) ^ ((addrs[None, :] >> k2) & mask)) & ((1 << m) - 1)
    return conflicts_of_bank_matrix(banks, set_ids, len(sets), m)


def search(
    access_sets: AccessSets,
    n: int,
    m: int,
    candidates: Sequence[BitVectorXor] | None = None,
) -> BitVectorSearchResult:
    """Exhaustive bit-vector XOR search of seed 004 §5.1.

    Args:
        access_sets: one list of word addresses per warp access.
        n: address bits.
        m: bank bits.
        candidates: the combinations to test; by default the §5.1 pruned set
            read off the access sets.

    Returns the candidate with the fewest conflicts.  Ties go to the fewest
    mask bits (so a plain permutation wins whenever it is as good, which is
    what §5.1 prescribes when all strides share k), then to enumeration order.
    A winner with mask = 0 is reported with k2 = 0, since k2 is then unused.
    """
    if candidates is None:
        candidates = pruned_candidates_for_sets(access_sets, n, m)
    if not candidates:
        raise ValueError("no candidate hash to evaluate")
    conflicts = candidate_conflicts(candidates, access_sets, n, m)
    popcounts = np.array([bin(c.mask).count("1") for c in candidates], dtype=np.int64)
    best = int(np.lexsort((np.arange(len(candidates)), popcounts, conflicts))[0])
    winner = candidates[best]
    if winner.mask == 0:
        winner = BitVectorXor(winner.k1, 0, 0, n, m)
    return BitVectorSearchResult(winner, int(conflicts[best]), len(candidates))
