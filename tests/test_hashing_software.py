"""Tests for rapcc.hashing.software (seed 004 §6, §7.2): every configured
software mapping is a bijection on [0, 2^n) that carries the bank in its low
bits, and its C rendering computes the same mapping."""
import re

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from rapcc.hashing.base import banks_from_rows, count_conflicts, gf2_rank
from rapcc.hashing.bitvector import BitVectorPermutation, BitVectorXor, search
from rapcc.hashing.bitwise import BitwisePermutation, BitwiseXor
from rapcc.hashing.mih import bitwise_xor
from rapcc.hashing.software import LinearMapping, render_c, software_mapping


def eval_c(expr: str, a: np.ndarray) -> np.ndarray:
    """Evaluate the rendered expression on all addresses (C unsigned literals
    are plain integers here; only ^ & | << >> and parentheses occur)."""
    assert re.fullmatch(r"[a()\s\^&|<>0-9u]+", expr), expr
    return eval(re.sub(r"(\d+)u", r"\1", expr), {"a": a})


def check_mapping(h) -> LinearMapping:
    mapping = software_mapping(h)
    a = np.arange(1 << h.n, dtype=np.int64)
    image = banks_from_rows(mapping.rows, a)  # the mapping is a matrix of n rows
    assert np.array_equal(np.sort(image), a), "not a bijection on [0, 2^n)"
    assert np.array_equal(image & ((1 << h.m) - 1), h.banks(a)), "low m bits are not the bank"
    rendered = eval_c(render_c(mapping), a)
    assert np.array_equal(rendered, image)
    assert rendered.min() >= 0 and rendered.max() < 1 << h.n
    return mapping


geometry = st.integers(1, 11).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n)))


@settings(max_examples=150)
@given(geometry.flatmap(lambda nm: st.tuples(
    st.just(nm), st.integers(0, nm[0] - nm[1]), st.integers(0, nm[0] - 1), st.integers(0, (1 << nm[1]) - 1))))
def test_bit_vector_xor_mapping_is_a_bijection(params):
    (n, m), k1, k2, mask = params
    h = BitVectorXor(k1, k2, mask, n, m)
    if gf2_rank(h.rows()) < m:
        with pytest.raises(ValueError):
            software_mapping(h)
        return
    check_mapping(h)


@given(geometry.flatmap(lambda nm: st.tuples(st.just(nm), st.integers(0, nm[0] - nm[1]))))
def test_bit_vector_permutation_mapping_is_a_bijection(params):
    (n, m), k = params
    check_mapping(BitVectorPermutation(k, n, m))


@given(geometry.flatmap(lambda nm: st.tuples(st.just(nm), st.permutations(range(nm[0])))))
def test_bitwise_permutation_mapping_is_a_bijection(params):
    (n, m), order = params
    check_mapping(BitwisePermutation(tuple(order[:m]), n))


@settings(max_examples=150)
@given(geometry.flatmap(lambda nm: st.tuples(
    st.just(nm),
    st.lists(st.tuples(st.integers(0, nm[0] - 1), st.integers(0, nm[0] - 1)).map(lambda p: (min(p), max(p))),
             min_size=nm[1], max_size=nm[1]))))
def test_bitwise_xor_mapping_is_a_bijection(params):
    (n, m), pairs = params
    h = BitwiseXor(tuple(pairs), n)
    assume(gf2_rank(h.rows()) == m)
    check_mapping(h)


def test_k1_zero_renders_as_section_7_2_expression():
    mapping = check_mapping(BitVectorXor(0, 5, 31, 14, 5))
    assert render_c(mapping) == "(a ^ ((a >> 5) & 31u))"
    assert render_c(check_mapping(BitVectorXor(0, 2, 31, 14, 5)), "i") == "(i ^ ((i >> 2) & 31u))"


def test_identity_renders_as_the_variable():
    assert render_c(check_mapping(BitVectorPermutation(0, 14, 5))) == "a"


def test_lavamd_configuration_from_section_7_2():
    # §7.2: k1 = 1, k2 = 6, mask = 3 (Table 5, lavaMD); the paper's hash() drops bit 0,
    # ours keeps it, so the mapping stays a bijection.
    check_mapping(BitVectorXor(1, 6, 3, 14, 5))


def test_rank_deficient_hash_is_rejected():
    with pytest.raises(ValueError):
        software_mapping(BitVectorXor(2, 2, 1, 14, 5))  # b0 = a2 ^ a2 = 0
    with pytest.raises(ValueError):
        software_mapping(BitwiseXor(((0, 1), (1, 2), (0, 2)), 6))


def test_searched_hashes_keep_their_conflict_count_through_the_mapping():
    # The remapped addresses, banked by their low bits, conflict exactly as the hash says.
    fwt = [[32 * ty + tx for ty in range(4) for tx in range(8)]]
    for h in (search(fwt, 14, 5).hash, bitwise_xor(fwt, 14, 5)):
        mapping = software_mapping(h)
        remapped = [[mapping.apply(a) for a in s] for s in fwt]
        assert count_conflicts(BitVectorPermutation(0, 14, 5), remapped) == count_conflicts(h, fwt) == 0
