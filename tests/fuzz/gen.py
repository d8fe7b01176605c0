"""Hypothesis strategies for random, well-formed, race-free kernels.

Every kernel fills each shared array completely (one writer per element,
ownership permuted per kernel), synchronizes, reads it through a random mix of
subscript patterns into a per-thread accumulator, and writes the accumulator to
its own output slots. Subscripts stay inside the array's flat extent by
construction (interval bounds below), but may leave a dimension on purpose:
flat walks `a[0][f]`, negative offsets from an interior row, late loop trips.
"""
from __future__ import annotations

from math import prod

from hypothesis import strategies as st

from .kast import (ELEM_TYPES, LOAD_FORMS, M32, ArrayDecl, Bin, ConstMacro, Emit, Expr, FnMacro, For, If, IfDef,
                   Input, Kernel, Let, Lit, Load, MacroCall, Min, Ref, SizeOf, Stmt, Store, Sync, Var, walk)

BLOCKS = ((32, 1), (32, 8), (16, 16), (64, 1), (128, 1), (32, 4), (8, 8))
DIM_SIZES = (2, 3, 4, 5, 8, 16, 17, 24, 31, 32, 33, 48, 64, 96, 128, 256)
MAX_BYTES = 16384

Ranges = dict[str, tuple[int, int]]


def bounds(e: Expr, r: Ranges) -> tuple[int, int]:
    """Inclusive bounds of e's value over the variables' ranges."""
    if isinstance(e, (Lit, ConstMacro)):
        return e.value, e.value
    if isinstance(e, Var):
        return r[e.name]
    if isinstance(e, Input):
        return 0, e.mask
    if isinstance(e, MacroCall):
        return bounds(e.body, {**r, "x": bounds(e.arg, r)})
    if isinstance(e, Min):
        (a, b), (c, d) = bounds(e.a, r), bounds(e.b, r)
        return min(a, c), min(b, d)
    (a, b), (c, d) = bounds(e.lhs, r), bounds(e.rhs, r)
    op = e.op
    if op == "+":
        return a + c, b + d
    if op == "-":
        return a - d, b - c
    if op == "*":
        p = (a * c, a * d, b * c, b * d)
        return min(p), max(p)
    assert a >= 0 and c >= 0, f"'{op}' on a value that may be negative"
    if op == "/":
        return a // d, b // max(c, 1)
    if op == "%":
        return 0, min(b, d - 1)
    if op == "&":
        return 0, min(b, d)
    if op in ("|", "^"):
        return 0, (1 << max(b, d).bit_length()) - 1
    if op == "<<":
        return a << c, b << d
    if op == ">>":
        return a >> d, b >> c
    return 0, 1


def _add(a: Expr, b: Expr) -> Expr:
    if isinstance(b, Lit) and b.value == 0:
        return a
    return Bin("+", a, b)


@st.composite
def affine(draw, r: Ranges, vars_: list[str]) -> Expr:
    """A nonnegative affine combination of 1-3 variables plus a constant."""
    chosen = draw(st.lists(st.sampled_from(vars_), min_size=1, max_size=min(3, len(vars_)), unique=True))
    e: Expr | None = None
    for v in chosen:
        c = draw(st.sampled_from((1, 1, 1, 2, 3, 4, 8, 16, 32, 33)))
        term: Expr = Var(v) if c == 1 else Bin("*", Var(v), Lit(c)) if draw(st.booleans()) else Bin("*", Lit(c), Var(v))
        e = term if e is None else Bin("+", e, term)
    assert e is not None
    return _add(e, Lit(draw(st.sampled_from((0, 0, 1, 3, 7, 16)))))


