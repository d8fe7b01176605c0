"""Data-dependent subscripts as draws of uniform data.

`hist[data[p]]`, `priv[t * 8 + (v & 7)]`, `s[(x >> 2) % 32]`: the thread part
of the subscript is known, the data part is not, but its value set is (a
narrow integer type, a mask, a `%`). rapcc predicts such an access by the
wavefronts it takes on average when the data is uniform over that set, as
seed 000 does for random access (its congestion), per access.

This module rewrites the access so that every value rapcc cannot know (a
memory load, a call, a variable assigned in several places) becomes a
pseudo-random draw over its integer type, computed from the lane's thread
index, the trips of the enclosing loops and a fixed per-draw salt. The
existing replay then evaluates it like any other subscript; the mask, `%`
or narrow type around the draw turns the draw into a uniform value of the
set. The draws are deterministic: the same source gives the same prediction.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Iterator

from .. import cint, ir

SEED = 0x2545F491  # fixed: predictions must not change between runs
_MIX = 0x45D9F3B  # the multiplier of a well-mixing 32-bit integer hash


@dataclass(frozen=True, slots=True)
class DrawnAccess:
    """An access whose data-dependent values were replaced by draws."""

    access: ir.Access
    vars: dict[str, ir.VarDef]
    drawn: tuple[str, ...]  # what was drawn, as written (for the report)


def _u32(e: ir.Expr) -> ir.Expr:
    return ir.Cast(32, False, e)


def _mix(h: ir.Expr, bind) -> ir.Expr:
    """One round of the hash; `bind` names each step, so that the evaluator
    computes a value read three times once (a tree would grow 3x per step)."""
    for _ in range(2):
        h = bind(h)
        h = _u32(ir.BinOp("*", ir.BinOp("^", h, ir.BinOp(">>", h, ir.Const(16))), ir.Const(_MIX)))
    h = bind(h)
    return ir.BinOp("^", h, ir.BinOp(">>", h, ir.Const(16)))


def salt_value(salt: int) -> int:
    """The hash's starting value for draw `salt` (see `_Drawer._next`)."""
    return cint.wrap(SEED * (salt + 1), cint.UINT)


def salt_name(draw: int) -> str:
    """The uniform value a salted drawn access starts draw `draw` (1-based) from."""
    return f"#salt{draw}"


def _draw(salt: int, inputs: tuple[ir.Expr, ...], bits: int, signed: bool, bind,
          start: ir.Expr | None = None) -> ir.Expr:
    """A value uniform over the integer type (bits, signed) per lane and trip;
    `start`: the hash's starting value, where not `salt`'s constant."""
    h: ir.Expr = ir.Const(salt_value(salt)) if start is None else start
    for term in inputs:
        h = _mix(_u32(ir.BinOp("^", h, _u32(term))), bind)
    h = bind(h)
    if bits <= 0:
        return ir.BinOp("&", h, ir.Const(0x7FFFFFFF))  # no integer type: a non-negative int
    if bits >= 32:
        return h if not signed or bits > 32 else ir.Cast(32, True, h)
    return ir.Cast(bits, signed, h)


class _NotData(Exception):
    """An unknown that is a local assigned in several places, where only data may be drawn."""


