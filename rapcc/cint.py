"""C integer arithmetic, written once: every model of the program (the sound
interpreter's intervals, the replay's lane vectors, the host launch values,
the emitted index helpers) takes its integer semantics from here.

- C11 6.2.5/6.2.6.2: an integer type is a width and a signedness (`CType`);
  `bool` is one unsigned bit.
- C11 6.3.1.1: the integer promotions (`promote`): every type narrower than
  `int` becomes `int`, which holds all of its values.
- C11 6.3.1.2/6.3.1.3: conversion to a type (`wrap`): to `bool` is `!= 0`;
  to an unsigned type is reduction modulo 2^bits; to a signed type that cannot
  hold the value is implementation-defined, and gcc, clang and nvcc reduce
  modulo 2^bits into the type's range, as `wrap` does.
- C11 6.3.1.8: the usual arithmetic conversions (`usual_arithmetic_conversion`).
- C11 6.5.5: `/` truncates toward zero and `a % b == a - (a / b) * b`; a zero
  divisor, or a quotient the type cannot hold (INT_MIN / -1), is undefined.
- C11 6.5.7: a shift by a negative amount or by the promoted left operand's
  width or more is undefined; so is `E1 << E2` of a negative signed E1, or of
  one whose product E1 * 2^E2 the type cannot hold. A negative `E1 >> E2` is
  implementation-defined; gcc and nvcc shift arithmetically.
- C11 6.5.6/6.5.5p4: signed overflow of `+ - *` is undefined.

Undefined behaviour is returned as data, an `Undefined` member, never as a
guessed value. The scalar functions are exact on Python ints; the `*_array`
ones apply the same rules to whole NumPy int64 vectors (a value of a 64-bit
unsigned type is held as its int64 bit pattern).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np


@dataclass(frozen=True, slots=True)
class CType:
    """An integer type: width in bits and signedness (`bool` is 1 unsigned bit)."""

    bits: int
    signed: bool

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1


BOOL = CType(1, False)
SCHAR, UCHAR = CType(8, True), CType(8, False)
SHORT, USHORT = CType(16, True), CType(16, False)
INT, UINT = CType(32, True), CType(32, False)
LLONG, ULLONG = CType(64, True), CType(64, False)


class Undefined(Enum):
    """Why C gives an operation no value."""

    DIVISION_BY_ZERO = "division by zero"
    SHIFT_AMOUNT = "shift out of range"  # negative, or the type's width or more
    NEGATIVE_LEFT_SHIFT = "a left shift of a negative value"
    SIGNED_OVERFLOW = "a signed overflow"


COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})
SHIFTS = frozenset({"<<", ">>"})


def promote(t: CType) -> CType:
    """C11 6.3.1.1p2: a type narrower than `int` becomes `int`."""
    return INT if t.bits < INT.bits else t


def usual_arithmetic_conversion(a: CType, b: CType) -> CType:
    """C11 6.3.1.8: the common type of two operands, after promotion. Types
    of equal width have equal rank here (`long` and `long long` are both 64
    bits on every target rapcc compiles for, and convert alike)."""
    a, b = promote(a), promote(b)
    if a.signed == b.signed:
        return a if a.bits >= b.bits else b
    u, i = (a, b) if not a.signed else (b, a)
    if u.bits >= i.bits:
        return u
    return i  # the signed type is wider: it holds every value of the unsigned one


def wrap(v: int, t: CType) -> int:
    """C11 6.3.1.2/6.3.1.3: the value `v` converted to `t`."""
    if t.bits == 1:
        return int(v != 0)
    v &= (1 << t.bits) - 1
    return v - (1 << t.bits) if t.signed and v >> (t.bits - 1) else v


def tdiv(a: int, b: int) -> int:
    """The mathematical quotient truncated toward zero (C11 6.5.5p6); b != 0."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def div(a: int, b: int, t: CType) -> int | Undefined:
    """`a / b` of two values of type `t` (already converted)."""
    if b == 0:
        return Undefined.DIVISION_BY_ZERO
    q = tdiv(a, b)
    return q if q <= t.hi else Undefined.SIGNED_OVERFLOW  # only INT_MIN / -1 leaves the type