@st.composite
def wrap_into(draw, e: Expr, n: int, r: Ranges, macros: "MacroBox") -> Expr:
    """e (nonnegative) forced into [0, n): %, a mask, min, a shift, or a macro doing it."""
    pow2 = n & (n - 1) == 0
    kinds = ["mod", "min", "macro_mod", "const_macro_mod", "shift_mod"] + (["mask", "xor_mask"] if pow2 else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "mod":
        return Bin("%", e, Lit(n))
    if kind == "min":
        return Min(e, Lit(n - 1))
    if kind == "mask":
        return Bin("&", e, Lit(n - 1))
    if kind == "xor_mask":
        return Bin("&", Bin("^", e, Lit(draw(st.integers(1, 31)))), Lit(n - 1))
    if kind == "shift_mod":
        return Bin("%", Bin(">>", e, Lit(draw(st.integers(1, 3)))), Lit(n))
    if kind == "const_macro_mod":
        return Bin("%", e, macros.const(n))
    return macros.call(Bin("%", Var("x"), Lit(n)), e)


class MacroBox:
    """Names for the macros one kernel defines (unique per kernel)."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.consts: dict[int, ConstMacro] = {}
        self.fns: dict[str, FnMacro] = {}
        self.loads = 0

    def const(self, v: int) -> ConstMacro:
        return self.consts.setdefault(v, ConstMacro(f"{self.prefix.upper()}_N{v}", v))

    def call(self, body: Expr, arg: Expr) -> MacroCall:
        name = f"{self.prefix.upper()}_W{len(self.fns)}"
        for m in self.fns.values():
            if m.body == body:
                name = m.name
        self.fns.setdefault(name, FnMacro(name, "x", body))
        return MacroCall(name, arg, body)

    def load_name(self) -> str:
        self.loads += 1
        return f"{self.prefix.upper()}_L{self.loads}"


@st.composite
def index_into(draw, n: int, r: Ranges, vars_: list[str], macros: MacroBox) -> Expr:
    """A subscript always inside [0, n)."""
    kind = draw(st.sampled_from(("affine", "affine", "affine", "const", "data", "var")))
    if kind == "const" or not vars_:
        return Lit(draw(st.integers(0, n - 1)))
    if kind == "var":
        v = draw(st.sampled_from(vars_))
        e: Expr = Var(v)
    else:
        e = draw(affine(r, vars_))
    if kind == "data":
        e = Bin("+", e, Input(draw(affine(r, vars_)), draw(st.sampled_from((3, 15, 31, 255)))))
    if bounds(e, r)[1] >= n or kind == "data":
        e = draw(wrap_into(e, n, r, macros))
    lo, hi = bounds(e, r)
    assert 0 <= lo and hi < n, (e, lo, hi, n)
    return e


def strides(dims: tuple[int, ...]) -> list[int]:
    out = [1] * len(dims)
    for i in range(len(dims) - 2, -1, -1):
        out[i] = out[i + 1] * dims[i + 1]
    return out


@st.composite
def ref_for_read(draw, a: ArrayDecl, r: Ranges, vars_: list[str], macros: MacroBox) -> Ref:
    dims = a.dims
    kinds = ["in_dim", "in_dim", "flat"] + (["negative"] if len(dims) > 1 and dims[0] > 1 else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "in_dim" or not vars_:
        return Ref(a.name, tuple(draw(index_into(d, r, vars_, macros)) for d in dims))
    st_ = strides(dims)
    if kind == "flat":
        # leading subscripts fixed (mostly 0), the last walks past its dimension
        lead = [Lit(0) if draw(st.booleans()) or d == 1 else Lit(draw(st.integers(0, d - 1))) for d in dims[:-1]]
        base = sum(x.value * s for x, s in zip(lead, st_))
        room = a.size - base
        e = draw(affine(r, vars_))
        if bounds(e, r)[1] >= room:
            e = draw(wrap_into(e, room, r, macros))
        return Ref(a.name, tuple(lead) + (e,))
    # negative: an interior row (>= 1) and a column offset that may go below 0
    row = draw(st.integers(1, dims[0] - 1))
    lead = [Lit(row)] + [draw(index_into(d, r, vars_, macros)) for d in dims[1:-1]]
    col = draw(index_into(dims[-1], r, vars_, macros))
    off = draw(st.integers(1, dims[-1]))
    return Ref(a.name, tuple(lead) + (Bin("-", col, Lit(off)),))


class Ctx:
    def __init__(self, prefix: str, arrays: tuple[ArrayDecl, ...], block: tuple[int, int]):
        self.macros = MacroBox(prefix)
        self.arrays = arrays
        self.block = block
        self.names = 0

    def fresh(self, base: str) -> str:
        self.names += 1
        return f"{base}{self.names}"


@st.composite
def load_stmt(draw, ctx: Ctx, r: Ranges, vars_: list[str]) -> Stmt:
    a = draw(st.sampled_from(ctx.arrays))
    if draw(st.integers(0, 30)) == 0:
        return SizeOf(a.name)
    ref = draw(ref_for_read(a, r, vars_, ctx.macros))
    form = draw(st.sampled_from(LOAD_FORMS + ("plain",) * 4))
    name = ctx.fresh("p") if form == "alias" else ctx.macros.load_name() if form.startswith("macro") else ""
    return Load(ref, form, name)


@st.composite
def read_stmts(draw, ctx: Ctx, r: Ranges, vars_: list[str], depth: int, trips: int = 1) -> tuple[Stmt, ...]:
    """`trips`: how often the enclosing loops run these (kept small: the interpreter runs every trip)."""
    out: list[Stmt] = []
    for _ in range(draw(st.integers(1, 3))):
        kinds = ("load", "load", "load", "if", "ifdef", "let") if depth < 2 else ("load",)
        if depth < 2 and trips <= 16:
            kinds += ("for",)
        if depth == 0:
            kinds += ("late",)
        kind = draw(st.sampled_from(kinds))
        if kind == "load":
            out.append(draw(load_stmt(ctx, r, vars_)))
        elif kind == "for":
            v = ctx.fresh("k")
            n = draw(st.sampled_from((2, 3, 4, 8, 16, 32, 33, 40)))
            out.append(For(v, n, draw(read_stmts(ctx, {**r, v: (0, n - 1)}, vars_ + [v], depth + 1, trips * n))))
        elif kind == "late":
            # a long loop whose last trips index differently (past the replayed trips)
            v, j = ctx.fresh("k"), ctx.fresh("j")
            start = draw(st.sampled_from((64, 100, 128)))
            extra = draw(st.sampled_from((8, 16, 32)))
            body = (Let(j, Bin("-", Var(v), Lit(start))),) + draw(
                read_stmts(ctx, {**r, v: (start, start + extra - 1), j: (0, extra - 1)}, vars_ + [j], 2))
            out.append(For(v, start + extra, (If(Bin(">=", Var(v), Lit(start)), body),)))
        elif kind == "if":
            g = draw(st.sampled_from(("lt", "even", "data")))
            inner = dict(r)
            if g == "lt":
                v = draw(st.sampled_from(["tx", "ty"] if ctx.block[1] > 1 else ["tx"]))
                c = draw(st.integers(1, max(1, r[v][1])))
                cond: Expr = Bin("<", Var(v), Lit(c))
                inner[v] = (r[v][0], min(r[v][1], c - 1))
            elif g == "even":
                cond = Bin("==", Bin("&", Var("tx"), Lit(1)), Lit(0))
            else:
                cond = Bin("&", Input(Var("tid"), M32), Lit(1))
            out.append(If(cond, draw(read_stmts(ctx, inner, vars_, depth + 1, trips))))
        elif kind == "ifdef":
            m = f"{ctx.macros.prefix.upper()}_ALT{ctx.fresh('')}"
            out.append(IfDef(m, draw(read_stmts(ctx, r, vars_, depth + 1, trips)), draw(read_stmts(ctx, r, vars_, depth + 1, trips))))
        else:
            v = ctx.fresh("v")
            e = draw(affine(r, vars_))
            out.append(Let(v, e))
            r = {**r, v: bounds(e, r)}
            vars_ = vars_ + [v]
    return tuple(out)


@st.composite
def fill(draw, ctx: Ctx, a: ArrayDecl, salt: int) -> Stmt:
    """Every element written once: element k by thread perm^-1(k mod NT)."""
    nt = ctx.block[0] * ctx.block[1]
    j, k = ctx.fresh("f"), ctx.fresh("e")
    owner = draw(st.sampled_from(("tid", "xor", "mul")))
    start: Expr = Var("tid")
    if owner == "xor":
        start = Bin("^", Var("tid"), Lit(draw(st.integers(1, nt - 1))))
    elif owner == "mul":
        start = Bin("&", Bin("*", Var("tid"), Lit(draw(st.sampled_from((3, 5, 7, 33))))), Lit(nt - 1))
    style = draw(st.sampled_from(("full", "full", "flat")))
    if style == "flat" or len(a.dims) == 1:
        subs: tuple[Expr, ...] = tuple(Lit(0) for _ in a.dims[:-1]) + (Var(k),)
    else:
        st_ = strides(a.dims)
        subs = tuple(Bin("%", Bin("/", Var(k), Lit(s)), Lit(d)) if i else Bin("/", Var(k), Lit(s))
                     for i, (d, s) in enumerate(zip(a.dims, st_)))
        subs = subs[:-1] + (Bin("%", Var(k), Lit(a.dims[-1])),)
    value = Bin("^", Input(Bin("+", Bin("*", Var(k), Lit(7)), Lit(salt)), M32), Lit(salt * 2654435 & 0x7FFFFFFF))
    trips = -(-a.size // nt)
    body = (Let(k, Bin("+", start, Bin("*", Var(j), Lit(nt)))),
            If(Bin("<", Var(k), Lit(a.size)), (Store(Ref(a.name, subs), value),)))
    return For(j, trips, body)


@st.composite
def array_decl(draw, name: str, macros: MacroBox) -> ArrayDecl:
    elem = draw(st.sampled_from(tuple(ELEM_TYPES)))
    size = ELEM_TYPES[elem].size
    ndims = draw(st.sampled_from((1, 2, 2, 2, 3)))
    dims: list[int] = []
    for i in range(ndims):
        choices = [d for d in DIM_SIZES if d * prod(dims) * size <= MAX_BYTES // (2 ** (ndims - i - 1))]
        dims.append(draw(st.sampled_from(choices or [2])))
    spell = tuple(macros.const(d).name if draw(st.integers(0, 3)) == 0 else None for d in dims)
    return ArrayDecl(name, elem, tuple(dims), spell)


@st.composite
def kernel(draw, prefix: str) -> Kernel:
    block = draw(st.sampled_from(BLOCKS))
    ctx_arrays: list[ArrayDecl] = []
    macros = MacroBox(prefix)
    for i in range(draw(st.integers(1, 2))):
        ctx_arrays.append(draw(array_decl(f"{draw(st.sampled_from(('tile', 'buf', 'sm', 'cache')))}_{prefix}_{i}", macros)))
    ctx = Ctx(prefix, tuple(ctx_arrays), block)
    ctx.macros = macros
    r: Ranges = {"tx": (0, block[0] - 1), "ty": (0, block[1] - 1), "tid": (0, block[0] * block[1] - 1)}
    vars_ = ["tx", "tid"] + (["ty"] if block[1] > 1 else [])
    body: list[Stmt] = [draw(fill(ctx, a, 11 + i)) for i, a in enumerate(ctx.arrays)]
    body += [Sync(), *draw(read_stmts(ctx, r, vars_, 0)), Emit(0)]
    nout = 1
    if draw(st.booleans()):
        a = draw(st.sampled_from(ctx.arrays))
        body += [Sync(), draw(fill(ctx, a, 97)), Sync(), *draw(read_stmts(ctx, r, vars_, 0)), Emit(1)]
        nout = 2
    fn_macros = tuple(macros.fns.values())
    used = {e.name for e in _exprs(tuple(body)) if isinstance(e, ConstMacro)} | {m for a in ctx.arrays for m in a.dim_macros if m}
    consts = tuple(m for m in macros.consts.values() if m.name in used)
    return Kernel(f"fz_{prefix}", block, ctx.arrays, consts, fn_macros, tuple(body), nout, pragma=draw(st.integers(0, 3)) > 0)


def _exprs(stmts: tuple[Stmt, ...]):
    def sub(e: Expr):
        yield e
        if isinstance(e, Bin):
            yield from sub(e.lhs)
            yield from sub(e.rhs)
        elif isinstance(e, Min):
            yield from sub(e.a)
            yield from sub(e.b)
        elif isinstance(e, Input):
            yield from sub(e.index)
        elif isinstance(e, MacroCall):
            yield from sub(e.arg)
            yield from sub(e.body)
    for s in walk(stmts):
        roots: list[Expr] = []
        if isinstance(s, (Load,)):
            roots = list(s.ref.subs)
        elif isinstance(s, Store):
            roots = list(s.ref.subs) + [s.value]
        elif isinstance(s, Let):
            roots = [s.value]
        elif isinstance(s, If):
            roots = [s.cond]
        for e in roots:
            yield from sub(e)


@st.composite
def kernel_batch(draw, count: int) -> list[Kernel]:
    return [draw(kernel(f"k{i}")) for i in range(count)]
