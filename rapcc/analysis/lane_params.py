"""Which kernel parameters, and whether data, each access's address may read (issue 27 §2).

The lane domain leaves a kernel parameter unknown, as the proof does. Where a
subscript is not one value because it reads a parameter (`s[tid * n]`), its
conflicts depend on the value; the prediction samples it at
`lane_sites.PARAM_SAMPLES` (the parameters' sampled values), and
data is drawn only where no parameter is left in the address.

Data (`DATA`) is what the lanes may draw (lane_draws.py): a value loaded from
memory, or a call's result rapcc does not compute. A subscript that is not one
value although its address reads no data (the interval rules lost precision:
a loop's values carried through a helper; what an `asm` statement or another
construct rapcc does not model writes, a local whose address escapes) is left
unknown, never drawn.

This is a flow-insensitive data-flow over the sound IR: a local takes the
parameters of every value assigned to it (its declaration, `=`, compound
assignments; a callee's parameter those of every argument passed to it, a
call those of every value its callee returns). A value loaded from memory is
data, whatever its address read: `s[data[n * i]]` reads data and no parameter. A
condition reads its parameters into a select's value, not into what a branch
guards (the replay binds a parameter only when a subscript or a loop's start
reads it); a value assigned under a condition on data is data. More
parameters than an access reads only cost runs.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from .. import sound_ir as s
from .aliasing import stmt_exprs

Names = frozenset[str]
_NONE: Names = frozenset()
DATA = "#data"  # not a C identifier: never a parameter's name
_DATA: Names = frozenset([DATA])


def _param_name(key: str) -> str:
    """A parameter's name as written (its key is `name@line:col`)."""
    return key.split("@", 1)[0]


