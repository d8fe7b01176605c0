"""Samples shared between accesses that replay alike (rapcc/analysis/samplememo.py):
the key tells apart what the replay reads and nothing else, and a shared
result costs the budget what taking it again would, verdicts included."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rapcc import ir
from rapcc.analysis.budget import BudgetExceeded, charge, metered, spent
from rapcc.analysis.samplememo import SampleMemo, sampling_key
from rapcc.analysis.warps import AccessSamples

WHERE = ir.SourceRange("k.cu", 3, 5, 40, 52)
LATER = ir.SourceRange("k.cu", 9, 5, 140, 152)


def _access(index: ir.Expr, where: ir.SourceRange = WHERE, kind: str = "store",
            loops: tuple[ir.Loop, ...] = ()) -> ir.Access:
    return ir.Access("s", "k", where, (where,), (index,), kind, 4, 0, loops, ())


def _loop(update_at: int) -> ir.Loop:
    carried = ir.Carried("c", ir.Const(0), "+", ir.Const(1), update_at)
    return ir.Loop("i", ir.Const(0), ir.BinOp("<", ir.VarRef("i", "i"), ir.Const(4)), "+", ir.Const(1), (carried,))


def test_the_key_ignores_where_and_what_but_not_the_subscript_or_the_carried_order():
    rank = ir.BinOp("&", ir.Opaque("rank . x", bits=32), ir.Const(3))
    keys, values = _access(rank), _access(rank, LATER, "load")
    assert sampling_key(keys) == sampling_key(values)  # SHOC's sort: keys, then values, through one rank
    assert sampling_key(keys) != sampling_key(_access(ir.BinOp("&", ir.Opaque("rank . y", bits=32), ir.Const(3))))
    assert sampling_key(replace(keys, width=8)) != sampling_key(keys)
    # Before and after the carried value's update, the replay sees other values.
    before, after = _access(rank, WHERE, loops=(_loop(100),)), _access(rank, LATER, loops=(_loop(100),))
    assert sampling_key(before) != sampling_key(after)
    assert sampling_key(after) == sampling_key(_access(rank, replace(LATER, start=150), loops=(_loop(100),)))


def _taker(units: int, calls: list[int]):
    def take():
        calls.append(units)
        charge(units)
        return AccessSamples((), None), (f"took {len(calls)}",)
    return take


def test_a_repeat_is_shared_and_charged_what_it_cost():
    memo, calls = SampleMemo(), []
    with metered(1000):
        first = memo.get(("a",), _taker(300, calls))
        again = memo.get(("a",), _taker(300, calls))
        assert spent() == 600  # as if taken twice
    assert again is first and calls == [300]
    with metered(None):
        assert memo.get(("a",), _taker(300, calls)) is first and spent() == 0


@pytest.mark.parametrize("budget", [500, 599, 600, 601])
def test_a_repeat_over_budget_stops_where_taking_it_again_would(budget):
    def outcome(shared: bool):
        memo, calls = SampleMemo(), []
        try:
            with metered(budget):
                memo.get(("a",), _taker(300, calls))
                (memo.get if shared else SampleMemo().get)(("a",), _taker(300, calls))
                return "done", spent()
        except BudgetExceeded as exc:
            return "over", exc.outcome
    assert outcome(True) == outcome(False)
