"""What an access's subscripts, guards and loop bounds read, through the
function's local definitions: which loops can be collapsed to one trip, which
carried values decide the indices, whether blockIdx or data (a load, a call,
a local assigned in ways rapcc does not follow) is read. Pure queries over
the IR; the replay (`warps.py`) asks them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .. import ir


def reaches(expr: ir.Expr, vars: dict[str, ir.VarDef], hit: Callable[[ir.Expr], bool]) -> bool:
    """Whether `hit` holds for a leaf of `expr`, through local definitions.

    Each definition and each shared subexpression is walked once per call:
    definitions that read each other (`b = a + a; c = b + b; ...`) form a DAG
    that a plain recursion walks once per path, exponentially many (issue 20:
    110 million calls on one file). A definition being walked counts as
    reaching nothing when met again through a cycle; that is exact for the
    answer, since a hit below it makes the outer walk true anyway."""
    done: dict[int, bool] = {}  # id of a node (a definition's init included) -> its answer
    walking: set[str] = set()

    def walk(e: ir.Expr) -> bool:
        if hit(e):
            return True
        if isinstance(e, ir.VarRef):
            d = vars.get(e.key)
            if d is None or d.init is None or e.key in walking:
                return False
            walking.add(e.key)
            try:
                return walk(d.init)
            finally:
                walking.discard(e.key)
        if not isinstance(e, (ir.Cast, ir.UnOp, ir.BinOp, ir.Select)):
            return False
        known = done.get(id(e))
        if known is None:
            if isinstance(e, (ir.Cast, ir.UnOp)):
                known = walk(e.operand)
            elif isinstance(e, ir.BinOp):
                known = walk(e.lhs) or walk(e.rhs)
            else:
                known = walk(e.cond) or walk(e.then) or walk(e.other)
            done[id(e)] = known
        return known

    return walk(expr)


def reads(expr: ir.Expr, keys: frozenset[str], vars: dict[str, ir.VarDef]) -> bool:
    """Whether `expr` reads any variable in `keys` (a value after a loop: always,
    so that no loop around it is collapsed)."""
    return reaches(expr, vars, lambda e: (isinstance(e, ir.VarRef) and e.key in keys) or isinstance(e, ir.AfterLoop))


def collapsible(access: ir.Access, depth: int, vars: dict[str, ir.VarDef]) -> bool:
    """Whether nothing inside loop `depth` reads its variable or carried values:
    its trips then all see the same indices, and one visit covers them."""
    loop = access.loops[depth]
    keys = frozenset([loop.var] + [c.var for c in loop.carried])
    inner: list[ir.Expr] = list(access.indices) + [g.cond for g in access.guards]
    for lp in access.loops[depth + 1:]:
        inner += [lp.start, lp.cond, lp.step] + [e for c in lp.carried for e in (c.start, c.step)]
    return not any(reads(e, keys, vars) for e in inner)


def sampled_loops(access: ir.Access, vars: dict[str, ir.VarDef]) -> tuple[ir.Loop, ...]:
    """The access's loops as the sampler steps them: a loop nothing inside reads
    whose bounds or step are data (`for (i = edges[n]; ...)` or `while (off < next)`
    around `q_len[0]`) runs from 0 to an unknown bound: 4 replayed trips,
    weighted as ASSUMED_TRIPS."""
    out = []
    for k, lp in enumerate(access.loops):
        if lp.carried:
            # A carried value nothing here reads (the SDK histogram's `sum +=
            # s_Hist[...]`, stepped by data) does not decide the indices.
            lp = replace(lp, carried=read_carried(access, k, vars))
        bounds = [lp.start, lp.cond, lp.step] + [c.start for c in lp.carried]
        if collapsible(access, k, vars) and any(reads_data(e, vars) for e in bounds):
            lp = ir.Loop(lp.var, ir.Const(0), ir.Opaque(lp.var.split("@")[0], "a data-dependent start"), "+",
                         ir.Const(1))
        out.append(lp)
    return tuple(out)


def read_carried(access: ir.Access, depth: int, vars: dict[str, ir.VarDef]) -> tuple[ir.Carried, ...]:
    """The carried variables of loop `depth` that the access's indices, guards
    or loop bounds read, directly or through each other."""
    loop = access.loops[depth]
    exprs: list[ir.Expr] = list(access.indices) + [g.cond for g in access.guards] + [loop.cond, loop.step]
    for lp in access.loops[depth + 1:]:
        exprs += [lp.start, lp.cond, lp.step] + [e for c in lp.carried for e in (c.start, c.step)]
    keep: set[str] = set()
    grew = True
    while grew:
        grew = False
        for c in loop.carried:
            if c.var not in keep and any(reads(e, frozenset([c.var]), vars) for e in exprs):
                keep.add(c.var)
                exprs += [c.start, c.step]
                grew = True
    return tuple(c for c in loop.carried if c.var in keep)


def reads_block_index(expr: ir.Expr, vars: dict[str, ir.VarDef]) -> bool:
    """Whether `expr` reads blockIdx (through local definitions)."""
    return reaches(expr, vars, lambda x: isinstance(x, ir.Builtin) and x.name.startswith("blockIdx"))


def access_reads_block_index(access: ir.Access, vars: dict[str, ir.VarDef]) -> bool:
    """Whether the access's guards or loop bounds read blockIdx."""
    exprs = [g.cond for g in access.guards] + [e for lp in access.loops for e in (lp.start, lp.cond)]
    return any(reads_block_index(e, vars) for e in exprs)


def reads_data(expr: ir.Expr, vars: dict[str, ir.VarDef]) -> bool:
    """Whether `expr` reads data: a load or a call (through local definitions),
    or a local the code assigns in ways rapcc does not follow (Parboil cutcp's
    `totalbins += numbins`, with `numbins` clipped in the body)."""
    def hit(e: ir.Expr) -> bool:
        if isinstance(e, ir.VarRef):
            d = vars.get(e.key)
            return d is not None and d.kind == "local" and d.init is None
        return isinstance(e, ir.Opaque)
    return reaches(expr, vars, hit)


__all__ = ["access_reads_block_index", "collapsible", "reaches", "read_carried", "reads", "reads_block_index",
           "reads_data", "sampled_loops"]
