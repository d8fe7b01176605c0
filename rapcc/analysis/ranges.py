"""Bound every subscript over the whole iteration space, to decide whether a layout may change.

A mapping is proved injective and in bounds on the array's declared index
domain only. An index outside a dimension (a 2-D tile walked flat through its
first row, `tile[0][f]` with `f` up to 1023) reads the old layout's neighbour
under the new layout, so an array is rewritten only when every subscript of
every access is proved inside its dimension, for every lane of the block and
every trip of its loops. The replay that predicts wavefronts samples; this
module must not:

1. It first enumerates the iteration space exactly: every lane of the block,
   every trip of every enclosing loop (no trip cap), with unknown guards taken
   as true (more executions, never fewer). Loops that nothing below reads are
   visited once.
2. When that is impossible (a data-dependent value, a kernel parameter, an
   unknown loop condition, a space too large to walk), it falls back to
   interval arithmetic over the same IR, with C semantics: thread indices in
   [0, blockDim), loop variables bounded by their start and condition, guards
   narrowing the variables they compare, masks / `%` / narrow integer types /
   `min`-`max` clamps bounding data-dependent parts.

Both are sound over-approximations; an index the proof cannot bound keeps the
array unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .. import cint, ir
from .evaluate import Env, Unknown, evaluate
from .dependence import collapsible, read_carried, reads_block_index
from .warps import BlockShape, TooManyTrips, TripPolicy, iterate, warp_builtins

INF = 1 << 80  # stands for an unbounded side; any |value| >= 2**64 is unbounded
MAX_PROOF_TRIPS = 1 << 16
VISIT_BUDGET = 1 << 13  # loop-body visits (each over the whole block) before falling back


@dataclass(frozen=True, slots=True)
class Interval:
    lo: int
    hi: int

    @property
    def bounded(self) -> bool:
        return -INF < self.lo and self.hi < INF and abs(self.lo) < 1 << 64 and abs(self.hi) < 1 << 64

    def text(self) -> str:
        lo = "-inf" if self.lo <= -(1 << 64) else str(self.lo)
        hi = "+inf" if self.hi >= 1 << 64 else str(self.hi)
        return f"[{lo}, {hi}]"


TOP = Interval(-INF, INF)


def _iv(lo, hi) -> Interval:
    return Interval(max(int(lo), -INF), min(int(hi), INF))


@dataclass(frozen=True, slots=True)
class RangeProof:
    """Bounds of each subscript of one access over its whole iteration space."""

    ranges: tuple[Interval, ...]
    method: str  # "enumerated" (every lane and trip) | "interval"
    never_runs: bool = False

    def violation(self, dims: tuple[int, ...]) -> tuple[int, Interval] | None:
        """The first dimension whose subscript may leave [0, extent), or None."""
        if self.never_runs:
            return None
        for k, (r, d) in enumerate(zip(self.ranges, dims)):
            if r.lo < 0 or r.hi >= d:
                return k, r
        return None


def prove_ranges(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape,
                 known: dict[str, int] | None = None) -> RangeProof:
    """Bound every subscript of `access` for every lane of `block` and every trip
    of its loops. `known` fixes template parameters to their values."""
    try:
        return _enumerate(access, vars, block, dict(known or {}))
    except (Unknown, TooManyTrips):
        return RangeProof(_intervals(access, vars, block, dict(known or {})), "interval")


# -- 1. exact enumeration ------------------------------------------------------


def _one_trip(loop: ir.Loop) -> ir.Loop:
    """A loop that runs its body exactly once, for every lane."""
    return ir.Loop(loop.var, ir.Const(0), ir.BinOp("<", ir.VarRef(loop.var, "trip"), ir.Const(1)), "+", ir.Const(1))


def _enumerate(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, known: dict[str, int]) -> RangeProof:
    # The lanes are enumerated for one block, every block alike. A subscript or
    # loop bound that reads blockIdx differs from block to block: intervals
    # bound it over every block instead. A guard that reads it only decides
    # which blocks run the access: it is dropped, so the proof covers the
    # lanes of every block that might.
    bounds = list(access.indices) + [e for lp in access.loops for e in (lp.start, lp.cond, lp.step)] + \
        [e for lp in access.loops for c in lp.carried for e in (c.start, c.step)]
    if any(reads_block_index(e, vars) for e in bounds):
        raise Unknown("blockIdx")
    access = replace(access, guards=tuple(g for g in access.guards if not reads_block_index(g.cond, vars)))
    nwarps = -(-block.threads // 32)
    builtins, exists = warp_builtins(block, 0, 32, nwarps)
    env = Env(builtins, dict(known), vars)
    # A loop nothing below reads runs its body with the same indices every trip:
    # replace it by one trip of all live lanes (more executions, never fewer).
    # A carried value nothing reads (`sum += s[...]`) bounds no subscript.
    loops = tuple(_one_trip(lp) if collapsible(access, k, vars) else replace(lp, carried=read_carried(access, k, vars))
                  for k, lp in enumerate(access.loops))
    lo = [INF] * len(access.indices)
    hi = [-INF] * len(access.indices)
    n = len(exists)

    def visit(mask: np.ndarray, inner: Env, trips: tuple[int, ...], weight: float) -> None:
        for k, e in enumerate(access.indices):
            v = np.broadcast_to(np.asarray(evaluate(e, inner), dtype=np.int64), (n,))[mask]
            lo[k] = min(lo[k], int(v.min()))
            hi[k] = max(hi[k], int(v.max()))

    iterate(access, loops, env, exists, visit, TripPolicy(MAX_PROOF_TRIPS, None, [VISIT_BUDGET]))
    if lo and lo[0] == INF:
        return RangeProof(tuple(TOP for _ in access.indices), "enumerated", never_runs=True)
    return RangeProof(tuple(Interval(a, b) for a, b in zip(lo, hi)), "enumerated")


# -- 2. interval arithmetic ----------------------------------------------------


_BUILTIN_BOUNDS = {"blockIdx": (0, (1 << 31) - 1), "gridDim": (1, (1 << 31) - 1)}


def _type_range(bits: int, signed: bool) -> Interval:
    t = cint.CType(bits, signed and bits > 1)
    return Interval(t.lo, t.hi) if bits > 0 else TOP


@dataclass
class _Scope:
    block: BlockShape
    vars: dict[str, ir.VarDef]
    known: dict[str, int]
    bounds: dict[str, Interval]  # narrowed variables (loop variables, guarded values), by key or builtin name
    depth: int = 0


def _builtin(name: str, sc: _Scope) -> Interval:
    struct, _, axis = name.partition(".")
    if name == "warpSize":
        return Interval(32, 32)
    size = {"x": sc.block.x, "y": sc.block.y, "z": sc.block.z}.get(axis, 1)
    if struct == "threadIdx":
        return Interval(0, size - 1)
    if struct == "blockDim":
        return Interval(size, size)
    lo, hi = _BUILTIN_BOUNDS.get(struct, (-INF, INF))
    return Interval(lo, hi)


def _var(ref: ir.VarRef, sc: _Scope) -> Interval:
    if ref.key in sc.known:
        return Interval(sc.known[ref.key], sc.known[ref.key])
    d = sc.vars.get(ref.key)
    if d is not None and d.init is not None and sc.depth < 64:
        sc.depth += 1
        try:
            own = _cast(interval(d.init, sc), d.bits, d.signed)
        finally:
            sc.depth -= 1
    else:
        own = _type_range(d.bits, d.signed) if d is not None else TOP
    narrowed = sc.bounds.get(ref.key)
    return _meet(own, narrowed) if narrowed is not None else own


def _meet(a: Interval, b: Interval) -> Interval:
    lo, hi = max(a.lo, b.lo), min(a.hi, b.hi)
    return Interval(lo, hi) if lo <= hi else Interval(lo, lo)  # empty: any point keeps it sound


def _join(a: Interval, b: Interval) -> Interval:
    return Interval(min(a.lo, b.lo), max(a.hi, b.hi))


def _cast(v: Interval, bits: int, signed: bool) -> Interval:
    t = _type_range(bits, signed)
    if bits >= 64 or (t.lo <= v.lo and v.hi <= t.hi):
        return v
    return t  # the value wraps somewhere in the type's range


def _binop(op: str, a: Interval, b: Interval) -> Interval:
    if op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
        return Interval(0, 1)
    if op == "+":
        return _iv(a.lo + b.lo, a.hi + b.hi)
    if op == "-":
        return _iv(a.lo - b.hi, a.hi - b.lo)
    if op == "*":
        p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return _iv(min(p), max(p))
    if op == "/":
        if b.lo <= 0 <= b.hi or not (a.bounded and b.bounded):
            return TOP if not (b.lo > 0 and a.lo >= 0) else Interval(0, a.hi)
        q = [cint.tdiv(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        return Interval(min(q), max(q))
    if op == "%":
        m = max(abs(b.lo), abs(b.hi))
        if m == 0 or m >= INF:
            return a if a.lo >= 0 else TOP
        m -= 1
        return Interval(0, min(m, a.hi)) if a.lo >= 0 else Interval(-m, m if a.hi > 0 else 0)
    if op in ("<<", ">>"):
        if b.lo < 0 or b.hi > 63:
            return TOP
        if op == ">>":
            return Interval(min(a.lo >> b.lo, a.lo >> b.hi), max(a.hi >> b.lo, a.hi >> b.hi))
        p = [a.lo << b.lo, a.lo << b.hi, a.hi << b.lo, a.hi << b.hi]
        return _iv(min(p), max(p))
    if op == "&":
        nonneg = [x.hi for x in (a, b) if x.lo >= 0]
        return Interval(0, min(nonneg)) if nonneg else TOP
    if op in ("|", "^"):
        if a.lo >= 0 and b.lo >= 0 and a.bounded and b.bounded:
            return Interval(0, (1 << max(a.hi, b.hi).bit_length()) - 1)
        return TOP
    return TOP


def _min_max(sel: ir.Select, sc: _Scope) -> Interval | None:
    """`x < y ? x : y` (a min) and its mirror images: a clamp bounds both sides."""
    c = sel.cond
    if not (isinstance(c, ir.BinOp) and c.op in ("<", "<=", ">", ">=")):
        return None
    less = c.op in ("<", "<=")
    if (c.lhs, c.rhs) == (sel.then, sel.other):
        is_min = less
    elif (c.rhs, c.lhs) == (sel.then, sel.other):
        is_min = not less
    else:
        return None
    a, b = interval(sel.then, sc), interval(sel.other, sc)
    if is_min:
        return Interval(min(a.lo, b.lo), min(a.hi, b.hi))
    return Interval(max(a.lo, b.lo), max(a.hi, b.hi))


def interval(expr: ir.Expr, sc: _Scope) -> Interval:
    """A range that contains every value `expr` takes in scope `sc`."""
    if isinstance(expr, ir.Const):
        return Interval(expr.value, expr.value)
    if isinstance(expr, ir.Builtin):
        narrowed = sc.bounds.get(expr.name)
        own = _builtin(expr.name, sc)
        return _meet(own, narrowed) if narrowed is not None else own
    if isinstance(expr, ir.VarRef):
        return _var(expr, sc)
    if isinstance(expr, ir.Cast):
        return _cast(interval(expr.operand, sc), expr.bits, expr.signed)
    if isinstance(expr, ir.BinOp):
        return _binop(expr.op, interval(expr.lhs, sc), interval(expr.rhs, sc))
    if isinstance(expr, ir.UnOp):
        v = interval(expr.operand, sc)
        if expr.op == "-":
            return Interval(-v.hi, -v.lo)
        if expr.op == "~":
            return Interval(-v.hi - 1, -v.lo - 1)
        if expr.op == "!":
            return Interval(0, 1)
        return v
    if isinstance(expr, ir.Select):
        clamp = _min_max(expr, sc)
        if clamp is not None:
            return clamp
        return _join(interval(expr.then, sc), interval(expr.other, sc))
    if isinstance(expr, ir.Opaque):
        return _type_range(expr.bits, expr.signed)
    return TOP  # AfterLoop and anything new: unbounded


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def _subject(expr: ir.Expr) -> str | None:
    """The variable a comparison narrows: a variable or builtin, through value-preserving casts."""
    while isinstance(expr, ir.Cast) and expr.bits >= 32:
        expr = expr.operand
    if isinstance(expr, ir.VarRef):
        return expr.key
    if isinstance(expr, ir.Builtin):
        return expr.name
    return None


def _narrow(cond: ir.Expr, negated: bool, sc: _Scope) -> None:
    """Narrow the variables `cond` (or its negation) compares against bounds."""
    while isinstance(cond, ir.Cast):
        cond = cond.operand
    if isinstance(cond, ir.UnOp) and cond.op == "!":
        _narrow(cond.operand, not negated, sc)
        return
    if not isinstance(cond, ir.BinOp):
        return
    if (cond.op == "&&" and not negated) or (cond.op == "||" and negated):
        _narrow(cond.lhs, negated, sc)
        _narrow(cond.rhs, negated, sc)
        return
    if cond.op not in _FLIP:
        return
    op = _NEGATE[cond.op] if negated else cond.op
    for subj, other, o in ((cond.lhs, cond.rhs, op), (cond.rhs, cond.lhs, _FLIP[op])):
        key = _subject(subj)
        if key is None:
            continue
        b = interval(other, sc)
        cur = sc.bounds.get(key, TOP)
        if o == "<":
            cur = Interval(cur.lo, min(cur.hi, b.hi - 1))
        elif o == "<=":
            cur = Interval(cur.lo, min(cur.hi, b.hi))
        elif o == ">":
            cur = Interval(max(cur.lo, b.lo + 1), cur.hi)
        elif o == ">=":
            cur = Interval(max(cur.lo, b.lo), cur.hi)
        elif o == "==":
            cur = _meet(cur, b)
        sc.bounds[key] = cur if cur.lo <= cur.hi else Interval(cur.lo, cur.lo)


def _loop_bounds(loop: ir.Loop, sc: _Scope) -> Interval:
    """Where a canonical loop's variable can be inside its body: from its start,
    in the direction it steps, up to what its condition allows."""
    start = interval(loop.start, sc)
    step = interval(loop.step, sc)
    probe = _Scope(sc.block, sc.vars, sc.known, {k: v for k, v in sc.bounds.items() if k != loop.var}, sc.depth)
    _narrow(loop.cond, False, probe)
    by_cond = probe.bounds.get(loop.var, TOP)
    up = (loop.step_op == "+" and step.lo >= 0) or (loop.step_op == "-" and step.hi <= 0) or \
         (loop.step_op in ("*", "<<") and start.lo >= 1 and step.lo >= (1 if loop.step_op == "*" else 0))
    down = (loop.step_op == "-" and step.lo >= 0) or (loop.step_op == "+" and step.hi <= 0) or \
           (loop.step_op in ("/", ">>") and start.lo >= 0 and step.lo >= (1 if loop.step_op == "/" else 0))
    if up:
        return Interval(start.lo, max(start.lo, by_cond.hi))
    if down:
        lo = max(by_cond.lo, 0 if loop.step_op in ("/", ">>") else -INF)
        return Interval(min(lo, start.hi), start.hi)
    return TOP


def _intervals(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape,
               known: dict[str, int]) -> tuple[Interval, ...]:
    sc = _Scope(block, vars, known, {})
    for loop in access.loops:
        sc.bounds[loop.var] = _loop_bounds(loop, sc)
        # Carried values change every trip in ways intervals do not follow,
        # except one that only grows from a non-negative start (`++iStage`
        # from a counter that is never negative): it stays at or above it.
        for c in loop.carried:
            d = vars.get(c.var)
            if c.step_op == "+" and d is not None:
                start, step = interval(c.start, sc), interval(c.step, sc)
                if start.lo >= 0 and step.lo >= 0:
                    sc.bounds[c.var] = Interval(start.lo, _type_range(d.bits, d.signed).hi)
    for g in access.guards:
        _narrow(g.cond, g.negated, sc)
    return tuple(interval(e, sc) for e in access.indices)
