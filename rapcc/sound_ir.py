"""Function bodies as the sound range analysis sees them: every statement and
expression kind clang produces maps to one node here, and what is not modelled
exactly maps to an explicit `Opaque` node.

The front end (`frontend/lower.py`) builds this IR from libclang; the analysis
(`analysis/absint.py`) interprets it. The contract between them is the
whitelist rule: a node other than `Opaque` promises that its semantics are the
ones `absint` gives it, exactly (C integer promotions, the usual arithmetic
conversions and wrap-around are spelled out as `Conv` nodes and `CType`s). An
`Opaque` node promises only the set of variables it may write and the shared
arrays it names; interpreting it makes those unknown, and an array named by
one is never rewritten.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# The integer type record is C's, not the IR's (cint.py); re-exported for the IR's users.
from .cint import BOOL as BOOL, INT as INT, UINT as UINT, CType as CType


class ValueKind(Enum):
    """What an expression computes, where it is not an integer."""

    INT = "int"  # `CType` set
    POINTER = "pointer"
    OTHER = "other"  # floating point, classes, void: never an index


@dataclass(frozen=True, slots=True)
class Ty:
    kind: ValueKind
    int_type: CType | None = None
    # For a pointer: the number of array dimensions its pointee spans
    # (`float (*)[33]` points at rows: 1; `float *`: 0); None when unknown.
    pointee_rank: int | None = None


OTHER = Ty(ValueKind.OTHER)


def int_ty(t: CType) -> Ty:
    return Ty(ValueKind.INT, t)


# ---- expressions ----

@dataclass(frozen=True, slots=True)
class Lit:
    value: int
    ty: Ty


@dataclass(frozen=True, slots=True)
class Unknown:
    """A value nothing is known of (a float, a load from global memory, a call's result)."""

    ty: Ty


@dataclass(frozen=True, slots=True)
class Var:
    key: str  # the declaration's key (frontend.exprs.decl_key)
    ty: Ty


@dataclass(frozen=True, slots=True)
class TemplateParam:
    """A non-type template parameter: bound per instance."""

    name: str
    ty: Ty


@dataclass(frozen=True, slots=True)
class Builtin:
    """threadIdx.x, blockIdx.y, blockDim.z, gridDim.x, warpSize."""

    name: str


@dataclass(frozen=True, slots=True)
class SharedRef:
    """The name of a `__shared__` array (it decays to a pointer to its first row)."""

    key: str
    offset: int  # where the name is written, for the coverage check


@dataclass(frozen=True, slots=True)
class Conv:
    """Conversion to `ty` (implicit or written): integers wrap to its width."""

    ty: Ty
    operand: "Expr"
    implicit: bool = False  # clang's own (an lvalue stays the same object); False for a written cast


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # - ~ ! + * (dereference) & (address of)
    operand: "Expr"
    ty: Ty
    start: int = 0
    end: int = 0


@dataclass(frozen=True, slots=True)
class Binary:
    """Operands already converted to their common type (clang's implicit casts are `Conv` nodes)."""

    op: str  # + - * / % << >> & | ^ < <= > >= == != && || ,
    lhs: "Expr"
    rhs: "Expr"
    ty: Ty


@dataclass(frozen=True, slots=True)
class Assign:
    """`target op= value`; op is '' for plain `=`. The result is the new value."""

    op: str
    target: "Expr"
    value: "Expr"
    ty: Ty  # the target's type


@dataclass(frozen=True, slots=True)
class Step:
    """++x, --x, x++, x--."""

    delta: int  # +1 or -1
    prefix: bool
    target: "Expr"
    ty: Ty


@dataclass(frozen=True, slots=True)
class Select:
    cond: "Expr"
    then: "Expr"
    other: "Expr"
    ty: Ty


@dataclass(frozen=True, slots=True)
class Subscript:
    """base[index]; `start`/`end` give the expression's source offsets."""

    base: "Expr"
    index: "Expr"
    ty: Ty
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Field:
    """`base.member` (`arrow`: `base->member`): a part of one element; never an index."""

    base: "Expr"
    arrow: bool
    ty: Ty
    start: int
    end: int
    # The member is an array: its one extent where it is 1-D and constant
    # (`v` of `struct { float v[2]; }`), 0 for any other array, None when the
    # member is not an array. A member array stays inside its element only
    # when subscripted within that extent (interpret.py).
    member_extent: int | None = None


class CallKind(Enum):
    USER = "user"  # a function defined in this file: interpreted
    MIN = "min"  # CUDA's integer min/max/abs overloads: exact
    MAX = "max"
    ABS = "abs"
    SYNC = "sync"  # barriers and fences: no effect on values
    ATOMIC = "atomic"  # a CUDA atomic (declared in the toolkit or rapcc's stand-ins): one element at its pointer
    BOUNDED = "bounded"  # a result known only to lie in [0, limit] (frontend/lower_intrinsics.py)
    ASYNC_COPY = "async_copy"  # memcpy_async: the bytes at its first shared pointer, counted by the argument two after it
    EXTERNAL = "external"  # anything else: an unknown result; a shared pointer passed to it escapes


@dataclass(frozen=True, slots=True)
class Call:
    kind: CallKind
    callee: str | None  # the function's key for USER
    args: tuple["Expr", ...]
    ty: Ty
    start: int
    end: int
    # Locals the call binds to a callee's plain `T &` (RefUse.PLAIN): it may
    # write them, though no `Assign` shows it (aliasing.written).
    writes: frozenset[str] = frozenset()
    limit: int | None = None  # BOUNDED: the largest result
    # BOUNDED: the value the prediction runs (never the proof): a cooperative
    # groups' `meta_group_rank()` as the linear thread index / N, as for a tile of the block.
    predicted: "Expr | None" = None


@dataclass(frozen=True, slots=True)
class Opaque:
    """An expression kind rapcc does not model: it may write `writes`, and
    names the shared arrays in `arrays` in ways no proof covers."""

    writes: frozenset[str]
    arrays: frozenset[str]
    reason: str  # the clang kind, for the report
    ty: Ty
    offset: int


Expr = (Lit | Unknown | Var | TemplateParam | Builtin | SharedRef | Conv | Unary | Binary | Assign | Step | Select
        | Subscript | Field | Call | Opaque)


# ---- statements ----

@dataclass(frozen=True, slots=True)
class Block:
    stmts: tuple["Stmt", ...]


@dataclass(frozen=True, slots=True)
class ExprStmt:
    expr: Expr


@dataclass(frozen=True, slots=True)
class Decl:
    key: str
    ty: Ty
    init: Expr | None
    # A reference used as more than its value (`(&x)[3]`, `x.v`, passed on):
    # `init` is the address it binds, which a shared element's makes an escape.
    reference: bool = False


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: "Stmt"
    other: "Stmt | None"


class LoopKind(Enum):
    FOR = "for"
    WHILE = "while"
    DO = "do"


@dataclass(frozen=True, slots=True)
class Loop:
    kind: LoopKind
    init: "Stmt | None"
    cond: Expr | None  # None: always true
    step: Expr | None
    body: "Stmt"


@dataclass(frozen=True, slots=True)
class Switch:
    cond: Expr
    body: "Stmt"


@dataclass(frozen=True, slots=True)
class Case:
    """`case value:` (value None for `default:`) labelling `stmt`."""

    value: int | None
    stmt: "Stmt"


@dataclass(frozen=True, slots=True)
class Break:
    pass


@dataclass(frozen=True, slots=True)
class Continue:
    pass


@dataclass(frozen=True, slots=True)
class Return:
    value: Expr | None


@dataclass(frozen=True, slots=True)
class Label:
    """A `goto` target: any state may arrive here."""

    name: str
    stmt: "Stmt"


@dataclass(frozen=True, slots=True)
class Goto:
    name: str


@dataclass(frozen=True, slots=True)
class OpaqueStmt:
    """A statement kind rapcc does not model (asm, range-for, try ...)."""

    writes: frozenset[str]
    arrays: frozenset[str]
    reason: str
    offset: int
    # Whether control may leave it other than by falling through (a jump
    # inside it): then every enclosing loop and the function's result are unknown too.
    jumps: bool = False


Stmt = (Block | ExprStmt | Decl | If | Loop | Switch | Case | Break | Continue | Return | Label | Goto | OpaqueStmt)


class RefUse(Enum):
    """How a function uses a parameter, as its callers' proofs need to know."""

    VALUE = "value"  # by value
    CONST = "const"  # `const T&`: read, never written
    PLAIN = "plain"  # `T&` only read and assigned as a whole: the caller's variable, written back
    ESCAPING = "escaping"  # a reference used any other way: the caller's variable is unknown
    # `T (&a)[32][33]` in a function whose body is exactly `return a[i0][i1];`
    # (full rank) and which returns `T &`: the element accessor rapcc emits
    # (lower_refs.array_accessor). The caller passes the array itself; the
    # returned reference is that element's place (run.py).
    ARRAY = "array"


@dataclass(frozen=True, slots=True)
class Param:
    key: str
    ty: Ty
    by_reference: bool
    ref: RefUse = RefUse.VALUE
    # RefUse.ARRAY: the extents of the array type it binds (the argument's must be these).
    array_dims: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Function:
    key: str
    name: str
    params: tuple[Param, ...]
    body: Stmt
    is_kernel: bool
    # Locals and parameters whose address or reference leaves an expression
    # (`&x`, a `T&` argument, a lambda's capture, an asm operand): every read
    # of one is unknown.
    escaped: frozenset[str]
    # Pointer locals that hold a shared array's address and the locals their
    # definitions read; `writes` counts each local's writes after its declaration.
    writes: tuple[tuple[str, int], ...]
    returns: Ty
    # Shared arrays named where they may be reached in ways no proof covers
    # (a lambda's body, a cast to another element type).
    escapes: tuple[tuple[str, str, int], ...]  # (array key, reason, offset)
    # It returns a reference (`float &cell(float *s, int i)`): its `return`
    # hands back a place, not a value (run.py).
    returns_ref: bool = False

    @property
    def accessor(self) -> bool:
        """`T &at(T (&a)[32][33], unsigned i0, unsigned i1) { return a[i0][map(i0, i1)]; }`:
        it returns the place of one element of the array bound to its `RefUse.ARRAY` parameter."""
        return self.returns_ref and any(p.ref == RefUse.ARRAY for p in self.params)


@dataclass(frozen=True, slots=True)
class SharedDecl:
    key: str
    name: str
    function: str | None  # None at file scope
    dims: tuple[Expr, ...]  # each extent; empty for `extern T a[]`
    offset: int
    is_extern: bool
    elem_bytes: int = 0  # 0 when unknown (a template's T)


@dataclass(frozen=True, slots=True)
class Instance:
    """One way a kernel runs: its template arguments and whether a launch of it is visible."""

    kernel: str
    arguments: tuple[tuple[str, int], ...]  # (("?", -1),): arguments rapcc cannot name
    launched: bool  # False for an instance known only from an explicit instantiation or a pointer
    at: int = 0  # where the file names an instance it does not show launched (0: nowhere in particular)


@dataclass(frozen=True, slots=True)
class Program:
    functions: tuple[Function, ...]
    arrays: tuple[SharedDecl, ...]
    instances: tuple[Instance, ...]
    # Functions whose address is taken or that other files may call (rdc):
    # what they reach is not fully seen.
    unseen_callers: frozenset[str]
    # Arrays named where no expression of this file shows (asm strings,
    # macro bodies, tokens no cursor explains): (key, reason, offset).
    hidden_names: tuple[tuple[str, str, int], ...]


def root_local(e: "Expr") -> str | None:
    """The local whose storage the lvalue `e` is part of (`x`, `st.f`), if any."""
    while True:
        if isinstance(e, Var):
            return e.key
        if isinstance(e, Field) and not e.arrow:
            e = e.base
        elif isinstance(e, Conv) and e.implicit:
            e = e.operand
        else:
            return None
