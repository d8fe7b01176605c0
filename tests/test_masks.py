"""The `x - (x & m)` rule of the range proof (analysis/masks.py): exact where
it fires, refused wherever a concrete run could break the relation, and the
same verdicts as the per-lane retry it replaces."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rapcc import sound_ir as s
from rapcc.analysis import facts
from rapcc.analysis.intervals import SInt
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.masks import clear_low_bits, masked_differences
from rapcc.analysis.run import Run
from rapcc.analysis.soundness import prove
from rapcc.pipeline import Options, rewrite_source

I = s.int_ty(s.INT)
SHORT = s.int_ty(s.CType(16, True))
TILE = "tile@1:1"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def lit(v: int) -> s.Lit:
    return s.Lit(v, I)


def var(k: str) -> s.Var:
    return s.Var(k, I)


def bin_(op: str, a: s.Expr, b: s.Expr) -> s.Binary:
    return s.Binary(op, a, b, I)


def tid(axis: str) -> s.Conv:
    return s.Conv(I, s.Builtin(f"threadIdx.{axis}"))


def read(col: s.Expr) -> s.ExprStmt:
    return s.ExprStmt(s.Subscript(s.SharedRef(TILE, 0), col, s.OTHER, 10, 20))


def function(*body: s.Stmt, escaped: frozenset[str] = frozenset(), params: tuple[s.Param, ...] = ()) -> s.Function:
    return s.Function("k@1:1", "k", params, s.Block(body), True, escaped=escaped, writes=(), returns=s.OTHER,
                      escapes=())


def program(fn: s.Function, extent: int) -> s.Program:
    array = s.SharedDecl(TILE, "tile", fn.key, (lit(extent),), 0, False, 4)
    return s.Program((fn,), (array,), (s.Instance(fn.key, (), True),), frozenset(), ())


# ---- the interval rule ----

@given(st.integers(-300, 300), st.integers(0, 300), st.integers(0, 9))
def test_clear_low_bits_is_the_exact_image(lo: int, width: int, k: int) -> None:
    x, mask = SInt.of(lo, lo + width), (1 << k) - 1
    image = {v - (v & mask) for v in range(x.lo, x.hi + 1)}
    r = clear_low_bits(x, mask)
    assert r is not None and min(image) == r.lo and max(image) == r.hi
    assert image <= set(range(r.lo, r.hi + 1, r.stride or 1))


@pytest.mark.parametrize("mask", [-1, 2, 5, 6, 0x7E])
def test_clear_low_bits_takes_only_masks_of_low_ones(mask: int) -> None:
    assert clear_low_bits(SInt.of(0, 255), mask) is None


# ---- which subtractions the pass takes ----

POS = s.Decl("pos", I, bin_("+", tid("x"), bin_("*", lit(32), tid("y"))))
LO = s.Decl("lo", I, bin_("&", var("pos"), bin_("-", var("m"), lit(1))))
M = s.Decl("m", I, lit(8))


def _uses(*between: s.Stmt, escaped: frozenset[str] = frozenset(), params=()) -> int:
    use = bin_("-", var("pos"), var("lo"))
    fn = function(M, POS, s.Block((LO,)), *between, s.Block((s.Decl("i0", I, use),)), read(var("i0")),
                  escaped=escaped, params=params)
    found = masked_differences(fn)
    assert set(found) <= {id(use)}
    return len(found)


def test_a_declared_mask_is_taken_across_declarations() -> None:
    assert _uses(s.Decl("other", I, var("pos"))) == 1


@pytest.mark.parametrize("between", [
    s.ExprStmt(s.Assign("", var("pos"), lit(3), I)),  # the minuend written
    s.ExprStmt(s.Step(1, True, var("lo"), I)),  # the local written
    s.ExprStmt(s.Assign("", var("m"), lit(256), I)),  # what the mask reads, written
    s.ExprStmt(s.Call(s.CallKind.USER, "f@9:1", (var("pos"),), s.OTHER, 30, 40)),  # maybe by reference
    s.Label("L", s.ExprStmt(lit(0))),  # a way in past the declaration
    s.If(lit(1), s.Block((s.Case(1, s.ExprStmt(lit(0))),)), None),
    s.OpaqueStmt(frozenset(), frozenset(), "asm_stmt", 0),
    s.Block((s.Decl("pos", I, lit(0)),)),
])
def test_anything_between_that_may_break_the_relation_refuses(between: s.Stmt) -> None:
    assert _uses(between) == 0


def test_an_escaping_or_by_reference_variable_refuses() -> None:
    assert _uses(escaped=frozenset({"pos"})) == 0
    assert _uses(escaped=frozenset({"m"})) == 0
    assert _uses(params=(s.Param("m", I, True, s.RefUse.CONST),)) == 0


def test_another_type_or_another_variable_refuses() -> None:
    narrow = s.Decl("lo", SHORT, s.Binary("&", s.Var("pos", SHORT), s.Conv(SHORT, lit(7)), SHORT))
    use = bin_("-", var("pos"), s.Conv(I, s.Var("lo", SHORT)))
    assert masked_differences(function(POS, narrow, read(use))) == {}
    other = bin_("-", var("q"), bin_("&", var("pos"), lit(7)))
    assert masked_differences(function(POS, s.Decl("q", I, lit(0)), read(other))) == {}


def test_a_written_out_mask_is_taken_and_a_node_used_twice_is_not() -> None:
    use = bin_("-", var("pos"), bin_("&", var("pos"), lit(7)))
    assert set(masked_differences(function(POS, read(use)))) == {id(use)}
    assert masked_differences(function(POS, read(use), read(use))) == {}


def test_a_variable_of_no_declaration_of_the_threads_own_refuses() -> None:
    # A block-scope `__shared__ int pos;` lowers to no Decl and reads as a Var:
    # another thread may write it between the two reads.
    written_out = bin_("-", var("pos"), bin_("&", var("pos"), lit(7)))
    assert masked_differences(function(read(written_out))) == {}
    shared_mask = bin_("-", var("pos"), bin_("&", var("pos"), var("stride")))
    assert masked_differences(function(POS, read(shared_mask))) == {}
    by_value = bin_("-", var("pos"), bin_("&", var("pos"), var("stride")))
    assert set(masked_differences(function(POS, read(by_value), params=(s.Param("stride", I, False),)))) == \
        {id(by_value)}


# ---- against the per-lane retry, and against concrete runs ----

def _old_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facts, "masked_differences", lambda fn: {})


@st.composite
def kernels(draw):
    """A radix-style index `((pos - lo) << sh) + lo + c`, lo = pos & mask, with
    what may come between the two; and the index it takes in every thread."""
    bx, by = draw(st.sampled_from([(32, 1), (32, 4), (16, 8)]))
    k = draw(st.integers(0, 6))
    mask = draw(st.sampled_from([(1 << k) - 1, (1 << k) - 1, 6, 5]))
    sh, c = draw(st.integers(0, 2)), draw(st.integers(0, 3))
    between = draw(st.sampled_from(["", "", "pos", "lo", "m"]))
    spelled = draw(st.sampled_from(["lit", "var"]))
    mask_expr = lit(mask) if spelled == "lit" else bin_("-", var("m"), lit(1))
    body: list[s.Stmt] = [s.Block((s.Decl("m", I, lit(mask + 1)),)),
                          s.Block((s.Decl("pos", I, bin_("+", tid("x"), bin_("*", lit(bx), tid("y"))),),)),
                          s.Block((s.Decl("lo", I, bin_("&", var("pos"), mask_expr)),))]
    top = bx * by - 1
    if between == "pos":
        body.append(s.ExprStmt(s.Assign("", var("pos"), bin_("-", lit(top), var("pos")), I)))
    elif between == "lo":
        body.append(s.ExprStmt(s.Assign("", var("lo"), lit(0), I)))
    elif between == "m":
        body.append(s.ExprStmt(s.Assign("", var("m"), lit(1 << 12), I)))
    index = bin_("+", bin_("+", bin_("<<", bin_("-", var("pos"), var("lo")), lit(sh)), var("lo")), lit(c))
    body += [s.Block((s.Decl("i0", I, index),)), read(var("i0"))]
    values = []
    for y in range(by):
        for x in range(bx):
            pos = x + bx * y
            lo = pos & mask
            pos = top - pos if between == "pos" else pos
            lo = 0 if between == "lo" else lo
            # A negative left operand of `<<` is undefined in C: never proved.
            values.append(((pos - lo) << sh) + lo + c if pos >= lo else None)
    extent = max(v for v in values if v is not None) + draw(st.sampled_from([0, 1]))  # just too small, or enough
    return function(*body), (bx, by, 1), extent, all(v is not None and 0 <= v < extent for v in values)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(kernels())
def test_verdicts_are_the_concrete_ones_with_and_without_the_rule(case) -> None:
    fn, shape, extent, in_range = case
    verdict = prove(program(fn, extent), lambda n, a: Exact((shape,)), lambda a, b, c: True).findings[0][1] is None
    assert verdict == in_range  # sound, and as strong as each thread alone (these indices are exact per thread)
    with pytest.MonkeyPatch.context() as mp:
        _old_path(mp)
        old = prove(program(fn, extent), lambda n, a: Exact((shape,)), lambda a, b, c: True).findings[0][1] is None
    assert old == verdict


def test_the_whole_block_proves_the_radix_index_alone() -> None:
    body = [s.Block((POS,)), s.Block((s.Decl("lo", I, bin_("&", var("pos"), lit(7))),)),
            s.Block((s.Decl("i0", I, bin_("+", bin_("<<", bin_("-", var("pos"), var("lo")), lit(2)), var("lo"))),)),
            read(bin_("+", var("i0"), lit(24)))]
    run = Run({"k@1:1": function(*body)}, {TILE: (1024,)}, (32, 8, 1))
    run.kernel(function(*body), {})
    assert run.findings == []
    # One past the end: the rule narrows, it does not hide the last thread's access.
    tight = Run({"k@1:1": function(*body)}, {TILE: (1023,)}, (32, 8, 1))
    tight.kernel(function(*body), {})
    assert [f.values for f in tight.findings] == [SInt.of(24, 1023)]


@pytest.mark.parametrize("name", ["fwt", "fwt_device_stage", "bitonic_comparator", "fft_radix2", "histogram256",
                                  "private_datadep"])
def test_the_examples_rewrite_as_with_the_per_lane_retry_alone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    src = (EXAMPLES / f"{name}.cu").read_bytes()
    new = rewrite_source(src, f"{name}.cu", Options())
    _old_path(monkeypatch)
    old = rewrite_source(src, f"{name}.cu", Options())
    assert new.text == old.text
    assert new.diagnostics == old.diagnostics
