"""What every configurable bank hash of seed 004 §4 shares, and how bank
conflicts of warp accesses are counted under one.

Seed 004 §4: the scratchpad holds 2^n words spread over 2^m banks, and a hash
maps an n-bit word address to an m-bit bank index.  All four families of §4
(bit-vector permutation and XOR, bitwise permutation and XOR) are linear over
GF(2): bank bit t is the parity of the address bits picked by a row mask.  The
`rows()` method exposes that matrix so that one generic routine
(`rapcc.hashing.software`) can build the software address mapping of §6/§7.2
for any of them.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

AccessSets = Sequence[Sequence[int]]
"""One list of word addresses per warp access (seed 004 §3: the addresses one
warp, or half-wavefront, touches in one instruction)."""


@runtime_checkable
class BankHash(Protocol):
    """A configured hash from n address bits to m bank bits (seed 004 §4)."""

    @property
    def n(self) -> int:
        """Number of word-address bits: addresses lie in [0, 2^n)."""
        ...

    @property
    def m(self) -> int:
        """Number of bank bits: there are 2^m banks."""
        ...

    def bank(self, addr: int) -> int:
        """Bank of one word address in [0, 2^n)."""
        ...

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        """Banks of an integer array of word addresses, element-wise."""
        ...

    def rows(self) -> tuple[int, ...]:
        """The GF(2) matrix of the hash: bank bit t = parity(addr & rows()[t])."""
        ...


def check_geometry(n: int, m: int) -> None:
    """Reject a memory geometry no §4 hash can describe (needs 1 <= m <= n)."""
    if not 1 <= m <= n:
        raise ValueError(f"need 1 <= bank bits <= address bits, got m={m}, n={n}")


def parity(values: np.ndarray) -> np.ndarray:
    """Element-wise parity (XOR of all bits) of a non-negative int64 array."""
    v = values.astype(np.int64, copy=True)
    for shift in (32, 16, 8, 4, 2, 1):
        v ^= v >> shift
    return v & 1


def banks_from_rows(rows: Sequence[int], addrs: np.ndarray) -> np.ndarray:
    """Evaluate a GF(2) bank matrix on an address array (bank bit t = parity of
    addr & rows[t]); used to check each family's closed form against its rows."""
    a = np.asarray(addrs, dtype=np.int64)
    out = np.zeros_like(a)
    for t, row in enumerate(rows):
        out |= parity(a & row) << t
    return out


def gf2_rank(rows: Sequence[int]) -> int:
    """Rank over GF(2) of row vectors given as integer bit masks."""
    basis: dict[int, int] = {}  # leading bit -> reduced row
    for row in rows:
        r = row
        while r:
            lead = r.bit_length() - 1
            if lead not in basis:
                basis[lead] = r
                break
            r ^= basis[lead]
    return len(basis)


def independent_columns(rows: Sequence[int], order: Iterable[int]) -> list[int]:
    """Up to len(rows) column bits, taken greedily in `order`, whose columns
    of the matrix `rows` are linearly independent over GF(2) (a matroid, so
    greedy works)."""
    chosen: list[int] = []
    vectors: list[int] = []
    for c in order:
        column = sum(((row >> c) & 1) << t for t, row in enumerate(rows))
        if gf2_rank([*vectors, column]) > len(vectors):
            chosen.append(c)
            vectors.append(column)
        if len(chosen) == len(rows):
            break
    return chosen


def in_gf2_span(row: int, rows: Sequence[int]) -> bool:
    """Whether `row` is a GF(2) combination of `rows` (the zero row always is).

    The heuristics of §5.2 use this to skip a candidate bank bit that adds no
    information: such a bit leaves half the banks unused.
    """
    return gf2_rank([*rows, row]) == gf2_rank(rows)


def normalise_access_sets(access_sets: AccessSets, n: int) -> tuple[np.ndarray, ...]:
    """Distinct addresses of each access set, as sorted int64 arrays.

    Requests of one warp to the same word are merged (seed 000 §II), so only
    distinct addresses can conflict.  Raises ValueError for an address outside
    [0, 2^n).
    """
    return tuple(_normalised(access, i, n) for i, access in enumerate(access_sets))


