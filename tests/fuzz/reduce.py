"""Shrink a kernel that shows a finding to a minimal one that still shows it.

A greedy delta reducer over the AST: drop statements, unwrap guards, loops'
bodies and #ifdef branches, shorten loops, simplify subscripts and load forms.
A candidate counts only when the original still keeps the generator's promises
(the interpreter raises GeneratorBug otherwise) and the finding persists.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from .check import Finding, check_batch, make_inputs, variants
from .gen import _exprs
from .interp import GeneratorBug, run
from .kast import (Bin, ConstMacro, Expr, For, If, IfDef, Input, Kernel, Let, Lit, Load, MacroCall, Min, Ref, SizeOf,
                   Stmt, Store, walk)


def _expr_variants(e: Expr) -> Iterator[Expr]:
    if not isinstance(e, Lit):
        yield Lit(0)
    if isinstance(e, Bin):
        yield e.lhs
        yield e.rhs
        for x in _expr_variants(e.lhs):
            yield Bin(e.op, x, e.rhs)
        for x in _expr_variants(e.rhs):
            yield Bin(e.op, e.lhs, x)
    elif isinstance(e, Min):
        yield e.a
        for x in _expr_variants(e.a):
            yield Min(x, e.b)
    elif isinstance(e, MacroCall):
        yield e.arg
    elif isinstance(e, Input):
        for x in _expr_variants(e.index):
            yield Input(x, e.mask)
    elif isinstance(e, Lit) and e.value > 1:
        yield Lit(e.value // 2)


def _ref_variants(r: Ref) -> Iterator[Ref]:
    for i, s in enumerate(r.subs):
        for x in _expr_variants(s):
            yield Ref(r.array, r.subs[:i] + (x,) + r.subs[i + 1:])


def _stmt_variants(s: Stmt) -> Iterator[tuple[Stmt, ...]]:
    """Replacements for one statement (each a tuple of statements)."""
    if isinstance(s, Load):
        if s.form != "plain":
            yield (Load(s.ref, "plain"),)
        for r in _ref_variants(s.ref):
            yield (replace(s, ref=r),)
    elif isinstance(s, Store):
        for r in _ref_variants(s.ref):
            yield (replace(s, ref=r),)
    elif isinstance(s, If):
        yield s.body
        for b in _block_variants(s.body):
            yield (If(s.cond, b),)
    elif isinstance(s, IfDef):
        yield s.then
        yield s.other
        for b in _block_variants(s.then):
            yield (IfDef(s.macro, b, s.other),)
        for b in _block_variants(s.other):
            yield (IfDef(s.macro, s.then, b),)
    elif isinstance(s, For):
        if s.trips > 1:
            yield (For(s.var, s.trips // 2, s.body),)
            yield (For(s.var, s.trips - 1, s.body),)
        for b in _block_variants(s.body):
            yield (For(s.var, s.trips, b),)
    elif isinstance(s, Let):
        for x in _expr_variants(s.value):
            yield (Let(s.name, x),)


def _block_variants(stmts: tuple[Stmt, ...]) -> Iterator[tuple[Stmt, ...]]:
    for i in range(len(stmts)):
        yield stmts[:i] + stmts[i + 1:]
    for i, s in enumerate(stmts):
        for rep in _stmt_variants(s):
            yield stmts[:i] + rep + stmts[i + 1:]


def prune(k: Kernel) -> Kernel:
    """Drop arrays and macros the body no longer uses."""
    exprs = list(_exprs(k.body))
    read = {s.ref.array for s in _all(k.body) if isinstance(s, Load)} | {s.array for s in _all(k.body) if isinstance(s, SizeOf)}
    arrays = tuple(a for a in k.arrays if a.name in read) or k.arrays
    names = {a.name for a in arrays}
    body = _filter(k.body, names)
    calls = {e.name for e in exprs if isinstance(e, MacroCall)}
    consts = {e.name for e in exprs if isinstance(e, ConstMacro)} | {m for a in arrays for m in a.dim_macros if m}
    return replace(k, arrays=arrays, body=body, fn_macros=tuple(m for m in k.fn_macros if m.name in calls),
                   const_macros=tuple(m for m in k.const_macros if m.name in consts))


def _all(stmts: tuple[Stmt, ...]) -> list[Stmt]:
    return list(walk(stmts))


def _filter(stmts: tuple[Stmt, ...], arrays: set[str]) -> tuple[Stmt, ...]:
    out: list[Stmt] = []
    for s in stmts:
        if isinstance(s, (Load, Store)) and s.ref.array not in arrays:
            continue
        if isinstance(s, For):
            s = For(s.var, s.trips, _filter(s.body, arrays))
        elif isinstance(s, If):
            s = If(s.cond, _filter(s.body, arrays))
        elif isinstance(s, IfDef):
            s = IfDef(s.macro, _filter(s.then, arrays), _filter(s.other, arrays))
        out.append(s)
    return tuple(out)


def valid(k: Kernel, seed: int) -> bool:
    """The original keeps the generator's promises (bounds, races, initialized reads)."""
    inputs = make_inputs(seed)
    try:
        for d in variants(k):
            run(k, None, inputs, d)
    except (GeneratorBug, KeyError, ValueError, AssertionError, IndexError):
        return False
    return True


def same_finding(f: Finding, seed: int) -> Callable[[Kernel], bool]:
    """Whether a kernel still shows a finding of f's kind under f's strategy."""
    compile_ = f.kind == "compile"

    def shows(k: Kernel) -> bool:
        try:
            return any(g.kind == f.kind for g in check_batch([k], seed, (f.strategy,), compile_))
        except Exception:
            return False
    return shows


def reduce_kernel(k: Kernel, shows: Callable[[Kernel], bool], seed: int, budget: int = 400) -> Kernel:
    """A smaller kernel for which `shows` still holds (greedy, at most `budget` candidates tried)."""
    tried = 0
    progress = True
    while progress and tried < budget:
        progress = False
        for body in _block_variants(k.body):
            cand = prune(replace(k, body=body))
            tried += 1
            if tried >= budget:
                break
            if valid(cand, seed) and shows(cand):
                k = cand
                progress = True
                break
    return prune(k)


def kernel_size(k: Kernel) -> int:
    return len(_all(k.body)) + sum(1 for _ in _exprs(k.body))

