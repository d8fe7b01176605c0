"""The replay's expression evaluator (rapcc/analysis/evaluate.py): its type
dispatch and its narrow-type wrap against the straightforward definitions."""
from __future__ import annotations

import random

import numpy as np

from rapcc import ir
from rapcc.analysis.evaluate import Env, Unknown, _after_loop, _exact, _wrap, evaluate


def _wrap_by_mask(v, bits: int, signed: bool):
    """The wrap as masking and re-signing (its definition before issue 20),
    except that a conversion to `bool` is `!= 0` (C11 6.3.1.2), not the low bit."""
    if bits >= 64:
        return np.asarray(v, dtype=np.int64)
    if bits == 1:
        return (np.asarray(v, dtype=np.int64) != 0).astype(np.int64)
    mask = (1 << bits) - 1
    v = np.asarray(v, dtype=np.int64) & mask
    if signed and bits > 1:
        v = np.where(v >= (1 << (bits - 1)), v - (1 << bits), v)
    if bits == 1:
        v = (v != 0).astype(np.int64)
    return v


def test_wrap_equals_masking_and_resigning() -> None:
    rng = np.random.default_rng(20)
    edges = np.array([0, 1, -1, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32, 2**32 - 1, 2**15, -2**15 - 1,
                      127, 128, -129, 255, 256, 2**62, -2**62, 2**63 - 1, -2**63], dtype=np.int64)
    cases = [edges, rng.integers(-2**63, 2**63 - 1, size=500, dtype=np.int64),
             rng.integers(-2**33, 2**33, size=500, dtype=np.int64)]
    cases += [np.int64(x) for x in edges.tolist()] + [int(x) for x in edges.tolist()]
    for v in cases:
        for bits in (1, 8, 16, 32, 64):
            for signed in (True, False):
                got, want = _wrap(v, bits, signed), _wrap_by_mask(v, bits, signed)
                assert type(got) is type(want) and np.shape(got) == np.shape(want), (bits, signed)
                assert np.array_equal(got, want), (bits, signed, v)


def _evaluate_by_isinstance(expr: ir.Expr, env: Env):
    """`evaluate` as an isinstance chain (its definition before issue 20)."""
    if isinstance(expr, ir.Const):
        return expr.value
    if isinstance(expr, ir.Builtin):
        if expr.name in env.builtins:
            return env.builtins[expr.name]
        if expr.name in env.values:
            return env.values[expr.name]
        raise Unknown(expr.name, uniform_key=expr.name if expr.name.startswith("gridDim") else None)
    if isinstance(expr, ir.VarRef):
        return _var_by_isinstance(expr, env)
    if isinstance(expr, ir.Cast):
        return _wrap_by_mask(_evaluate_by_isinstance(expr.operand, env), expr.bits, expr.signed)
    if isinstance(expr, ir.BinOp):
        a = np.asarray(_evaluate_by_isinstance(expr.lhs, env), dtype=np.int64)
        b = np.asarray(_evaluate_by_isinstance(expr.rhs, env), dtype=np.int64)
        if expr.op in ("<<", ">>") and (np.any(b < 0) or np.any(b >= 64)):
            if not env.clamp_shifts or np.any(b < 0):
                raise Unknown("shift out of range")
            if expr.op == "<<":
                return np.where(b >= 64, 0, a << np.minimum(b, 63))
            return a >> np.minimum(b, 63)
        return _exact(expr.op, a, b)
    if isinstance(expr, ir.UnOp):
        v = np.asarray(_evaluate_by_isinstance(expr.operand, env), dtype=np.int64)
        return {"-": lambda x: -x, "+": lambda x: x, "~": lambda x: ~x,
                "!": lambda x: (x == 0).astype(np.int64)}[expr.op](v)
    if isinstance(expr, ir.Select):
        c = np.asarray(_evaluate_by_isinstance(expr.cond, env))
        return np.where(c != 0, _evaluate_by_isinstance(expr.then, env), _evaluate_by_isinstance(expr.other, env))
    if isinstance(expr, ir.AfterLoop):
        return _after_loop(expr, env)
    if isinstance(expr, ir.Opaque):
        if expr.uniform:
            if expr.text in env.values:
                return env.values[expr.text]
            raise Unknown(expr.text, uniform_key=expr.text)
        raise Unknown(expr.text)
    raise Unknown(type(expr).__name__)


