"""Evaluate a collector expression (`ir.Expr`) for one or more values at once, with C
integer semantics: a template instance's array extents (arrays.py) and the trip
counts nvcc unrolls (warps.unrolled_loop); the prediction runs the sound IR
(lane_domain.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import numpy as np

from .. import cint, ir

MAX_DEPTH = 64  # definitions followed through one another: a guard against cycles


class Unknown(Exception):
    """The value depends on something rapcc cannot know statically."""

    def __init__(self, what: str, uniform_key: str | None = None):
        super().__init__(what)
        self.what = what
        # Set when the unknown is a warp-uniform scalar (a kernel or template
        # parameter): the analysis may then try representative values.
        self.uniform_key = uniform_key


@dataclass
class Env:
    """Per-lane values in scope: builtins and variables (arrays of warp_size)."""

    builtins: dict[str, np.ndarray | int]
    values: dict[str, np.ndarray | int]
    vars: dict[str, ir.VarDef]
    _memo: dict[str, np.ndarray | int] = field(default_factory=dict)
    _depth: int = 0
    # Shifts by 64 or more (undefined in C++) as the GPU's shr/shl run them:
    # the amount clamped, so `x >> 68` is 0; the range prover refuses such shifts.
    clamp_shifts: bool = False

    def child(self, key: str, value: np.ndarray | int) -> "Env":
        vals = dict(self.values)
        vals[key] = value
        return Env(self.builtins, vals, self.vars, clamp_shifts=self.clamp_shifts)


def _wrap(v, bits: int, signed: bool) -> np.ndarray:
    return cint.wrap_array(v, _TYPES.get((bits, signed)) or cint.CType(bits, signed))


_TYPES = {(t.bits, t.signed): t for t in (cint.BOOL, cint.SCHAR, cint.UCHAR, cint.SHORT, cint.USHORT, cint.INT,
                                          cint.UINT, cint.LLONG, cint.ULLONG)}


def _defined(v: np.ndarray | cint.Undefined) -> np.ndarray:
    if isinstance(v, cint.Undefined):
        raise Unknown(v.value)
    return v


def _exact(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return _defined(cint.exact_array(op, a, b))


_UN = {"-": lambda x: -x, "+": lambda x: x, "~": lambda x: ~x, "!": lambda x: (x == 0).astype(np.int64)}


def evaluate(expr: ir.Expr, env: Env):
    """The value of `expr` per lane (np.int64 array or int). Raises Unknown."""
    # Exact type tests, most frequent first: the IR's node classes have no
    # subclasses, and this runs for every node of every index, guard and loop
    # bound at every replayed trip (issue 20).
    t = type(expr)
    if t is ir.BinOp:
        bo = cast(ir.BinOp, expr)  # `t` is its type; mypy does not narrow through `t`
        a = np.asarray(evaluate(bo.lhs, env), dtype=np.int64)
        b = np.asarray(evaluate(bo.rhs, env), dtype=np.int64)
        # A constant amount in range needs no test (the draws' hash shifts by
        # 16 a dozen times per lane and trip); otherwise the array methods, not
        # np.any, whose dispatch cost more than the test (issue 20).
        if bo.op in ("<<", ">>") and not (type(bo.rhs) is ir.Const and 0 <= bo.rhs.value < 64) \
                and ((b < 0).any() or (b >= 64).any()):
            return _defined(cint.shift_array(bo.op, a, b, 64, clamp=env.clamp_shifts))
        return _exact(bo.op, a, b)
    if t is ir.Const:
        return cast(ir.Const, expr).value
    if t is ir.VarRef:
        return _var(cast(ir.VarRef, expr), env)
    if t is ir.Builtin:
        bi = cast(ir.Builtin, expr)  # `t` is its type; mypy does not narrow through `t`
        if bi.name in env.builtins:
            return env.builtins[bi.name]
        if bi.name in env.values:
            return env.values[bi.name]
        # gridDim is uniform across the block but set at launch: sample it like a parameter.
        raise Unknown(bi.name, uniform_key=bi.name if bi.name.startswith("gridDim") else None)
    if t is ir.Cast:
        cv = cast(ir.Cast, expr)  # `t` is its type; mypy does not narrow through `t`
        return _wrap(evaluate(cv.operand, env), cv.bits, cv.signed)
    if t is ir.UnOp:
        uo = cast(ir.UnOp, expr)  # `t` is its type; mypy does not narrow through `t`
        v = np.asarray(evaluate(uo.operand, env), dtype=np.int64)
        return _UN[uo.op](v)
    if t is ir.Select:
        se = cast(ir.Select, expr)  # `t` is its type; mypy does not narrow through `t`
        c = np.asarray(evaluate(se.cond, env))
        return np.where(c != 0, evaluate(se.then, env), evaluate(se.other, env))
    if t is ir.AfterLoop:
        return _after_loop(cast(ir.AfterLoop, expr), env)
    if t is ir.Opaque:
        op = cast(ir.Opaque, expr)  # `t` is its type; mypy does not narrow through `t`
        if op.uniform:
            if op.text in env.values:
                return env.values[op.text]
            raise Unknown(op.text, uniform_key=op.text)
        raise Unknown(op.text)
    raise Unknown(t.__name__)


MAX_FINAL_TRIPS = 4096


def _after_loop(node: ir.AfterLoop, env: Env):
    """Run the finished loop's trip count forward; only a count every lane shares is known."""
    loop, carried = node.loop, node.carried
    name = carried.var.split("@")[0]
    value = evaluate(loop.start, env)
    seen = evaluate(carried.start, env)
    for _ in range(MAX_FINAL_TRIPS):
        inner = env.child(loop.var, value).child(carried.var, seen)
        try:
            cond = np.asarray(evaluate(loop.cond, inner)) != 0
        except Unknown:
            raise Unknown(name)
        if cond.any() and not cond.all():
            raise Unknown(name)
        if not cond.any():
            return seen
        stepped = np.asarray(evaluate(carried.step, inner), dtype=np.int64)
        seen = stepped if carried.step_op == "=" else _exact(carried.step_op, np.asarray(seen, dtype=np.int64), stepped)
        value = _exact(loop.step_op, np.asarray(value, dtype=np.int64),
                                          np.asarray(evaluate(loop.step, inner), dtype=np.int64))
    raise Unknown(name)