def sorted_distinct(values: np.ndarray) -> np.ndarray:
    """`np.unique(values)` of an integer array: its distinct values, sorted.
    NumPy 2's `np.unique` imports `numpy.ma` at its first call (with the
    signatures it parses, ~8 ms of a run without rapcc's server, issue 29);
    this is the sort it does, without that."""
    flat = np.asarray(values).ravel()
    if flat.dtype.kind not in "iu":
        return np.unique(flat)
    ordered = np.sort(flat)
    if ordered.size < 2:
        return ordered
    keep = np.empty(ordered.size, dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _normalised(access: Sequence[int], place: int, n: int) -> np.ndarray:
    a = sorted_distinct(np.asarray(list(access), dtype=np.int64))
    if a.size and (a[0] < 0 or a[-1] >= 1 << n):
        raise ValueError(f"access set {place} has an address outside [0, 2^{n})")
    return a


@dataclass(frozen=True, slots=True)
class DistinctSets:
    """Access sets with their repeats shared (the strategies repeat a set in
    proportion to how often it runs): hashable, so that a heuristic can be
    memoised on them, and what it computes per set is computed once."""

    distinct: tuple[tuple[int, ...], ...]  # in order of first occurrence
    order: tuple[int, ...]  # each original set's index in `distinct`

    def normalised(self, n: int) -> tuple[np.ndarray, ...]:
        """`normalise_access_sets` of the distinct sets; an error names the
        set by its first place among the original ones, as that would."""
        return tuple(_normalised(access, self.order.index(k), n) for k, access in enumerate(self.distinct))


def distinct_sets(access_sets: AccessSets) -> DistinctSets:
    index: dict[tuple[int, ...], int] = {}
    order = tuple(index.setdefault(tuple(s), len(index)) for s in access_sets)
    return DistinctSets(tuple(index), order)


def conflicts_of_bank_matrix(banks: np.ndarray, set_ids: np.ndarray, num_sets: int, m: int) -> np.ndarray:
    """Conflicts of many candidate hashes at once.

    Args:
        banks: (C, A) bank of each of A distinct (set, address) pairs under
            each of C candidate hashes.
        set_ids: (A,) which access set each column belongs to.
        num_sets: number of access sets.
        m: bank bits (2^m banks).

    Returns:
        (C,) total conflicts per candidate, counted as in `count_conflicts`.
    """
    num_banks = 1 << m
    c = banks.shape[0]
    key = (np.arange(c, dtype=np.int64)[:, None] * num_sets + set_ids[None, :]) * num_banks + banks
    counts = np.bincount(key.ravel(), minlength=c * num_sets * num_banks).reshape(c, num_sets, num_banks)
    degree = counts.max(axis=2)
    return np.maximum(degree - 1, 0).sum(axis=1)


def conflicts_per_set(bank_hash: BankHash, access_sets: AccessSets) -> tuple[int, ...]:
    """Conflicts of each access set: (largest number of distinct addresses that
    fall in one bank) - 1, and 0 for an empty set.

    Seed 004 §1 calls m threads hitting one bank an m-way conflict, which the
    hardware serialises into m cycles; the count here is the m - 1 extra
    cycles, the quantity a profiler's replay counter reports.
    """
    sets = normalise_access_sets(access_sets, bank_hash.n)
    out = []
    for a in sets:
        if a.size == 0:
            out.append(0)
            continue
        counts = np.bincount(bank_hash.banks(a), minlength=1 << bank_hash.m)
        out.append(int(counts.max()) - 1)
    return tuple(out)


def count_conflicts(bank_hash: BankHash, access_sets: AccessSets) -> int:
    """Total conflicts of all access sets under a hash (sum of
    `conflicts_per_set`)."""
    return sum(conflicts_per_set(bank_hash, access_sets))
