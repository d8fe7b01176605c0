"""The lanes of a warp run together: the lane domain's speed (issue 27 §2).

`LaneRun` (lane_domain.py) interprets one thread at a time. `WarpRun` runs a
group of threads of one warp at once: a value every lane knows is a `Lanes`,
one int64 per lane, and an operation on such values is one numpy operation.
While the group's lanes agree on every branch, the run is each thread's run.

The contract is exactness: a group's trace is, lane by lane, what each
thread's `LaneRun` logs. Where the vector rules do not model a step exactly
(lanes that branch apart, a switch on lane values, an operation whose lanes'
results are intervals that differ, a value a 64-bit unsigned type wraps past
int64), the run stops (`Split`, `Inexact`) and `run_group` runs the parts
again from the start: the lanes that branch alike together, or every lane
alone under `LaneRun`, the reference.

A branch every lane decides the same way is taken without `refine`: a
condition decided over exact values, or over intervals that decide it, leaves
nothing to narrow (the narrowing of a value that meets its bound is the value).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Callable, cast

import numpy as np

from .. import cint
from .. import sound_ir as s
from ..cint import CType
from . import intervals as iv
from .aliasing import stmt_exprs, walk_expr
from .absint import BudgetExceeded, Frame, Ptr, State, Value, unknown
from .facts import FactsCache
from .interpret import _COMPARE, _FLIP
from .intervals import SInt
from .lane_domain import (GroupEvent, GroupTrace, LaneFailure, LaneRun, _Stop, as_group, block_lanes, run_lane)

# Exact operands' magnitudes the vector rules take: sums, differences and
# products of two stay inside int64. Beyond it each lane runs alone.
_SAFE = 1 << 31


class Lanes(SInt):
    """One known value per lane of a group (never all equal: that is an `SInt.const`).
    As an SInt it is the interval of its lanes, so a rule that reads only lo
    and hi stays sound; the rules that must be exact read `v` (WarpRun)."""

    __slots__ = ("v",)
    v: np.ndarray

    def __init__(self, v: np.ndarray):
        lo, hi = int(v.min()), int(v.max())
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "stride", 1)
        object.__setattr__(self, "v", v)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lanes) and bool(np.array_equal(self.v, other.v))

    def __hash__(self) -> int:
        return hash(self.v.tobytes())

    def __repr__(self) -> str:
        return f"Lanes({self.v.tolist()})"

    @staticmethod
    def joined(a: SInt, b: SInt) -> SInt:
        """intervals.join's hook: each lane's join, one value for the group, or Inexact."""
        if a == b:
            return a
        n = len(a.v) if type(a) is Lanes else len(cast(Lanes, b).v)
        each = [iv.join(SInt.const(int(a.v[k])) if type(a) is Lanes else a,
                        SInt.const(int(b.v[k])) if type(b) is Lanes else b) for k in range(n)]
        if all(x == each[0] for x in each):
            return each[0]
        raise Inexact("a join whose lanes' intervals differ")

    def wrapped(self, t: CType) -> SInt:
        """Each lane's value converted to `t` (intervals.wrap's hook)."""
        return _fit(self.v, t)


class Inexact(Exception):
    """The group's lanes need values the vector rules do not hold exactly: each lane runs alone."""


class Split(Exception):
    """The group's lanes go different ways: `parts`, positions in the group, each one way."""

    def __init__(self, parts: list[np.ndarray]):
        super().__init__(f"{len(parts)} parts")
        self.parts = parts


def lanes_value(v: np.ndarray) -> SInt:
    """`v` (int64 per lane) as a value: one constant when every lane has it."""
    return SInt.const(int(v[0])) if (v == v[0]).all() else Lanes(v)


def _fit(v: np.ndarray, t: CType) -> SInt:
    """`v` wrapped to `t`, as intervals.wrap wraps each lane's single value."""
    if t.lo <= int(v.min()) and int(v.max()) <= t.hi:
        return lanes_value(v)
    if t.bits >= 64 and not t.signed:
        raise Inexact("a 64-bit unsigned value past int64")
    return lanes_value(cint.wrap_array(v, t))


def _exact(v: Value, n: int) -> np.ndarray | None:
    """Each lane's value when every lane knows it."""
    if type(v) is Lanes:
        return v.v
    if isinstance(v, SInt) and v.single is not None:
        return np.full(n, v.single, dtype=np.int64)
    return None


