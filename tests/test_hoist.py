"""Loop-invariant definitions computed once per environment tree
(rapcc/analysis/hoist.py and `Env` in evaluate.py), against evaluating every
environment on its own, as the evaluator did before issue 20."""
from __future__ import annotations

import random

import numpy as np

from rapcc import ir
from rapcc.analysis.evaluate import Env, evaluate
from rapcc.analysis.hoist import MAX_DEPTH, Definitions
from tests.test_evaluate import _evaluate_by_isinstance, _outcome

_LOOP_KEYS = ("i", "j", "c")


def _leaf(rng: random.Random, nvars: int) -> ir.Expr:
    pick = rng.randrange(6)
    if pick == 0:
        return ir.Const(rng.randrange(-5, 40))
    if pick == 1:
        return ir.Builtin(rng.choice(["threadIdx.x", "blockDim.x", "gridDim.x"]))
    if pick == 2:
        return ir.VarRef(rng.choice(_LOOP_KEYS), "l")
    if pick == 3 and rng.random() < 0.3:
        return ir.Opaque(rng.choice(["n", "m"]), uniform=True)
    return ir.VarRef(f"v{rng.randrange(nvars)}", "v")


def _tree(rng: random.Random, depth: int, nvars: int) -> ir.Expr:
    if depth == 0 or rng.random() < 0.3:
        return _leaf(rng, nvars)
    kind = rng.randrange(4)
    if kind == 0:
        return ir.Cast(rng.choice([8, 16, 32]), rng.random() < 0.5, _tree(rng, depth - 1, nvars))
    if kind == 1:
        return ir.Select(_tree(rng, depth - 1, nvars), _tree(rng, depth - 1, nvars), _tree(rng, depth - 1, nvars))
    return ir.BinOp(rng.choice(["+", "-", "*", "^", "&", ">>", "%", "<"]), _tree(rng, depth - 1, nvars),
                    _tree(rng, depth - 1, nvars))


def _vars(rng: random.Random, nvars: int) -> dict[str, ir.VarDef]:
    out = {f"v{k}": ir.VarDef(f"v{k}", f"v{k}", "local", _tree(rng, 3, nvars) if rng.random() < 0.9 else None)
           for k in range(nvars)}
    out["i"] = ir.VarDef("i", "i", "loop", None)
    return out


def _walk(f, exprs: list[ir.Expr], vars: dict[str, ir.VarDef], lanes: np.ndarray) -> list:
    """Outcomes of `exprs` in every environment of a replay-like tree: a root,
    trips binding `i`, inside each trips binding `j`, then a carried `c`; the
    same order of evaluation as the replay's (each environment's own first)."""
    got = []
    root = Env({"threadIdx.x": lanes, "blockDim.x": 64}, {"n": 7}, vars, clamp_shifts=True)
    got += [_outcome(f, e, root) for e in exprs]
    for i in range(3):
        ei = root.child("i", lanes % (i + 2))
        got += [_outcome(f, e, ei) for e in exprs]
        for j in range(2):
            ej = ei.child("j", lanes * j - i)
            got += [_outcome(f, e, ej) for e in exprs]
            ec = ej.child("c", lanes + i * j)
            got += [_outcome(f, e, ec) for e in exprs]
    return got


def test_shared_values_equal_each_environment_evaluated_alone() -> None:
    rng = random.Random(20)
    lanes = np.arange(64, dtype=np.int64)
    seen = {"unknown": 0, "value": 0}
    for _ in range(400):
        nvars = rng.randrange(1, 9)
        vars = _vars(rng, nvars)
        exprs = [_tree(rng, 3, nvars) for _ in range(4)]
        got = _walk(evaluate, exprs, vars, lanes)
        want = _walk(_evaluate_by_isinstance, exprs, vars, lanes)
        assert got == want
        for g in got:
            seen[g[0]] += 1
    assert seen["unknown"] > 1000 and seen["value"] > 1000, seen


