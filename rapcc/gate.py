"""Keep every planned layout the sound range analysis cannot prove safe.

The planner chooses layouts from predictions; this gate decides whether a
layout may be applied at all (analysis/soundness.py): an array any of whose
accesses is not proved inside its dimensions, for every kernel instance and
block shape that may reach it, keeps its declaration and subscripts as written.
"""
from __future__ import annotations

from dataclasses import replace

from . import ir
from .analysis.absint import Failure, Finding
from .analysis.proof_shapes import shapes_for
from .analysis.soundness import prove
from .planner import ArrayPlan
from .refusals import refusal
from .strategies import identity


def proof_findings(info: ir.TranslationUnitInfo, option) -> dict[str, Finding | None] | None:
    """The range proof's answer for every array of `info` (None: no sound IR to prove on)."""
    if info.sound is None:
        return None
    program = info.sound()
    by_array: dict[str, list[ir.Access]] = {}
    for a in info.accesses:
        by_array.setdefault(a.array, []).append(a)

    def covered(key: str, start: int, end: int) -> bool:
        # A recorded access inside the span (the span of `atomicAdd(&t[i], v)`
        # holds `t[i]`); an access merely overlapping one would let an inner
        # subscript the front end missed (`t[t[i][0]][j]`) pass for the outer.
        return any(start <= a.range.start and a.range.end <= end for a in by_array.get(key, ()))

    # The launches' shapes or the user's, else every shape: never the planner's guesses (proof_shapes.py).
    return dict(prove(program, shapes_for(info.kernels, option), covered).findings)


def gate(plans: tuple[ArrayPlan, ...], info: ir.TranslationUnitInfo, option) -> tuple[ArrayPlan, ...]:
    """`plans` with each layout the range proof does not hold for replaced by the array as written."""
    if not any(p.rewritten for p in plans):
        return plans
    findings = proof_findings(info, option)
    if findings is None:
        return plans
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