def _small(*vs: SInt) -> bool:
    return all(-_SAFE <= v.lo and v.hi <= _SAFE for v in vs)


class WarpRun(LaneRun):
    """`LaneRun` of the threads `tids` (linear ids, one warp's) at once."""

    def __init__(self, functions: dict[str, s.Function], dims: dict[str, tuple[int, ...] | None],
                 shape: tuple[int, int, int], elem_bytes: dict[str, int], tids: Sequence[int],
                 facts: FactsCache | None = None, params: Mapping[str, int] | None = None):
        ids = np.array(tids, dtype=np.int64)
        coords = np.stack([ids % shape[0], ids // shape[0] % shape[1], ids // (shape[0] * shape[1])], axis=1)
        super().__init__(functions, dims, shape, elem_bytes, tuple(int(c) for c in coords[0]), facts, params)
        self.n = len(tids)
        for k, axis in enumerate("xyz"):
            self.base[f"threadIdx.{axis}"] = lanes_value(coords[:, k].copy())
        self.full = len(tids)
        self.lanes = ids % 32  # the lanes (of their warp) running now: a part of them in an `if` that parts them
        self._pures: dict[int, tuple[s.Expr, bool]] = {}
        self._straights: dict[int, tuple[s.If, bool]] = {}
        self._names: dict[int, tuple[s.Expr, tuple[str, ...], bool]] = {}  # id(condition) -> its names, a call in it

    # ---- per lane, where the vector rules do not reach ----
    def _per_lane(self, f: Callable[..., Value], *args: Value) -> Value:
        """`f` applied lane by lane to the lanes' own values; one value for the group, or Inexact."""
        out: list[Value] = []
        for k in range(self.n):
            out.append(f(*(SInt.const(int(a.v[k])) if type(a) is Lanes else a for a in args)))
        if all(isinstance(r, SInt) and r.single is not None for r in out):
            return lanes_value(np.array([cast(SInt, r).lo for r in out], dtype=np.int64))
        if all(r == out[0] for r in out):
            return out[0]
        raise Inexact("lanes whose values are different intervals")

    # ---- expressions ----
    def arith(self, op: str, a: Value, b: Value, ty: s.Ty) -> Value:
        if type(a) is not Lanes and type(b) is not Lanes:
            return super().arith(op, a, b, ty)
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            if op in ("+", "-") and isinstance(a, Ptr) and isinstance(b, SInt):
                return self.subscript(a, b if op == "+" else self._negated(cast(Lanes, b)))
            if op == "+" and isinstance(b, Ptr):
                return self.arith("+", b, a, ty)
            return super().arith(op, a, b, ty)  # neither reads the lanes' values
        t = ty.int_type
        x, y = _exact(a, self.n), _exact(b, self.n)
        if t is None or x is None or y is None:
            return self._per_lane(lambda p, q: LaneRun.arith(self, op, p, q, ty), a, b)
        r = self._vector(op, x, y, cast(SInt, a), cast(SInt, b), t)
        if r is None:
            return self._per_lane(lambda p, q: LaneRun.arith(self, op, p, q, ty), a, b)
        return r if op in _COMPARE else _fit(r, t)

    def _vector(self, op: str, x: np.ndarray, y: np.ndarray, a: SInt, b: SInt, t: CType) -> np.ndarray | SInt | None:
        """`x op y` per lane as the interval rules give it on single values
        (before the wrap to `t`); None where those rules give a lane no single
        value or int64 might not hold it."""
        if op in ("<", "<=", ">", ">=", "==", "!="):
            return lanes_value(cint.ARRAY_OPS[op](x, y))
        if op in ("&", "|", "^"):
            return cint.ARRAY_OPS[op](x, y)
        if not _small(a, b):
            return None
        if op in ("+", "-", "*"):
            return cint.ARRAY_OPS[op](x, y)
        if op in ("/", "%"):
            return None if (y == 0).any() else cint.ARRAY_OPS[op](x, y)
        if op in ("<<", ">>"):
            if (y < 0).any() or (y >= t.bits).any() or op == "<<" and ((x < 0).any() or a.hi << b.hi >= _SAFE << 31):
                return None
            return x << y if op == "<<" else x >> y
        return None

    def _negated(self, v: Lanes) -> SInt:
        if not _small(v):
            raise Inexact("a lane value past the vector rules")
        return lanes_value(-v.v)

    def _unary(self, e: s.Unary, st: State, fr: Frame) -> Value:
        if e.op not in ("-", "~", "+"):
            return super()._unary(e, st, fr)
        v = self.eval(e.operand, st, fr)
        it = e.ty.int_type
        if type(v) is not Lanes or it is None:
            return self._scalar_unary(e.op, v, e.ty)
        lanes = cast(Lanes, v)
        if not _small(lanes):
            return self._per_lane(lambda p: self._scalar_unary(e.op, p, e.ty), lanes)
        return _fit(-lanes.v if e.op == "-" else -lanes.v - 1 if e.op == "~" else lanes.v, it)

    def _scalar_unary(self, op: str, v: Value, ty: s.Ty) -> Value:
        """interpret.Evaluator._unary's rule for `-`, `~`, `+` on an evaluated operand."""
        it = ty.int_type
        if not isinstance(v, SInt) or it is None:
            self.escape(v, 0, "arithmetic")
            return unknown(ty)
        if op == "-":
            return iv.wrap(iv.neg(v), it)
        if op == "~":
            return iv.wrap(iv.sub(iv.neg(v), SInt.const(1)), it)
        return iv.wrap(v, it)

    def subscript(self, base: Value, index: Value) -> Value:
        if not isinstance(base, Ptr) or base.array is None or (type(index) is not Lanes
                                                                and type(base.idx[-1]) is not Lanes):
            return super().subscript(base, index)
        last = base.idx[-1]
        x, y = _exact(last, self.n), _exact(index, self.n)
        if x is None or y is None or not _small(last, cast(SInt, index)):
            raise Inexact("a pointer moved by a value the lanes do not all know")
        return Ptr(base.array, base.idx[:-1] + (lanes_value(x + y),), None)

    def min_max_abs(self, e: s.Call, args: list[SInt]) -> Value:
        if not any(type(a) is Lanes for a in args):
            return super().min_max_abs(e, args)
        return self._per_lane(lambda *xs: LaneRun.min_max_abs(self, e, list(xs)), *args)

    def _async_copy(self, e: s.Call, args: list[Value]) -> Value:
        if any(type(a) is Lanes or isinstance(a, Ptr) and any(type(i) is Lanes for i in a.idx) for a in args):
            raise Inexact("memcpy_async at lane values")
        return super()._async_copy(e, args)

    # ---- the log ----
    def record(self, p: Ptr, start: int, end: int) -> None:
        if self._quiet:
            return
        assert p.array is not None
        idx = [_exact(v, self.n) for v in p.idx]
        index = None if any(v is None for v in idx) else tuple(cast(np.ndarray, v) for v in idx)
        self.events.append(GroupEvent((p.array, start, end), tuple(self._trips), index,  # type: ignore[arg-type]
                                      self.lanes if self.n < self.full else None))  # type: ignore[arg-type]

    # ---- control flow ----
    def branch(self, e: s.Expr, st: State, fr: Frame) -> tuple[State | None, State | None]:
        if self.n == 1 or _combines(e) or not self._reads_lanes(e, st):
            # A condition that reads no lane value is each lane's own, narrowing alike.
            return super().branch(e, st, fr)
        work = dict(st)
        v = self.eval(e, work, fr)
        if type(v) is Lanes:
            truth = cast(Lanes, v).v != 0
            if truth.all():
                return work, None
            if not truth.any():
                return None, work
            raise Split([np.flatnonzero(truth), np.flatnonzero(~truth)])
        if isinstance(v, SInt) and (v.lo > 0 or v.hi < 0):
            return work, None
        if isinstance(v, SInt) and v.lo == v.hi == 0:
            return None, work
        if isinstance(v, SInt) and not self._narrows(e, work, fr):
            # One interval in every lane, and nothing a guard narrows: both ways, as each lane alone.
            return work, dict(work)
        raise Inexact("a condition the lanes do not decide")

    def _narrows(self, e: s.Expr, st: State, fr: Frame) -> bool:
        """Whether `refine` may narrow a value under condition `e` (interpret.Evaluator.branch's targets)."""
        self._quiet += 1
        try:
            if isinstance(e, s.Binary) and e.op in _FLIP:
                return self._target(e.lhs, st, fr) is not None or self._target(e.rhs, st, fr) is not None
            return self._target(e, st, fr) is not None
        finally:
            self._quiet -= 1

    def _binary(self, e: s.Binary, st: State, fr: Frame) -> Value:
        """`a && b`, `a || b` as values, lane by lane, where neither has an effect
        (a lane that skips `b` is not seen to) and both are known in every lane."""
        if e.op not in ("&&", "||") or self.n == 1 or not self._pure(e) or not self._reads_lanes(e, st):
            return super()._binary(e, st, fr)
        a, b = self.eval(e.lhs, st, fr), self.eval(e.rhs, st, fr)
        x, y = _exact(a, self.n), _exact(b, self.n)
        if x is None or y is None:
            return super()._binary(e, st, fr)  # without effects: evaluated again by the rule
        return lanes_value(cint.ARRAY_OPS[e.op](x, y))

    def _pure(self, e: s.Expr) -> bool:
        """Whether evaluating `e` changes nothing and accesses nothing (so skipping it is not seen)."""
        got = self._pures.get(id(e))
        if got is None or got[0] is not e:
            got = self._pures[id(e)] = (e, all(type(n) in _PURE for n in walk_expr(e))
                                        and not any(type(n) is s.Unary and n.op in ("*", "&") for n in walk_expr(e)))
        return got[1]

    def _if(self, n: s.If, st: State, fr: Frame) -> State | None:
        """An `if` of straight code (`_straight`) whose lanes part: each part runs
        it alone, and their states are merged lane by lane; any other runs again in parts."""
        if self.n == 1 or not self._straight(n):
            return super()._if(n, st, fr)
        mark = len(self.events)
        try:
            return super()._if(n, st, fr)
        except Split as sp:
            del self.events[mark:]
            return self._parts(n, st, fr, sp.parts)
        except Inexact:
            del self.events[mark:]
            return self._parts(n, st, fr, [np.array([k]) for k in range(self.n)])

    def _parts(self, n: s.If, st: State, fr: Frame, parts: list[np.ndarray]) -> State:
        outs: list[tuple[np.ndarray, State]] = []
        for pos in parts:
            mask = np.zeros(self.n, dtype=bool)
            mask[pos] = True
            sub = {k: _restricted(v, mask) for k, v in st.items()}
            saved = self.lanes, self.n
            self.lanes, self.n = self.lanes[mask], len(pos)
            try:
                out = self._if(n, sub, fr)
            finally:
                self.lanes, self.n = saved
            if out is None:
                raise Inexact("lanes of an `if` with no way out")
            outs.append((mask, out))
        keys = set(outs[0][1]).intersection(*(o.keys() for _, o in outs[1:]))
        return {k: _merged([(m, o[k]) for m, o in outs], self.n) for k in keys}

    def _straight(self, n: s.If) -> bool:
        """Whether both sides of `n` are straight code: no loop, jump, label,
        switch or opaque statement, and no call to a function with one."""
        got = self._straights.get(id(n))
        if got is None or got[0] is not n:
            got = self._straights[id(n)] = (n, all(self._straight_stmt(x) for x in (n.then, n.other) if x is not None))
        return got[1]

    def _straight_stmt(self, body: s.Stmt, depth: int = 0) -> bool:
        for x in stmt_exprs(body):
            if isinstance(x, _JUMPY):
                return False
            if type(x) is s.Call and x.kind == s.CallKind.USER:
                callee = self.functions.get(x.callee) if x.callee else None
                if callee is not None and (depth > 4 or not self._straight_stmt(callee.body, depth + 1)):
                    return False
        return True

    def _reads_lanes(self, e: s.Expr, st: State) -> bool:
        """Whether `e` may read a value that differs between lanes (a call may: its callee reads the thread indices)."""
        names = self._names.get(id(e))
        if names is None or names[0] is not e:
            found = [n.key if type(n) is s.Var else n.name for n in walk_expr(e) if type(n) in (s.Var, s.Builtin)]
            names = self._names[id(e)] = (e, tuple(found), any(type(n) is s.Call for n in walk_expr(e)))
        if names[2]:
            return True
        for k in names[1]:
            v = st.get(k)
            if type(v) is Lanes or isinstance(v, Ptr) and any(type(i) is Lanes for i in v.idx):
                return True
        return False

    def _switch_on(self, n: s.Switch, work: State, v: Value, fr: Frame) -> State | None:
        if type(v) is Lanes:
            values = cast(Lanes, v).v
            raise Split([np.flatnonzero(values == x) for x in np.unique(values)])
        return super()._switch_on(n, work, v, fr)


_PURE = frozenset({s.Var, s.Lit, s.Builtin, s.TemplateParam, s.Conv, s.Unary, s.Binary})
_JUMPY = (s.Loop, s.Switch, s.Break, s.Continue, s.Return, s.Goto, s.Label, s.Case, s.OpaqueStmt)


def _restricted(v: Value, mask: np.ndarray) -> Value:
    """`v` for the lanes of `mask` alone."""
    if type(v) is Lanes:
        return lanes_value(cast(Lanes, v).v[mask])
    if isinstance(v, Ptr) and any(type(i) is Lanes for i in v.idx):
        return Ptr(v.array, tuple(cast(SInt, _restricted(i, mask)) for i in v.idx), v.origin)
    return v


def _merged(parts: list[tuple[np.ndarray, Value]], n: int) -> Value:
    """One value of `n` lanes from each part's (its lanes, its value); Inexact where none holds them all."""
    first = parts[0][1]
    if all(v is first for _, v in parts[1:]) or all(type(v) is not Lanes and not isinstance(v, Ptr) and v == first
                                                    for _, v in parts[1:]):
        return first
    if all(isinstance(v, SInt) for _, v in parts):
        out = np.empty(n, dtype=np.int64)
        for mask, v in parts:
            x = _exact(v, int(mask.sum()))
            if x is None:
                raise Inexact("lanes whose values are different intervals")
            out[mask] = x
        return lanes_value(out)
    if all(isinstance(v, Ptr) for _, v in parts):
        ptrs = [(m, cast(Ptr, v)) for m, v in parts]
        p0 = ptrs[0][1]
        if all(p.array == p0.array and len(p.idx) == len(p0.idx) and p.origin == p0.origin for _, p in ptrs):
            return Ptr(p0.array, tuple(cast(SInt, _merged([(m, p.idx[d]) for m, p in ptrs], n))
                                       for d in range(len(p0.idx))), p0.origin)
    raise Inexact("lanes whose values differ in kind")


def _combines(e: s.Expr) -> bool:
    """A condition `branch` splits into conditions (`&&`, `||`, `!`, a conversion to bool)."""
    return isinstance(e, s.Binary) and e.op in ("&&", "||") or isinstance(e, s.Unary) and e.op == "!" \
        or isinstance(e, s.Conv) and e.ty.int_type is not None and e.ty.int_type.bits == 1


def run_group(functions: dict[str, s.Function], fn: s.Function, bindings: dict[str, int],
              dims: dict[str, tuple[int, ...] | None], elem_bytes: dict[str, int], shape: tuple[int, int, int],
              tids: Sequence[int], facts: FactsCache | None = None,
              params: Mapping[str, int] | None = None) -> list[GroupTrace]:
    """The traces of threads `tids` (linear ids of one warp) of a `shape` block:
    one per set of them that ran alike, each lane's events those `run_lane` logs."""
    if len(tids) == 1:
        lane = block_lanes(shape)[tids[0]]
        return [as_group(tids[0], run_lane(functions, fn, bindings, dims, elem_bytes, shape, lane, facts, params))]
    run = WarpRun(functions, dims, shape, elem_bytes, tids, facts, params)
    try:
        run.kernel(fn, bindings)
    except Split as sp:
        return [g for part in sp.parts
                for g in run_group(functions, fn, bindings, dims, elem_bytes, shape,
                                   [tids[k] for k in part], facts, params)]
    except Inexact:
        return [g for t in tids for g in run_group(functions, fn, bindings, dims, elem_bytes, shape, [t], facts,
                                                   params)]
    except BudgetExceeded:
        return [GroupTrace(tuple(tids), (), {}, LaneFailure.BUDGET, run.steps)]
    except _Stop as stop:
        return [GroupTrace(tuple(tids), (), {}, stop.why, run.steps)]
    return [GroupTrace(tuple(tids), tuple(run.events), dict(run.loops_run), None,  # type: ignore[arg-type]
                       run.steps)]


def run_block(functions: dict[str, s.Function], fn: s.Function, bindings: dict[str, int],
              dims: dict[str, tuple[int, ...] | None], elem_bytes: dict[str, int], shape: tuple[int, int, int],
              facts: FactsCache | None = None, params: Mapping[str, int] | None = None,
              warp_size: int = 32) -> list[GroupTrace]:
    """Every thread of a `shape` block, warp by warp."""
    threads = shape[0] * shape[1] * shape[2]
    out: list[GroupTrace] = []
    for first in range(0, threads, warp_size):
        out += run_group(functions, fn, bindings, dims, elem_bytes, shape,
                         list(range(first, min(first + warp_size, threads))), facts, params)
    return out
