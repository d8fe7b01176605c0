"""The warp replay (rapcc/analysis/warps.py): reachability through local
definitions memoised with the same answers, the replay's stacked rows as
warp by warp instances, and the sampled loops walked once per access."""
from __future__ import annotations

import random
import time
from typing import Callable

import numpy as np

from rapcc import ir
from rapcc.analysis.evaluate import Env, Unknown, evaluate
from rapcc.analysis.dependence import reaches, reads_block_index, sampled_loops
from rapcc.analysis.warps import (BlockShape, WarpInstance, _guarded, _lanes, _step, sample_access, sample_with_params,
                                  warp_builtins)
from rapcc.analysis.warptable import TableBuilder, stacked


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
    assert reaches(_ref(0), vars, lambda e: isinstance(e, ir.Builtin) and e.name == "threadIdx.x")
    # Not a speed target: 2**60 path walks never end, a linear walk takes milliseconds; the generous
    # bound only turns the exponential regression into a failure instead of a hang on a loaded machine.
    assert time.perf_counter() - t0 < 30.0


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
            assert reaches(root, vars, hit) == want
            agreed[want] += 1
    assert agreed[True] > 50 and agreed[False] > 50  # both answers were exercised


def _warp_by_warp(idx: list[np.ndarray], mask: np.ndarray, warp_size: int, trips: tuple[int, ...],
                  weight: float) -> list[WarpInstance]:
    """The instances as sliced warp by warp (before issue 20)."""
    out = []
    for w in np.nonzero(mask.reshape(-1, warp_size).any(axis=1))[0]:
        lanes = slice(w * warp_size, (w + 1) * warp_size)
        out.append(WarpInstance(tuple(i[lanes] for i in idx), mask[lanes], int(w), trips, weight))
    return out


def _same(a: WarpInstance, b: WarpInstance) -> bool:
    return (len(a.indices) == len(b.indices) and all(x.dtype == y.dtype and np.array_equal(x, y)
                                                     for x, y in zip(a.indices, b.indices))
            and a.active.dtype == b.active.dtype and np.array_equal(a.active, b.active)
            and type(a.warp) is type(b.warp) and a.warp == b.warp and a.trips == b.trips and a.weight == b.weight)


