"""Abstract interpretation of the sound IR: the range proof rapcc's rewrites rest on.

One run interprets one kernel instance under one block shape, over strided
intervals (`intervals.py`) with C semantics. Structured control flow is
followed exactly: loops are unrolled while cheap and then iterated to a
fixpoint with widening, `break`/`continue`/`return` carry their states to
where they land, `switch` joins the entry state at every `case`, and a `goto`
target starts from "anything" (every local unknown), so a backward `goto`
cannot hide a walk. Guards narrow only the variables they compare, in the
branch they dominate; a write after the guard replaces the narrowed value.

Every access to a shared array is checked against the array's extents,
dimension by dimension. What the run cannot follow exactly (an `Opaque` node,
a shared pointer stored to memory or passed to an unknown function, a cast to
another element type, an alias whose index changes after it is made) is a
`Finding` against the arrays concerned, and those arrays are kept as written.
The replay that predicts wavefronts (warps.py) samples; this module must not.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .. import sound_ir as s
from . import intervals as iv
from .intervals import SInt
from .proof_shapes import AnyShape

UNROLL_TRIPS = 40  # trips followed one by one before a loop is iterated to a fixpoint
FIXPOINT_ROUNDS = 12
WIDEN_AFTER = 3
MAX_CALL_DEPTH = 8
STEP_BUDGET = 400_000  # nodes evaluated per run before the run gives up (every array it reached is kept)


class Failure(Enum):
    OUT_OF_RANGE = "out_of_range"  # a subscript not proved inside its dimension
    ESCAPE = "escape"  # the array's address goes where no proof follows
    OPAQUE = "opaque"  # named inside a construct rapcc does not model
    ALIAS = "alias"  # an alias whose index or base may change between its definition and a use
    EXTENT = "extent"  # an extent rapcc cannot evaluate (extern, or an unknown template argument)
    BUDGET = "budget"  # the proof gave up: too much to interpret
    UNLAUNCHED = "unlaunched"  # reached from a kernel instance whose launch this file does not show
    INSTANCE = "instance"  # reached from a kernel template named with arguments rapcc does not read
    HIDDEN = "hidden"  # named where no expression of this parse shows (asm string, macro body, host code)
    UNCOVERED = "uncovered"  # an access the rewrite would not see
    REPROOF = "reproof"  # licensed on the input, but the emitted text is not proved (`cause`; reprove.py)


@dataclass(frozen=True, slots=True)
class Finding:
    array: str
    failure: Failure
    offset: int
    dim: int | None = None
    values: SInt | None = None
    shape: tuple[int, int, int] | AnyShape | None = None  # AnyShape: the run over every shape of a set
    what: str = ""  # the construct's kind, for the report
    lane: tuple[int, int, int] | None = None  # the thread, when each was interpreted alone
    cause: "Finding | None" = None  # REPROOF: the finding against the array in the emitted text


@dataclass(frozen=True, slots=True)
class Ptr:
    """A pointer into shared array `array` (None: any whose address this run took):
    `idx` fixes the leading subscripts; pointer arithmetic moves the last one."""

    array: str | None
    idx: tuple[SInt, ...]
    # Where `&a[i][j]` made it, while it still points at that element: the
    # rewrite maps that subscript, so an access through it is that access.
    origin: tuple[int, int] | None = None


Value = SInt | Ptr | None  # None: nothing known, and never a shared address
State = dict  # key -> Value; None for an unreachable state


class BudgetExceeded(Exception):
    pass


def unknown(ty: s.Ty) -> Value:
    return iv.full(ty.int_type) if ty.kind == s.ValueKind.INT and ty.int_type else None


def ty_of(e: s.Expr) -> s.Ty:
    if isinstance(e, s.Builtin):
        return s.int_ty(s.INT if e.name == "warpSize" else s.UINT)
    if isinstance(e, s.SharedRef):
        return s.Ty(s.ValueKind.POINTER)
    return e.ty


def join_values(a: Value, b: Value) -> Value:
    if isinstance(a, SInt) and isinstance(b, SInt):
        return iv.join(a, b)
    if isinstance(a, Ptr) and isinstance(b, Ptr):
        if a.array == b.array and len(a.idx) == len(b.idx):
            return Ptr(a.array, tuple(iv.join(x, y) for x, y in zip(a.idx, b.idx)),
                       a.origin if a.origin == b.origin else None)
        return Ptr(None, ())
    if isinstance(a, Ptr) or isinstance(b, Ptr):
        return Ptr(None, ())
    return None


def join_states(*states: State | None) -> State | None:
    live = [st for st in states if st is not None]
    if not live:
        return None
    out = dict(live[0])
    for st in live[1:]:
        for k in set(out) | set(st):
            if k in out and k in st:
                out[k] = join_values(out[k], st[k])
            elif k in st:
                out[k] = st[k]
    return out


def widen_states(old: State, new: State, types: dict[str, s.Ty]) -> State:
    out = dict(new)
    for k, v in new.items():
        o = old.get(k)
        if isinstance(o, SInt) and isinstance(v, SInt):
            t = types.get(k)
            out[k] = iv.widen(o, v, t.int_type if t is not None else None)
        elif isinstance(o, Ptr) and isinstance(v, Ptr) and o.array == v.array and len(o.idx) == len(v.idx):
            out[k] = Ptr(v.array, tuple(iv.widen(x, y, None) for x, y in zip(o.idx, v.idx)))
    return out


@dataclass
class Frame:
    """One function being interpreted."""

    fn: s.Function
    bindings: dict[str, int]
    escaped: frozenset[str]
    types: dict[str, s.Ty]
    unsafe_aliases: frozenset[str]
    returns: list[tuple[State, Value]] = field(default_factory=list)
    loops: list["Jumps"] = field(default_factory=list)
    stable: frozenset[str] = frozenset()  # locals a `goto` target keeps (aliasing.stable_locals)
    gotos: dict[str, list] = field(default_factory=dict)  # followed label -> states of the gotos to it
    labels: dict | None = None  # id(block) -> its followed labels (labels.py); None: the run finds them
    masked: dict | None = None  # id(`-` node) -> its masks.MaskedDifference; None: no such rule applies
    copies: dict[str, str] = field(default_factory=dict)  # local -> the builtin it equals (copies.py)


@dataclass
class Jumps:
    breaks: list[State] = field(default_factory=list)
    continues: list[State] = field(default_factory=list)
    is_switch: bool = False
    entry: State | None = None  # a switch's state at its `case` labels


def local_types(fn: s.Function) -> dict[str, s.Ty]:
    out = {p.key: p.ty for p in fn.params}
    stack: list[object] = [fn.body]
    while stack:
        n = stack.pop()
        if isinstance(n, s.Decl):
            out[n.key] = n.ty
        if isinstance(n, s.Block):
            stack += n.stmts
        elif isinstance(n, s.If):
            stack += [n.then] + ([n.other] if n.other is not None else [])
        elif isinstance(n, s.Loop):
            stack += [n.body] + ([n.init] if n.init is not None else [])
        elif isinstance(n, (s.Switch, )):
            stack.append(n.body)
        elif isinstance(n, (s.Case, s.Label)):
            stack.append(n.stmt)
    return out
