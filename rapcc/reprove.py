"""The emitted text proved by the model that licensed it (issue 27 §8).

The gate (gate.py) proves the input; this module runs the same proof
(analysis/soundness.py) on the output rapcc wrote, as re-parsed: every access
of each rewritten array, now through rapcc's helpers (`at(tile, i0, i1)`,
an accessor the sound IR models exactly: `RefUse.ARRAY`), must stay inside
the array's PHYSICAL (emitted) extents, for every kernel instance the input's
proof ran and under the same block shapes (the re-parse reads no launches:
the shapes are the input's, and so are its instances, by kernel name).

An array the emitted text does not prove keeps its layout as written, with
the output's finding as the reason (`Failure.REPROOF`), and the rewrite is
made again without it. Arrays in dynamic (extern) shared memory, whose size
the launch sets, are not re-proved here: their helpers permute within any
allocation, which verify.check_dynamic shows on the emitted helper.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from . import ir
from . import sound_ir as s
from .analysis.absint import Failure, Finding
from .analysis.proof_shapes import shapes_for, under_guard
from .analysis.soundness import prove
from .planner import ArrayPlan
from .refusals import refusal
from .rewrite import Helper
from .strategies import identity
from .verify import counterparts

Emit = Callable[[tuple[ArrayPlan, ...]], tuple[bytes, tuple[Helper, ...]]]
Reparse = Callable[[bytes], ir.TranslationUnitInfo]


@dataclass(frozen=True, slots=True)
class Reproved:
    """The rewrite whose every re-proved array the output proves."""

    plans: tuple[ArrayPlan, ...]
    text: bytes
    helpers: tuple[Helper, ...]
    reparsed: ir.TranslationUnitInfo | None  # None: nothing was rewritten (no re-parse)


def reproved(plans: tuple[ArrayPlan, ...], info: ir.TranslationUnitInfo, option: tuple[int, int, int] | None,
             emit: Emit, reparse: Reparse) -> Reproved:
    """Emit `plans`, re-parse and re-prove the text; while an array fails,
    keep it as written and emit again (each round keeps one more array, so
    this ends). `option`: the user's --block-dim, as the gate had it."""
    while True:
        text, helpers = emit(plans)
        if not any(p.rewritten for p in plans):
            return Reproved(plans, text, helpers, None)
        reparsed = reparse(text)
        failed = unproved_in_output(info, reparsed, plans, option, helpers)
        if not failed:
            return Reproved(plans, text, helpers, reparsed)
        plans = tuple(_kept(p, failed[p.analysis.array.key], info) if p.analysis.array.key in failed else p
                      for p in plans)


def unproved_in_output(info: ir.TranslationUnitInfo, reparsed: ir.TranslationUnitInfo,
                       plans: tuple[ArrayPlan, ...], option: tuple[int, int, int] | None,
                       helpers: tuple[Helper, ...] = ()) -> dict[str, Finding]:
    """Input array key -> the output's finding, for each rewritten array of
    static shared memory the emitted text does not prove in its physical extents.
    The calls of `helpers` (this rewrite's own) count no steps of the proof's
    budgets, which then decide as they did on the input."""
    checked = [p for p in plans if p.rewritten and not p.mapping.dynamic_group]
    if not checked:
        return {}
    if reparsed.sound is None:
        why = Finding("", Failure.HIDDEN, 0, what="output_ir")
        return {p.analysis.array.key: why for p in checked}
    program = reparsed.sound()
    instances = _instances(info, program)
    if instances is None:
        lost = Finding("", Failure.HIDDEN, 0, what="output_kernel")
        return {p.analysis.array.key: lost for p in checked}
    program = replace(program, instances=instances)
    names = {n for h in helpers for n in (h.map_name, h.accessor_name) if n is not None}
    unmetered = frozenset(f.key for f in program.functions if f.name in names)
    new = counterparts(reparsed, plans)
    # Only the instances that reach a rewritten array run: the others' arrays are as the input proof left them.
    # A guarded layout (analysis/guards.py) is proved again under its own guard's shapes, as it was licensed.
    by_guard: dict[tuple[tuple[int, int, int], ...], set[str]] = {}
    for p in checked:
        if p.analysis.array.key in new:
            by_guard.setdefault(p.analysis.guard, set()).add(new[p.analysis.array.key].key)
    found: dict[str, Finding | None] = {}
    covered = _covered(reparsed)
    for guard, keys in by_guard.items():
        base = shapes_for(info.kernels, option)
        ran = prove(program, under_guard(base, guard) if guard else base, covered, asked=frozenset(keys),
                    unmetered=unmetered).findings
        found.update((k, f) for k, f in ran if k in keys)
    out: dict[str, Finding] = {}
    for p in checked:
        key = p.analysis.array.key
        twin = new.get(key)
        f = found.get(twin.key, _MISSING) if twin is not None else _MISSING
        if f is not None:
            out[key] = f
    return out


_MISSING = Finding("", Failure.HIDDEN, 0, what="output_declaration")


def _covered(reparsed: ir.TranslationUnitInfo) -> Callable[[str, int, int], bool]:
    """Whether the output's front end sees an access in a span: a mapped
    subscript, or a use through rapcc's own helpers (`at(tile, i, j)`)."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for a in reparsed.accesses:
        spans.setdefault(a.array, []).append((a.range.start, a.range.end))
    for e in reparsed.escapes:
        if e.kind == ir.EscapeKind.ALREADY_REWRITTEN:
            spans.setdefault(e.array, []).append((e.range.start, e.range.end))

    def covered(key: str, start: int, end: int) -> bool:
        return any(start <= a and b <= end for a, b in spans.get(key, ()))
    return covered


def _instances(info: ir.TranslationUnitInfo, program: s.Program) -> tuple[s.Instance, ...] | None:
    """The output's instances and the input's, by kernel name: the re-proof
    never runs fewer instances than the input's proof. None where an input
    kernel is not exactly one kernel of the output (nothing there stands for it)."""
    if info.sound is None:
        return program.instances
    before = info.sound()
    names = {f.key: f.name for f in before.functions}
    by_name: dict[str, list[str]] = {}
    for f in program.functions:
        if f.is_kernel:
            by_name.setdefault(f.name, []).append(f.key)
    out = {(i.kernel, i.arguments, i.launched): i for i in program.instances}
    for inst in before.instances:
        keys = by_name.get(names.get(inst.kernel, ""), [])
        if len(keys) != 1:
            return None
        out.setdefault((keys[0], inst.arguments, inst.launched), s.Instance(keys[0], inst.arguments, inst.launched))
    return tuple(out.values())


def _kept(p: ArrayPlan, cause: Finding, info: ir.TranslationUnitInfo) -> ArrayPlan:
    """`p` as written, with the output's finding as the reason (a rapcc-unproved diagnostic)."""
    arr = p.analysis.array
    f = Finding(arr.key, Failure.REPROOF, arr.decl.start, cause=cause)
    at = ir.SourceRange(info.path, arr.decl.line, arr.decl.col, arr.decl.start, arr.decl.start)
    return replace(p, mapping=identity(p.mapping.written_dims), after=p.before,
                   reason=f"left untouched: {refusal(f, arr.name)} (line {at.line})", unproved=(f, at))


__all__ = ["Reproved", "reproved", "unproved_in_output"]