def rem(a: int, b: int, t: CType) -> int | Undefined:
    """`a % b`: the dividend's sign; undefined wherever `a / b` is (C11 6.5.5p6)."""
    q = div(a, b, t)
    return q if isinstance(q, Undefined) else a - q * b


def shl(a: int, n: int, t: CType) -> int | Undefined:
    """`a << n`, with `a` of the promoted left type `t` and `n` the amount."""
    if n < 0 or n >= t.bits:
        return Undefined.SHIFT_AMOUNT
    if not t.signed:
        return wrap(a << n, t)
    if a < 0:
        return Undefined.NEGATIVE_LEFT_SHIFT
    return a << n if a << n <= t.hi else Undefined.SIGNED_OVERFLOW


def shr(a: int, n: int, t: CType) -> int | Undefined:
    """`a >> n`: arithmetic for a negative `a`, as gcc and nvcc compile it."""
    if n < 0 or n >= t.bits:
        return Undefined.SHIFT_AMOUNT
    return a >> n


def binary(op: str, a: int, b: int, t: CType) -> int | Undefined:
    """`a op b` in C, where `t` is the type both operands were converted to
    (for a shift: the promoted left operand's type; `b` is the amount). A
    comparison or logical operator gives 0 or 1."""
    if op in COMPARISONS:
        return int({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op])
    if op == "&&":
        return int(a != 0 and b != 0)
    if op == "||":
        return int(a != 0 or b != 0)
    if op == "/":
        return div(a, b, t)
    if op == "%":
        return rem(a, b, t)
    if op == "<<":
        return shl(a, b, t)
    if op == ">>":
        return shr(a, b, t)
    exact = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b}[op]
    if t.signed and not t.lo <= exact <= t.hi:
        return Undefined.SIGNED_OVERFLOW
    return wrap(exact, t)


def arithmetic(op: str, a: int, ta: CType, b: int, tb: CType) -> tuple[int | Undefined, CType]:
    """`a op b` for `a` of type `ta` and `b` of type `tb`, the operands
    converted as C converts them (a shift promotes each alone), and the type
    the operation is computed in."""
    t = promote(ta) if op in SHIFTS else usual_arithmetic_conversion(ta, tb)
    return binary(op, wrap(a, t), wrap(b, promote(tb)) if op in SHIFTS else wrap(b, t), t), t


def unary(op: str, a: int, t: CType) -> int | Undefined:
    """`op a` for `a` of the promoted type `t` (`!` gives 0 or 1)."""
    if op == "!":
        return int(a == 0)
    exact = {"-": -a, "+": a, "~": ~a}[op]
    if t.signed and not t.lo <= exact <= t.hi:
        return Undefined.SIGNED_OVERFLOW
    return wrap(exact, t)


# ---- the same rules over NumPy int64 vectors ----

# Signed narrow types, whose wrap is numpy's integer cast: two's complement
# truncation, the same values as masking and re-signing, at a quarter of the
# cost or less (a cast per local definition per trip of the replay: issue 20).
_NARROW = {32: np.int32, 16: np.int16, 8: np.int8}


def wrap_array(v: np.ndarray | int, t: CType) -> np.ndarray:
    """`wrap` per element. A 64-bit type keeps the int64 bit pattern."""
    bits = t.bits
    if bits == 32 and not t.signed:  # the index helpers' one type, first
        return np.asarray(v, dtype=np.int64) & 0xFFFFFFFF
    if bits >= 64:
        return np.asarray(v, dtype=np.int64)
    if t.signed and t.bits in _NARROW:
        return np.asarray(v, dtype=np.int64).astype(_NARROW[t.bits]).astype(np.int64)
    if t.bits == 1:
        return (np.asarray(v, dtype=np.int64) != 0).astype(np.int64)
    out = np.asarray(v, dtype=np.int64) & ((1 << t.bits) - 1)
    return np.where(out >= (1 << (t.bits - 1)), out - (1 << t.bits), out) if t.signed else out


