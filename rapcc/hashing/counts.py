"""Sizes of the hash-function search spaces (seed 004 §4, Table 1, Eq. 9).

Everything is computed from n (address bits) and m (bank bits) with exact
integer arithmetic; Table 1's example column is n = 14, m = 5 (48 kB of
4-byte words over 32 banks, NVIDIA Fermi).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from rapcc.hashing.base import check_geometry


def all_functions(n: int, m: int) -> int:
    """(2^m)^(2^n): every map from n-bit addresses to m-bit banks (§4, [2])."""
    check_geometry(n, m)
    return 1 << (m << n)


def xor_functions(n: int, m: int) -> int:
    """2^(n m): every m x n matrix over GF(2), i.e. every XOR-based function."""
    check_geometry(n, m)
    return 1 << (n * m)


def unique_xor_functions(n: int, m: int) -> int:
    """N(n, m) of Eq. 9: prod_{i=1..m} (2^(n-i+1) - 1) / (2^(m-i+1) - 1).

    XOR functions that differ only by a relabelling of the banks distribute
    addresses alike; N(n, m) counts the distinct row spaces, i.e. the m-
    dimensional subspaces of GF(2)^n (the Gaussian binomial coefficient), so
    the product is an integer.
    """
    check_geometry(n, m)
    value = Fraction(1)
    for i in range(1, m + 1):
        value *= Fraction((1 << (n - i + 1)) - 1, (1 << (m - i + 1)) - 1)
    if value.denominator != 1:
        raise ArithmeticError(f"Eq. 9 gave a non-integer for n={n}, m={m}")
    return value.numerator


def bit_vector_functions(n: int, m: int) -> int:
    """n - m + 1 choices of k (§4.1)."""
    check_geometry(n, m)
    return n - m + 1


def bit_vector_xor_functions(n: int, m: int) -> int:
    """(n - m + 1) * n * 2^m choices of (k1, k2, mask) (§4.2, §5.1)."""
    check_geometry(n, m)
    return (n - m + 1) * n * (1 << m)


def bitwise_permutation_functions(n: int, m: int) -> int:
    """C(n, m): the order of the chosen bits only relabels banks (§4.3)."""
    check_geometry(n, m)
    return math.comb(n, m)


def bitwise_xor_functions(n: int, m: int) -> int:
    """C(n(n+1)/2, m): m of the Table 3 combinations (§4.4)."""
    check_geometry(n, m)
    return math.comb(n * (n + 1) // 2, m)


def log10_int(value: int) -> float:
    """log10 of a positive integer too large for a float (e.g. 2^81920)."""
    if value <= 0:
        raise ValueError("log10 needs a positive integer")
    shift = max(0, value.bit_length() - 64)
    return math.log10(value >> shift) + shift * math.log10(2)


def scientific(value: int, digits: int = 1) -> str:
    """Table 1 style: '1.2e21', and plain digits below 10^6."""
    if value < 10**6:
        return f"{value:,}"
    exponent = math.floor(log10_int(value))
    mantissa = 10 ** (log10_int(value) - exponent)
    if round(mantissa, digits) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.{digits}f}e{exponent}"


@dataclass(frozen=True, slots=True)
class Table1Row:
    """One row of Table 1: the class of functions, its size formula and value."""

    name: str
    formula: str
    value: int


def table1(n: int, m: int) -> tuple[Table1Row, ...]:
    """Table 1 for a given geometry, computed."""
    return (
        Table1Row("all functions", "(2^m)^(2^n)", all_functions(n, m)),
        Table1Row("XOR-based functions", "2^(nm)", xor_functions(n, m)),
        Table1Row("unique XOR-based functions", "N(n,m), Eq. 9", unique_xor_functions(n, m)),
        Table1Row("bit-vector functions", "n-m+1", bit_vector_functions(n, m)),
        Table1Row("bit-vector XOR functions", "(n-m+1)*n*2^m", bit_vector_xor_functions(n, m)),
        Table1Row("bitwise permutation functions", "C(n,m)", bitwise_permutation_functions(n, m)),
        Table1Row("bitwise XOR functions", "C(n(n+1)/2,m)", bitwise_xor_functions(n, m)),
    )