def test_the_replays_table_holds_the_instances_warp_by_warp() -> None:
    """The replay's rows (warptable.TableBuilder, trip after trip) against one
    WarpInstance per warp with a live lane, sliced warp by warp; read as a
    whole (iteration), row by row, by slices, and stacked."""
    rng = np.random.default_rng(20)
    for case in range(300):
        warp_size = int(rng.choice([32, 8]))
        n = warp_size * int(rng.integers(1, 12))
        ndim = int(rng.integers(0, 4))
        builder, want = TableBuilder(warp_size), []
        for _ in range(int(rng.integers(1, 5))):
            idx = [rng.integers(-100, 100, size=n, dtype=np.int64) for _ in range(ndim)]
            mask = rng.random(n) < float(rng.choice([0.0, 0.02, 0.5, 1.0]))
            trips = tuple(int(t) for t in rng.integers(0, 9, size=int(rng.integers(0, 3))))
            weight = float(rng.random())
            builder.add(idx, mask, trips, weight)
            want += _warp_by_warp(idx, mask, warp_size, trips, weight)
        assert builder.count == len(want), case
        if not want:
            continue
        table = builder.table(ndim)
        assert len(table) == len(want) and bool(table)
        picks = [0, len(want) - 1, -1, int(rng.integers(0, len(want)))]
        assert all(_same(table[k], want[k]) for k in picks), case
        for s in (slice(None), slice(1, None, 2), slice(None, None, max(1, len(want) // 3))):
            assert len(table[s]) == len(want[s]) and all(_same(a, b) for a, b in zip(table[s], want[s])), case
        got = stacked(table)
        assert got is not None and stacked(tuple(want)) is None
        assert all(np.array_equal(c, np.array([w.indices[d] for w in want]).reshape(len(want), warp_size))
                   for d, c in enumerate(got[0]))
        assert np.array_equal(got[1], np.array([w.active for w in want]))
        assert all(_same(a, b) for a, b in zip(table, want)), case  # made whole, then read again
        assert all(_same(table[k], want[k]) for k in picks), case


def _tid(dim: str) -> ir.Builtin:
    return ir.Builtin(f"threadIdx.{dim}")


def test_sampling_with_the_loops_walked_once_is_sampling_without() -> None:
    """`sample_access(..., loops=sampled_loops(access, vars))`, as `sample_with_params`
    calls it once per binding, against letting it walk them itself."""
    rng = random.Random(21)
    n = ir.Opaque("n", uniform=True)
    for case in range(60):
        vars = {"v0": ir.VarDef("v0", "v0", "local", ir.BinOp("*", _tid("y"), ir.Const(rng.choice([1, 4, 33])))),
                "d": ir.VarDef("d", "d", "local", None)}
        inner = ir.Loop("j", ir.Const(0), ir.BinOp("<", ir.VarRef("j", "j"), rng.choice([ir.Const(5), n])), "+",
                        ir.Const(1))
        outer = ir.Loop("i", ir.VarRef("d", "d") if rng.random() < 0.5 else ir.Const(0),
                        ir.BinOp("<", ir.VarRef("i", "i"), ir.Const(rng.choice([3, 70]))), "+", ir.Const(1))
        index = ir.BinOp("+", ir.BinOp("*", ir.VarRef("j", "j"), ir.Const(32)),
                         ir.BinOp("+", _tid("x"), ir.VarRef("v0", "v0")))
        guard = ir.Guard(ir.BinOp("<", _tid("x"), ir.Const(rng.choice([8, 31, 64]))), rng.random() < 0.5)
        where = ir.SourceRange("k.cu", 1, 1, 0, 1)
        access = ir.Access("a", "k", where, (where,), (index,), "load", 4, 0, (outer, inner), (guard,))
        block = BlockShape(rng.choice([32, 64, 16]), rng.choice([1, 2, 8]))
        bindings = {"n": rng.choice([8, 33])} if rng.random() < 0.7 else None
        got = sample_access(access, vars, block, bindings=bindings, loops=sampled_loops(access, vars))
        want = sample_access(access, vars, block, bindings=bindings)
        assert (got.unknown, got.unknown_key, got.unrolled) == (want.unknown, want.unknown_key, want.unrolled)
        assert len(got.instances) == len(want.instances) and all(_same(a, b) for a, b in
                                                                 zip(got.instances, want.instances)), case


def test_lanes_fill_as_broadcast_and_copy() -> None:
    """`_lanes` against `np.broadcast_to(np.asarray(v, int64), (n,)).copy()`,
    its definition before issue 20: the same values, a fresh array, the same
    refusals."""
    rng = np.random.default_rng(22)
    for case in range(300):
        n = int(rng.choice([1, 8, 32, 256]))
        values = [int(rng.integers(-2**40, 2**40)), np.int64(rng.integers(-9, 9)), True,
                  np.asarray(int(rng.integers(-9, 9))), rng.integers(-9, 9, size=1),
                  rng.integers(-9, 9, size=n), rng.integers(-9, 9, size=n) > 0,
                  rng.integers(-9, 9, size=n).astype(np.int32), rng.integers(-9, 9, size=(1, n)),
                  rng.integers(-9, 9, size=n + 1)]
        v = values[int(rng.integers(0, len(values)))]
        try:
            want = np.broadcast_to(np.asarray(v, dtype=np.int64), (n,)).copy()
        except ValueError:
            try:
                _lanes(v, n)
            except ValueError:
                continue
            raise AssertionError(f"case {case}: _lanes accepted what broadcast_to refuses")
        got = _lanes(v, n)
        assert got.dtype == np.int64 and got.shape == (n,) and np.array_equal(got, want), case
        assert got.flags.writeable and got.flags.owndata and not np.shares_memory(got, np.asarray(v)), case


def test_bindings_sharing_one_block_environment_sample_as_each_alone() -> None:
    """`sample_with_params`, whose bindings are children of one environment
    of the block (definitions that read no bound parameter computed once),
    against `sample_access` from a fresh environment per binding."""
    rng = random.Random(23)
    for case in range(60):
        hashed = ir.BinOp("^", ir.BinOp("*", _tid("x"), ir.Const(0x45D9F3B)), ir.BinOp(">>", _tid("x"), ir.Const(3)))
        vars = {"p": ir.VarDef("p", "p", "param", None), "q": ir.VarDef("q", "q", "param", None),
                "t": ir.VarDef("t", "t", "template_param", None),
                "h": ir.VarDef("h", "h", "local", ir.Cast(32, False, hashed), signed=False, bits=32),
                "hp": ir.VarDef("hp", "hp", "local", ir.BinOp("+", ir.VarRef("h", "h"), ir.VarRef("p", "p"))),
                "ht": ir.VarDef("ht", "ht", "local", ir.BinOp("*", ir.VarRef("h", "h"), ir.VarRef("t", "t")))}
        bound = ir.BinOp("<", ir.VarRef("i", "i"), rng.choice([ir.VarRef("q", "q"), ir.Const(4)]))
        loop = ir.Loop("i", rng.choice([ir.VarRef("p", "p"), ir.Const(0)]), bound, "+", ir.Const(1))
        index = ir.BinOp("&", ir.BinOp("+", ir.VarRef(rng.choice(["hp", "ht", "h"]), "x"),
                                       ir.BinOp("*", ir.VarRef("i", "i"), ir.Const(rng.choice([1, 32])))),
                         ir.Const(1023))
        guard = ir.Guard(ir.BinOp("<", ir.BinOp("&", ir.VarRef("h", "h"), ir.Const(7)), ir.Const(rng.choice([2, 8]))),
                         rng.random() < 0.5)
        where = ir.SourceRange("k.cu", 1, 1, 0, 1)
        access = ir.Access("a", "k", where, (where,), (index,), "load", 4, 0, (loop,), (guard,))
        block = BlockShape(rng.choice([32, 64, 96]), rng.choice([1, 2]))
        known = {"t": rng.choice([1, 3])} if rng.random() < 0.6 else None
        got = sample_with_params(access, vars, block, known)
        assert got.unknown is None and got.by_binding, case
        for binding, samples in got.by_binding:
            want = sample_access(access, vars, block, bindings={**(known or {}), **dict(binding)})
            assert (samples.unknown, samples.unrolled) == (want.unknown, want.unrolled)
            assert len(samples.instances) == len(want.instances) and all(
                _same(a, b) for a, b in zip(samples.instances, want.instances)), case


def test_guards_after_every_lane_is_dropped_change_nothing() -> None:
    """`_guarded` stops at the guard that leaves no lane: against every guard
    applied (an unknown one ignored), with guards that drop all lanes first."""
    rng = random.Random(24)
    unknown = ir.BinOp("<", ir.Opaque("data[i]"), ir.Const(3))
    for case in range(200):
        guards = tuple(ir.Guard(rng.choice([ir.BinOp("<", _tid("x"), ir.Const(rng.choice([0, 5, 40]))),
                                            ir.BinOp("==", ir.BinOp("&", _tid("x"), ir.Const(3)), ir.Const(1)),
                                            unknown]), rng.random() < 0.3) for _ in range(rng.randint(1, 4)))
        where = ir.SourceRange("k.cu", 1, 1, 0, 1)
        access = ir.Access("a", "k", where, (where,), (_tid("x"),), "load", 4, 0, (), guards)
        builtins, exists = warp_builtins(BlockShape(rng.choice([32, 64])), 0, 32, 2)
        env = Env(builtins, {}, {}, clamp_shifts=True)
        want = exists.copy()
        for g in guards:
            try:
                t = np.asarray(evaluate(g.cond, env)) != 0
            except Unknown:
                continue
            want &= ~t if g.negated else t
        assert np.array_equal(_guarded(access, env, exists), want), case


def test_a_loop_step_divides_as_c_does_toward_zero() -> None:
    """`i /= 3` on a negative `i` truncates (C11 6.5.5): -100 -> -33, where the
    replay's own table floored it to -34; a positive `i` divides alike."""
    env = Env({}, {}, {})
    got = _step("/", ir.Const(3), np.array([-100, 100, -99, 7]), env)
    assert got.tolist() == [-33, 33, -33, 2]
    assert _step("%", ir.Const(3), np.array([-100, 100]), env).tolist() == [-1, 1]  # the dividend's sign
