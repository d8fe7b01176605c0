"""The threads of a block run together: the lane domain's speed (issue 27 §2).

`LaneRun` (lane_domain.py) interprets one thread at a time. `WarpRun` runs a
group of threads (a block's, by default) at once: a value every lane knows is a `Lanes`,
one int64 per lane, and an operation on such values is one numpy operation.
While the group's lanes agree on every branch, the run is each thread's run.

The contract is exactness: a group's trace is, lane by lane, what each
thread's `LaneRun` logs. An interval that differs between lanes is `Ranges`,
computed lane by lane (lane_values.py). An `if` whose lanes part, and that is
left only by falling through, runs each part in place and merges their
states lane by lane; any other parting (`Split`: a loop condition, a
`return`, a switch on lane values) runs the parts again from the start, and a
value the lane types cannot hold (`Inexact`: kinds that differ between lanes,
a 64-bit unsigned value past int64) runs each lane alone under `LaneRun`, the
reference.

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
from .aliasing import walk_expr
from .absint import BudgetExceeded, Frame, Ptr, State, Value, ty_of, unknown
from .facts import FactsCache
from .interpret import _FLIP, _NEGATE, _is_member_element
from .intervals import SInt
from .lane_domain import GroupEvent, GroupTrace, LaneFailure, LaneRun, _Stop, as_group, block_lanes, run_lane
from .lane_draws import Spread, spread_of
from .lane_values import (SAFE, Inexact, Lanes, Ranges, collect, fit, known, lane_of, lanes_value, merged, restricted,
                          small, varies)

class Split(Exception):
    """The group's lanes go different ways: `parts`, positions in the group, each one way."""

    def __init__(self, parts: list[np.ndarray]):
        super().__init__(f"{len(parts)} parts")
        self.parts = parts