class _Drawer:
    def __init__(self, access: ir.Access, vars: dict[str, ir.VarDef], round_: int, data_only: bool = False,
                 salted: bool = False):
        self.vars = vars
        self.round = round_
        self.data_only = data_only
        self.salted = salted
        self.inputs: tuple[ir.Expr, ...] = tuple(ir.Builtin(b) for b in ("threadIdx.x", "threadIdx.y", "threadIdx.z")) \
            + tuple(ir.VarRef(lp.var, lp.var.split("@")[0]) for lp in access.loops)
        self.loop_keys = {lp.var for lp in access.loops} | {c.var for lp in access.loops for c in lp.carried}
        self.new_vars: dict[str, ir.VarDef] = {}
        self.renamed: dict[str, str | None] = {}  # var key -> its drawn copy's key, or None: nothing drawn in it
        self.drawn: list[str] = []
        # One draw per distinct unknown: `min(x + d, 127)` is a select that reads
        # `d` twice, and two draws would let the clamp pass values above 127.
        self.opaque_draws: dict[ir.Opaque, ir.Expr] = {}

    def _bind(self, e: ir.Expr) -> ir.Expr:
        """`e` as a fresh local: the evaluator computes it once per lane and trip."""
        key = f"#draw{len(self.new_vars)}"
        self.new_vars[key] = ir.VarDef(key, "draw", "local", e, signed=False, bits=64)
        return ir.VarRef(key, "draw")

    def _next(self, what: str, bits: int, signed: bool) -> ir.Expr:
        self.drawn.append(what)
        start = ir.Opaque(salt_name(len(self.drawn)), uniform=True) if self.salted else None
        return _draw(len(self.drawn) + (self.round << 8), self.inputs, bits, signed, self._bind, start)

    def var(self, ref: ir.VarRef) -> ir.Expr:
        if ref.key in self.loop_keys:
            return ref
        if ref.key in self.renamed:
            new = self.renamed[ref.key]
            return ref if new is None else ir.VarRef(new, ref.name)
        d = self.vars.get(ref.key)
        if d is None or d.kind in ("param", "template_param", "loop", "shared", "global"):
            return ref  # a kernel parameter is sampled as a uniform value, not drawn per lane
        key = f"{ref.key}#drawn"
        if d.init is None:  # assigned in several places: any value of its type, one per lane and trip
            if self.data_only:
                raise _NotData(ref.name)
            self.new_vars[key] = replace(d, key=key, init=self._next(ref.name, d.bits, d.signed))
            self.renamed[ref.key] = key
            return ir.VarRef(key, ref.name)
        self.renamed[ref.key] = None  # a cycle through its own init reads the original
        before = len(self.drawn)
        init = self.expr(d.init)
        if len(self.drawn) == before:
            return ref
        self.new_vars[key] = replace(d, key=key, init=init)
        self.renamed[ref.key] = key
        return ir.VarRef(key, ref.name)

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Opaque) and e.uniform:
            return e  # one value for the whole block: sampled as a parameter is, never drawn per lane
        if isinstance(e, ir.Opaque):
            if e not in self.opaque_draws:
                self.opaque_draws[e] = self._bind(self._next(e.text, e.bits, e.signed))
            return self.opaque_draws[e]
        if isinstance(e, ir.VarRef):
            return self.var(e)
        if isinstance(e, ir.Cast):
            return replace(e, operand=self.expr(e.operand))
        if isinstance(e, ir.UnOp):
            return replace(e, operand=self.expr(e.operand))
        if isinstance(e, ir.BinOp):
            return replace(e, lhs=self.expr(e.lhs), rhs=self.expr(e.rhs))
        if isinstance(e, ir.Select):
            return ir.Select(self.expr(e.cond), self.expr(e.then), self.expr(e.other))
        return e  # constants, builtins, values after a loop


# Inside `shared_draws`: each (access, vars, round, data_only) asked for, by
# the ids of the access and vars (held, so that no id is reused while kept).
_Shared = dict[tuple[int, int, int, bool], tuple[ir.Access, dict[str, ir.VarDef], "DrawnAccess | None"]]
_shared: ContextVar[_Shared | None] = ContextVar("rapcc_shared_draws", default=None)


@contextmanager
def shared_draws() -> Iterator[None]:
    """Inside the block, `drawn_access` answers a repeated question with the
    same draws: one array's analysis under each of its block shapes draws the
    same values, and rebuilt them per shape (issue 20). The draws are a pure
    function of the question, so sharing them changes nothing."""
    token = _shared.set({})
    try:
        yield
    finally:
        _shared.reset(token)


def drawn_access(access: ir.Access, vars: dict[str, ir.VarDef], round_: int = 0,
                 data_only: bool = False) -> DrawnAccess | None:
    """`_drawn_access`, shared inside `shared_draws`."""
    shared = _shared.get()
    if shared is None:
        return _drawn_access(access, vars, round_, data_only)
    key = (id(access), id(vars), round_, data_only)
    hit = shared.get(key)
    if hit is None or hit[0] is not access or hit[1] is not vars:
        hit = shared[key] = (access, vars, _drawn_access(access, vars, round_, data_only))
    return hit[2]


def salted_access(access: ir.Access, vars: dict[str, ir.VarDef], data_only: bool = False) -> DrawnAccess | None:
    """`drawn_access` with its draws' salts left open (`_drawn_access`'s `salted`)."""
    return _drawn_access(access, vars, 0, data_only, salted=True)


def _drawn_access(access: ir.Access, vars: dict[str, ir.VarDef], round_: int = 0,
                  data_only: bool = False, salted: bool = False) -> DrawnAccess | None:
    """`access` with its subscripts' and guards' unknown values drawn, or None
    when nothing in them is data (the unknown is elsewhere: a loop bound).
    Each `round_` draws other data: more rounds, more samples of the expectation.
    `data_only`: only values read from memory or returned by calls are drawn;
    a local assigned in several places makes it None (its values have a
    structure a draw would not have). `salted`: each draw starts from the
    uniform value `salt_name(k)` instead of a constant, so that one replay
    evaluates several rounds side by side (rounds.py)."""
    d = _Drawer(access, vars, round_, data_only, salted)
    try:
        indices = tuple(d.expr(i) for i in access.indices)
        guards = tuple(replace(g, cond=d.expr(g.cond)) for g in access.guards)
    except _NotData:
        return None
    if not d.drawn:
        return None
    return DrawnAccess(replace(access, indices=indices, guards=guards), {**vars, **d.new_vars},
                       tuple(dict.fromkeys(d.drawn)))
