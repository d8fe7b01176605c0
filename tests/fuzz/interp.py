"""Run a fuzzer kernel for one whole block on the CPU, every lane at once.

Each expression is a NumPy vector over the block's threads; guards are lane
masks; loops have the same trips for every lane; `__syncthreads()` separates
phases. Shared memory is each array's physical buffer: the declared size the
text gives, indexed through the site's emitted helper or raw (see layout.py).
Run on the original layout, the interpreter also checks the generator's
promises: every access in bounds, no element written twice or written and read
by one phase, no read of an element never written.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .kast import (ELEM_TYPES, M32, NIN, Bin, ConstMacro, Emit, Expr, For, If, IfDef, Input, Kernel, Let, Lit,
                   Load, MacroCall, Min, Ref, SizeOf, Store, Stmt, Sync, Var)
from .layout import Access, ArrayLayout

POISON = 0x5EED0000


class GeneratorBug(Exception):
    """The original kernel broke a promise of the generator (races, bounds)."""


@dataclass(frozen=True, slots=True)
class Run:
    out: np.ndarray  # uint32, threads * nout
    faults: tuple[str, ...]  # accesses outside the physical array (rewrite only)


def _cdiv(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if np.any(b == 0):
        raise GeneratorBug("division by zero")
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _binop(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return _cdiv(a, b)
    if op == "%":
        return a - _cdiv(a, b) * b
    if op == "&":
        return a & b
    if op == "|":
        return a | b
    if op == "^":
        return a ^ b
    if op == "<<":
        return a << b
    if op == ">>":
        return a >> b
    if op == "<":
        return (a < b).astype(np.int64)
    if op == ">=":
        return (a >= b).astype(np.int64)
    if op == "==":
        return (a == b).astype(np.int64)
    raise ValueError(op)


class _Machine:
    def __init__(self, k: Kernel, layouts: dict[str, ArrayLayout] | None, inputs: np.ndarray,
                 defines: frozenset[str]):
        self.k = k
        self.original = layouts is None
        self.layouts = layouts or {a.name: ArrayLayout(a.name, a.dims) for a in k.arrays}
        self.inputs = inputs.astype(np.int64)
        self.defines = defines
        n = k.threads
        tid = np.arange(n, dtype=np.int64)
        self.env: dict[str, np.ndarray] = {"tx": tid % k.block[0], "ty": tid // k.block[0], "tid": tid}
        self.acc = np.zeros(n, dtype=np.int64)
        self.out = np.full(n * k.nout, 0xDEADBEEF, dtype=np.int64)
        self.mem = {name: POISON | np.arange(lay.size, dtype=np.int64) for name, lay in self.layouts.items()}
        self.written = {name: np.zeros(lay.size, dtype=bool) for name, lay in self.layouts.items()}
        self.phase_w = {name: np.zeros(lay.size, dtype=bool) for name, lay in self.layouts.items()}
        self.phase_r = {name: np.zeros(lay.size, dtype=bool) for name, lay in self.layouts.items()}
        self.faults: list[str] = []

    # ---------------------------------------------------------------- values
    def ev(self, e: Expr) -> np.ndarray:
        n = self.k.threads
        if isinstance(e, Lit):
            return np.full(n, e.value, dtype=np.int64)
        if isinstance(e, Var):
            return self.env[e.name]
        if isinstance(e, ConstMacro):
            return np.full(n, e.value, dtype=np.int64)
        if isinstance(e, Bin):
            return _binop(e.op, self.ev(e.lhs), self.ev(e.rhs))
        if isinstance(e, Min):
            return np.minimum(self.ev(e.a), self.ev(e.b))
        if isinstance(e, Input):
            return self.inputs[self.ev(e.index) & (NIN - 1)] & e.mask
        if isinstance(e, MacroCall):
            saved = self.env.get("x")
            arg = self.ev(e.arg)
            self.env["x"] = arg
            try:
                return self.ev(e.body)
            finally:
                if saved is None:
                    del self.env["x"]
                else:
                    self.env["x"] = saved
        raise TypeError(e)

    # ---------------------------------------------------------------- memory
    def site(self, array: str, kind: str, path: tuple) -> Access:
        lay = self.layouts[array]
        return Access() if self.original else lay.sites.get((kind, path), Access())

    def flat(self, r: Ref, acc: Access) -> np.ndarray:
        lay = self.layouts[r.array]
        idx = [self.ev(s) for s in r.subs]
        if acc.fn is not None:
            idx[-1] = acc.fn(*idx)
        dims = lay.phys_dims
        out = idx[0]
        for d, i in zip(dims[1:], idx[1:]):
            out = out * d + i
        return out

    def check(self, array: str, flat: np.ndarray, mask: np.ndarray, what: str) -> np.ndarray:
        size = self.layouts[array].size
        bad = mask & ((flat < 0) | (flat >= size))
        if bad.any():
            lane = int(np.argmax(bad))
            msg = f"{what} of '{array}' by thread {lane} at element {int(flat[lane])} outside [0, {size})"
            if self.original:
                raise GeneratorBug(msg)
            self.faults.append(msg)
        return np.clip(flat, 0, size - 1)

    def load(self, array: str, flat: np.ndarray, mask: np.ndarray) -> None:
        flat = self.check(array, flat, mask, "read")
        f = flat[mask]
        if self.original:
            if not self.written[array][f].all():
                raise GeneratorBug(f"read of '{array}' before it is written")
            self.phase_r[array][f] = True
        self.acc[mask] = (self.acc[mask] * 31 + self.mem[array][f]) & M32

    def exec_load(self, s: Load, path: tuple, mask: np.ndarray) -> None:
        r = s.ref
        if s.form in ("alias", "call"):
            followed = None if self.original else self.layouts[r.array].sites.get(("use", path))
            if followed is not None:  # rapcc rewrote the alias's (or callee's) subscript: the whole chain is mapped
                self.load(r.array, self.flat(r, followed), mask)
                return
            base_ref = Ref(r.array, r.subs[:-1] + (Lit(0),)) if len(r.subs) > 1 else Ref(r.array, (Lit(0),))
            acc = self.site(r.array, "base", path)
            if len(r.subs) == 1:
                acc = Access()  # `a` decays to the start of the buffer whatever the mapping
            base = self.flat(base_ref, acc)
            self.load(r.array, base + self.ev(r.subs[-1]), mask)
            return
        kind = "macro_body" if s.form == "macro_body" else "ref"
        self.load(r.array, self.flat(r, self.site(r.array, kind, path)), mask)

    def exec_store(self, s: Store, path: tuple, mask: np.ndarray) -> None:
        name = s.ref.array
        flat = self.check(name, self.flat(s.ref, self.site(name, "ref", path)), mask, "write")
        f = flat[mask]
        if self.original:
            if self.phase_w[name][f].any() or np.unique(f).size != f.size:
                raise GeneratorBug(f"two writes of one element of '{name}' in one phase")
            self.phase_w[name][f] = True
            self.written[name][f] = True
        fold = ELEM_TYPES[self.k.array(name).elem].fold_of
        self.mem[name][f] = fold(self.ev(s.value)[mask] & M32)

    def sync(self) -> None:
        for name in self.layouts:
            if self.original and (self.phase_w[name] & self.phase_r[name]).any():
                raise GeneratorBug(f"'{name}' is written and read in one phase")
            self.phase_w[name][:] = False
            self.phase_r[name][:] = False

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple[Stmt, ...], path: tuple, mask: np.ndarray) -> None:
        for i, s in enumerate(stmts):
            self.stmt(s, path + (i,), mask)

    def stmt(self, s: Stmt, path: tuple, mask: np.ndarray) -> None:
        if isinstance(s, Load):
            self.exec_load(s, path, mask)
        elif isinstance(s, SizeOf):
            lay = self.layouts[s.array]
            value = lay.size * ELEM_TYPES[self.k.array(s.array).elem].size
            self.acc[mask] = (self.acc[mask] * 31 + value) & M32
        elif isinstance(s, Store):
            self.exec_store(s, path, mask)
        elif isinstance(s, Let):
            self.env[s.name] = np.where(mask, self.ev(s.value), self.env.get(s.name, 0))
        elif isinstance(s, For):
            for t in range(s.trips):
                self.env[s.var] = np.full(self.k.threads, t, dtype=np.int64)
                self.block(s.body, path, mask)
        elif isinstance(s, If):
            self.block(s.body, path, mask & (self.ev(s.cond) != 0))
        elif isinstance(s, IfDef):
            if s.macro in self.defines:
                self.block(s.then, path + (0,), mask)
            else:
                self.block(s.other, path + (1,), mask)
        elif isinstance(s, Sync):
            self.sync()
        elif isinstance(s, Emit):
            tid = self.env["tid"]
            self.out[tid[mask] * self.k.nout + s.slot] = self.acc[mask]
            self.acc[mask] = 0
        else:
            raise TypeError(s)


def run(k: Kernel, layouts: dict[str, ArrayLayout] | None, inputs: np.ndarray,
        defines: frozenset[str] = frozenset()) -> Run:
    """Outputs of one block of `k`: with the declared layout (layouts None) or with `layouts` read from a rewrite."""
    m = _Machine(k, layouts, inputs, defines)
    m.block(k.body, (), np.ones(k.threads, dtype=bool))
    m.sync()
    return Run(m.out.astype(np.uint32), tuple(m.faults))
