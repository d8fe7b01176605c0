"""One run of the abstract interpreter (see absint.py): statements, loops and calls."""
from __future__ import annotations

from typing import Any, Callable, cast

from .. import sound_ir as s
from . import intervals as iv
from .absint import (FIXPOINT_ROUNDS, MAX_CALL_DEPTH, STEP_BUDGET, UNROLL_TRIPS, WIDEN_AFTER, BudgetExceeded,
                     Failure, Frame, Jumps, Ptr, State, Value, join_states, join_values, unknown, widen_states)
from .aliasing import stmt_exprs, walk_expr
from .facts import FactsCache
from .interpret import Evaluator
from .intervals import SInt
from .proof_shapes import AnyShape

_UNBOUNDED = SInt.of(0, (1 << 31) - 1)


def builtins(shape: tuple[int, int, int] | AnyShape, lane: tuple[int, int, int] | None = None) -> dict[str, Value]:
    """Thread indices and block sizes under one block shape (one thread's
    indices when `lane` is given), or under every shape of an `AnyShape`
    (blockDim.c in [1, most], threadIdx.c in [0, most - 1]: each concrete
    shape's values lie inside); any grid."""
    if isinstance(shape, AnyShape) and lane is not None:
        raise ValueError("one thread of an abstract block has no index")
    fewest = (1, 1, 1) if isinstance(shape, AnyShape) else shape
    most = shape.axes if isinstance(shape, AnyShape) else shape
    out: dict[str, Value] = {"warpSize": SInt.const(32)}
    for k, axis in enumerate("xyz"):
        out[f"threadIdx.{axis}"] = SInt.of(0, most[k] - 1) if lane is None else SInt.const(lane[k])
        out[f"blockDim.{axis}"] = SInt.of(fewest[k], most[k])
        out[f"blockIdx.{axis}"] = _UNBOUNDED
        out[f"gridDim.{axis}"] = SInt.of(1, (1 << 31) - 1)
    return out


