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
from .analysis.soundness import prove_file
from .planner import ArrayPlan
from .refusals import refusal
from .strategies import identity


def gate(plans: tuple[ArrayPlan, ...], info: ir.TranslationUnitInfo, option) -> tuple[ArrayPlan, ...]:
    """`plans` with each layout the range proof does not hold for replaced by the array as written."""
    if not any(p.rewritten for p in plans):
        return plans
    findings = prove_file(info, option)
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