def _var(ref: ir.VarRef, env: Env):
    if ref.key in env.values:
        return env.values[ref.key]
    if ref.key in env._memo:
        return env._memo[ref.key]
    d = env.vars.get(ref.key)
    if d is not None and d.kind in ("param", "template_param") and d.init is None:
        raise Unknown(ref.name, uniform_key=ref.key)
    if d is None or d.init is None or env._depth > MAX_DEPTH:
        raise Unknown(ref.name)
    env._depth += 1
    try:
        value = _wrap(evaluate(d.init, env), d.bits, d.signed)
    finally:
        env._depth -= 1
    env._memo[ref.key] = value
    return value


def depends_on(expr: ir.Expr, vars: dict[str, ir.VarDef], names: frozenset[str], _seen: frozenset[str] = frozenset(),
               skip: frozenset[ir.Expr] = frozenset()) -> bool:
    """Whether `expr` reads any builtin in `names` (following local
    definitions), not counting the subexpressions in `skip`."""
    if expr in skip:
        return False
    if isinstance(expr, ir.Builtin):
        return expr.name in names
    if isinstance(expr, ir.VarRef):
        d = vars.get(expr.key)
        if d is None or d.init is None or expr.key in _seen:
            return False
        return depends_on(d.init, vars, names, _seen | {expr.key}, skip)
    if isinstance(expr, (ir.Const, ir.Opaque)):
        return False
    if isinstance(expr, ir.AfterLoop):
        return depends_on(expr.loop.cond, vars, names, _seen, skip) \
            or depends_on(expr.carried.start, vars, names, _seen, skip)
    if isinstance(expr, (ir.Cast, ir.UnOp)):
        return depends_on(expr.operand, vars, names, _seen, skip)
    if isinstance(expr, ir.BinOp):
        return depends_on(expr.lhs, vars, names, _seen, skip) or depends_on(expr.rhs, vars, names, _seen, skip)
    if isinstance(expr, ir.Select):
        return any(depends_on(e, vars, names, _seen, skip) for e in (expr.cond, expr.then, expr.other))
    return False
