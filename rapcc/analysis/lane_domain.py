"""Lane vectors with sampled trips: the prediction's domain of the one interpreter (issue 27 §2).

The interval interpreter (run.py) runs once per thread of a block, with that
thread's indices (`lane=`) and block 0's: every input it knows is then one
value, and so is every value computed from them alone. `LaneRun` keeps, in
order, each element access the run makes (its site `(array, start, end)` as
`Evaluator.record` keys it, the trip of each loop around it, the element's
subscripts) and runs loops trip by trip, never joining trips or widening:
the thread's own execution.

`block_requests` aligns the threads' accesses into warp requests: a lane's
k-th access at one site in one trip of its loops is the same request as
another lane's of its warp (SIMT lockstep). Requests are weighted by the trip
sampling of the replay (warps.py): at most MAX_TRIPS trips of a loop, spread
over all it runs in the block, and UNKNOWN_TRIPS of a loop whose condition
is not one value, standing for ASSUMED_TRIPS.

What is not one value (a load from global memory, a kernel parameter, a value
joined after a condition that is not one value) stays an interval: an access
whose subscripts are not all singletons is data-dependent. Its subscripts'
value sets are kept (`lane_draws.Spread`) and drawn from as uniform data,
round after round (`lane_draws`), where the access runs under no branch whose
condition is not one value; elsewhere it is unknown (`LaneSite.unknown`),
never guessed.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, cast

import numpy as np

from .. import sound_ir as s
from . import intervals as iv
from .absint import BudgetExceeded, Frame, Jumps, Ptr, State, Value, join_states, join_values, unknown
from .facts import FactsCache
from .intervals import SInt
from .lane_draws import Spread, drawn, lane_set, rounds_needed, salt, spread_of
from .run import Run, _top_cases
from .warps import ASSUMED_TRIPS, COUNT_TRIPS, MAX_INSTANCES, MAX_TRIPS, UNKNOWN_TRIPS, _spread
from .warptable import TableBuilder, WarpInstance, WarpTable, joined, reweighted, take

WARP = 32
SiteKey = tuple[str, int, int]  # (array, start, end): Evaluator.record's key
Trip = tuple[int, int, int]  # (loop node's id, how many times the loop was entered before in that place, trip)
LoopKey = tuple  # the trips around a loop, then (loop node's id, entry): one execution of the loop


class LaneFailure(Enum):
    """Why one thread's run gives no trace."""

    BUDGET = "budget"  # past the interpreter's step budget, or a loop of more than COUNT_TRIPS trips
    GOTO_LOOP = "goto_loop"  # a backward `goto`: the run iterates it to a fixpoint, not trip by trip
    SWITCH = "switch"  # a `switch` on a value that is not one value: no single case to enter


class _Stop(Exception):
    def __init__(self, why: LaneFailure):
        super().__init__(why.value)
        self.why = why


@dataclass(frozen=True, slots=True)
class Event:
    """One element access of one thread."""

    site: SiteKey
    trips: tuple[Trip, ...]  # the loops around it, outermost first
    # The element's subscripts, a value set (drawn from) where one is not one value;
    # None: not drawn (under a branch on data, or a set past int64's reach).
    index: tuple[int | Spread, ...] | None


@dataclass(frozen=True, slots=True)
class LaneTrace:
    lane: tuple[int, int, int]
    events: tuple[Event, ...]
    loops: Mapping[LoopKey, tuple[int, bool]]  # each loop run: (trips, whether its condition was not one value)
    failed: LaneFailure | None = None
    steps: int = 0  # interpreter steps the run took


