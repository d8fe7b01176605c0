"""The front end's output: plain, frozen dataclasses that the rest of rapcc reads.

Only `rapcc.frontend` builds these from libclang cursors; every later stage
(analysis, planning, rewriting, verification) sees nothing but this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

AccessKind = Literal["load", "store", "update", "atomic"]


@dataclass(frozen=True, slots=True)
class SourceRange:
    """A half-open byte range [start, end) of the main file, with the 1-based
    line and column of its start."""

    file: str
    line: int
    col: int
    start: int
    end: int


# ---------------------------------------------------------------------------
# Index expressions: a small C expression tree, enough to evaluate subscripts
# per lane with C integer semantics.
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Const:
    value: int


@dataclass(frozen=True, slots=True)
class Builtin:
    """`threadIdx.x`, `blockIdx.y`, `blockDim.x`, `gridDim.z` or `warpSize`,
    spelled as 'threadIdx.x' etc."""

    name: str


@dataclass(frozen=True, slots=True)
class VarRef:
    """A reference to a declaration; `key` indexes `TranslationUnitInfo.vars`."""

    key: str
    name: str


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # C spelling: + - * / % << >> & | ^ < <= > >= == != && ||
    lhs: "Expr"
    rhs: "Expr"


@dataclass(frozen=True, slots=True)
class UnOp:
    op: str  # - ~ ! +
    operand: "Expr"


@dataclass(frozen=True, slots=True)
class Select:
    cond: "Expr"
    then: "Expr"
    other: "Expr"


@dataclass(frozen=True, slots=True)
class Cast:
    """An integer conversion; `bits` and `signed` describe the target type."""

    bits: int
    signed: bool
    operand: "Expr"


@dataclass(frozen=True, slots=True)
class Opaque:
    """Anything rapcc cannot evaluate: a memory load, a call, a float."""

    text: str
    reason: str = "not an integer expression"


@dataclass(frozen=True, slots=True)
class AfterLoop:
    """The value a loop-carried variable holds once `loop` has finished:
    `p` after `for (...) { ...; p ^= 1; }`. Known only when every lane leaves
    the loop after the same number of trips."""

    loop: "Loop"
    carried: "Carried"


Expr = Union[Const, Builtin, VarRef, BinOp, UnOp, Select, Cast, Opaque, AfterLoop]


@dataclass(frozen=True, slots=True)
class Carried:
    """A variable the loop body updates once per iteration (`p ^= 1`,
    `offset *= 2`): its value in iteration k is `start` stepped k times, and
    once more for code after the update (at byte offset `update_at`)."""

    var: str
    start: Expr
    step_op: str
    step: Expr
    update_at: int


@dataclass(frozen=True, slots=True)
class Loop:
    """A `for` loop enclosing an access, in the canonical form rapcc follows:
    `for (var = start; cond; var OP= step)` with OP in + - * / << >>."""

    var: str  # key of the induction variable
    start: Expr
    cond: Expr
    step_op: str
    step: Expr
    carried: tuple[Carried, ...] = ()


@dataclass(frozen=True, slots=True)
class Guard:
    """A branch condition that must hold (or fail, if `negated`) for the access
    to execute."""

    cond: Expr
    negated: bool = False


VarKind = Literal["param", "template_param", "local", "loop", "shared", "global"]


@dataclass(frozen=True, slots=True)
class VarDef:
    """What the front end knows of a variable's value.

    `init` is the single value the variable holds wherever it is read, or None
    when it is assigned more than once (and is not a loop induction variable).
    """

    key: str
    name: str
    kind: VarKind
    init: Expr | None
    signed: bool = True
    bits: int = 32


# ---------------------------------------------------------------------------
# Shared arrays and their uses
# ---------------------------------------------------------------------------

Dim = Union[int, str]  # constant-evaluated, or the spelling of a symbolic size


@dataclass(frozen=True, slots=True)
class SharedArray:
    key: str
    name: str
    function: str | None  # None for a file-scope __shared__ array
    decl: SourceRange  # the declarator's name token
    dims: tuple[Dim, ...]  # () for `extern T a[]`
    dim_ranges: tuple[SourceRange | None, ...]  # the text of each size, for padding
    elem_type: str
    elem_bytes: int  # 0 when the element type depends on a template parameter
    is_extern: bool
    decl_in_macro: bool = False
    dim_exprs: tuple["Expr | None", ...] = ()  # each size as an expression (symbolic sizes)


@dataclass(frozen=True, slots=True)
class Access:
    """A full subscript chain `a[i][j]` into a shared array."""

    array: str  # SharedArray.key
    function: str
    range: SourceRange  # the whole chain
    index_ranges: tuple[SourceRange, ...]  # each subscript's expression text
    indices: tuple[Expr, ...]
    kind: AccessKind
    width: int  # bytes moved per lane (a member access may move less than an element)
    offset: int  # byte offset of the member inside the element
    loops: tuple[Loop, ...]  # outermost first
    guards: tuple[Guard, ...]


@dataclass(frozen=True, slots=True)
class Escape:
    """A use of a shared array that is not a plain subscript chain."""

    array: str
    function: str | None
    range: SourceRange
    reason: str


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str
    is_global: bool
    range: SourceRange
    launch_bounds: int | None  # max threads per block from __launch_bounds__
    pragma_block_dim: tuple[int, int, int] | None  # from `#pragma rapcc block_dim(x, y, z)`
    template_params: tuple[str, ...] = ()
    # The template arguments the file launches it with: ((param key, value), ...) each.
    instantiations: tuple[tuple[tuple[str, int], ...], ...] = ()
    launch_block_dims: tuple[tuple[int, int, int], ...] = ()  # block shapes of its launches in the file


@dataclass(frozen=True, slots=True)
class TranslationUnitInfo:
    path: str
    source: bytes
    arrays: tuple[SharedArray, ...]
    accesses: tuple[Access, ...]
    escapes: tuple[Escape, ...]
    kernels: tuple[Kernel, ...]
    vars: dict[str, VarDef] = field(default_factory=dict)
    already_rewritten: bool = False  # the file carries rapcc's header
