"""The one C integer module (rapcc/cint.py): its scalar and vectorised
results against the host C++ compiler on a few thousand generated cases, and
the sound interval operations (analysis/intervals.py) against its scalar
results."""
from __future__ import annotations

import random
import shutil
import subprocess
from math import gcd

import numpy as np
from hypothesis import given, settings, strategies as st

from buildtools import require_tool
from rapcc import cint
from rapcc.analysis import intervals as iv
from rapcc.analysis.intervals import SInt
from rapcc.cint import CType, Undefined

TYPES: dict[str, CType] = {
    "bool": cint.BOOL, "signed char": cint.SCHAR, "unsigned char": cint.UCHAR, "short": cint.SHORT,
    "unsigned short": cint.USHORT, "int": cint.INT, "unsigned": cint.UINT, "long": cint.LLONG,
    "long long": cint.LLONG, "unsigned long": cint.ULLONG, "unsigned long long": cint.ULLONG,
}
OPS = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||"]
AMOUNTS = [-1, 0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64]


def _edges(t: CType) -> list[int]:
    """The values that decide C's corner cases for type `t`, and a few ordinary ones."""
    vals = {t.lo, t.lo + 1, t.hi, t.hi - 1, 0, 1, -1, 2, -2, 3, -7, 7, 100, -100}
    return sorted(cint.wrap(v, t) for v in vals)


def _cases(rng: random.Random) -> list[tuple[str, str, str, int, int]]:
    out = []
    names = list(TYPES)
    for op in OPS:
        for ta in names:
            for tb in names:
                for _ in range(2 if op not in cint.SHIFTS else 1):
                    out.append((op, ta, tb, rng.choice(_edges(TYPES[ta])), rng.choice(_edges(TYPES[tb]))))
    for op in ("<<", ">>"):  # every width shifted by amounts around each width
        for ta in names:
            for n in AMOUNTS:
                for a in rng.sample(_edges(TYPES[ta]), 3):
                    out.append((op, ta, "int", a, n))
    return out


def _scalar(op: str, ta: str, tb: str, a: int, b: int) -> tuple[int | Undefined, CType]:
    """C's `a op b` for `a` of type ta, `b` of type tb, and the type it is computed in."""
    return cint.arithmetic(op, cint.wrap(a, TYPES[ta]), TYPES[ta], cint.wrap(b, TYPES[tb]), TYPES[tb])


def _literal(v: int) -> str:
    return f"{cint.wrap(v, cint.ULLONG)}ULL"  # every value as an unsigned literal, converted by the cast


def _host_compiler() -> str:
    return shutil.which("c++") or require_tool("g++")


