"""Software hashes: a configured bank hash turned into an address remapping
that a compiler can insert in every shared-memory subscript (seed 004 §6, §7.2).

Seed 004 §7.2 applies the hash in software by rewriting each subscript
`s[addr]` to `s[hash(addr)]`.  For that to preserve the program, the rewrite
must be a bijection of the array's index space [0, 2^n), and for it to move
the bank it must put the hash's bank bits where the hardware reads the bank:
the low m bits.  All §4 hashes are linear over GF(2), so the mapping here is
the n x n GF(2) matrix whose first m rows are the hash's rows and whose other
rows copy the remaining address bits in ascending order.  It is invertible
exactly when the hash uses all 2^m banks (rank m), and then
low_m_bits(addr') == hash.bank(addr).

The C rendering writes the matrix as an XOR of shifted, masked copies of the
address, one per diagonal (output bit r reads input bit r + d).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import singledispatch

from rapcc.hashing.base import BankHash, gf2_rank, independent_columns
from rapcc.hashing.bitvector import BitVectorPermutation, BitVectorXor
from rapcc.hashing.bitwise import BitwisePermutation, BitwiseXor


@dataclass(frozen=True, slots=True)
class LinearMapping:
    """addr -> addr' on [0, 2^n): bit r of addr' is parity(addr & rows[r]).

    Attributes:
        rows: n row masks; rows[:m] are the hash's bank rows.
        n: address bits.
        m: bank bits (the low m bits of addr' are the bank).
    """

    rows: tuple[int, ...]
    n: int
    m: int

    def apply(self, addr: int) -> int:
        out = 0
        for r, row in enumerate(self.rows):
            out |= (bin(addr & row).count("1") & 1) << r
        return out

    def terms(self) -> tuple[tuple[int, int], ...]:
        """(d, mask) pairs with addr' = XOR of shift(addr, d) & mask, where
        shift(a, d) is a >> d for d >= 0 and a << -d otherwise; sorted with
        d = 0 first, then by |d| (right shifts first)."""
        masks: dict[int, int] = {}
        for r, row in enumerate(self.rows):
            for c in range(self.n):
                if (row >> c) & 1:
                    masks[c - r] = masks.get(c - r, 0) | (1 << r)
        return tuple(sorted(masks.items(), key=lambda item: (item[0] != 0, abs(item[0]), item[0] < 0)))


@singledispatch
def preferred_columns(bank_hash: BankHash) -> Sequence[int]:
    """Address bits to keep inside the bank part, best first.

    Any set of m columns on which the hash's rows are invertible gives a
    bijection; the preference only decides which one, so that common hashes
    render as the short expressions of §7.2 (k1 = 0 gives
    `a ^ ((a >> k2) & mask)`).  Unknown hash types fall back to low bits first.
    """
    return range(bank_hash.n)


@preferred_columns.register
def _(bank_hash: BitVectorPermutation) -> Sequence[int]:
    return range(bank_hash.k, bank_hash.k + bank_hash.m)


@preferred_columns.register
def _(bank_hash: BitVectorXor) -> Sequence[int]:
    return range(bank_hash.k1, bank_hash.k1 + bank_hash.m)


@preferred_columns.register
def _(bank_hash: BitwisePermutation) -> Sequence[int]:
    return bank_hash.bits


@preferred_columns.register
def _(bank_hash: BitwiseXor) -> Sequence[int]:
    return [i for i, _ in bank_hash.pairs] + [j for _, j in bank_hash.pairs]


def _bank_columns(rows: Sequence[int], n: int, preference: Sequence[int]) -> list[int]:
    """Greedily pick m address bits whose columns of the bank matrix are
    linearly independent, in preference order."""
    return independent_columns(rows, dict.fromkeys([*preference, *range(n)]))


def software_mapping(bank_hash: BankHash) -> LinearMapping:
    """The §6/§7.2 software address mapping of a configured hash.

    Raises ValueError when the hash does not reach all 2^m banks (rank < m),
    since then no bijection can carry its bank in the low bits.
    """
    n, m = bank_hash.n, bank_hash.m
    rows = tuple(bank_hash.rows())
    if any(row >> n for row in rows):
        raise ValueError("hash reads address bits at or above n")
    if gf2_rank(rows) < m:
        raise ValueError(f"hash reaches fewer than 2^{m} banks; no bijection keeps it in the low bits")
    kept = set(_bank_columns(rows, n, list(preferred_columns(bank_hash))))
    copies = tuple(1 << c for c in range(n) if c not in kept)
    return LinearMapping(rows + copies, n, m)


def render_c(mapping: LinearMapping, var: str = "a") -> str:
    """The mapping as a C expression over an unsigned variable `var`.

    Assumes 0 <= var < 2^n (an in-bounds index, n <= 32); the result then also
    lies in [0, 2^n).  Example: bit-vector XOR k1 = 0, k2 = 5, mask = 31 on
    n = 14 bits renders as '(a ^ ((a >> 5) & 31u))'.
    """
    if mapping.n > 32:
        raise ValueError("C rendering assumes a 32-bit unsigned index (n <= 32)")
    parts = []
    for d, mask in mapping.terms():
        if d >= 0:
            shifted = var if d == 0 else f"({var} >> {d})"
            # (a >> d) has only bits below n - d; a full mask is a no-op.
            parts.append(shifted if mask == (1 << (mapping.n - d)) - 1 else f"({shifted} & {mask}u)")
        else:
            parts.append(f"(({var} << {-d}) & {mask}u)")
    if len(parts) == 1:
        return parts[0]
    return "(" + " ^ ".join(parts) + ")"