class LaneRun(Run):
    """`Run` of one thread with concrete loops and an ordered log of its element accesses."""

    def __init__(self, functions: dict[str, s.Function], dims: dict[str, tuple[int, ...] | None],
                 shape: tuple[int, int, int], elem_bytes: dict[str, int], lane: tuple[int, int, int],
                 facts: FactsCache | None = None, params: Mapping[str, int] | None = None,
                 block: tuple[int, int, int] = (0, 0, 0)):
        """`params`: kernel parameters (by name) bound to one value each, as the
        replay binds those it cannot do without (warps.PARAM_SAMPLES); the others are unknown.
        `block`: the block's index (block 0, and block 1 for what block 0 does not run)."""
        # The `x - (x & m)` rule narrows intervals; between singletons it has nothing to narrow.
        super().__init__(functions, dims, shape, elem_bytes, lane, facts, masks=False)
        self.params = dict(params or {})
        for axis, b in zip("xyz", block):  # the block predicted: a prediction, not a proof
            self.base[f"blockIdx.{axis}"] = SInt.const(b)
        self.events: list[Event] = []
        self.loops_run: dict[LoopKey, tuple[int, bool]] = {}
        self._trips: list[Trip] = []
        self._entries: dict[tuple, int | dict[int, int]] = {}  # per lane where a part of a group (lane_vector.py) ran it
        self._quiet = 0  # > 0 while `refine` re-reads an operand already evaluated (and logged)
        self._undecided = 0  # > 0 inside a branch whose condition is not one value: its accesses are not drawn
        self._cases: dict[int, s.Case] = {}  # id(a switch's Jumps) -> the one case its value enters

    def kernel(self, fn: s.Function, bindings: dict[str, int]) -> None:
        fr = self.frame(fn, bindings)
        st: State = dict(self.base)
        for p in fn.params:
            bound = self.params.get(param_name(p))
            st[p.key] = iv.wrap(SInt.const(bound), p.ty.int_type) if bound is not None and p.ty.int_type \
                else unknown(p.ty)
        self.stack.append(fn.key)
        self.exec(fn.body, st, fr)
        self.stack.pop()

    # ---- values as the GPU computes them ----
    def arith(self, op: str, a: Value, b: Value, ty: s.Ty) -> Value:
        """A shift by the type's width or more, undefined in C (the proof refuses
        it), as the GPU's shl/shr run it, as the replay predicts it
        (cint.shift_array's `clamp`): in 64 bits, an amount of 64 or more
        clamped, the result converted to the type. A prediction, never a proof."""
        t = ty.int_type
        if op in ("<<", ">>") and t is not None and type(a) is SInt and type(b) is SInt:
            x, n = cast(SInt, a).single, cast(SInt, b).single
            if x is not None and n is not None and t.bits <= n:
                r = (x << n if n < 64 else 0) if op == "<<" else x >> min(n, 63)
                return iv.wrap(SInt.const(r), t)
        return super().arith(op, a, b, ty)

    def call(self, e: s.Call, st: State, fr: Frame) -> Value:
        """A bounded call with a predicted value (sound_ir.Call.predicted: a
        cooperative-groups meta rank) runs that value: a prediction, never a proof."""
        if e.predicted is not None and e.kind == s.CallKind.BOUNDED:
            return self.eval(e.predicted, st, fr)
        return super().call(e, st, fr)

    # ---- the log ----
    def record(self, p: Ptr, start: int, end: int) -> None:
        super().record(p, start, end)
        if self._quiet:
            return
        assert p.array is not None
        sets = [lane_set(v) for v in p.idx]
        index: tuple[int | Spread, ...] | None = None
        if all(x is not None and x[2] == 1 for x in sets):
            index = tuple(v.lo for v in p.idx)
        elif not self._undecided and all(x is not None for x in sets):
            index = tuple(v.lo if x is not None and x[2] == 1 else cast(Spread, spread_of([v]))
                          for v, x in zip(p.idx, sets))
        self.events.append(Event((p.array, start, end), tuple(self._trips), index))

    # ---- branches on data: their accesses are not drawn (the replay draws the guard as well) ----
    def _if(self, n: s.If, st: State, fr: Frame) -> State | None:
        t, f = self.branch(n.cond, st, fr)
        undecided = int(t is not None and f is not None)
        self._undecided += undecided
        try:
            t = self.exec(n.then, t, fr)
            f = self.exec(n.other, f, fr) if n.other is not None else f
        finally:
            self._undecided -= undecided
        return join_states(t, f)

    def _select(self, e: s.Select, st: State, fr: Frame) -> Value:
        t, f = self.branch(e.cond, st, fr)
        undecided = int(t is not None and f is not None)
        self._undecided += undecided
        try:
            vt = self.eval(e.then, t, fr) if t is not None else None
            vf = self.eval(e.other, f, fr) if f is not None else None
        finally:
            self._undecided -= undecided
        both = join_states(t, f)
        st.clear()
        if both is not None:
            st.update(both)
        if t is None:
            return cast(Value, vf)
        if f is None:
            return cast(Value, vt)
        return join_values(cast(Value, vt), cast(Value, vf))

    def refine(self, op: str, lhs: s.Expr, rhs: s.Expr, st: State, fr: Frame) -> State | None:
        self._quiet += 1
        try:
            return super().refine(op, lhs, rhs, st, fr)
        finally:
            self._quiet -= 1

    # ---- control flow, concretely ----
    def loop(self, n: s.Loop, st: State | None, fr: Frame) -> State | None:
        """Trip after trip while the condition is true; a condition that is not
        one value runs UNKNOWN_TRIPS trips (the replay's sample), its exits joined."""
        if n.init is not None:
            st = self.exec(n.init, st, fr)
            if st is None:
                return None
        outer = tuple(self._trips)
        entry = self._entry((outer, id(n)))
        j = Jumps()
        fr.loops.append(j)
        exits: list[State | None] = []
        head: State | None = st
        trip, sampled, first = 0, False, n.kind == s.LoopKind.DO
        while head is not None:
            if first or n.cond is None:
                body_in: State | None = dict(head)
            else:
                body_in, leave = self.branch(n.cond, dict(head), fr)
                exits.append(leave)
                sampled = sampled or (body_in is not None and leave is not None)
            first = False
            if body_in is None or (sampled and trip >= UNKNOWN_TRIPS):
                break
            if trip >= COUNT_TRIPS:
                raise _Stop(LaneFailure.BUDGET)
            self._trips.append((id(n), entry, trip))
            try:
                head = self._trip(n, body_in, fr, j)
            finally:
                self._trips.pop()
            trip += 1
        fr.loops.pop()
        # A group of lanes (lane_vector.py) may run one loop in parts: the most trips any lane ran, as block_requests
        # takes them over threads.
        key = outer + ((id(n), entry),)
        had = self.loops_run.get(key, (0, False))
        self.loops_run[key] = (max(had[0], trip), had[1] or sampled)
        return join_states(*exits, *j.breaks)

    def _entry(self, key: tuple) -> int:
        """How many times the loop of `key` (the trips around it, its node's id) was entered before; one more now."""
        entry = self._entries.get(key, 0)
        assert isinstance(entry, int)  # one count per lane only in a group's parts (lane_vector.WarpRun._entry)
        self._entries[key] = entry + 1
        return entry

    def _block_with_labels(self, n: s.Block, st: State | None, fr: Frame) -> State | None:
        if any(f.backward for f in self._labels(fr)[id(n)]):
            raise _Stop(LaneFailure.GOTO_LOOP)
        return super()._block_with_labels(n, st, fr)

    def _switch(self, n: s.Switch, st: State, fr: Frame) -> State | None:
        work = dict(st)
        return self._switch_on(n, work, self.eval(n.cond, work, fr), fr)

    def _switch_on(self, n: s.Switch, work: State, v: Value, fr: Frame) -> State | None:
        """The switch `n` entered with its condition's value `v` (`work`: the state after it)."""
        if not isinstance(v, SInt) or v.single is None:
            raise _Stop(LaneFailure.SWITCH)
        cases = list(_top_cases(n.body))
        target = next((c for c in cases if c.value == v.single), None) \
            or next((c for c in cases if c.value is None), None)
        if target is None:
            return work
        j = Jumps(is_switch=True, entry=work)
        self._cases[id(j)] = target
        fr.loops.append(j)
        out = self.exec(n.body, None, fr)
        fr.loops.pop()
        del self._cases[id(j)]
        return join_states(out, *j.breaks)

    def exec(self, n: s.Stmt, st: State | None, fr: Frame) -> State | None:
        if type(n) is s.Case:
            sw = next((j for j in reversed(fr.loops) if j.is_switch), None)
            if sw is not None and id(sw) in self._cases:
                # Only the case the value selects is entered from the switch; the others by falling through.
                entered = join_states(st, sw.entry) if self._cases[id(sw)] is n else st
                return super().exec(n.stmt, entered, fr)
        return super().exec(n, st, fr)