class Run(Evaluator):
    def __init__(self, functions: dict[str, s.Function], dims: dict[str, tuple[int, ...] | None],
                 shape: tuple[int, int, int] | AnyShape, elem_bytes: dict[str, int] | None = None,
                 lane: tuple[int, int, int] | None = None, facts: FactsCache | None = None, masks: bool = True):
        """`facts`: shared by the runs of one proof over the same `functions` (a fresh one when None);
        `masks`: whether the `x - (x & m)` rule (masks.py) applies."""
        self.facts = facts if facts is not None else FactsCache()
        self.masks = masks
        super().__init__(dims, shape, self.facts.constants)
        self.elem_bytes = elem_bytes or {}
        self.functions = functions
        self.base = builtins(shape, lane)
        self.stack: list[str] = []
        # Statement type -> its rule once the state is known reachable (exec
        # handles `case`, labels and followed blocks itself).
        self._execs: dict[type, Callable[[Any, State, Frame], State | None]] = {
            s.Block: self._block, s.ExprStmt: self._expr_stmt, s.Decl: self._decl, s.If: self._if,
            s.Loop: self.loop, s.Switch: self._switch, s.Break: self._break, s.Continue: self._continue,
            s.Return: self._return, s.Goto: self._goto, s.OpaqueStmt: self._opaque_stmt}

    def frame(self, fn: s.Function, bindings: dict[str, int], extra_escaped: frozenset[str] = frozenset()) -> Frame:
        f = self.facts.of(fn)
        return Frame(fn, bindings, fn.escaped | extra_escaped, f.types, f.unsafe_aliases,
                     stable=f.stable - extra_escaped, labels=f.labels, masked=f.masked if self.masks else None,
                     copies={k: b for k, b in f.copies.items() if k not in extra_escaped})

    def kernel(self, fn: s.Function, bindings: dict[str, int]) -> None:
        fr = self.frame(fn, bindings)
        st: State = dict(self.base)
        for p in fn.params:
            st[p.key] = unknown(p.ty)
        self.stack.append(fn.key)
        self.exec(fn.body, st, fr)
        self.stack.pop()

    # ---- calls ----
    def call(self, e: s.Call, st: State, fr: Frame) -> Value:
        if e.callee is not None and e.callee in self.facts.unmetered:
            steps = self.steps
            out = self._call(e, st, fr)
            self.steps = steps
            return out
        return self._call(e, st, fr)

    def _call(self, e: s.Call, st: State, fr: Frame) -> Value:
        args = [self.eval(a, st, fr) for a in e.args]
        if e.kind in (s.CallKind.MIN, s.CallKind.MAX) and all(isinstance(a, SInt) for a in args) and e.ty.int_type \
                or e.kind == s.CallKind.ABS and isinstance(args[0], SInt) and e.ty.int_type:
            return self.min_max_abs(e, cast(list[SInt], args))
        if e.kind == s.CallKind.SYNC:
            return unknown(e.ty)
        if e.kind == s.CallKind.BOUNDED and e.limit is not None and e.ty.int_type:
            return iv.wrap(SInt.of(0, e.limit), e.ty.int_type)
        if e.kind == s.CallKind.ATOMIC and args and isinstance(args[0], Ptr):
            p = cast(Ptr, args[0])
            if self.element(p):
                self.access(p, e.start, e.end)
            else:
                self.fail(p.array, Failure.OPAQUE, e.start, what="atomic on a row")
            for arg in args[1:]:
                self.escape(arg, e.start, "atomic operand")
            return unknown(e.ty)
        if e.kind == s.CallKind.ASYNC_COPY:
            return self._async_copy(e, args)
        callee = self.functions.get(e.callee) if e.kind == s.CallKind.USER and e.callee else None
        if callee is None or callee.key in self.stack or len(self.stack) >= MAX_CALL_DEPTH \
                or len(callee.params) != len(args):
            for arg in args:
                self.escape(arg, e.start, "argument of a function rapcc does not follow")
            if callee is not None:  # what its plain references may have written
                for param, x in zip(callee.params, e.args):
                    if param.ref == s.RefUse.PLAIN and isinstance(x, s.Var):
                        st[x.key] = unknown(x.ty)
            return unknown(e.ty)
        out = self._inline(callee, args, e, st, fr)
        if callee.accessor:
            # The element's value: its access is this call (`at(tile, i, j)`).
            if isinstance(out, Ptr):
                self.access(out, e.start, e.end)
            return unknown(e.ty)
        return out

    def min_max_abs(self, e: s.Call, args: list[SInt]) -> Value:
        """CUDA's integer `min`, `max` (two arguments) or `abs` (one), of type `e.ty`."""
        t = e.ty.int_type
        assert t is not None
        if e.kind == s.CallKind.ABS:
            a = args[0]
            lo = 0 if a.lo <= 0 <= a.hi else min(abs(a.lo), abs(a.hi))
            return iv.wrap(SInt.of(lo, max(abs(a.lo), abs(a.hi))), t)
        # CUDA's mixed overloads (`max(int, unsigned)`) compare in their
        # result type: both operands are converted to it first.
        a, b = (iv.wrap(x, t) for x in args)
        lo = min(a.lo, b.lo) if e.kind == s.CallKind.MIN else max(a.lo, b.lo)
        hi = min(a.hi, b.hi) if e.kind == s.CallKind.MIN else max(a.hi, b.hi)
        return iv.wrap(SInt.of(lo, hi), t)

    def call_place(self, e: s.Call, st: State, fr: Frame) -> Value:
        """The place an accessor's call names (`at(tile, i, j) = v`, `&at(...)`):
        its Ptr, checked where it is used, as `tile[i][j]`'s is. Any other call
        is a value."""
        callee = self.functions.get(e.callee) if e.kind == s.CallKind.USER and e.callee else None
        if callee is None or not callee.accessor or callee.key in self.stack \
                or len(self.stack) >= MAX_CALL_DEPTH or len(callee.params) != len(e.args):
            self.eval(e, st, fr)
            return None
        steps = self.steps
        args = [self.eval(a, st, fr) for a in e.args]
        out = self._inline(callee, args, e, st, fr)
        if callee.key in self.facts.unmetered:
            self.steps = steps
        return out if isinstance(out, Ptr) else None

    def _async_copy(self, e: s.Call, args: list[Value]) -> Value:
        """`memcpy_async(dst, src, bytes, ...)`: the elements [dst, dst + bytes / element) are written."""
        d = next((k for k, a in enumerate(args) if isinstance(a, Ptr)), None)
        if d is None:
            return unknown(e.ty)
        p = cast(Ptr, args[d])  # the first pointer argument
        size = args[d + 2] if d + 2 < len(args) else None
        elem = self.elem_bytes.get(p.array, 0) if p.array is not None else 0
        for a in args[d + 1:]:
            self.escape(a, e.start, "memcpy_async operand")
        if not isinstance(size, SInt) or size.single is None or elem <= 0 or size.single % elem \
                or not self.element(p):
            self.fail(p.array, Failure.OPAQUE, e.start, what="memcpy_async of a size rapcc cannot read")
            return unknown(e.ty)
        last = p.idx[-1]
        self.access(Ptr(p.array, p.idx[:-1] + (SInt.of(last.lo, last.hi + size.single // elem - 1),)), e.start, e.end)
        return unknown(e.ty)

    def _inline(self, callee: s.Function, args: list[Value], e: s.Call, st: State, fr: Frame) -> Value:
        escaping = frozenset(p.key for p in callee.params if p.ref == s.RefUse.ESCAPING)
        inner = self.frame(callee, {}, escaping)
        cst: State = {k: v for k, v in st.items() if "." in k}  # the (narrowed) thread indices
        for p, a, x in zip(callee.params, args, e.args):
            if p.ref == s.RefUse.ESCAPING:
                self.escape(a, e.start, "bound to a reference")
                continue
            if p.ref == s.RefUse.ARRAY:
                # The array itself, bound to `T (&a)[32][33]`: followed only where its
                # extents are the parameter's, so the callee's subscripts are checked
                # against the type they are written for.
                if isinstance(x, s.SharedRef) and isinstance(a, Ptr) and a.array is not None \
                        and self.dims.get(a.array) == p.array_dims:
                    cst[p.key] = a
                    self.taken.add(a.array)
                else:
                    self.escape(a, e.start, "bound to an array reference of other extents")
                    cst[p.key] = None
                continue
            cst[p.key] = self.decay(a) if isinstance(a, Ptr) else a
            if isinstance(a, Ptr) and a.array is not None:
                self.taken.add(a.array)
                if p.key in inner.unsafe_aliases or p.ref != s.RefUse.VALUE:
                    self.fail(a.array, Failure.ALIAS, e.start, what="parameter written in the callee")
        self.stack.append(callee.key)
        out = self.exec(callee.body, cst, inner)
        self.stack.pop()
        exits = [x for x in [out] + [r for r, _ in inner.returns] if x is not None]
        for p, arg in zip(callee.params, e.args):
            # A plain `T&` bound to a caller's local: what the callee left in it.
            if p.ref == s.RefUse.PLAIN and isinstance(arg, s.Var) and arg.key not in fr.escaped:
                final = join_states(*({p.key: x.get(p.key)} for x in exits))
                value: Value = final.get(p.key) if final is not None else None
                if isinstance(value, SInt) and arg.ty.int_type:
                    value = iv.wrap(value, arg.ty.int_type)
                st[arg.key] = value if exits else st.get(arg.key)
        value = None
        first = True
        for _, v in inner.returns:
            value = v if first else join_values(value, v)
            first = False
        return value if inner.returns else unknown(e.ty)

    # ---- statements ----
    def exec(self, n: s.Stmt, st: State | None, fr: Frame) -> State | None:
        """The state after `n` falls through (None: it never does)."""
        self.steps += 1  # one step per statement visited, as eval counts nodes
        if self.steps > STEP_BUDGET:
            raise BudgetExceeded()
        t = type(n)
        if t is s.Case:
            sw = next((j for j in reversed(fr.loops) if j.is_switch), None)
            st = join_states(st, sw.entry if sw is not None else None)
            return self.exec(cast(s.Case, n).stmt, st, fr)
        if t is s.Label:
            return self.exec(cast(s.Label, n).stmt, self.anything(st, fr), fr)
        if t is s.Block and id(n) in self._labels(fr):
            return self._block_with_labels(cast(s.Block, n), st, fr)
        if st is None:
            # Unreachable here, but a label or case inside may still be entered.
            return self._enter_labels(n, fr)
        how = self._execs.get(t)
        if how is None:
            raise TypeError(f"unknown sound IR statement {t.__name__}")
        return how(n, st, fr)

    def _block(self, n: s.Block, st: State | None, fr: Frame) -> State | None:
        for x in n.stmts:
            st = self.exec(x, st, fr)
        return st

    def _expr_stmt(self, n: s.ExprStmt, st: State, fr: Frame) -> State | None:
        self.eval(n.expr, st, fr)
        return st

    def _decl(self, n: s.Decl, st: State, fr: Frame) -> State | None:
        v = self.eval(n.init, st, fr) if n.init is not None else unknown(n.ty)
        if n.reference and isinstance(v, Ptr):
            # Bound to a shared element and used as more than its value: not followed.
            self.fail(v.array, Failure.ESCAPE, getattr(n.init, "start", 0),
                      what="a reference used as more than its value")
            st[n.key] = None
            return st
        if isinstance(v, Ptr):
            v = self.decay(v)
            if v.array is not None:
                self.taken.add(v.array)
            if n.key in fr.unsafe_aliases or n.key in fr.escaped:
                self.fail(v.array, Failure.ALIAS, 0, what="alias whose index changes")
        elif isinstance(v, SInt) and n.ty.int_type:
            v = iv.wrap(v, n.ty.int_type)
        st[n.key] = v if n.key not in fr.escaped else unknown(n.ty)
        return st

    def _if(self, n: s.If, st: State, fr: Frame) -> State | None:
        t, f = self.branch(n.cond, st, fr)
        t = self.exec(n.then, t, fr)
        f = self.exec(n.other, f, fr) if n.other is not None else f
        return join_states(t, f)

    def _switch(self, n: s.Switch, st: State, fr: Frame) -> State | None:
        work = dict(st)
        self.eval(n.cond, work, fr)
        j = Jumps(is_switch=True, entry=work)
        fr.loops.append(j)
        out = self.exec(n.body, None, fr)
        fr.loops.pop()
        has_default = any(isinstance(x, s.Case) and x.value is None for x in _top_cases(n.body))
        return join_states(out, *j.breaks, None if has_default else work)

    def _break(self, n: s.Break, st: State, fr: Frame) -> State | None:
        j = fr.loops[-1] if fr.loops else None
        if j is not None:
            j.breaks.append(st)
        return None

    def _continue(self, n: s.Continue, st: State, fr: Frame) -> State | None:
        j = next((j for j in reversed(fr.loops) if not j.is_switch), None)
        if j is not None:
            j.continues.append(st)
        return None

    def _return(self, n: s.Return, st: State, fr: Frame) -> State | None:
        if fr.fn.returns_ref and n.value is not None:
            p = self.place(n.value, st, fr)
            if fr.fn.accessor and isinstance(p, Ptr) and p.array is not None and self.element(p):
                # `return a[i0][i1];` (lower_refs.array_accessor): the element's place,
                # handed to the caller's use (call, call_place).
                fr.returns.append((st, p))
                return None
            # Any other reference handed back is a place the caller may walk from
            # (`&cell(s, b)` then `run[j]`): not followed, so a shared one escapes.
            what, at = f"a reference returned by '{fr.fn.name}'", getattr(n.value, "start", 0)
            if isinstance(p, Ptr):
                self.fail(p.array, Failure.ESCAPE, at, what=what)
            else:  # a place the rules above do not read (`c ? a[i] : b[j]`): whatever it names
                for x in walk_expr(n.value):
                    v = st.get(x.key) if isinstance(x, s.Var) else None
                    if isinstance(x, s.SharedRef):
                        self.fail(x.key, Failure.ESCAPE, x.offset, what=what)
                    elif isinstance(v, Ptr):
                        self.fail(v.array, Failure.ESCAPE, at, what=what)
            fr.returns.append((st, None))
            return None
        v = self.eval(n.value, st, fr) if n.value is not None else None
        fr.returns.append((st, v))
        return None

    def _goto(self, n: s.Goto, st: State, fr: Frame) -> State | None:
        if n.name in fr.gotos:  # a followed label (labels.py) collects the state
            fr.gotos[n.name].append(st)
        return None  # any other target starts from "anything" (Label)

    def _opaque_stmt(self, n: s.OpaqueStmt, st: State, fr: Frame) -> State | None:
        for a in n.arrays:
            self.fail(a, Failure.OPAQUE, n.offset, what=n.reason)
        self.havoc(st, n.writes, fr)
        if n.jumps:
            st = self.anything(st, fr)
            for j in fr.loops:
                j.breaks.append(dict(st))
                j.continues.append(dict(st))
            fr.returns.append((dict(st), None))
        return st

    def _labels(self, fr: Frame) -> dict:
        return fr.labels if fr.labels is not None else self.facts.of(fr.fn).labels

    def _block_with_labels(self, n: s.Block, st: State | None, fr: Frame) -> State | None:
        """A block holding labels whose gotos all lie inside it (labels.py)."""
        followed = {f.index: f for f in self._labels(fr)[id(n)]}
        for f in followed.values():
            fr.gotos[f.name] = []
        i = 0
        while i < len(n.stmts):
            f = followed.get(i)
            if f is None:
                st = self.exec(n.stmts[i], st, fr)
                i += 1
                continue
            label = cast(s.Label, n.stmts[i])  # a followed label's index (labels.py)
            head = join_states(st, *fr.gotos.pop(f.name))
            if not f.backward:
                st = self.exec(label.stmt, head, fr)
                i += 1
                continue
            rounds = 0
            while True:  # a loop made of a label and the gotos after it
                fr.gotos[f.name] = []
                out = self.exec(label.stmt, dict(head) if head is not None else None, fr)
                for x in n.stmts[i + 1:]:
                    out = self.exec(x, out, fr)
                new = join_states(head, *fr.gotos[f.name])
                if rounds >= WIDEN_AFTER and new is not None and head is not None:
                    new = widen_states(head, new, fr.types)
                rounds += 1
                if new == head:
                    break
                if rounds > FIXPOINT_ROUNDS:
                    head = self.anything(new, fr)
                    fr.gotos[f.name] = []
                    out = self.exec(label.stmt, head, fr)
                    for x in n.stmts[i + 1:]:
                        out = self.exec(x, out, fr)
                    break
                head = new
            fr.gotos.pop(f.name, None)
            return out
        return st

    def _enter_labels(self, n: s.Stmt, fr: Frame) -> State | None:
        """Interpret `n` from an unreachable start: only its labels and cases lead in."""
        if isinstance(n, s.Block):
            st: State | None = None
            for x in n.stmts:
                st = self.exec(x, st, fr)
            return st
        if isinstance(n, (s.If, s.Loop, s.Switch)) and _has_entry(n):
            return self.exec(n, self.anything(None, fr), fr)
        return None

    def anything(self, st: State | None, fr: Frame) -> State:
        """The state at a `goto` target: every local unknown, thread indices
        unnarrowed; a local set once before any label and never written keeps its value."""
        out: State = dict(self.base)
        for k, t in fr.types.items():
            if k in fr.stable and st is not None and k in st:
                out[k] = st[k]
                continue
            old = st.get(k) if st is not None else None
            out[k] = Ptr(None, ()) if t.kind == s.ValueKind.POINTER or isinstance(old, Ptr) else unknown(t)
        return out

    def loop(self, n: s.Loop, st: State | None, fr: Frame) -> State | None:
        if n.init is not None:
            st = self.exec(n.init, st, fr)
            if st is None:
                return None
        exits: list[State | None] = []
        j = Jumps()
        fr.loops.append(j)
        head: State | None = st
        first = n.kind == s.LoopKind.DO
        trips = 0
        # Trips are followed one by one while each is certain to run (a
        # counted loop: exact values per trip); a trip that may or may not run
        # hands over to the fixpoint, where one more trip gains nothing.
        while head is not None and trips < UNROLL_TRIPS:
            before = len(exits)
            body_in = head if first else self._test(n, head, fr, exits)
            first = False
            if body_in is None:
                head = None
                break
            if len(exits) > before and exits[-1] is not None:
                exits.pop()  # the fixpoint tests this head again
                break
            head = self._trip(n, body_in, fr, j)
            trips += 1
        rounds = 0
        while head is not None:
            body_in = self._test(n, head, fr, exits)
            after = self._trip(n, body_in, fr, j) if body_in is not None else None
            new = join_states(head, after)
            if rounds >= WIDEN_AFTER:  # `new` joins the non-None head: never None
                new = widen_states(head, cast(State, new), fr.types)
            rounds += 1
            if new == head:
                break
            if rounds > FIXPOINT_ROUNDS:  # did not settle: nothing is known of what the loop writes
                head = self.anything(new, fr)
                body_in = self._test(n, head, fr, exits)
                if body_in is not None:
                    self._trip(n, body_in, fr, j)
                break
            head = new
        fr.loops.pop()
        return join_states(*exits, *j.breaks)

    def _test(self, n: s.Loop, head: State, fr: Frame, exits: list) -> State | None:
        if n.cond is None:
            return dict(head)
        t, f = self.branch(n.cond, dict(head), fr)
        exits.append(f)
        return t

    def _trip(self, n: s.Loop, body_in: State, fr: Frame, j: Jumps) -> State | None:
        j.continues = []
        out = self.exec(n.body, dict(body_in), fr)
        after = join_states(out, *j.continues)
        if after is not None and n.step is not None:
            self.eval(n.step, after, fr)
        return after


def _has_entry(n: s.Stmt) -> bool:
    return any(isinstance(x, (s.Label, s.Case)) for x in stmt_exprs(n))


def _top_cases(body: s.Stmt):
    """The `case` labels of one switch (not of switches nested in it)."""
    stack = [body]
    while stack:
        x = stack.pop()
        if isinstance(x, s.Case):
            yield x
            stack.append(x.stmt)
        elif isinstance(x, s.Block):
            stack += x.stmts
        elif isinstance(x, s.If):
            stack += [x.then] + ([x.other] if x.other is not None else [])
        elif isinstance(x, s.Loop):
            stack.append(x.body)
        elif isinstance(x, s.Label):
            stack.append(x.stmt)