class WarpRun(LaneRun):
    """`LaneRun` of the threads `tids` (linear ids, ascending) at once."""

    def __init__(self, functions: dict[str, s.Function], dims: dict[str, tuple[int, ...] | None],
                 shape: tuple[int, int, int], elem_bytes: dict[str, int], tids: Sequence[int],
                 facts: FactsCache | None = None, params: Mapping[str, int] | None = None,
                 block: tuple[int, int, int] = (0, 0, 0)):
        ids = np.array(tids, dtype=np.int64)
        coords = np.stack([ids % shape[0], ids // shape[0] % shape[1], ids // (shape[0] * shape[1])], axis=1)
        first = (int(coords[0, 0]), int(coords[0, 1]), int(coords[0, 2]))
        super().__init__(functions, dims, shape, elem_bytes, first, facts, params, block)
        self.n = len(tids)
        for k, axis in enumerate("xyz"):
            self.base[f"threadIdx.{axis}"] = lanes_value(coords[:, k].copy())
        self.full = len(tids)
        self.every = ids
        self.lanes = self.every  # the threads running now: a part of them in an `if` that parts them
        self._pures: dict[int, tuple[s.Expr, bool]] = {}
        self._confineds: dict[int, tuple[s.If, bool]] = {}
        self._names: dict[int, tuple[s.Expr, tuple[str, ...], bool]] = {}  # id(condition) -> its names, a call in it

    # ---- per lane, where the vector rules do not reach ----
    def _per_lane(self, f: Callable[..., Value], *args: Value) -> Value:
        """`f` applied lane by lane to the lanes' own values (lane_values.collect),
        once per distinct tuple of them where every varying operand is a `Lanes`
        (`dir == (a > b)` over 512 lanes holding 0 or 1: two calls, not 512)."""
        if all(type(a) is Lanes or not varies(a) for a in args):
            rows = np.stack([cast(Lanes, a).v for a in args if type(a) is Lanes], axis=1)
            distinct, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
            if len(distinct) < self.n:
                got = [f(*(lane_of(a, int(k)) for a in args)) for k in first]
                return collect([got[j] for j in inverse.reshape(-1)])
        return collect([f(*(lane_of(a, k) for a in args)) for k in range(self.n)])

    def _shifted(self, op: str, a: Value, b: Value, t: CType) -> Value:
        """`a op b` for `+`/`-` of a `Lanes` and one interval every lane shares,
        as intervals.add/sub give each lane (`x + [lo, hi]` is [x + lo, x + hi]
        at the interval's stride); None where a lane's result leaves `t` (wrap)
        or numbers past SAFE."""
        if op not in ("+", "-") or not (type(a) is Lanes and type(b) is SInt or type(a) is SInt and type(b) is Lanes):
            return None
        lanes, other = (cast(Lanes, a), cast(SInt, b)) if type(a) is Lanes else (cast(Lanes, b), cast(SInt, a))
        if not small(lanes) or not -(1 << 62) < other.lo <= other.hi < 1 << 62 or t.bits == 1:
            return None
        x = lanes.v
        if op == "+":
            lo, hi = x + other.lo, x + other.hi
        elif type(a) is Lanes:  # x - [lo, hi] = [x - hi, x - lo]
            lo, hi = x - other.hi, x - other.lo
        else:  # [lo, hi] - x
            lo, hi = other.lo - x, other.hi - x
        if t.lo <= int(lo.min()) and int(hi.max()) <= t.hi:
            return collect([SInt.of(int(p), int(q), other.stride) for p, q in zip(lo, hi)])
        if t.bits > 32:  # (lo - t.lo) % m would leave int64
            return None
        # intervals.wrap lane by lane: every lane's set has the same width.
        m = 1 << t.bits
        if other.hi - other.lo >= m:
            return iv.full(t)
        stride = other.stride if other.stride and m % other.stride == 0 else (1 if other.stride else 0)
        inside = (t.lo <= lo) & (hi <= t.hi)
        lo2, hi2 = (lo - t.lo) % m + t.lo, (hi - t.lo) % m + t.lo
        whole = iv.full(t)
        return collect([SInt.of(int(p), int(q), other.stride) if k else
                        SInt.of(int(p2), int(q2), stride) if p2 <= q2 else whole
                        for p, q, k, p2, q2 in zip(lo, hi, inside, lo2, hi2)])

    # ---- expressions ----
    def arith(self, op: str, a: Value, b: Value, ty: s.Ty) -> Value:
        if not varies(a) and not varies(b):
            return super().arith(op, a, b, ty)
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            if op in ("+", "-") and isinstance(a, Ptr) and (type(b) is Lanes or type(b) is SInt and b.single is not None):
                step = b if op == "+" else self._negated(b) if type(b) is Lanes else SInt.const(-cast(int, b.single))
                return self.subscript(a, step)
            if varies(a) or varies(b):
                return self._per_lane(lambda p, q: LaneRun.arith(self, op, p, q, ty), a, b)
            if op == "+" and isinstance(b, Ptr):
                return self.arith("+", b, a, ty)
            return super().arith(op, a, b, ty)  # neither reads the lanes' values
        t = ty.int_type
        x, y = known(a), known(b)
        if t is not None and (x is None or y is None):
            moved = self._shifted(op, a, b, t)
            if moved is not None:
                return moved
        if t is None or x is None or y is None:
            return self._per_lane(lambda p, q: LaneRun.arith(self, op, p, q, ty), a, b)
        if op in ("<", "<=", ">", ">=", "==", "!="):
            return lanes_value(cint.ARRAY_OPS[op](x, y))
        r = self._vector(op, x, y, cast(SInt, a), cast(SInt, b), t)
        if r is None:
            return self._per_lane(lambda p, q: LaneRun.arith(self, op, p, q, ty), a, b)
        return fit(r, t)

    def _vector(self, op: str, x: np.ndarray | int, y: np.ndarray | int, a: SInt, b: SInt, t: CType
                ) -> np.ndarray | None:
        """`x op y` per lane (one of them an array) as the interval rules give it on
        single values (before the wrap to `t`); None where those rules give a
        lane no single value or int64 might not hold it."""
        if op in ("&", "|", "^"):
            return cint.ARRAY_OPS[op](x, y)
        if not small(a, b):
            return None
        if op in ("+", "-", "*"):
            return cint.ARRAY_OPS[op](x, y)
        if op in ("/", "%"):
            return None if np.any(np.asarray(y) == 0) else cint.ARRAY_OPS[op](x, y)
        if op in ("<<", ">>"):
            if np.any(np.asarray(y) < 0) or np.any(np.asarray(y) >= t.bits) or op == "<<" and (
                    np.any(np.asarray(x) < 0) or a.hi << b.hi >= SAFE << 31):
                return None
            return np.left_shift(x, y) if op == "<<" else np.right_shift(x, y)
        return None

    def _negated(self, v: SInt) -> SInt:
        if not small(v):
            return cast(SInt, self._per_lane(iv.neg, v))
        return lanes_value(-cast(Lanes, v).v)

    def _unary(self, e: s.Unary, st: State, fr: Frame) -> Value:
        if e.op not in ("-", "~", "+"):
            return super()._unary(e, st, fr)
        v = self.eval(e.operand, st, fr)
        it = e.ty.int_type
        if varies(v) and (type(v) is not Lanes or it is None):
            return self._per_lane(lambda p: self._scalar_unary(e.op, p, e.ty), v)
        if type(v) is not Lanes or it is None:
            return self._scalar_unary(e.op, v, e.ty)
        lanes = cast(Lanes, v)
        if not small(lanes):
            return self._per_lane(lambda p: self._scalar_unary(e.op, p, e.ty), lanes)
        return fit(-lanes.v if e.op == "-" else -lanes.v - 1 if e.op == "~" else lanes.v, it)

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
        if not isinstance(base, Ptr) or base.array is None or not varies(index) and not varies(base):
            return super().subscript(base, index)
        last = base.idx[-1]
        x, y = known(last), known(index)
        if type(last) is Lanes and type(index) is SInt:  # a known row moved by one interval: each lane's
            i = cast(SInt, index)
            moved: SInt = Ranges([SInt.of(int(c) + i.lo, int(c) + i.hi, i.stride) for c in cast(Lanes, last).v]) \
                if y is None else lanes_value(cast(Lanes, last).v + cast(int, y))
            return Ptr(base.array, base.idx[:-1] + (moved,), base.origin if y == 0 else None)
        if x is None or y is None or not small(last, cast(SInt, index)):
            return self._per_lane(lambda b, i: LaneRun.subscript(self, b, i), base, index)
        kept = base.origin if type(index) is SInt and index.single == 0 else None
        total = np.add(x, y)
        return Ptr(base.array, base.idx[:-1] + (lanes_value(total) if isinstance(total, np.ndarray)
                                                 else SInt.const(int(total)),), kept)

    def place(self, e: s.Expr, st: State, fr: Frame) -> Value:
        """As the rule, but for an element of memory that is not shared (a global
        or local array) at a pure integer index: the index picks no shared element
        and logs nothing (`_pure`), so it is not computed. Lane by lane it is an
        interval op per lane (`d_in[k * total + gtid]`), most of a block's run."""
        if type(e) is not s.Subscript or self.n == 1 or _is_member_element(e) or ty_of(e.index).int_type is None:
            return super().place(e, st, fr)
        base = self.eval(e.base, st, fr)
        if not isinstance(base, Ptr) and self._pure(e.index):
            return None  # what `subscript` makes of a base that is not a Ptr
        index = self.eval(e.index, st, fr)
        if isinstance(index, Ptr):  # `i[p]`, written backwards
            base, index = index, base
        return self.subscript(base, index)

    def min_max_abs(self, e: s.Call, args: list[SInt]) -> Value:
        if not any(varies(a) for a in args):
            return super().min_max_abs(e, args)
        return self._per_lane(lambda *xs: LaneRun.min_max_abs(self, e, list(xs)), *args)

    def _async_copy(self, e: s.Call, args: list[Value]) -> Value:
        if not any(varies(a) for a in args):
            return super()._async_copy(e, args)
        # A copy of one element to each lane's own place (`__pipeline_memcpy_async(&tile[tx][ty + i],
        # src, sizeof(float))`): that element's access, as the rule logs it in each lane alone (its
        # range [last, last + bytes / element - 1] is then the one element); any other, lane by lane.
        d = next((k for k, a in enumerate(args) if isinstance(a, Ptr)), None)
        size = args[d + 2] if d is not None and d + 2 < len(args) else None
        p = args[d] if d is not None else None
        if d is None or not isinstance(p, Ptr) or p.array is None or not isinstance(size, SInt) \
                or size.single != self.elem_bytes.get(p.array, 0) or any(varies(a) for a in args[d + 1:]) \
                or not self.element(p):
            raise Inexact("memcpy_async at lane values")
        for a in args[d + 1:]:
            self.escape(a, e.start, "memcpy_async operand")
        self.access(Ptr(p.array, p.idx), e.start, e.end)  # at the call, as the rule's new Ptr (no `&`'s origin)
        return unknown(e.ty)

    # ---- the log ----
    def record(self, p: Ptr, start: int, end: int) -> None:
        if self._quiet:
            return
        assert p.array is not None
        idx: list[np.ndarray | int | Spread | None] = [known(v) for v in p.idx]
        if any(v is None for v in idx) and not self._undecided:  # data: each lane's value set, drawn from
            idx = [x if x is not None else spread_of([cast(SInt, lane_of(v, k)) for k in range(self.n)])
                   for x, v in zip(idx, p.idx)]
        index = None if any(v is None for v in idx) else tuple(cast("np.ndarray | int | Spread", v) for v in idx)
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
        ways = [_ways(lane_of(v, k)) for k in range(self.n)] if type(v) is Ranges else [_ways(v)] * self.n
        if any(w != ways[0] for w in ways):
            kinds = sorted(set(ways))
            raise Split([np.flatnonzero(np.array([w == kind for w in ways])) for kind in kinds])
        if ways[0] == (True, False):
            return work, None
        if ways[0] == (False, True):
            return None, work
        if not self._narrows(e, work, fr):
            # Both ways in every lane, and nothing a guard narrows: both ways together, as each lane alone.
            return work, dict(work)
        return self._refined(e, work, fr)

    def _refined(self, e: s.Expr, work: State, fr: Frame) -> tuple[State | None, State | None]:
        """Both ways of condition `e` (after its effects: `work`), each lane's state narrowed as alone."""
        zero = s.Lit(0, ty_of(e))
        ops = (e.op, _NEGATE[e.op], e.lhs, e.rhs) if isinstance(e, s.Binary) and e.op in _FLIP \
            else ("!=", "==", e, zero)
        moving = [k for k, x in work.items() if varies(x)]
        sides: list[list[State | None]] = [[], []]
        for lane in range(self.n):
            own = dict(work)
            for k in moving:
                own[k] = lane_of(work[k], lane)
            for side, op in enumerate(ops[:2]):
                sides[side].append(self.refine(cast(str, op), cast(s.Expr, ops[2]), cast(s.Expr, ops[3]), dict(own),
                                               fr))
        out: list[State | None] = []
        for states in sides:
            if all(x is None for x in states):
                out.append(None)
                continue
            if any(x is None for x in states):
                raise Inexact("a way some lanes cannot take")
            live = cast(list[State], states)
            keys = set(live[0]).intersection(*live[1:])
            out.append({k: collect([x[k] for x in live]) if any(x[k] is not live[0][k] for x in live[1:])
                        else live[0][k] for k in keys})
        return out[0], out[1]

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
        x, y = known(a), known(b)
        if x is None or y is None:
            return super()._binary(e, st, fr)  # without effects: evaluated again by the rule
        return lanes_value(np.broadcast_to(cint.ARRAY_OPS[e.op](np.asarray(x), np.asarray(y)), (self.n,)).copy())

    def _pure(self, e: s.Expr) -> bool:
        """Whether evaluating `e` changes nothing and accesses nothing (so skipping it is not seen)."""
        got = self._pures.get(id(e))
        if got is None or got[0] is not e:
            got = self._pures[id(e)] = (e, all(type(n) in _PURE for n in walk_expr(e))
                                        and not any(type(n) is s.Unary and n.op in ("*", "&") for n in walk_expr(e)))
        return got[1]

    def _if(self, n: s.If, st: State, fr: Frame) -> State | None:
        """An `if` left only by falling through (`_confined`) whose lanes part:
        each part runs it alone, and their states are merged lane by lane; any
        other runs again in parts, from the start."""
        if self.n == 1 or not self._confined(n):
            return super()._if(n, st, fr)
        mark = self._mark(fr)
        try:
            return super()._if(n, st, fr)
        except Split as sp:
            self._undo(mark, fr)
            return self._parts(n, st, fr, sp.parts)
        except Inexact:
            self._undo(mark, fr)
            return self._parts(n, st, fr, [np.array([k]) for k in range(self.n)])

    def _mark(self, fr: Frame) -> tuple:
        """What a run of an `if` may change before it stops (`_undo`)."""
        return (len(self.events), dict(self._entries), len(fr.loops), len(self.stack), len(fr.returns),
                list(self._trips), dict(self._cases), self._quiet)

    def _undo(self, mark: tuple, fr: Frame) -> None:
        """Back to `mark`, but for the loops run (the most trips of lanes that did run them) and the steps."""
        events, entries, loops, stack, returns, trips, cases, quiet = mark
        del self.events[events:], fr.loops[loops:], self.stack[stack:], fr.returns[returns:]
        self._entries, self._trips, self._cases, self._quiet = entries, trips, cases, quiet

    def _parts(self, n: s.If, st: State, fr: Frame, parts: list[np.ndarray]) -> State:
        outs: list[tuple[np.ndarray, State]] = []
        entries = dict(self._entries)
        after: list[dict] = []
        jumps = _jumps(fr)
        for pos in parts:
            mask = np.zeros(self.n, dtype=bool)
            mask[pos] = True
            sub = {k: restricted(v, mask) for k, v in st.items()}
            saved = self.lanes, self.n
            self.lanes, self.n = self.lanes[mask], len(pos)
            self._entries = dict(entries)  # each part enters the loops inside as its lanes alone do
            try:
                out = self._if(n, sub, fr)
            except Split as inner:  # positions in this part: in the group, beside the other parts
                raise Split([pos[x] for x in inner.parts] + [q for q in parts if q is not pos])
            finally:
                self.lanes, self.n = saved
            if out is None:
                raise Inexact("lanes of an `if` with no way out")
            if _jumps(fr) != jumps:  # never, by `_confined`: a part left by a jump goes on elsewhere
                raise Split(parts)
            outs.append((mask, out))
            after.append(self._entries)
        self._entries = {}
        for key in set(entries).union(*after):
            got = [x.get(key, 0) for x in after]
            self._entries[key] = got[0] if all(g == got[0] for g in got) else \
                {int(lane): _entry_of(g, int(lane)) for (m, _), g in zip(outs, got) for lane in self.lanes[m]}
        keys = set(outs[0][1]).intersection(*(o.keys() for _, o in outs[1:]))
        return {k: merged([(m, o[k]) for m, o in outs], self.n) for k in keys}

    def _entry(self, key: tuple) -> int:
        got = self._entries.get(key, 0)
        if not isinstance(got, dict):
            return super()._entry(key)
        # The lanes of a part that ran the loop before count one more entry than the others.
        counts = np.array([got.get(int(lane), 0) for lane in self.lanes])
        if (counts != counts[0]).any():
            raise Split([np.flatnonzero(counts == c) for c in np.unique(counts)])
        self._entries[key] = {**got, **{int(lane): int(counts[0]) + 1 for lane in self.lanes}}
        return int(counts[0])

    def anything(self, st: State | None, fr: Frame) -> State:
        out = super().anything(st, fr)
        if self.n < self.full:  # the thread indices of the part running now
            mask = np.isin(self.every, self.lanes)
            for k, v in self.base.items():
                out[k] = restricted(v, mask)
        return out

    def _confined(self, n: s.If) -> bool:
        """Whether both sides of `n` end only by falling through: no `return`,
        `goto`, label, opaque statement, and no `break` or `continue` but to a loop or switch inside."""
        got = self._confineds.get(id(n))
        if got is None or got[0] is not n:
            got = self._confineds[id(n)] = (n, all(_confined(x, False, False) for x in (n.then, n.other)
                                                   if x is not None))
        return got[1]

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
            if varies(v):
                return True
        return False

    def _switch_on(self, n: s.Switch, work: State, v: Value, fr: Frame) -> State | None:
        if type(v) is Ranges:
            raise Inexact("a switch on intervals that differ between lanes")
        if type(v) is Lanes:
            values = cast(Lanes, v).v
            raise Split([np.flatnonzero(values == x) for x in np.unique(values)])
        return super()._switch_on(n, work, v, fr)


_PURE = frozenset({s.Var, s.Lit, s.Builtin, s.TemplateParam, s.Conv, s.Unary, s.Binary})
_LEAVES = (s.Return, s.Goto, s.Label, s.OpaqueStmt)


def _confined(n: s.Stmt, in_loop: bool, in_switch: bool) -> bool:
    """Whether `n` ends only by falling through, `break`/`continue` reaching a loop (`in_loop`) or switch inside."""
    if isinstance(n, _LEAVES):
        return False
    if isinstance(n, s.Case):  # a label of a switch inside, or a way in from outside
        return in_switch and _confined(n.stmt, in_loop, in_switch)
    if isinstance(n, s.Break):
        return in_loop or in_switch
    if isinstance(n, s.Continue):
        return in_loop
    if isinstance(n, s.Block):
        return all(_confined(x, in_loop, in_switch) for x in n.stmts)
    if isinstance(n, s.If):
        return all(_confined(x, in_loop, in_switch) for x in (n.then, n.other) if x is not None)
    if isinstance(n, s.Loop):
        return (n.init is None or _confined(n.init, in_loop, in_switch)) and _confined(n.body, True, in_switch)
    if isinstance(n, s.Switch):
        return _confined(n.body, in_loop, True)
    return True  # an expression, a declaration: a call's own jumps stay in its frame


def _jumps(fr: Frame) -> tuple:
    """How many jumps each target of `fr` has collected."""
    return (len(fr.returns), tuple((len(j.breaks), len(j.continues)) for j in fr.loops),
            tuple(len(v) for v in fr.gotos.values()))


def _entry_of(count: int | dict[int, int], lane: int) -> int:
    """A lane's count of a loop's entries, one for all its group's lanes or one per lane."""
    return count.get(lane, 0) if isinstance(count, dict) else count


def _ways(v: Value) -> tuple[bool, bool]:
    """(whether the true way may be taken, whether the false way may), as interpret.Evaluator.branch decides."""
    if isinstance(v, SInt):
        return (not (v.lo == v.hi == 0), not (v.lo > 0 or v.hi < 0))
    return (True, True)


def _combines(e: s.Expr) -> bool:
    """A condition `branch` splits into conditions (`&&`, `||`, `!`, a conversion to bool)."""
    return isinstance(e, s.Binary) and e.op in ("&&", "||") or isinstance(e, s.Unary) and e.op == "!" \
        or isinstance(e, s.Conv) and e.ty.int_type is not None and e.ty.int_type.bits == 1


class BlockSteps:
    """The steps every run of one block has taken, the runs a `Split` or `Inexact`
    stopped included: the block's runs together get the budget of one run
    (absint.STEP_BUDGET, `eval`'s check), so a block that parts again and again
    (a data-dependent `while` in every lane) stops as one run past it would."""

    __slots__ = ("spent",)

    def __init__(self) -> None:
        self.spent = 0


def run_group(functions: dict[str, s.Function], fn: s.Function, bindings: dict[str, int],
              dims: dict[str, tuple[int, ...] | None], elem_bytes: dict[str, int], shape: tuple[int, int, int],
              tids: Sequence[int], facts: FactsCache | None = None,
              params: Mapping[str, int] | None = None, block: tuple[int, int, int] = (0, 0, 0),
              steps: BlockSteps | None = None) -> list[GroupTrace]:
    """The traces of threads `tids` (linear ids, ascending) of a `shape` block:
    one per set of them that ran alike, each lane's events those `run_lane` logs.
    `steps`: the block's steps so far, shared by its runs (None: this group's own)."""
    steps = steps if steps is not None else BlockSteps()
    if len(tids) == 1:
        lane = block_lanes(shape)[tids[0]]
        return [as_group(tids[0], run_lane(functions, fn, bindings, dims, elem_bytes, shape, lane, facts, params,
                                           block, steps=steps))]
    run = WarpRun(functions, dims, shape, elem_bytes, tids, facts, params, block)
    run.steps = steps.spent  # counted on from the block's: `eval` stops past the budget
    try:
        run.kernel(fn, bindings)
    except Split as sp:
        steps.spent = run.steps
        return [g for part in sp.parts
                for g in run_group(functions, fn, bindings, dims, elem_bytes, shape,
                                   [tids[k] for k in part], facts, params, block, steps)]
    except Inexact:
        steps.spent = run.steps
        return [g for t in tids for g in run_group(functions, fn, bindings, dims, elem_bytes, shape, [t], facts,
                                                   params, block, steps)]
    except BudgetExceeded:
        return [GroupTrace(tuple(tids), (), {}, LaneFailure.BUDGET, _own(run, steps))]
    except _Stop as stop:
        return [GroupTrace(tuple(tids), (), {}, stop.why, _own(run, steps))]
    return [GroupTrace(tuple(tids), tuple(run.events), dict(run.loops_run), None,  # type: ignore[arg-type]
                       _own(run, steps))]


def _own(run: WarpRun, steps: BlockSteps) -> int:
    """The steps `run` took itself (the block's count moved on to its end)."""
    own = run.steps - steps.spent
    steps.spent = run.steps
    return own


def run_block(functions: dict[str, s.Function], fn: s.Function, bindings: dict[str, int],
              dims: dict[str, tuple[int, ...] | None], elem_bytes: dict[str, int], shape: tuple[int, int, int],
              facts: FactsCache | None = None, params: Mapping[str, int] | None = None,
              group: int | None = None, block: tuple[int, int, int] = (0, 0, 0)) -> list[GroupTrace]:
    """Every thread of a `shape` block, `group` threads at a time (None: all of
    them at once, as the replay steps every warp of the block together)."""
    threads = shape[0] * shape[1] * shape[2]
    step = group or threads
    out: list[GroupTrace] = []
    for first in range(0, threads, step):
        out += run_group(functions, fn, bindings, dims, elem_bytes, shape,
                         list(range(first, min(first + step, threads))), facts, params, block)
    return out
