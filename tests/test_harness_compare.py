"""Bitwise and reference comparison of kernel outputs."""
from __future__ import annotations

import numpy as np
import pytest

from rapcc.harness.compare import bitwise_equal, compare_all, default_rtol, reference_close


def test_bitwise_equal_passes_identical_bytes_including_nan() -> None:
    a = np.array([1.0, np.nan, -0.0], np.float32)
    assert bitwise_equal(a, a.copy()).ok


def test_bitwise_distinguishes_negative_zero_and_names_the_element() -> None:
    a = np.zeros((2, 3), np.float32)
    b = a.copy()
    b[1, 2] = -0.0
    result = bitwise_equal(b, a)
    assert not result.ok
    assert "element (1, 2) differs" in result.message
    assert "0x80000000" in result.message and "0x00000000" in result.message
    assert "1 of 6 elements differ" in result.message


def test_bitwise_distinguishes_nan_payloads() -> None:
    a = np.array([0x7FC00000], np.uint32).view(np.float32)
    b = np.array([0x7FC00001], np.uint32).view(np.float32)
    assert not bitwise_equal(a, b).ok


def test_bitwise_reports_dtype_and_shape_mismatch() -> None:
    assert "dtype" in bitwise_equal(np.zeros(3, np.float32), np.zeros(3, np.float64)).message
    assert "shape" in bitwise_equal(np.zeros(3, np.float32), np.zeros(4, np.float32)).message


def test_bitwise_on_complex_elements() -> None:
    a = np.array([1 + 2j, 3 + 4j], np.complex64)
    b = a.copy()
    b[1] = 3 + 5j
    result = bitwise_equal(b, a)
    assert not result.ok and "element [1]" in result.message


def test_integers_must_match_exactly() -> None:
    want = np.arange(10, dtype=np.int64)
    got = want.astype(np.int32)
    assert reference_close(got, want).ok
    got[7] = -1
    result = reference_close(got, want)
    assert not result.ok and "element [7] is -1" in result.message and "expected 7" in result.message


def test_float_tolerance_is_relative_to_the_largest_reference_value() -> None:
    want = np.array([1000.0, 1.0, 0.0])
    assert reference_close(np.array([1000.05, 1.05, 0.05], np.float32), want).ok  # 5e-5 of 1000
    result = reference_close(np.array([1000.0, 1.5, 0.0], np.float32), want)
    assert not result.ok and "element [1]" in result.message


def test_an_unwritten_poisoned_element_fails() -> None:
    got = np.ones(4, np.float32)
    got[2] = np.nan
    result = reference_close(got, np.ones(4))
    assert not result.ok and "element [2]" in result.message


def test_custom_and_default_tolerances() -> None:
    assert default_rtol(np.dtype(np.float32)) == pytest.approx(1e-4)
    assert default_rtol(np.dtype(np.float64)) < 1e-8
    got, want = np.array([1.001], np.float32), np.array([1.0])
    assert not reference_close(got, want).ok
    assert reference_close(got, want, rtol=1e-2).ok


def test_all_zero_reference_uses_an_absolute_tolerance() -> None:
    assert reference_close(np.zeros(3, np.float32), np.zeros(3)).ok
    assert not reference_close(np.full(3, 0.1, np.float32), np.zeros(3)).ok


def test_compare_all_reports_the_first_failing_output() -> None:
    a, b = np.zeros(2, np.int32), np.ones(2, np.int32)
    assert compare_all([a, b], [a, b], bitwise=True).ok
    result = compare_all([a, a], [a, b], bitwise=True, labels=["x", "y"])
    assert not result.ok and result.message.startswith("y:")
    assert not compare_all([a], [a, b], bitwise=False).ok
