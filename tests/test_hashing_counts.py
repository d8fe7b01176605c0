"""Tests for rapcc.hashing.counts (seed 004 Table 1, Eq. 9)."""
import itertools
import math

import numpy as np
import pytest

from rapcc.hashing.bitvector import all_candidates
from rapcc.hashing.bitwise import xor_features
from rapcc.hashing.counts import (
    all_functions,
    bit_vector_functions,
    bit_vector_xor_functions,
    bitwise_permutation_functions,
    bitwise_xor_functions,
    log10_int,
    scientific,
    table1,
    unique_xor_functions,
    xor_functions,
)


def test_table1_fermi_column():
    n, m = 14, 5
    assert bit_vector_functions(n, m) == 10
    assert bit_vector_xor_functions(n, m) == 4480
    assert bitwise_permutation_functions(n, m) == 2002
    assert scientific(bitwise_xor_functions(n, m)) == "9.7e7"
    assert scientific(xor_functions(n, m)) == "1.2e21"
    assert scientific(unique_xor_functions(n, m)) == "1.2e14"
    # Table 1 prints 2.3e24660; 2^81920 is 2.38e24660 (the paper truncates).
    assert math.floor(log10_int(all_functions(n, m))) == 24660
    assert 2.3 <= 10 ** (log10_int(all_functions(n, m)) - 24660) < 2.4


def test_bit_vector_xor_count_matches_enumeration():
    for n, m in ((14, 5), (8, 3), (5, 5)):
        assert len(all_candidates(n, m)) == bit_vector_xor_functions(n, m)


def test_bitwise_xor_count_is_choices_of_table3_combinations():
    assert bitwise_xor_functions(14, 5) == math.comb(len(xor_features(14)), 5) == 96560646


def test_eq9_small_cases_by_brute_force():
    # N(n, m) counts distinct row spaces of full-rank m x n GF(2) matrices.
    for n, m in ((3, 1), (3, 2), (4, 2), (4, 3)):
        spaces = set()
        for rows in itertools.product(range(1, 1 << n), repeat=m):
            span = {0}
            for r in rows:
                span |= {x ^ r for x in span}
            if len(span) == 1 << m:
                spaces.add(frozenset(span))
        assert unique_xor_functions(n, m) == len(spaces)


def test_eq9_known_values():
    assert unique_xor_functions(5, 1) == 31
    assert unique_xor_functions(5, 5) == 1
    assert unique_xor_functions(4, 2) == 35


def test_table1_rows_and_geometry_check():
    rows = table1(14, 5)
    assert [r.value for r in rows][3:6] == [10, 4480, 2002]
    with pytest.raises(ValueError):
        table1(4, 5)


def test_log10_int():
    assert np.isclose(log10_int(10**300), 300)
    assert np.isclose(log10_int(1 << 81920), 81920 * math.log10(2))
