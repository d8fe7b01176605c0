"""The front end's output: plain, frozen dataclasses that the rest of rapcc reads.

Only `rapcc.frontend` builds these from libclang cursors; every later stage
(analysis, planning, rewriting, verification) sees nothing but this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Callable, Literal, Union

if TYPE_CHECKING:
    from . import sound_ir

# "copy": an asynchronous copy into the element (memcpy_async, LDGSTS): a store
# that Nsight Compute's shared load/store counters do not count.
AccessKind = Literal["load", "store", "update", "atomic", "copy"]


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
    """Anything rapcc cannot evaluate: a memory load, a call, a float.
    `bits`/`signed` give its integer type when it has one (0: none), which
    bounds the value: an `unsigned char` load is in [0, 255]."""

    text: str
    reason: str = "not an integer expression"
    bits: int = 0
    signed: bool = True
    # The same value in every lane of the block (a `__shared__` scalar every
    # thread reads): the sampler tries representative values, as for a
    # kernel parameter.
    uniform: bool = False


@dataclass(frozen=True, slots=True)
class AfterLoop:
    """The value a loop-carried variable holds once `loop` has finished:
    `p` after `for (...) { ...; p ^= 1; }`. Known only when every lane leaves
    the loop after the same number of trips."""

    loop: "Loop"
    carried: "Carried"


Expr = Union[Const, Builtin, VarRef, BinOp, UnOp, Select, Cast, Opaque, AfterLoop]

# The thread's rank in its block and the block's size, flattened x fastest as
# cooperative groups number threads (`cta.thread_rank()`, `cta.size()`). They
# read every axis, yet say nothing about the block's shape: a warp is 32
# consecutive ranks whatever the shape.
LINEAR_THREAD: Expr = Cast(32, False, BinOp("+", BinOp("*", BinOp("+", BinOp("*", Builtin("threadIdx.z"),
                                                                                Builtin("blockDim.y")),
                                                                     Builtin("threadIdx.y")),
                                                       Builtin("blockDim.x")),
                                             Builtin("threadIdx.x")))
BLOCK_SIZE: Expr = Cast(32, False, BinOp("*", BinOp("*", Builtin("blockDim.x"), Builtin("blockDim.y")),
                                         Builtin("blockDim.z")))


@dataclass(frozen=True, slots=True)
class Carried:
    """A variable the loop body updates once per iteration (`p ^= 1`,
    `offset *= 2`): its value in iteration k is `start` stepped k times, and
    once more for code after the update (at byte offset `update_at`). With
    `step_op` "=", `step` is the new value itself, read from the old one
    (`pos = (pos + 4) & 63`)."""

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
    # Its body ends every trip at a block barrier: `__syncthreads();` among the
    # body's own statements (frontend/barriers.py). Each trip is then a phase
    # (the planner's latency rule, rapcc/latency.py; `Access.in_phase`).
    barrier: bool = False


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
    # For a pointer that takes the launch's dynamic shared memory from a helper
    # (`T *sdata = SharedMemory<T>();`, see frontend/providers.py): the call.
    # The pointer is then analysed as `extern __shared__ T sdata[]`.
    provider: str | None = None
    # alignof the element type (0 when unknown), and, for a declaration of one
    # array of a class spelled as a plain (qualified) name, that name's text:
    # what element padding (strategies/elempad.py) may wrap. None: any other spelling.
    elem_align: int = 0
    elem_type_range: SourceRange | None = None


@dataclass(frozen=True, slots=True)
class Via:
    """How an access spelled through a pointer alias reaches its array:
    `p[i]` with `float *p = s + k` is `s[k + i]`, `row[i]` with
    `float *row = tile[r]` is `tile[r][i]`. The texts are the alias
    initializer's, re-evaluable wherever the alias is used."""

    base: str  # the array's name
    lead: tuple[str, ...]  # texts of the leading subscripts the alias fixes
    offset: str | None  # text added to the first subscript spelled at the use


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
    text: str = ""  # the chain as written, for diagnostics
    via: Via | None = None  # set when spelled through a pointer alias
    # Its innermost loop (`loops[-1]`) ends every trip at a barrier, and no loop
    # rapcc does not follow lies between that loop and the access: it runs once
    # per barrier-separated phase (rapcc/latency.py).
    in_phase: bool = False
    # Set inside a `__device__` function called with different arrays in this
    # parameter: the key of that function, which the rewrite clones per array.
    clone_of: str | None = None
    # The chain is the object of a member access spelled right after it
    # (`s[i].x`): appending `.v` to it (element padding) reads the same field.
    member: bool = False


class EscapeKind(Enum):
    OTHER = "other"
    ALREADY_REWRITTEN = "already_rewritten"  # passed to one of rapcc's own index helpers (its output)


@dataclass(frozen=True, slots=True)
class Escape:
    """A use of a shared array that is not a plain subscript chain."""

    array: str
    function: str | None
    range: SourceRange
    reason: str  # for the report; decisions read `kind`
    # The use is also an Access (a subscript chain spelled in a macro body):
    # rapcc predicts it but cannot edit its text, so the array stays as written.
    seen: bool = False
    kind: EscapeKind = EscapeKind.OTHER


@dataclass(frozen=True, slots=True)
class Clone:
    """A `__device__` function whose calls pass different shared arrays in one
    parameter (`scan1(s_a, ...)` in one kernel, `scan1(s_b, ...)` in another):
    a rewritten array gets its own copy of the function, with the array's
    mapping in the copy's subscripts and its calls renamed to the copy."""

    array: str  # the array this copy is for (SharedArray.key)
    callee: str  # the function's key
    name: str  # the function's name
    definition: SourceRange  # its whole definition
    name_at: SourceRange  # its name in the definition
    calls: tuple[SourceRange, ...]  # the called name at each call passing this array