def param_name(p: s.Param) -> str:
    """A parameter's name as written (its key is `name@line:col`: frontend.exprs.decl_key)."""
    return p.key.split("@", 1)[0]


def run_lane(functions: dict[str, s.Function], fn: s.Function, bindings: dict[str, int],
             dims: dict[str, tuple[int, ...] | None], elem_bytes: dict[str, int], shape: tuple[int, int, int],
             lane: tuple[int, int, int], facts: FactsCache | None = None,
             params: Mapping[str, int] | None = None, block: tuple[int, int, int] = (0, 0, 0),
             steps: "Steps | None" = None) -> LaneTrace:
    """Kernel `fn` (its template parameters bound by `bindings`, the kernel
    parameters named in `params` to those values) run for the one thread `lane` of a `shape` block.
    `steps`: a count shared with the other runs of its block (lane_vector.BlockSteps), the budget's."""
    run = LaneRun(functions, dims, shape, elem_bytes, lane, facts, params, block)
    before = run.steps = steps.spent if steps is not None else 0
    try:
        run.kernel(fn, bindings)
        failed = None
    except BudgetExceeded:
        failed = LaneFailure.BUDGET
    except _Stop as stop:
        failed = stop.why
    if steps is not None:
        steps.spent = run.steps
    if failed is not None:
        return LaneTrace(lane, (), {}, failed, run.steps - before)
    return LaneTrace(lane, tuple(run.events), dict(run.loops_run), None, run.steps - before)