def _var_by_isinstance(ref: ir.VarRef, env: Env):
    """`evaluate._var` over `_evaluate_by_isinstance`."""
    if ref.key in env.values:
        return env.values[ref.key]
    if ref.key in env._memo:
        return env._memo[ref.key]
    d = env.vars.get(ref.key)
    if d is not None and d.kind in ("param", "template_param") and d.init is None:
        raise Unknown(ref.name, uniform_key=ref.key)
    if d is None or d.init is None or env._depth > 64:
        raise Unknown(ref.name)
    env._depth += 1
    try:
        value = _wrap_by_mask(_evaluate_by_isinstance(d.init, env), d.bits, d.signed)
    finally:
        env._depth -= 1
    env._memo[ref.key] = value
    return value


_OPS = ("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||")


def _expr(rng: random.Random, depth: int) -> ir.Expr:
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.15:
            return rng.choice([ir.Builtin("gridDim.x"), ir.VarRef("p", "p"), ir.Opaque("d[i]"),
                               ir.Opaque("n", uniform=True), ir.Opaque("m", uniform=True)])
        return rng.choice([ir.Const(rng.randrange(-3, 70)), ir.Const(rng.randrange(-2**40, 2**40)),
                           ir.Builtin("threadIdx.x"), ir.Builtin("blockDim.x"), ir.VarRef("v0", "v0"),
                           ir.VarRef("v1", "v1")])
    kind = rng.randrange(5)
    if kind == 0:
        return ir.UnOp(rng.choice("-+~!"), _expr(rng, depth - 1))
    if kind == 1:
        return ir.Cast(rng.choice([8, 16, 32, 64]), rng.random() < 0.5, _expr(rng, depth - 1))
    if kind == 2:
        return ir.Select(_expr(rng, depth - 1), _expr(rng, depth - 1), _expr(rng, depth - 1))
    return ir.BinOp(rng.choice(_OPS), _expr(rng, depth - 1), _expr(rng, depth - 1))


def _outcome(f, expr: ir.Expr, env: Env):
    try:
        v = f(expr, env)
    except Unknown as exc:
        return ("unknown", exc.what, exc.uniform_key)
    return ("value", type(v).__name__, np.shape(v), np.asarray(v).tolist())


def test_evaluate_agrees_with_the_isinstance_chain_on_random_trees() -> None:
    rng = random.Random(20)
    lanes = np.arange(64, dtype=np.int64)
    seen: dict[str, int] = {"unknown": 0, "value": 0}
    for case in range(3000):
        vars = {"v0": ir.VarDef("v0", "v0", "local", _expr(rng, 2)),
                "v1": ir.VarDef("v1", "v1", "local", _expr(rng, 2), signed=False, bits=16),
                "p": ir.VarDef("p", "p", "param", None)}
        expr = _expr(rng, 4)
        values = {"n": 33} if case % 2 else {}
        for clamp in (False, True):
            # A fresh environment each: `_var` memoises in it.
            got = _outcome(evaluate, expr, Env({"threadIdx.x": lanes, "blockDim.x": 64}, dict(values), vars,
                                               clamp_shifts=clamp))
            want = _outcome(_evaluate_by_isinstance, expr,
                            Env({"threadIdx.x": lanes, "blockDim.x": 64}, dict(values), vars, clamp_shifts=clamp))
            assert got == want, (case, expr)
            seen[got[0]] += 1
    assert seen["unknown"] > 500 and seen["value"] > 500, seen


def test_a_conversion_to_bool_is_nonzero_not_the_low_bit() -> None:
    """`bool b = x & 2;` holds 1 where `x & 2` is 2 (C11 6.3.1.2); the replay
    took the low bit and read 0. Its twin: a zero stays 0."""
    env = Env({}, {}, {})
    assert evaluate(ir.Cast(1, False, ir.Const(2)), env).tolist() == 1
    assert evaluate(ir.Cast(1, False, ir.Const(0)), env).tolist() == 0
    assert evaluate(ir.Cast(8, True, ir.Const(0x80)), env).tolist() == -128