def _run_cpp(tmp_path, lines: list[str]) -> list[tuple[int, int, int]]:
    """Each line's printed (value, bits, signed) from the host compiler."""
    program = ["#include <cstdio>", "#include <type_traits>",
               "template <class T> void p(T v) { if (std::is_signed<T>::value) "
               "std::printf(\"%lld %d 1\\n\", (long long)v, (int)sizeof(T) * 8); "
               "else std::printf(\"%llu %d 0\\n\", (unsigned long long)v, (int)sizeof(T) * 8); }",
               "int main() {", *lines, "return 0; }"]
    src = tmp_path / "cint.cpp"
    src.write_text("\n".join(program) + "\n")
    exe = tmp_path / "cint"
    subprocess.run([_host_compiler(), "-std=c++17", "-O0", "-w", str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    return [(int(v), int(bits), int(signed)) for v, bits, signed in (line.split() for line in out if line)]


def test_binary_operators_match_the_host_compiler_scalar_and_vectorised(tmp_path):
    cases = _cases(random.Random(27))
    defined, undefined = [], 0
    for case in cases:
        r, t = _scalar(*case)
        if isinstance(r, Undefined):
            undefined += 1
        else:
            defined.append((case, r, t))
    assert len(defined) >= 3000 and undefined >= 200  # both sides of every undefined case are exercised
    lines = [f"{{ {ta} a = ({ta}){_literal(a)}; {tb} b = ({tb}){_literal(b)}; p(a {op} b); }}"
             for (op, ta, tb, a, b), _, _ in defined]
    got = _run_cpp(tmp_path, lines)
    assert len(got) == len(defined)
    by_kind: dict[tuple[str, CType], list[tuple[int, int, int]]] = {}
    for ((op, ta, tb, a, b), want, t), (value, bits, signed) in zip(defined, got):
        if op in cint.COMPARISONS or op in ("&&", "||"):
            assert value == want, (op, ta, tb, a, b)  # C++ gives a bool, C an int: the value is the same
        else:
            assert value == want, (op, ta, tb, a, b)
            assert (bits, bool(signed)) == (t.bits, t.signed), (op, ta, tb)  # the type C computes it in
        by_kind.setdefault((op, t), []).append((cint.wrap(a, TYPES[ta]), cint.wrap(b, TYPES[tb]), want))
    for (op, t), rows in by_kind.items():
        a = np.array([cint.wrap(x, t) for x, _, _ in rows], dtype=np.int64) if t != cint.ULLONG else \
            np.array([cint.wrap(cint.wrap(x, t), cint.LLONG) for x, _, _ in rows], dtype=np.int64)
        b = np.array([cint.wrap(y if op in cint.SHIFTS else cint.wrap(y, t), cint.LLONG) for _, y, _ in rows],
                     dtype=np.int64)
        out = cint.binary_array(op, a, b, t)
        assert not isinstance(out, Undefined), (op, t)
        want = [cint.wrap(w, cint.LLONG) for _, _, w in rows]  # a 64-bit unsigned value as its int64 bits
        assert out.tolist() == want, (op, t)


def test_undefined_cases_are_reported_by_both_forms():
    assert cint.div(cint.INT.lo, -1, cint.INT) is Undefined.SIGNED_OVERFLOW
    assert cint.rem(cint.INT.lo, -1, cint.INT) is Undefined.SIGNED_OVERFLOW
    assert cint.div(7, 0, cint.UINT) is Undefined.DIVISION_BY_ZERO
    assert cint.shl(1, 32, cint.UINT) is Undefined.SHIFT_AMOUNT and cint.shl(1, 31, cint.UINT) == 1 << 31
    assert cint.shr(-8, -1, cint.INT) is Undefined.SHIFT_AMOUNT and cint.shr(-8, 1, cint.INT) == -4
    assert cint.shl(-1, 1, cint.INT) is Undefined.NEGATIVE_LEFT_SHIFT
    assert cint.shl(1, 31, cint.INT) is Undefined.SIGNED_OVERFLOW and cint.shl(1, 30, cint.INT) == 1 << 30
    assert cint.binary("+", cint.INT.hi, 1, cint.INT) is Undefined.SIGNED_OVERFLOW
    assert cint.binary("+", cint.UINT.hi, 1, cint.UINT) == 0  # unsigned arithmetic wraps
    assert cint.unary("-", cint.INT.lo, cint.INT) is Undefined.SIGNED_OVERFLOW
    a = np.array([5, cint.INT.lo], dtype=np.int64)
    assert cint.binary_array("/", a, np.array([0, 1]), cint.INT) is Undefined.DIVISION_BY_ZERO
    assert cint.binary_array("/", a, np.array([1, -1]), cint.INT) is Undefined.SIGNED_OVERFLOW
    assert cint.binary_array("<<", a[:1], np.array([32]), cint.UINT) is Undefined.SHIFT_AMOUNT
    assert cint.binary_array("<<", a, np.array([1, 1]), cint.INT) is Undefined.NEGATIVE_LEFT_SHIFT
    assert cint.binary_array("<<", a[:1], np.array([31]), cint.UINT).tolist() == [(5 << 31) & 0xFFFFFFFF]


def test_unary_operators_and_conversions_match_the_host_compiler(tmp_path):
    cases = [(op, name, v) for name, t in TYPES.items() for v in _edges(t) for op in ("-", "~", "!", "+")]
    want, lines = [], []
    for op, name, v in cases:
        t = TYPES[name]
        r = cint.unary(op, cint.wrap(v, t), cint.BOOL if op == "!" else cint.promote(t))
        if not isinstance(r, Undefined):
            want.append(r)
            lines.append(f"{{ {name} a = ({name}){_literal(v)}; p({op}a); }}")
    for name, t in TYPES.items():  # conversion of every edge value of every type to every type
        for src in TYPES.values():
            for v in _edges(src):
                want.append(cint.wrap(v, t))
                lines.append(f"p(({name}){_literal(v)});")
    got = _run_cpp(tmp_path, lines)
    assert [g[0] for g in got] == want


def test_promotions_and_usual_arithmetic_conversions():
    assert cint.promote(cint.BOOL) == cint.promote(cint.USHORT) == cint.INT and cint.promote(cint.UINT) == cint.UINT
    uac = cint.usual_arithmetic_conversion
    assert uac(cint.UCHAR, cint.SHORT) == cint.INT  # both promote to int first
    assert uac(cint.INT, cint.UINT) == cint.UINT
    assert uac(cint.LLONG, cint.UINT) == cint.LLONG  # the signed type holds every unsigned value
    assert uac(cint.LLONG, cint.ULLONG) == cint.ULLONG
    assert cint.wrap(-1, cint.UINT) == 0xFFFFFFFF and cint.wrap(0x80, cint.SCHAR) == -128
    assert cint.wrap(2, cint.BOOL) == 1 and cint.wrap(0, cint.BOOL) == 0


# ---- the interval domain contains every C result ----

PROMOTED = [cint.INT, cint.UINT, cint.LLONG, cint.ULLONG]  # the types C computes in
_INTERVAL_OPS = {"+": lambda a, b, t: iv.add(a, b), "-": lambda a, b, t: iv.sub(a, b),
                 "*": lambda a, b, t: iv.mul(a, b), "/": lambda a, b, t: iv.div(a, b),
                 "%": lambda a, b, t: iv.rem(a, b), "&": lambda a, b, t: iv.bit_and(a, b),
                 "|": lambda a, b, t: iv.bit_or(a, b), "^": lambda a, b, t: iv.bit_xor(a, b),
                 "<<": iv.shl, ">>": iv.shr}


def _hull(values: list[int]) -> SInt:
    """The least strided interval holding `values`."""
    lo = min(values)
    stride = 0
    for v in values:
        stride = gcd(stride, v - lo)
    return SInt.of(lo, max(values), stride)


def _holds(r: SInt, v: int) -> bool:
    return r.lo <= v <= r.hi and (r.stride == 0 and v == r.lo or r.stride != 0 and (v - r.lo) % r.stride == 0)


@st.composite
def _sets(draw):
    t = draw(st.sampled_from(PROMOTED))
    near = st.one_of(st.integers(t.lo, t.lo + 40), st.integers(-40, 40), st.integers(t.hi - 40, t.hi),
                     st.integers(t.lo, t.hi))
    xs = draw(st.lists(near.map(lambda v: cint.wrap(v, t)), min_size=1, max_size=5))
    ys = draw(st.lists(near.map(lambda v: cint.wrap(v, t)), min_size=1, max_size=5))
    return t, xs, ys


@settings(max_examples=400, deadline=None)
@given(_sets(), st.sampled_from(sorted(_INTERVAL_OPS) + sorted(cint.COMPARISONS)))
def test_interval_operations_contain_every_scalar_result(case, op):
    t, xs, ys = case
    if op in cint.SHIFTS:
        ys = [y % (t.bits + 2) - 1 for y in ys]  # amounts around the width, one negative
    a, b = _hull(xs), _hull(ys)
    r = iv.compare(op, a, b) if op in cint.COMPARISONS else _INTERVAL_OPS[op](a, b, t)
    if r is None:
        return  # no claim: the interpreter makes the value unknown
    if op not in cint.COMPARISONS:
        r = iv.wrap(r, t)  # as the interpreter converts every result to its type
    for x in xs:
        for y in ys:
            v = cint.binary(op, x, y, t)
            assert isinstance(v, Undefined) or _holds(r, v), (op, t, xs, ys, r, v)  # C gives no value: no claim