class Steps(Protocol):
    """A step count several runs share (lane_vector.BlockSteps)."""

    spent: int


def block_lanes(shape: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Every thread of a block by linear id, x fastest: warp w holds ids 32w .. 32w + 31."""
    x, y, z = shape
    return [(t % x, (t // x) % y, t // (x * y)) for t in range(x * y * z)]


@dataclass(frozen=True, slots=True)
class LaneSite:
    """One site's warp requests over the block, as the replay's samples hold them."""

    instances: Sequence[WarpInstance]  # a WarpTable (warptable.py), or a tuple
    unknown: str | None = None  # why no lane addresses: a subscript not one value, and not drawn
    # The subscripts drawn as uniform data (lane_draws.py), each with its values' hull:
    # the requests are rounds of draws, standing together for one block's.
    expected: tuple[str, ...] = ()
    bound: tuple[str, ...] = ()  # kernel parameters sampled at PARAM_SAMPLES, the requests pooled over them
    varies: str | None = None  # those whose values change the conflicts (no layout may be chosen on them)

    @property
    def executions(self) -> float:
        return float(sum(i.weight for i in self.instances))


def _trip_weights(traces: Sequence[LaneTrace | GroupTrace]) -> dict[LoopKey, tuple[frozenset[int], float]]:
    """Each loop run -> the trips kept (warps._spread over the most any thread ran) and what each stands for."""
    most: dict[LoopKey, tuple[int, bool]] = {}
    for t in traces:
        for k, (n, sampled) in t.loops.items():
            had = most.get(k, (0, False))
            most[k] = (max(had[0], n), had[1] or sampled)
    out: dict[LoopKey, tuple[frozenset[int], float]] = {}
    for k, (n, sampled) in most.items():
        chosen = _spread(n, MAX_TRIPS)
        runs = max(ASSUMED_TRIPS, n) if sampled else n
        out[k] = (frozenset(chosen), runs / len(chosen) if chosen else 1.0)
    return out


@dataclass(frozen=True, slots=True)
class GroupEvent:
    """One element access of a group of threads that ran it together (lane_vector.py)."""

    site: SiteKey
    trips: tuple[Trip, ...]
    # Per subscript, each lane's value (or all lanes'), or each lane's value set (drawn); None: not known.
    index: tuple[np.ndarray | int | Spread, ...] | None
    lanes: np.ndarray | None = None  # the threads that ran it (linear ids, ascending); None: every one of its trace


@dataclass(frozen=True, slots=True)
class GroupTrace:
    """The run of threads of one warp whose control flow was the same: one trace for them all."""

    tids: tuple[int, ...]  # linear thread ids, ascending
    events: tuple[GroupEvent, ...]
    loops: Mapping[LoopKey, tuple[int, bool]]
    failed: LaneFailure | None = None
    steps: int = 0


def as_group(tid: int, t: LaneTrace) -> GroupTrace:
    """One thread's trace as a group of one (thread `tid`)."""
    events = tuple(GroupEvent(e.site, e.trips, None if e.index is None else
                              tuple(v if isinstance(v, Spread) else np.array([v]) for v in e.index))
                   for e in t.events)
    return GroupTrace((tid,), events, t.loops, t.failed, t.steps)


def block_requests(traces: Sequence[LaneTrace | GroupTrace], warp_size: int = WARP,
                   dims: Mapping[str, tuple[int, ...] | None] | None = None,
                   drawable: Callable[[SiteKey], bool] | None = None) -> dict[SiteKey, LaneSite]:
    """The warp requests of every site: `traces` are a block's threads by
    linear id (a LaneTrace is the thread of its position), or groups of them.
    `dims`: each array's extents, into which a drawn site's subscripts are
    wrapped (a correct program stays inside the array, so data is read as
    uniform over its extent, as the replay reads it). `drawable`: whether a
    site's value sets may be drawn (lane_params.py: its address reads data and
    no parameter left unknown); None: every site's."""
    groups = [t if isinstance(t, GroupTrace) else as_group(tid, t) for tid, t in enumerate(traces)]
    weights = _trip_weights(groups)
    threads = max((max(g.tids) for g in groups), default=-1) + 1
    # site -> (trips, occurrence) -> [(threads, their subscripts)]: one request per warp with a thread in it
    found: dict[SiteKey, dict[tuple, list[tuple[np.ndarray, tuple[np.ndarray, ...] | None]]]] = {}
    weight_of: dict[tuple, float] = {}
    for g in groups:
        every = np.array(g.tids, dtype=np.int64)
        if all(ev.lanes is None for ev in g.events):  # every lane ran every event: one count for them all
            seen_all: dict[tuple, int] = {}
            for ev in g.events:
                k = (ev.site, ev.trips)
                occ = seen_all.get(k, 0)
                seen_all[k] = occ + 1
                _add(found, weight_of, weights, ev, every, ev.index, occ)
            continue
        seen: dict[tuple, np.ndarray] = {}  # (site, trips) -> how many times each thread ran it before
        for ev in g.events:
            k = (ev.site, ev.trips)
            lanes = every if ev.lanes is None else ev.lanes
            counts = seen.get(k)
            if counts is None:
                counts = seen[k] = np.zeros(threads, dtype=np.int64)
            before = counts[lanes]
            counts[lanes] += 1
            for o in np.unique(before):  # lanes at different occurrences: each its own request, as alone
                part = before == o
                ix = ev.index if part.all() or ev.index is None else \
                    tuple(x.take(part) if isinstance(x, Spread) else x[part] if isinstance(x, np.ndarray) else x
                          for x in ev.index)
                _add(found, weight_of, weights, ev, lanes[part], ix, int(o))
    return {site: _site(site, reqs, weight_of, threads, warp_size, (dims or {}).get(site[0]),
                        drawable is None or drawable(site))
            for site, reqs in found.items()}


def _add(found: dict, weight_of: dict[tuple, float], weights: dict[LoopKey, tuple[frozenset[int], float]],
         ev: GroupEvent, tids: np.ndarray, index: tuple[np.ndarray | int | Spread, ...] | None, occ: int) -> None:
    """Event `ev` of threads `tids` (their subscripts `index`) at its `occ`-th
    occurrence: a part of its warps' requests, unless its trip is not sampled."""
    w = 1.0
    for level, (loop, entry, trip) in enumerate(ev.trips):
        kept, each = weights[ev.trips[:level] + ((loop, entry),)]
        if trip not in kept:
            return
        w *= each
    key = (ev.trips, occ)
    found.setdefault(ev.site, {}).setdefault(key, []).append((tids, index))
    weight_of[key] = w


def _site(site: SiteKey, reqs: dict[tuple, list[tuple[np.ndarray, tuple | None]]], weight_of: dict[tuple, float],
          threads: int, warp_size: int, dims: tuple[int, ...] | None, drawable: bool = True) -> LaneSite:
    ranks = {len(ix) if ix is not None else -1 for chunks in reqs.values() for _, ix in chunks}
    if -1 in ranks:
        return LaneSite((), "a subscript that is not one value in some lane (data-dependent), "
                            "under a branch on data or past int64")
    if not drawable and any(isinstance(x, Spread) for chunks in reqs.values() for _, ix in chunks for x in ix or ()):
        return LaneSite((), "a subscript that is not one value in some lane, and its address reads no data "
                            "(or a kernel parameter left unknown)")
    if len(ranks) != 1:
        return LaneSite((), "subscripts of different counts")
    rank = ranks.pop()
    spreads = [(d, x) for chunks in reqs.values() for _, ix in chunks for d, x in enumerate(ix or ())
               if isinstance(x, Spread)]
    # The replay's order: trip after trip of the loops around, then warp after warp (TableBuilder's rows).
    order = sorted(reqs, key=lambda k: (tuple(tr for _, _, tr in k[0]), k[1]))
    if not spreads:
        table = _rows(site, reqs, weight_of, order, threads, warp_size, rank, None)
        return LaneSite(take(table, slice(0, MAX_INSTANCES)) if len(table) > MAX_INSTANCES else table)
    # Rounds of draws (lane_draws.py): as many as give
    # MIN_DRAWN instructions, the first MAX_INSTANCES kept, standing together for one block.
    first = _rows(site, reqs, weight_of, order, threads, warp_size, rank, 0)
    parts = [first] + [_rows(site, reqs, weight_of, order, threads, warp_size, rank, r)
                       for r in range(1, rounds_needed(len(first)))]
    pooled_rows = joined(parts)
    assert isinstance(pooled_rows, WarpTable) or not len(pooled_rows)
    wrap = dims if dims is not None and dims and all(d > 0 for d in dims) else None
    kept = take(pooled_rows, slice(0, MAX_INSTANCES)) if isinstance(pooled_rows, WarpTable) else first
    have = float(sum(kept.weights))
    per_block = float(sum(first.weights))
    table = reweighted(kept, per_block / have if have > 0 else 1.0, wrap)
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    for d, x in spreads:  # each drawn subscript's values over every lane, for the report
        lows[d] = min(lows.get(d, int(x.lo.min())), int(x.lo.min()))
        top = int((x.lo + x.stride * (x.count - 1)).max())
        highs[d] = max(highs.get(d, top), top)
    return LaneSite(table, None, tuple(f"subscript {d + 1} over [{lows[d]}, {highs[d]}]" for d in sorted(lows)))


def _rows(site: SiteKey, reqs: dict[tuple, list[tuple[np.ndarray, tuple | None]]], weight_of: dict[tuple, float],
          order: list[tuple], threads: int, warp_size: int, rank: int, round_: int | None) -> WarpTable:
    """The site's requests in `order`, at most MAX_INSTANCES rows; `round_`: the draws' round for value sets."""
    width = -(-threads // warp_size) * warp_size
    builder = TableBuilder(warp_size)
    for key in order:
        active = np.zeros(width, dtype=bool)
        idx = [np.zeros(width, dtype=np.int64) for _ in range(rank)]
        trips = tuple((entry, tr) for _, entry, tr in key[0])
        for tids, ix in reqs[key]:
            active[tids] = True
            for d, values in enumerate(ix or ()):  # never None here: a None made the site unknown above
                if isinstance(values, Spread):
                    assert round_ is not None
                    values = drawn(values, tids, salt(site, trips, key[1], d), round_)
                idx[d][tids] = values
        builder.add(idx, active, tuple(tr for _, _, tr in key[0]), weight_of[key])
        if builder.count >= MAX_INSTANCES:
            break
    return builder.table(rank)


def pooled(sites: Sequence[LaneSite | None]) -> LaneSite:
    """One site's requests under several bindings of kernel parameters, pooled
    as the replay pools them (access_samples._merged): one after another,
    thinned to MAX_INSTANCES, and standing together for the mean requests of one block."""
    if any(x is not None and x.unknown is not None for x in sites):
        return next(x for x in sites if x is not None and x.unknown is not None)
    parts = [x.instances if x is not None else () for x in sites]
    per_block = sum(sum(i.weight for i in p) for p in parts) / max(len(parts), 1)
    merged = [i for p in parts for i in p]
    kept = merged[::max(1, len(merged) // MAX_INSTANCES)]
    have = sum(i.weight for i in kept)
    k = per_block / have if have > 0 else 1.0
    expected = tuple(dict.fromkeys(e for x in sites if x is not None for e in x.expected))
    return LaneSite(tuple(WarpInstance(i.indices, i.active, i.warp, i.trips, i.weight * k) for i in kept), None,
                    expected)
