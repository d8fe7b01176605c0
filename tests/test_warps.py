"""Reachability through local definitions (rapcc/analysis/warps.py `_reaches`): memoised, same answers."""
from __future__ import annotations

import random
import time
from typing import Callable

from rapcc import ir
from rapcc.analysis.warps import _reaches, reads_block_index


def _naive(expr: ir.Expr, vars: dict[str, ir.VarDef], hit: Callable[[ir.Expr], bool],
           seen: frozenset[str] = frozenset()) -> bool:
    """The definition before memoisation: one walk per path."""
    if hit(expr):
        return True
    if isinstance(expr, ir.VarRef):
        d = vars.get(expr.key)
        if d is None or d.init is None or expr.key in seen:
            return False
        return _naive(d.init, vars, hit, seen | {expr.key})
    if isinstance(expr, (ir.Cast, ir.UnOp)):
        return _naive(expr.operand, vars, hit, seen)
    if isinstance(expr, ir.BinOp):
        return _naive(expr.lhs, vars, hit, seen) or _naive(expr.rhs, vars, hit, seen)
    if isinstance(expr, ir.Select):
        return any(_naive(e, vars, hit, seen) for e in (expr.cond, expr.then, expr.other))
    return False


def _ref(k: int) -> ir.VarRef:
    return ir.VarRef(f"v{k}", f"v{k}")


def _is_block(e: ir.Expr) -> bool:
    return isinstance(e, ir.Builtin) and e.name.startswith("blockIdx")


def test_chain_of_doubling_definitions_is_linear() -> None:
    # v_k = v_{k+1} + v_{k+1}: 2**60 paths from v0 to the leaf.
    depth = 60
    vars = {f"v{k}": ir.VarDef(f"v{k}", f"v{k}", "local", ir.BinOp("+", _ref(k + 1), _ref(k + 1)))
            for k in range(depth)}
    vars[f"v{depth}"] = ir.VarDef(f"v{depth}", f"v{depth}", "local", ir.Builtin("threadIdx.x"))
    t0 = time.perf_counter()
    assert not reads_block_index(_ref(0), vars)
    assert _reaches(_ref(0), vars, lambda e: isinstance(e, ir.Builtin) and e.name == "threadIdx.x")
    assert time.perf_counter() - t0 < 1.0


def _random_expr(rng: random.Random, nvars: int, depth: int) -> ir.Expr:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice([ir.Const(rng.randrange(4)), ir.Builtin("threadIdx.x"), ir.Builtin("blockIdx.y"),
                           _ref(rng.randrange(nvars)), _ref(rng.randrange(nvars))])
    kind = rng.randrange(4)
    if kind == 0:
        return ir.UnOp("-", _random_expr(rng, nvars, depth - 1))
    if kind == 1:
        return ir.Cast(32, True, _random_expr(rng, nvars, depth - 1))
    if kind == 2:
        return ir.BinOp("+", _random_expr(rng, nvars, depth - 1), _random_expr(rng, nvars, depth - 1))
    return ir.Select(*(_random_expr(rng, nvars, depth - 1) for _ in range(3)))


def test_same_answers_as_the_unmemoised_walk_with_cycles_and_shared_nodes() -> None:
    rng = random.Random(20)
    agreed = {True: 0, False: 0}
    for _ in range(400):
        nvars = rng.randrange(1, 7)
        vars = {}
        for k in range(nvars):
            init = None if rng.random() < 0.15 else _random_expr(rng, nvars, 3)
            vars[f"v{k}"] = ir.VarDef(f"v{k}", f"v{k}", "local", init)
        shared = _random_expr(rng, nvars, 2)
        root = ir.BinOp("*", shared, ir.Select(shared, _ref(0), shared))  # one node reached twice
        for hit in (_is_block, lambda e: isinstance(e, ir.VarRef) and e.key == "v1"):
            want = _naive(root, vars, hit)
            assert _reaches(root, vars, hit) == want
            agreed[want] += 1
    assert agreed[True] > 50 and agreed[False] > 50  # both answers were exercised