def _tdiv(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    q = a // b  # floor; one more toward zero where inexact with signs apart (|INT64_MIN| has no int64)
    return q + ((q * b != a) & ((a < 0) ^ (b < 0)))


def _bool(f):
    return lambda a, b: f(a, b).astype(np.int64)


# The operations on the values held (int64, or uint64 for a 64-bit unsigned
# type), before the result is wrapped to its type; shifts by [0, 64) only.
ARRAY_OPS = {
    "+": np.add, "-": np.subtract, "*": np.multiply, "&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor,
    "<<": np.left_shift, ">>": np.right_shift, "/": _tdiv, "%": lambda a, b: a - _tdiv(a, b) * b,
    "<": _bool(np.less), "<=": _bool(np.less_equal), ">": _bool(np.greater), ">=": _bool(np.greater_equal),
    "==": _bool(np.equal), "!=": _bool(np.not_equal),
    "&&": lambda a, b: ((a != 0) & (b != 0)).astype(np.int64),
    "||": lambda a, b: ((a != 0) | (b != 0)).astype(np.int64),
}


def exact_array(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray | Undefined:
    """`a op b` per element over mathematical int64 values, not yet wrapped
    to a type: `/` and `%` truncate, and any zero divisor is undefined."""
    if op in ("/", "%") and (b == 0).any():
        return Undefined.DIVISION_BY_ZERO
    return ARRAY_OPS[op](a, b)


def shift_array(op: str, a: np.ndarray, n: np.ndarray, width: int, clamp: bool = False) -> np.ndarray | Undefined:
    """`a << n` or `a >> n` per element, for a `width`-bit type. An amount
    outside [0, width) is undefined, unless `clamp`: then one of `width` or
    more runs as the GPU's shl/shr run it (clamped: `<<` gives 0, `>>` the
    sign). A negative amount is always undefined. The caller wraps the result."""
    if (n < 0).any() or (not clamp and (n >= width).any()):
        return Undefined.SHIFT_AMOUNT
    if op == "<<":
        return np.where(n >= 64, 0, a << np.minimum(n, 63))
    return a >> np.minimum(n, 63)


def _undefined_array(op: str, a: np.ndarray, b: np.ndarray, t: CType) -> Undefined | None:
    if op in SHIFTS:
        if ((b < 0) | (b >= t.bits)).any():
            return Undefined.SHIFT_AMOUNT
        return Undefined.NEGATIVE_LEFT_SHIFT if op == "<<" and t.signed and (a < 0).any() else None
    if (b == 0).any():
        return Undefined.DIVISION_BY_ZERO
    return Undefined.SIGNED_OVERFLOW if t.signed and ((a == t.lo) & (b == -1)).any() else None  # INT_MIN / -1


def binary_array(op: str, a: np.ndarray | int, b: np.ndarray | int, t: CType) -> np.ndarray | Undefined:
    """`binary` per element, for operands already converted to `t` (for a
    shift, `t` is the promoted left type and `b` the amounts). Undefined when
    any element is, except signed overflow of `+ - * <<`, which wraps here,
    as the hardware does (the scalar `binary` reports it)."""
    if type(a) is not np.ndarray or type(b) is not np.ndarray:  # Python ints, numpy scalars
        a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    why = _undefined_array(op, a, b, t) if op in _GUARDED else None
    if why is not None:
        return why
    if t.bits == 64 and not t.signed:  # the int64 bit patterns, read as the unsigned values they are
        return np.asarray(ARRAY_OPS[op](a.view(np.uint64), b.view(np.uint64))).view(np.int64)
    out = ARRAY_OPS[op](a, b)
    return wrap_array(out, t) if op in _LEAVES else out


_GUARDED = frozenset({"/", "%", "<<", ">>"})
_LEAVES = frozenset({"+", "-", "*", "<<"})  # the others stay in the type (defined `/` included)
