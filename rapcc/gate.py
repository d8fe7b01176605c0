"""Keep every planned layout the sound range analysis cannot prove safe.

The planner chooses layouts from predictions; this gate decides whether a
layout may be applied at all (analysis/soundness.py): an array any of whose
accesses is not proved inside its dimensions, for every kernel instance and
block shape that reaches it, keeps its declaration and subscripts as written.
"""
from __future__ import annotations

from dataclasses import replace

from . import ir
from .analysis.absint import Failure, Finding
from .analysis.shapes import candidate_shapes
from .analysis.soundness import prove
from .planner import ArrayPlan
from .refusals import refusal
from .strategies import identity


def _shapes_for(info: ir.TranslationUnitInfo, plans: tuple[ArrayPlan, ...], option):
    kernels = {k.name: k for k in info.kernels}
    planned: dict[str, dict[tuple[int, int, int], None]] = {}
    for p in plans:
        if p.analysis.array.function is not None:
            for a in p.analysis.per_shape:
                planned.setdefault(p.analysis.array.function, {})[(a.block.x, a.block.y, a.block.z)] = None
    const_dims = {a.key: tuple(int(d) for d in a.dims) for a in info.arrays
                  if a.dims and all(isinstance(d, int) for d in a.dims)}
    by_function: dict[str | None, list[ir.Access]] = {}
    for a in info.accesses:  # grouped once: a scan per kernel is quadratic in a file of many kernels
        by_function.setdefault(a.function, []).append(a)

    def shapes_for(name: str, args) -> tuple[tuple[int, int, int], ...]:
        if option is not None:
            return (tuple(option),)
        k = kernels.get(name)
        if k is not None and k.pragma_block_dim is not None:
            return (k.pragma_block_dim,)
        if k is not None and args and k.instance_block_dims and not k.launch_unknown:
            # Each template instance under the shapes of its own launches (host_values.py).
            wanted = {n: v for n, v in args}
            own = [shapes for inst, shapes in k.instance_block_dims
                   if {n.split("@")[0]: v for n, v in inst} == wanted]
            if own:
                return tuple(dict.fromkeys(s for shapes in own for s in shapes))
        guessed = tuple(planned.get(name, ()))
        if k is not None and k.launch_block_dims:
            # A launch whose shape is unknown (read at run time) adds the plausible set.
            return tuple(dict.fromkeys(tuple(k.launch_block_dims) + (guessed if k.launch_unknown else ())))
        if guessed:
            return guessed
        accesses = by_function.get(name, [])
        return tuple((b.x, b.y, b.z) for b in candidate_shapes(k, None, accesses, const_dims, info.vars).shapes)
    return shapes_for


def gate(plans: tuple[ArrayPlan, ...], info: ir.TranslationUnitInfo, option) -> tuple[ArrayPlan, ...]:
    """`plans` with each layout the range proof does not hold for replaced by the array as written."""
    if not any(p.rewritten for p in plans) or info.sound is None:
        return plans
    program = info.sound()
    by_array: dict[str, list[ir.Access]] = {}
    for a in info.accesses:
        by_array.setdefault(a.array, []).append(a)

    def covered(key: str, start: int, end: int) -> bool:
        # A recorded access inside the span (the span of `atomicAdd(&t[i], v)`
        # holds `t[i]`); an access merely overlapping one would let an inner
        # subscript the front end missed (`t[t[i][0]][j]`) pass for the outer.
        return any(start <= a.range.start and a.range.end <= end for a in by_array.get(key, ()))

    proof = prove(program, _shapes_for(info, plans, option), covered)
    findings = dict(proof.findings)
    out = []
    for p in plans:
        if not p.rewritten:
            out.append(p)
            continue
        arr = p.analysis.array
        f = findings[arr.key] if arr.key in findings else \
            Finding(arr.key, Failure.HIDDEN, arr.decl.start, what="declaration rapcc did not lower")
        if f is None:
            out.append(p)
            continue
        at = _range(info, f.offset or arr.decl.start)
        out.append(replace(p, mapping=identity(p.mapping.logical_dims), after=p.before,
                           reason=f"left untouched: {refusal(f, arr.name)} (line {at.line})", unproved=(f, at)))
    return tuple(out)


def _range(info: ir.TranslationUnitInfo, offset: int) -> ir.SourceRange:
    src = info.source
    line = src.count(b"\n", 0, offset) + 1
    col = offset - (src.rfind(b"\n", 0, offset) + 1) + 1
    return ir.SourceRange(info.path, line, col, offset, offset)
