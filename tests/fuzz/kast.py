"""The fuzzer's kernel AST: frozen dataclasses for the small CUDA subset the
generator emits, the renderer prints and the interpreter runs.

Values are C `int` (index arithmetic) or the kernel's `unsigned` accumulator.
Every element type has a device constructor `fz_mk_T(unsigned)` and a fold
`fz_fold_T(T) -> unsigned`; a load is only ever folded into the accumulator,
so the interpreter stores each element as `fold(mk(v))`, computed exactly
(`ElemType.fold_of`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

M32 = 0xFFFFFFFF
NIN = 4096  # words of global input; data-dependent parts read in[(e) & (NIN - 1)]


@dataclass(frozen=True, slots=True)
class ElemType:
    name: str  # the C spelling
    size: int  # bytes
    fold_of: Callable[[int], int]  # fz_fold_T(fz_mk_T(v)) for a u32 v


def _f4(v: int) -> int:
    return v  # four bytes of v, one per float component, reassembled exactly


def _i4(v: int) -> int:
    x, y, z, w = v, (v >> 8) & 0xFFFFFF, (v >> 16) & 0xFFFF, v >> 24
    return (x ^ (y << 1) ^ (z << 2) ^ (w << 3)) & M32


def _s16(v: int) -> int:
    a, b, c, d = v, (v * 3) & M32, ~v & M32, v ^ 0x1234
    return (a + 5 * b + 7 * c + 11 * d) & M32


ELEM_TYPES: dict[str, ElemType] = {t.name: t for t in (
    ElemType("char", 1, lambda v: v & 0xFF),
    ElemType("short", 2, lambda v: v & 0xFFFF),
    ElemType("int", 4, lambda v: v),
    ElemType("float", 4, lambda v: v & 0xFFFFFF),
    ElemType("double", 8, lambda v: v),
    ElemType("float2", 8, lambda v: v),
    ElemType("float4", 16, _f4),
    ElemType("int4", 16, _i4),
    ElemType("fz_s16", 16, _s16),
)}

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Lit:
    value: int


@dataclass(frozen=True, slots=True)
class Var:
    name: str  # tx, ty, tid, a loop variable or a local


@dataclass(frozen=True, slots=True)
class Bin:
    op: str  # + - * / % & | ^ << >> < >= ==
    lhs: "Expr"
    rhs: "Expr"


@dataclass(frozen=True, slots=True)
class Min:
    a: "Expr"
    b: "Expr"


@dataclass(frozen=True, slots=True)
class Input:
    """(int)(in[(index) & (NIN - 1)] & mask): a data-dependent part."""
    index: "Expr"
    mask: int


@dataclass(frozen=True, slots=True)
class ConstMacro:
    """A `#define NAME value` constant, spelled by name."""
    name: str
    value: int


@dataclass(frozen=True, slots=True)
class MacroCall:
    """`NAME(arg)` of `#define NAME(x) body` with `body` over Var('x')."""
    name: str
    arg: "Expr"
    body: "Expr"


Expr = Union[Lit, Var, Bin, Min, Input, ConstMacro, MacroCall]

# -------------------------------------------------------------- array uses


@dataclass(frozen=True, slots=True)
class ArrayDecl:
    name: str
    elem: str  # key of ELEM_TYPES
    dims: tuple[int, ...]
    dim_macros: tuple[str | None, ...]  # a `#define` spelling of each size, or None for a literal

    @property
    def size(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n


@dataclass(frozen=True, slots=True)
class Ref:
    """`a[s0][s1]...` with one subscript per dimension."""
    array: str
    subs: tuple[Expr, ...]


# How a load is spelled; every form folds one element into the accumulator.
#   plain:      acc = acc * 31u + fz_fold_T(a[..]);
#   macro_arg:  acc = acc * 31u + FOLD(a[..]);          (#define FOLD(x) fz_fold_T(x))
#   macro_body: acc = acc * 31u + AT(s0, s1);           (#define AT(i, j) fz_fold_T(a[i][j]))
#   alias:      { const T *p = &a[..first dims..][0]; acc = acc * 31u + fz_fold_T(p[last]); }
#   call:       acc = acc * 31u + fz_rd_T(&a[..first dims..][0], last);
LOAD_FORMS = ("plain", "macro_arg", "macro_body", "alias", "call")


@dataclass(frozen=True, slots=True)
class Load:
    ref: Ref
    form: str = "plain"
    macro: str = ""  # the macro's name for macro_arg / macro_body, a pointer's name for alias


@dataclass(frozen=True, slots=True)
class SizeOf:
    """acc = acc * 31u + (unsigned)sizeof(a);"""
    array: str


@dataclass(frozen=True, slots=True)
class Store:
    """a[..] = fz_mk_T(value);"""
    ref: Ref
    value: Expr


@dataclass(frozen=True, slots=True)
class Let:
    """int name = value;  (a fresh local, assigned once)"""
    name: str
    value: Expr


@dataclass(frozen=True, slots=True)
class For:
    """for (int var = 0; var < trips; ++var) body  -- the same trips for every lane."""
    var: str
    trips: int
    body: tuple["Stmt", ...]


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True, slots=True)
class IfDef:
    """#ifdef macro / then / #else / other / #endif"""
    macro: str
    then: tuple["Stmt", ...]
    other: tuple["Stmt", ...]


@dataclass(frozen=True, slots=True)
class Sync:
    pass


@dataclass(frozen=True, slots=True)
class Emit:
    """out[tid * nout + slot] = acc; acc = 0;"""
    slot: int


Stmt = Union[Load, SizeOf, Store, Let, For, If, IfDef, Sync, Emit]


@dataclass(frozen=True, slots=True)
class FnMacro:
    name: str
    param: str
    body: Expr


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str
    block: tuple[int, int]
    arrays: tuple[ArrayDecl, ...]
    const_macros: tuple[ConstMacro, ...]
    fn_macros: tuple[FnMacro, ...]  # index macros used in subscripts
    body: tuple[Stmt, ...]
    nout: int
    pragma: bool = True  # block shape from `#pragma rapcc block_dim`, else from a launch in the file

    @property
    def threads(self) -> int:
        return self.block[0] * self.block[1]

    def array(self, name: str) -> ArrayDecl:
        return next(a for a in self.arrays if a.name == name)


def walk(stmts: tuple[Stmt, ...]):
    """Every statement, depth first, in source order (both #ifdef branches)."""
    for s in stmts:
        yield s
        if isinstance(s, (For, If)):
            yield from walk(s.body)
        elif isinstance(s, IfDef):
            yield from walk(s.then)
            yield from walk(s.other)


def ifdef_macros(k: Kernel) -> tuple[str, ...]:
    return tuple(sorted({s.macro for s in walk(k.body) if isinstance(s, IfDef)}))