@dataclass(frozen=True, slots=True)
class Alias:
    """A name that stands for (part of) a shared array: a local pointer
    `float *p = s + k` or a `__device__` function's parameter bound to the
    array by every call. Each spelling of `name` in its scope must be its
    declaration or inside an access of the array; `bindings` are the texts
    that spell the array to bind it (the initializer, the call arguments)."""

    array: str  # SharedArray.key
    name: str
    decl: SourceRange  # the name token of its declaration
    bindings: tuple[SourceRange, ...]
    spellings: tuple[int, ...]  # offsets of every token spelling `name` in its scope


@dataclass(frozen=True, slots=True)
class InactiveUse:
    """A spelling of a shared array's name in a preprocessor branch the parse
    did not take (`#ifdef ROWWISE ... #else`): a build with other `-D` flags
    compiles it, so it must stay valid under the new layout."""

    array: str  # SharedArray.key
    range: SourceRange  # the name token
    directive: SourceRange  # the `#if`/`#ifdef`/`#elif`/`#else` line that opens the branch
    macros: tuple[str, ...]  # the macros the enclosing conditions test
    subscripts: int  # `[...]` groups that follow the name
    # Why the use depends on the array's size or address rather than an element
    # (`sizeof`, `&`, decay to a pointer, a declaration), or None.
    sized: str | None = None
    macro_body: bool = False  # spelled in a `#define` body: `directive` is that line
    # Set by the pipeline once the branch was parsed with its macros flipped:
    # whether the subscript is proved inside its dimensions there, and why not.
    proved: bool | None = None
    unproved: str | None = None


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str
    is_global: bool
    range: SourceRange
    launch_bounds: int | None  # max threads per block from __launch_bounds__
    pragma_block_dim: tuple[int, int, int] | None  # from `#pragma rapcc block_dim(x, y, z)`
    # The template arguments the file launches it with: ((param key, value), ...) each.
    instantiations: tuple[tuple[tuple[str, int], ...], ...] = ()
    launch_block_dims: tuple[tuple[int, int, int], ...] = ()  # block shapes of its launches in the file
    # Why some launch's block shape is unknown (frontend/host_values.py), one line each.
    launch_unknown: tuple[str, ...] = ()
    launch_bound: int | None = None  # the most threads those unknown launches may have, where known
    # Each template instantiation's own launch shapes: ((instantiation, (shape, ...)), ...).
    instance_block_dims: tuple[tuple[tuple[tuple[str, int], ...], tuple[tuple[int, int, int], ...]], ...] = ()
    # The dynamic shared memory bytes its launches may ask for (`<<<g, b, smem>>>`,
    # cudaLaunchKernel's smem, `cfg.dynamicSmemBytes`), each value once, in source
    # order; None where some launch's bytes are unknown (frontend/host_calls.py).
    # () where no launch is seen: the bytes are then unknown too.
    launch_dynamic_smem: tuple[int | None, ...] = ()
    # (block shape, blocks in its grid) of each launch the file's host code reads;
    # None where that launch's grid is not known. The planner's latency rule
    # (rapcc/latency.py) charges a mapping's dependent instructions by the fewest.
    launch_grids: tuple[tuple[tuple[int, int, int], int | None], ...] = ()
    # A free `__device__` function's callers (function names), where every use
    # of it is a call from a free function of this file (no -rdc, no including
    # unit, no address taken); None where they are not all known.
    callers: tuple[str, ...] | None = None
    # A `__global__` function of external linkage: another translation unit may
    # declare it and launch it (nvcc needs no -rdc for a host-side launch).
    external: bool = False
    # The premise of a single-file run (pipeline.Options.whole_program off): an
    # external kernel may be launched by files rapcc did not read, with any
    # shape and any dynamic shared memory. Its layouts then apply only under
    # the shapes proved, behind a test of blockDim (analysis/guards.py).
    launched_elsewhere: bool = False


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment of the main file (text without the `//` or `/* */`)."""

    line: int  # line of its start
    end_line: int
    text: str


@dataclass(frozen=True, slots=True)
class LayoutPragma:
    """`#pragma rapcc layout(array, strategy)`: the strategy the user fixes for
    the next declaration of `array`."""

    array: str
    strategy: str
    range: SourceRange


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
    inactive: tuple[InactiveUse, ...] = ()
    # Every token spelling each array's name in its scope, active or skipped
    # code (SharedArray.key -> byte offsets): what the verifier accounts for.
    spellings: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Function name -> the integer macros its text names, with this parse's values.
    macro_values: dict[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    comments: tuple[Comment, ...] = ()
    layout_pragmas: tuple[LayoutPragma, ...] = ()
    aliases: tuple[Alias, ...] = ()
    clones: tuple[Clone, ...] = ()
    # Byte spans of the `#pragma rapcc ...` directives, which the build hook
    # blanks in what it compiles (nvcc warns about pragmas it does not know).
    rapcc_pragmas: tuple[tuple[int, int], ...] = ()
    # In rapcc's own output: byte spans of the `#line N "this file"` it wrote,
    # which a rewrite in place drops (the file written in place is the source).
    own_line_directives: tuple[tuple[int, int], ...] = ()
    # The function bodies as the sound range analysis reads them, lowered on
    # first use (only when some layout is planned): a `sound_ir.Program`.
    sound: Callable[[], sound_ir.Program] | None = field(default=None, compare=False)
