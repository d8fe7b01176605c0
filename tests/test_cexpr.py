"""Emitted index helpers evaluated with C's unsigned 32-bit semantics
(rapcc/cexpr.py, through cint)."""
from __future__ import annotations

import numpy as np
import pytest

from rapcc.cexpr import CExprError, compile_helper, helper_source


def _run(expr: str, *args: list[int]) -> list[int]:
    f = compile_helper(helper_source("f", [f"i{k}" for k in range(len(args))], expr))
    return f(*(np.array(a, dtype=np.int64) for a in args)).tolist()


def test_unsigned_arithmetic_wraps_at_32_bits():
    assert _run("i0 - 1u", [0, 5]) == [0xFFFFFFFF, 4]
    assert _run("i0 * 65536u", [65536, 3]) == [0, 3 * 65536]
    assert _run("~i0", [0]) == [0xFFFFFFFF]
    assert _run("(i0 ^ ((i0 >> 5u) & 7u)) % 33u", [37, 300]) == [(37 ^ 1) % 33, (300 ^ 1) % 33]


def test_a_shift_by_the_width_is_undefined_not_masked():
    """`i0 << 32u` is undefined in C (C11 6.5.7); the helper evaluator masked
    the amount to 0 (x86's rule) and read i0. The twin, by 31, is defined."""
    with pytest.raises(CExprError, match="shift"):
        _run("i0 << 32u", [1])
    assert _run("i0 << 31u", [1, 2]) == [1 << 31, 0]
    with pytest.raises(CExprError, match="division by zero"):
        _run("i0 / (i0 - i0)", [3])