class _Flow:
    def __init__(self, program: s.Program):
        self.functions = {f.key: f for f in program.functions}
        self.kernel_params = {p.key: _param_name(p.key) for f in program.functions if f.is_kernel
                              for p in f.params if p.ty.kind == s.ValueKind.INT}
        self.taint: dict[str, Names] = {}  # local or parameter key -> kernel parameters its values may hold
        self.returns: dict[str, Names] = {}  # function key -> kernel parameters its results may hold
        self.changed = False

    def _add(self, table: dict[str, Names], key: str, names: Names) -> None:
        had = table.get(key, _NONE)
        if not names <= had:
            table[key] = had | names
            self.changed = True

    def value(self, e: s.Expr) -> Names:
        """The kernel parameters `e`'s value may hold."""
        if isinstance(e, s.Var):
            own = frozenset([self.kernel_params[e.key]]) if e.key in self.kernel_params else _NONE
            return own | self.taint.get(e.key, _NONE)
        if isinstance(e, s.Conv):
            return self.value(e.operand)
        if isinstance(e, s.Unary):
            if e.op == "*":
                return _DATA  # a load
            return self.address(e.operand) if e.op == "&" else self.value(e.operand)
        if isinstance(e, s.Binary):
            return self.value(e.lhs) | self.value(e.rhs)
        if isinstance(e, (s.Assign, s.Step)):
            return self.value(e.target) | (self.value(e.value) if isinstance(e, s.Assign) else _NONE)
        if isinstance(e, s.Select):
            return self.value(e.cond) | self.value(e.then) | self.value(e.other)
        if isinstance(e, s.Subscript):
            # A row of an array or a pointer is an address; an element, a load.
            return self.address(e) if e.ty.kind == s.ValueKind.POINTER else _DATA
        if isinstance(e, s.Call):
            if e.kind == s.CallKind.USER and e.callee is not None:
                return self.returns.get(e.callee, _NONE)
            if e.kind in (s.CallKind.MIN, s.CallKind.MAX, s.CallKind.ABS):
                return _union(self.value(a) for a in e.args)
            return _union(self.value(a) for a in e.args) | _DATA  # a result rapcc does not compute
        if isinstance(e, (s.Field, s.Unknown)):
            return _DATA  # a member loaded, a float, a load, a call's result
        return _NONE  # constants, builtins, template parameters, shared arrays

    def address(self, e: s.Expr) -> Names:
        """The kernel parameters the place `e` names may depend on."""
        if isinstance(e, s.Subscript):
            return self.address(e.base) | self.value(e.index)
        if isinstance(e, s.Field):
            return self.address(e.base)
        if isinstance(e, s.Conv):
            return self.address(e.operand)
        if isinstance(e, s.Unary) and e.op == "*":
            return self.value(e.operand)
        if isinstance(e, s.Call):
            return _union(self.value(a) for a in e.args)
        return self.value(e)

    def step(self, fn: s.Function) -> None:
        """One pass over `fn`: what its assignments, calls and returns carry."""
        # A local whose address leaves (fn.escaped) reads as unknown, but not as data: what
        # writes it is not seen, so its values are not drawn (unknown where they matter).
        self._under(fn, fn.body, _NONE)

    def _under(self, fn: s.Function, st: s.Stmt, ctl: Names) -> None:
        """The statement `st` under conditions that read `ctl`: a value assigned
        under a condition on data is data (which way it went is the data's)."""
        if isinstance(st, s.Block):
            for x in st.stmts:
                self._under(fn, x, ctl)
        elif isinstance(st, (s.If, s.Loop, s.Switch)):
            cond = st.cond
            inner = ctl | (self.value(cond) & _DATA if cond is not None else _NONE)
            if isinstance(st, s.Loop) and st.init is not None:
                self._under(fn, st.init, ctl)
            if cond is not None:
                self._exprs(fn, cond, ctl)
            if isinstance(st, s.Loop) and st.step is not None:
                self._exprs(fn, st.step, inner)
            bodies: tuple[s.Stmt | None, ...] = (st.then, st.other) if isinstance(st, s.If) else (st.body,)
            for body in bodies:
                if body is not None:
                    self._under(fn, body, inner)
        elif isinstance(st, (s.Case, s.Label)):
            self._under(fn, st.stmt, ctl)
        else:
            self._exprs(fn, st, ctl)

    def _exprs(self, fn: s.Function, root: object, ctl: Names) -> None:
        """The expressions of one statement (or expression) `root` under conditions that read `ctl`."""
        for n in stmt_exprs(cast(s.Stmt, root)):
            if isinstance(n, s.Decl) and n.init is not None:
                self._add(self.taint, n.key, self.value(n.init) | ctl)
            elif isinstance(n, (s.Assign, s.Step)):
                local = s.root_local(n.target)
                if local is not None:
                    self._add(self.taint, local, (self.value(n.value) if isinstance(n, s.Assign) else _NONE) | ctl)
            elif isinstance(n, s.Call) and n.kind == s.CallKind.USER and n.callee in self.functions:
                callee = self.functions[n.callee]
                for p, a in zip(callee.params, n.args):
                    self._add(self.taint, p.key, self.value(a))
            elif isinstance(n, s.Return) and n.value is not None:
                self._add(self.returns, fn.key, self.value(n.value) | ctl)


def _union(parts: Iterable[Names]) -> Names:
    out: Names = _NONE
    for p in parts:
        out |= p
    return out


def site_params(program: s.Program) -> dict[tuple[int, int], Names]:
    """Each place an access may be recorded at, (start, end) of its expression,
    -> the kernel parameters (by name) its address may read, and DATA where it may read data."""
    flow = _Flow(program)
    flow.changed = True
    while flow.changed:  # the sets only grow, bounded by the parameters: a fixpoint
        flow.changed = False
        for fn in program.functions:
            flow.step(fn)
    out: dict[tuple[int, int], Names] = {}
    for fn in program.functions:
        for n in stmt_exprs(fn.body):
            if isinstance(n, (s.Subscript, s.Unary, s.Field, s.Call)) and n.end:
                key = (n.start, n.end)
                out[key] = out.get(key, _NONE) | flow.address(n)
    return out