def _chain(length: int, loop_at: int | None) -> dict[str, ir.VarDef]:
    """d0 = threadIdx.x, d{k} = d{k-1} + 1 (+ i at `loop_at`): a chain as deep
    as the evaluator's depth guard."""
    vars = {"d0": ir.VarDef("d0", "d0", "local", ir.Builtin("threadIdx.x"))}
    for k in range(1, length):
        e: ir.Expr = ir.BinOp("+", ir.VarRef(f"d{k - 1}", "d"), ir.Const(1))
        if k == loop_at:
            e = ir.BinOp("+", e, ir.VarRef("i", "i"))
        vars[f"d{k}"] = ir.VarDef(f"d{k}", f"d{k}", "local", e)
    return vars


def test_the_depth_guard_answers_alike_near_its_limit() -> None:
    lanes = np.arange(32, dtype=np.int64)
    for length in (MAX_DEPTH - 2, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 3):
        for loop_at in (None, 3, length - 2):
            vars = _chain(length, loop_at)
            # Asked deep first, then shallow, then deep again: a value
            # shared from a shallow evaluation must not answer a deep one
            # that the guard refuses.
            exprs = [ir.VarRef(f"d{k}", "d") for k in (length - 1, 5, length // 2, length - 1, 1)]
            assert _walk(evaluate, exprs, vars, lanes) == _walk(_evaluate_by_isinstance, exprs, vars, lanes)


def test_facts_read_through_definitions_and_refuse_cycles() -> None:
    vars = {
        "a": ir.VarDef("a", "a", "local", ir.BinOp("+", ir.Builtin("threadIdx.x"), ir.Const(1))),
        "b": ir.VarDef("b", "b", "local", ir.BinOp("*", ir.VarRef("a", "a"), ir.VarRef("i", "i"))),
        "x": ir.VarDef("x", "x", "local", ir.VarRef("y", "y")),
        "y": ir.VarDef("y", "y", "local", ir.BinOp("+", ir.VarRef("x", "x"), ir.Const(1))),
        "z": ir.VarDef("z", "z", "local", ir.VarRef("x", "x")),
    }
    defs = Definitions(vars)
    a, b = defs.facts("a"), defs.facts("b")
    assert a is not None and a.reads == {"threadIdx.x"} and a.height == 1
    assert b is not None and b.reads == {"a", "i", "threadIdx.x"} and b.height == 2
    assert defs.facts("x") is None and defs.facts("y") is None and defs.facts("z") is None


def test_a_loop_invariant_definition_is_computed_once_per_tree() -> None:
    inner = ir.BinOp("*", ir.Builtin("threadIdx.x"), ir.Const(3))
    vars = {"t": ir.VarDef("t", "t", "local", inner),
            "u": ir.VarDef("u", "u", "local", ir.BinOp("+", ir.VarRef("t", "t"), ir.VarRef("i", "i")))}
    root = Env({"threadIdx.x": np.arange(32, dtype=np.int64)}, {}, vars)
    trips = [root.child("i", np.full(32, k, dtype=np.int64)) for k in range(4)]
    values = [evaluate(ir.VarRef("u", "u"), env) for env in trips]
    assert all((v == np.arange(32) * 3 + k).all() for k, v in enumerate(values))
    # `t` was computed in the first trip and shared from the root; `u` reads `i`.
    assert set(root._hoisted) == {"t"}
    assert all(env._memo["t"] is root._hoisted["t"] for env in trips)


def test_too_deep_a_definition_is_not_shared_but_what_it_reads_is() -> None:
    vars = _chain(MAX_DEPTH + 3, None)
    defs = Definitions(vars)
    assert defs.facts(f"d{MAX_DEPTH + 2}") is None
    shallow = defs.facts("d2")
    assert shallow is not None and shallow.height == 3 and shallow.reads == {"d0", "d1", "threadIdx.x"}
