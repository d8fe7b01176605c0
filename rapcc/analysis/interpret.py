"""One run of the abstract interpreter (see absint.py): expressions."""
from __future__ import annotations

from typing import Any, Callable, TypeGuard, cast

from .. import sound_ir as s
from ..cint import promote, usual_arithmetic_conversion
from . import intervals as iv
from .aliasing import walk_expr
from .absint import (BudgetExceeded, Failure, Finding, Frame, Ptr, State, STEP_BUDGET, Value, join_states,
                     join_values, ty_of, unknown)
from .intervals import SInt
from .masks import MaskedDifference, clear_low_bits
from .proof_shapes import AnyShape

_COMPARE = {"<", "<=", ">", ">=", "==", "!=", "&&", "||", "!"}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
_INT, _POINTER = s.ValueKind.INT, s.ValueKind.POINTER
_INT_TY = s.int_ty(s.INT)  # a step's operand: `x++` is `x += 1`
_ARITH: dict[str, Callable[[SInt, SInt, s.CType], SInt | None]] = {
    "+": lambda a, b, t: iv.add(a, b), "-": lambda a, b, t: iv.sub(a, b), "*": lambda a, b, t: iv.mul(a, b),
    "/": lambda a, b, t: iv.div(a, b), "%": lambda a, b, t: iv.rem(a, b), "&": lambda a, b, t: iv.bit_and(a, b),
    "|": lambda a, b, t: iv.bit_or(a, b), "^": lambda a, b, t: iv.bit_xor(a, b), "<<": iv.shl, ">>": iv.shr}


class Evaluator:
    """Expression semantics; `Run` (run.py) adds statements and calls."""

    def __init__(self, dims: dict[str, tuple[int, ...] | None], shape: tuple[int, int, int] | AnyShape,
                 constants: dict[int, tuple[s.Expr, Value]] | None = None):
        """`constants`: the values of literal and array-name nodes, shareable by the
        runs of one proof (facts.py); a fresh one when None."""
        self.dims = dims
        self.shape = shape
        self.findings: list[Finding] = []
        self.accessed: dict[str, set[tuple[int, int, int, int]]] = {}  # (span, span of its &a[i] origin)
        # (array, start, end) of each access site reached -> its subscripts' values joined over
        # every time it ran (soundness.SiteFacts: what the rest of rapcc reads of the proof).
        self.sites: dict[tuple[str, int, int], tuple[SInt, ...]] = {}
        self.taken: set[str] = set()  # arrays whose address this run holds in a variable
        self.wild = False  # a pointer that may point into any of `taken` was dereferenced
        self.steps = 0
        self.used_masks = False  # the `x - (x & m)` rule (masks.py) narrowed a value
        self._evals = self._dispatch()
        self._constants = constants if constants is not None else {}

    # ---- findings ----
    def fail(self, array: str | None, why: Failure, offset: int, **kw) -> None:
        if array is None:
            self.wild = True
            return
        self.findings.append(Finding(array, why, offset, shape=self.shape, **kw))

    def escape(self, v: Value, offset: int, what: str) -> None:
        if isinstance(v, Ptr):
            self.fail(v.array, Failure.ESCAPE, offset, what=what)

    # ---- memory ----
    def access(self, p: Ptr, start: int, end: int) -> None:
        """Check one element access through `p` (its subscripts complete)."""
        if p.array is None:
            self.wild = True
            return
        # Covered by its own subscript or, for a pointer `&a[i][j]` made, by that one's.
        spans = self.accessed.get(p.array)
        if spans is None:
            spans = self.accessed[p.array] = set()
        spans.add((start, end) + (p.origin or (start, end)))
        self.record(p, start, end)
        if p.origin is not None:
            self.record(p, *p.origin)
        dims = self.dims.get(p.array)
        if not dims:
            self.fail(p.array, Failure.EXTENT, start)
            return
        for k, (v, d) in enumerate(zip(p.idx, dims)):
            if v.lo < 0 or v.hi >= d:
                self.fail(p.array, Failure.OUT_OF_RANGE, start, dim=k, values=v)
                return

    def record(self, p: Ptr, start: int, end: int) -> None:
        """Join `p`'s subscripts into what the site `start..end` reached (`()`:
        reached with subscripts of different counts, their values not kept)."""
        assert p.array is not None
        key = (p.array, start, end)
        had = self.sites.get(key)
        self.sites[key] = p.idx if had is None else \
            tuple(iv.join(a, b) for a, b in zip(had, p.idx)) if len(had) == len(p.idx) else ()

    def element(self, p: Ptr) -> bool:
        dims = self.dims.get(p.array) if p.array is not None else None
        return p.array is None or dims is None or len(p.idx) >= len(dims)

    def subscript(self, base: Value, index: Value) -> Value:
        """The place `base[index]`: a Ptr whose idx is complete for an element."""
        if not isinstance(base, Ptr):
            return None
        if base.array is None:
            return base
        step = index if isinstance(index, SInt) else SInt.of(-(1 << 64), 1 << 64)
        return Ptr(base.array, base.idx[:-1] + (iv.add(base.idx[-1], step),),
                   base.origin if step.single == 0 else None)

    def decay(self, p: Ptr) -> Ptr:
        """A row used as a value: a pointer to its first element."""
        return p if self.element(p) else Ptr(p.array, p.idx + (SInt.const(0),))

    # ---- expressions ----
    def eval(self, e: s.Expr, st: State, fr: Frame) -> Value:
        # One step per node visited (exec counts statements the same way), inlined: the hottest line.
        self.steps += 1
        if self.steps > STEP_BUDGET:
            raise BudgetExceeded()
        if type(e) is s.Var:  # a third of all nodes: its rule inlined
            if e.key in fr.escaped:
                return unknown(e.ty)
            return st[e.key] if e.key in st else unknown(e.ty)
        how = self._evals.get(type(e))
        if how is None:
            raise TypeError(f"unknown sound IR node {type(e).__name__}")
        return how(e, st, fr)

    def _dispatch(self) -> dict[type, Callable[[Any, State, Frame], Value]]:  # each rule takes its own node type
        """Node type -> its rule, bound to this run (a subclass's `call` included);
        `Var`'s is in `eval` itself. The IR's node classes are final, so the type
        alone picks the rule."""
        return {s.Lit: self._lit, s.Unknown: self._unknown, s.TemplateParam: self._template_param,
                s.Builtin: self._builtin, s.SharedRef: self._shared_ref, s.Conv: self._conv, s.Unary: self._unary,
                s.Binary: self._binary, s.Assign: self.assign, s.Step: self.assign, s.Select: self._select,
                s.Subscript: self._subscript, s.Field: self._field, s.Call: self.call, s.Opaque: self._opaque}

    def _constant(self, e: s.Lit | s.SharedRef) -> Value:
        """A node whose value depends on the node alone, computed once. Keyed by
        id: the entry holds the node, so no other node takes its id meanwhile
        (`branch` makes short-lived literals)."""
        hit = self._constants.get(id(e))
        if hit is not None and hit[0] is e:
            return hit[1]
        if type(e) is s.Lit:
            t = e.ty.int_type
            v: Value = iv.wrap(SInt.const(e.value), t) if t else None
        else:
            v = Ptr(cast(s.SharedRef, e).key, (SInt.const(0),))
        self._constants[id(e)] = (e, v)
        return v

    def _lit(self, e: s.Lit, st: State, fr: Frame) -> Value:
        return self._constant(e)

    def _unknown(self, e: s.Unknown, st: State, fr: Frame) -> Value:
        return unknown(e.ty)

    def _template_param(self, e: s.TemplateParam, st: State, fr: Frame) -> Value:
        v = fr.bindings.get(e.name)
        return SInt.const(v) if v is not None and e.ty.int_type else unknown(e.ty)

    def _builtin(self, e: s.Builtin, st: State, fr: Frame) -> Value:
        return st.get(e.name, unknown(ty_of(e)))

    def _shared_ref(self, e: s.SharedRef, st: State, fr: Frame) -> Value:
        return self._constant(e)

    def _select(self, e: s.Select, st: State, fr: Frame) -> Value:
        t, f = self.branch(e.cond, st, fr)
        vt = vf = None
        if t is not None:
            vt = self.eval(e.then, t, fr)
        if f is not None:
            vf = self.eval(e.other, f, fr)
        _flow_on(st, t, f)
        if t is None:
            return vf
        if f is None:
            return vt
        return join_values(vt, vf)

    def _subscript(self, e: s.Subscript, st: State, fr: Frame) -> Value:
        return self._read(self.place(e, st, fr), e)

    def _read(self, place: Value, e: s.Subscript | s.Unary) -> Value:
        """What `e`, the lvalue at `place`, reads: an element (an access of the
        array, its value unknown), or a row, which decays to a pointer."""
        if isinstance(place, Ptr):
            if self.element(place):
                self.access(place, e.start, e.end)
                return unknown(e.ty)
            return self.decay(place)
        return unknown(e.ty)

    def _field(self, e: s.Field, st: State, fr: Frame) -> Value:
        base = self.member_of(e, st, fr)
        if e.member_extent is not None and isinstance(base, Ptr):
            # A member array used as a pointer (`const float *flat = s[0].v`):
            # walks from it are not followed.
            self.fail(base.array, Failure.ESCAPE, e.start, what="a member array of an element used as a pointer")
            return None
        return unknown(e.ty)

    def member_of(self, e: s.Field, st: State, fr: Frame) -> Value:
        """The element `e` is a member of (its access checked): a Ptr when shared."""
        inner = _lvalue(e.base)
        if not e.arrow and isinstance(inner, s.Field):
            return self.member_of(inner, st, fr)  # `s[i].in.v`: a member of a member, the same element
        base = self.eval(e.base, st, fr) if e.arrow else self.place(e.base, st, fr)
        if isinstance(base, Ptr):
            if e.arrow or self.element(base):
                self.access(base, e.start, e.end)
            else:
                self.fail(base.array, Failure.OPAQUE, e.start, what="member of a row")
        return base

    def _member_element(self, e: s.Subscript, f: s.Field, st: State, fr: Frame) -> Value:
        """`s[i].v[k]`: one element of the member array `v`, inside `s[i]` only
        while k is inside v's extent (a walk past it reaches the next element,
        which a new layout moves)."""
        base = self.member_of(f, st, fr)
        index = self.eval(e.index, st, fr)
        if isinstance(base, Ptr):
            if not f.member_extent:
                self.fail(base.array, Failure.OPAQUE, e.start, what="a member array of more than one dimension")
            elif not isinstance(index, SInt) or index.lo < 0 or index.hi >= f.member_extent:
                values = index if isinstance(index, SInt) else None
                self.fail(base.array, Failure.OUT_OF_RANGE, e.start, dim=len(base.idx), values=values)
        return base

    def _opaque(self, e: s.Opaque, st: State, fr: Frame) -> Value:
        self.havoc(st, e.writes, fr)
        for a in e.arrays:
            self.fail(a, Failure.OPAQUE, e.offset, what=e.reason)
        return unknown(e.ty)

    def place(self, e: s.Expr, st: State, fr: Frame) -> Value:
        """Evaluate an lvalue: a Ptr for shared memory (the access is checked where used)."""
        if isinstance(e, s.Subscript):
            if _is_member_element(e):
                self._member_element(e, cast(s.Field, e.base), st, fr)
                return None
            base = self.eval(e.base, st, fr)
            index = self.eval(e.index, st, fr)
            if isinstance(index, Ptr):  # `i[p]`, written backwards
                base, index = index, base
            return self.subscript(base, index)
        if isinstance(e, s.Unary) and e.op == "*":
            p = self.eval(e.operand, st, fr)
            return p if isinstance(p, Ptr) else None
        if isinstance(e, s.Conv) and e.implicit and e.ty.kind == s.ValueKind.OTHER:
            return self.place(e.operand, st, fr)  # clang's lvalue cast (const, a base class): the same object
        if isinstance(e, s.Field):
            self.member_of(e, st, fr)
            return None
        if isinstance(e, s.Call):
            return self.call_place(e, st, fr)
        self.eval(e, st, fr)
        return None

    def call_place(self, e: s.Call, st: State, fr: Frame) -> Value:
        """The place a call returns; a call alone is a value (run.py follows accessors)."""
        self.eval(e, st, fr)
        return None

    def _conv(self, e: s.Conv, st: State, fr: Frame) -> Value:
        v = self.eval(e.operand, st, fr)
        ty = e.ty
        if ty.kind is _INT and ty.int_type:
            if isinstance(v, SInt):
                return iv.wrap(v, ty.int_type)
            self.escape(v, 0, "conversion to an integer")
            return iv.full(ty.int_type)
        if ty.kind is _POINTER:
            return self.decay(v) if isinstance(v, Ptr) else None
        # A reference cast (lower.py) views the place `&x` it names: that span.
        self.escape(v, e.operand.start if isinstance(e.operand, s.Unary) else 0, "cast to another element type")
        return None

    def _unary(self, e: s.Unary, st: State, fr: Frame) -> Value:
        if e.op == "&":
            target = _lvalue(e.operand)
            part = target.base if _is_member_element(target) else target if isinstance(target, s.Field) else None
            if part is not None:
                # The address of a part of an element (`&s[i].x`, `&s[i].v[k]`):
                # not followed, so a shared one escapes.
                base = self._member_element(cast(s.Subscript, target), cast(s.Field, part), st, fr) \
                    if part is not target else self.member_of(cast(s.Field, part), st, fr)
                if isinstance(base, Ptr):
                    self.fail(base.array, Failure.ESCAPE, e.start, what="the address of a member of an element")
                return None
            p = self.place(e.operand, st, fr)
            if isinstance(e.operand, s.SharedRef):
                self.fail(e.operand.key, Failure.ESCAPE, e.operand.offset, what="address of the whole array")
                return None
            if isinstance(p, Ptr) and p.array is not None and self.element(p) and e.end > e.start:
                return Ptr(p.array, p.idx, (e.start, e.end))
            return p if isinstance(p, Ptr) else None
        if e.op == "*":
            return self._read(self.place(e, st, fr), e)
        if e.op == "!":
            t, f = self.branch(e.operand, st, fr)
            _flow_on(st, t, f)
            return SInt.const(1) if t is None else SInt.const(0) if f is None else SInt.of(0, 1)
        v = self.eval(e.operand, st, fr)
        it = e.ty.int_type
        if not isinstance(v, SInt) or it is None:
            self.escape(v, 0, "arithmetic")
            return unknown(e.ty)
        if e.op == "-":
            return iv.wrap(iv.neg(v), it)
        if e.op == "~":
            return iv.wrap(iv.sub(iv.neg(v), SInt.const(1)), it)
        return iv.wrap(v, it)

    def _binary(self, e: s.Binary, st: State, fr: Frame) -> Value:
        if e.op in ("&&", "||"):
            t, f = self.branch(e, st, fr)
            _flow_on(st, t, f)
            return SInt.const(1) if f is None else SInt.const(0) if t is None else SInt.of(0, 1)
        a = self.eval(e.lhs, st, fr)
        b = self.eval(e.rhs, st, fr)
        if e.op == ",":
            return b
        r = self.arith(e.op, a, b, e.ty)
        if e.op == "-" and fr.masked and isinstance(r, SInt) and isinstance(a, SInt):
            d = fr.masked.get(id(e))
            if d is not None:
                return self._masked(d, e, a, r, st, fr)
        return r

    def _masked(self, d: MaskedDifference, e: s.Binary, x: SInt, r: SInt, st: State, fr: Frame) -> SInt:
        """`r`, the value of `x - (x & m)` over intervals, narrowed by the
        relation the two reads of `x` share (masks.py); `r` when the mask is not
        one constant 2^k - 1 or a variable it rests on escapes in this frame."""
        keys = [d.x] + [n.key for n in walk_expr(d.mask) if type(n) is s.Var]
        if isinstance(e.rhs, s.Var):
            keys.append(e.rhs.key)
        if any(k in fr.escaped for k in keys) or not all(isinstance(st.get(k), SInt) for k in keys[1:]):
            return r
        steps = self.steps  # not the program's work: the budget counts what it would count without this rule
        m = self.eval(d.mask, dict(st), fr)
        self.steps = steps
        if not isinstance(m, SInt) or m.single is None:
            return r
        exact = clear_low_bits(x, m.single)
        if exact is None:
            return r
        # Both are sound: keep what each excludes.
        narrowed = iv.meet_lower(exact, r.lo)
        narrowed = iv.meet_upper(narrowed, r.hi) if narrowed is not None else None
        if narrowed is None or narrowed == r:
            return r
        self.used_masks = True
        return narrowed

    def arith(self, op: str, a: Value, b: Value, ty: s.Ty) -> Value:
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            if op in ("+", "-") and isinstance(a, Ptr) and not isinstance(b, Ptr):
                step = b if isinstance(b, SInt) else None
                if step is None:
                    return Ptr(a.array, a.idx[:-1] + (SInt.of(-(1 << 64), 1 << 64),)) if a.array else a
                return self.subscript(a, step if op == "+" else iv.neg(step))
            if op == "+" and isinstance(b, Ptr) and not isinstance(a, Ptr):
                return self.arith("+", b, a, ty)
            if op in _COMPARE:
                return SInt.of(0, 1)
            return unknown(ty)  # the difference of two pointers
        t = ty.int_type
        if not isinstance(a, SInt) or not isinstance(b, SInt) or t is None:
            return unknown(ty)
        if op in ("<", "<=", ">", ">=", "==", "!="):
            return iv.compare(op, a, b)
        raw = _ARITH.get(op)
        r = raw(a, b, t) if raw is not None else None
        return iv.wrap(r, t) if r is not None else iv.full(t)

    # ---- writes ----
    def havoc(self, st: State, keys, fr: Frame) -> None:
        for k in keys:
            if k in st:
                old = st[k]
                t = fr.types.get(k)
                st[k] = (Ptr(old.array, tuple(SInt.of(-(1 << 64), 1 << 64) for _ in old.idx))
                         if isinstance(old, Ptr) else unknown(t) if t is not None else None)

    def assign(self, e: s.Assign | s.Step, st: State, fr: Frame) -> Value:
        tgt = e.target
        if isinstance(e, s.Step):
            op = "+"
            rhs: Value = SInt.const(e.delta)
        else:
            op = e.op
            rhs = self.eval(e.value, st, fr)
        if type(tgt) is s.Var and tgt.key not in fr.escaped:  # the common target first (never a SharedRef)
            old = st[tgt.key] if tgt.key in st else unknown(tgt.ty)
            new = rhs if op == "" else \
                self._compound(op, old, rhs, tgt.ty, _INT_TY if isinstance(e, s.Step) else ty_of(e.value))
            if isinstance(new, SInt) and tgt.ty.int_type:
                new = iv.wrap(new, tgt.ty.int_type)
            if isinstance(new, Ptr) and (isinstance(e, s.Assign) and op == "" or tgt.key in fr.unsafe_aliases):
                self.fail(new.array, Failure.ALIAS, 0, what="pointer reassigned")
            if isinstance(new, Ptr) and new.array is not None:
                self.taken.add(new.array)
            st[tgt.key] = new
            return old if isinstance(e, s.Step) and not e.prefix else new
        if isinstance(tgt, s.SharedRef):  # a provider's pointer written: it no longer names the array's start
            self.fail(tgt.key, Failure.OPAQUE, tgt.offset, what="assignment to the array's pointer")
            return unknown(ty_of(tgt))
        if isinstance(tgt, s.Var):  # escaped: its writes are not followed
            self.escape(rhs, 0, "stored where rapcc does not follow")
            return unknown(tgt.ty)
        place = self.place(tgt, st, fr)
        if isinstance(place, Ptr):
            if self.element(place):
                self.access(place, *_span(tgt))
            else:
                self.fail(place.array, Failure.OPAQUE, _span(tgt)[0], what="assignment to a row")
        self.escape(rhs, _span(tgt)[0], "stored to memory")
        return unknown(ty_of(tgt))

    def _compound(self, op: str, old: Value, rhs: Value, ty: s.Ty, rhs_ty: s.Ty) -> Value:
        if isinstance(old, Ptr):
            return self.arith(op, old, rhs, ty)
        t = ty.int_type
        if t is None or not isinstance(old, SInt) or not isinstance(rhs, SInt):
            return unknown(ty)
        # The operation's type: the usual arithmetic conversions of the promoted operands.
        r = rhs_ty.int_type or s.INT
        work = promote(t) if op in ("<<", ">>") else usual_arithmetic_conversion(t, r)
        a, b = iv.wrap(old, work), iv.wrap(rhs, work if op not in ("<<", ">>") else promote(r))
        return self.arith(op, a, b, s.int_ty(work))

    # ---- conditions ----
    def branch(self, e: s.Expr, st: State, fr: Frame) -> tuple[State | None, State | None]:
        """(state where `e` is true, state where it is false), after its effects; None: impossible."""
        if isinstance(e, s.Binary) and e.op == "&&":
            t1, f1 = self.branch(e.lhs, st, fr)
            t2, f2 = self.branch(e.rhs, t1, fr) if t1 is not None else (None, None)
            return t2, join_states(f1, f2)
        if isinstance(e, s.Binary) and e.op == "||":
            t1, f1 = self.branch(e.lhs, st, fr)
            t2, f2 = self.branch(e.rhs, f1, fr) if f1 is not None else (None, None)
            return join_states(t1, t2), f2
        if isinstance(e, s.Unary) and e.op == "!":
            t, f = self.branch(e.operand, st, fr)
            return f, t
        if isinstance(e, s.Conv) and e.ty.int_type is not None and e.ty.int_type.bits == 1:
            return self.branch(e.operand, st, fr)
        work = dict(st)
        v = self.eval(e, work, fr)
        t_st: State | None = work
        f_st: State | None = dict(work)
        if isinstance(v, SInt):
            if v.lo > 0 or v.hi < 0:
                f_st = None
            elif v.lo == v.hi == 0:
                t_st = None
        if isinstance(e, s.Binary) and e.op in _FLIP:
            if t_st is not None:
                t_st = self.refine(e.op, e.lhs, e.rhs, t_st, fr)
            if f_st is not None:
                f_st = self.refine(_NEGATE[e.op], e.lhs, e.rhs, f_st, fr)
        elif t_st is not None or f_st is not None:
            zero = s.Lit(0, ty_of(e))
            if t_st is not None:
                t_st = self.refine("!=", e, zero, t_st, fr)
            if f_st is not None:
                f_st = self.refine("==", e, zero, f_st, fr)
        return t_st, f_st

    def refine(self, op: str, lhs: s.Expr, rhs: s.Expr, st: State, fr: Frame) -> State | None:
        for a, b, o in ((lhs, rhs, op), (rhs, lhs, _FLIP[op])):
            target = self._target(a, st, fr)
            if target is None:
                continue
            key, shift = target
            bound = self.eval(b, dict(st), fr)
            cur = st.get(key)
            if not isinstance(bound, SInt) or not isinstance(cur, SInt):
                continue
            lo, hi = bound.lo - shift, bound.hi - shift
            new: SInt | None = cur
            if o == "<":
                new = iv.meet_upper(cur, hi - 1)
            elif o == "<=":
                new = iv.meet_upper(cur, hi)
            elif o == ">":
                new = iv.meet_lower(cur, lo + 1)
            elif o == ">=":
                new = iv.meet_lower(cur, lo)
            elif o == "==":
                new = iv.meet_upper(cur, hi)
                new = iv.meet_lower(new, lo) if new is not None else None
            elif o == "!=" and lo == hi:  # `key + shift != bound`: key != bound - shift
                if cur.single == lo:
                    new = None
                elif cur.lo == lo:
                    new = iv.meet_lower(cur, cur.lo + 1)
                elif cur.hi == lo:
                    new = iv.meet_upper(cur, cur.hi - 1)
            if new is None:
                return None
            st = dict(st)
            st[key] = new
            for other in _equal_to(key, fr):  # copies of one thread index (copies.py) narrow together
                v = st.get(other)
                both = iv.meet_lower(v, new.lo) if isinstance(v, SInt) else None
                both = iv.meet_upper(both, new.hi) if both is not None else None
                # Empty: `other` may be a copy whose scope ended (its value stale), so the
                # branch is not taken as unreachable; it is kept as it was.
                if both is not None:
                    st[other] = both
        return st

    def _target(self, e: s.Expr, st: State, fr: Frame) -> tuple[str, int] | None:
        """(state key, c) when `e` is a variable plus a known constant c, read without changing it."""
        shift = 0
        while True:
            if isinstance(e, s.Var) and e.key not in fr.escaped and isinstance(st.get(e.key), SInt):
                return e.key, shift
            if isinstance(e, s.Builtin) and isinstance(st.get(e.name), SInt):
                return e.name, shift
            if isinstance(e, s.Conv) and e.ty.int_type is not None:
                inner = self.eval(e.operand, dict(st), fr)
                if not isinstance(inner, SInt) or inner.lo + shift < e.ty.int_type.lo or inner.hi + shift > e.ty.int_type.hi:
                    return None
                e = e.operand
                continue
            if isinstance(e, s.Binary) and e.op in ("+", "-") and e.ty.int_type is not None:
                c = self.eval(e.rhs, dict(st), fr)
                whole = self.eval(e, dict(st), fr)
                if not isinstance(c, SInt) or c.single is None or not isinstance(whole, SInt):
                    return None
                inner = self.eval(e.lhs, dict(st), fr)
                if not isinstance(inner, SInt) or whole.lo != inner.lo + (c.single if e.op == "+" else -c.single):
                    return None  # it wrapped
                shift += c.single if e.op == "+" else -c.single
                e = e.lhs
                continue
            return None

    def call(self, e: s.Call, st: State, fr: Frame) -> Value:
        """A call as an expression alone can take it: every argument evaluated,
        a shared address passed escapes, the result unknown. Run (run.py)
        follows calls further."""
        for a in e.args:
            self.escape(self.eval(a, st, fr), e.start, "argument of a function rapcc does not follow")
        return unknown(e.ty)


def _flow_on(st: State, t: State | None, f: State | None) -> None:
    """`st` becomes the join of the states an expression's two ways leave (`c ? a : b`, `&&`,
    `!`): the evaluation goes on in place after it."""
    both = join_states(t, f)
    st.clear()
    if both is not None:
        st.update(both)


def _equal_to(key: str, fr: Frame) -> list[str]:
    """The other state keys that hold the same value as `key` wherever both are live (copies.py)."""
    if not fr.copies:
        return []
    b = fr.copies.get(key, key)
    return [k for k in [b, *(k for k, c in fr.copies.items() if c == b)] if k != key and k not in fr.escaped]


def _span(e: s.Expr) -> tuple[int, int]:
    return (e.start, e.end) if isinstance(e, (s.Subscript, s.Field, s.Call)) else (0, 0)


def _lvalue(e: s.Expr) -> s.Expr:
    """`e` through clang's lvalue casts (the same object)."""
    while isinstance(e, s.Conv) and e.implicit:
        e = e.operand
    return e


def _is_member_element(e: s.Expr) -> TypeGuard[s.Subscript]:
    """`s[i].v[k]`: a subscript of a member array."""
    return isinstance(e, s.Subscript) and type(e.base) is s.Field and e.base.member_extent is not None
