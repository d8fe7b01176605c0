"""The gate every rewrite passes: an array's layout may change only when the
sound range analysis (absint.py) proves, for every kernel instance that can
reach it and every block shape that instance may be launched with
(proof_shapes.py: the exact shapes, or one run over every shape), that each access
stays inside each dimension, that every access is one the rewrite sees, and
that the array is named nowhere else.

It is independent of the replay that predicts wavefronts (warps.py) and of the
front end's collector: it interprets libclang's own statements (lowered by
frontend/lower.py), and what it does not model makes it refuse.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, cast

from .. import ir
from .. import sound_ir as s
from .absint import BudgetExceeded, Failure, Finding, Frame
from .aliasing import stmt_exprs, walk_expr
from .facts import FactsCache
from .intervals import SInt
from .proof_shapes import AnyShape, Exact, ProofShapes, shapes_for, under_guard
from .run import Run
from .site_facts import ProofFacts, Sites, facts_of, join_sites

Shape = tuple[int, int, int]
# (kernel name, instance's template arguments) -> the shapes its proof holds under.
ShapesFor = Callable[[str, tuple[tuple[str, int], ...]], ProofShapes]


@dataclass(frozen=True, slots=True)
class Proof:
    """The proof's answer for every array: the first finding against it, or None when
    proved; and what each access site reached over every run (site_facts.py)."""

    findings: tuple[tuple[str, Finding | None], ...]
    sites: tuple[tuple[tuple[str, int, int], tuple[SInt, ...]], ...] = ()


def _reach(program: s.Program) -> dict[str, set[str]]:
    """Function key -> the shared arrays its code or its callees' names (syntactically)."""
    by_key = {f.key: f for f in program.functions}
    direct: dict[str, set[str]] = {}
    calls: dict[str, set[str]] = {}
    for f in program.functions:
        arrays, callees = set(), set()
        for n in stmt_exprs(f.body):
            if isinstance(n, s.SharedRef):
                arrays.add(n.key)
            elif isinstance(n, (s.Opaque, s.OpaqueStmt)):
                arrays |= n.arrays
            elif isinstance(n, s.Call) and n.callee in by_key:
                callees.add(n.callee)
        direct[f.key], calls[f.key] = arrays, callees
    own: dict[str | None, set[str]] = {a.function: set() for a in program.arrays}
    for a in program.arrays:
        own[a.function].add(a.key)
    out: dict[str, set[str]] = {}
    for f in program.functions:
        seen, todo, arrays = {f.key}, [f.key], set()
        while todo:
            k = todo.pop()
            arrays |= direct.get(k, set()) | own.get(k, set())
            for c in calls.get(k, ()):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        out[f.key] = arrays
    return out


def _dims(program: s.Program, functions: dict[str, s.Function], bindings: dict[str, int],
          wanted: set[str]) -> dict[str, tuple[int, ...] | None]:
    """The extents of the arrays in `wanted` (those one kernel reaches: every
    array of the file per kernel is quadratic in a file of many kernels)."""
    out: dict[str, tuple[int, ...] | None] = {}
    probe = Run(functions, {}, (1, 1, 1))
    for a in program.arrays:
        if a.key not in wanted:
            continue
        if a.is_extern and not a.dims:
            # Dynamic shared memory: the launch sizes it, and the layouts rapcc
            # gives it permute within the allocation (verify.check_dynamic), so
            # only the lower bound is the proof's to show.
            out[a.key] = (1 << 62,)
            continue
        if not a.dims:
            out[a.key] = None
            continue
        fn = functions.get(a.function) if a.function else None
        fr = Frame(fn, bindings, frozenset(), {}, frozenset()) if fn is not None else \
            Frame(program.functions[0], {}, frozenset(), {}, frozenset()) if program.functions else None
        values = [probe.eval(d, {}, fr) if fr is not None else None for d in a.dims]
        if all(isinstance(v, SInt) and v.single is not None and v.single > 0 for v in values):
            out[a.key] = cast("tuple[int, ...]", tuple(cast(SInt, v).single for v in values))
        else:
            out[a.key] = None
    return out


LANE_BUDGET = 1_500_000  # interpreter steps, over all lanes, for the per-lane retry


def _lanes(shape: Shape | AnyShape) -> int | None:
    """The threads of one concrete block; None for an abstract one (no per-lane retry there)."""
    return None if isinstance(shape, AnyShape) else shape[0] * shape[1] * shape[2]


def _run(functions, dims, shape, elem, fn, bindings, facts: FactsCache, lane=None, masks: bool = True) -> Run | None:
    run = Run(functions, dims, shape, elem, lane, facts, masks)
    try:
        run.kernel(fn, bindings)
    except BudgetExceeded:
        return None
    return run


def _whole(functions, dims, shape, elem, fn, bindings, facts: FactsCache) -> Run | None:
    """The run over the whole block (None past the step budget).

    The `x - (x & m)` rule (masks.py) proves in this one run what the per-lane
    retry proved thread by thread. Where the rule narrowed a value, the run
    without it decides which proof stands, so that no verdict changes with the
    rule (issue 20): the rule's run only where that run would have gone on to
    the per-lane retry within its budget, that run itself everywhere else."""
    run = Run(functions, dims, shape, elem, None, facts)
    try:
        run.kernel(fn, bindings)
    except BudgetExceeded:
        return _run(functions, dims, shape, elem, fn, bindings, facts, masks=False) if run.used_masks else None
    if not run.used_masks:
        return run
    old = _run(functions, dims, shape, elem, fn, bindings, facts, masks=False)
    lanes = _lanes(shape)
    retried = old is not None and old.findings and all(f.failure == Failure.OUT_OF_RANGE for f in old.findings) \
        and lanes is not None and old.steps * lanes <= LANE_BUDGET
    return run if retried else old


def _per_lane(whole: Run, functions, dims, shape: Shape | AnyShape, elem, fn, bindings, facts: FactsCache) -> Run:
    """The run again for every thread of the block, merged; `whole` when too costly
    or when the block is abstract (its threads cannot be enumerated)."""
    lanes = _lanes(shape)
    if isinstance(shape, AnyShape) or lanes is None or whole.steps * lanes > LANE_BUDGET:
        return whole
    merged = Run(functions, dims, shape, elem, facts=facts)
    for z in range(shape[2]):
        for y in range(shape[1]):
            for x in range(shape[0]):
                one = _run(functions, dims, shape, elem, fn, bindings, facts, (x, y, z))
                if one is None:
                    return whole
                merged.findings += [replace(f, lane=(x, y, z)) for f in one.findings]
                merged.wild |= one.wild
                merged.taken |= one.taken
                join_sites(merged.sites, one.sites)
                for a, spans in one.accessed.items():
                    merged.accessed.setdefault(a, set()).update(spans)
                if merged.findings:
                    return merged
    return merged


def prove(program: s.Program, shapes_for: ShapesFor, covered: Callable[[str, int, int], bool],
          asked: frozenset[str] | None = None, unmetered: frozenset[str] = frozenset()) -> Proof:
    """Run every kernel instance under each of its shapes; `covered(array, start, end)`
    says whether the rewrite sees an access spelled in that span. With `asked`, only
    the instances that reach one of those arrays run, and only their verdicts count
    (the others' stay None: not proved, merely not asked). Calls of `unmetered`
    functions count no steps (facts.FactsCache)."""
    functions = {f.key: f for f in program.functions}
    facts = FactsCache(unmetered)  # every run below interprets these same functions
    reach = _reach(program)
    first: dict[str, Finding | None] = {a.key: None for a in program.arrays}
    sites: Sites = {}
    elem = {a.key: a.elem_bytes for a in program.arrays}

    def note(f: Finding) -> None:
        if first.get(f.array, "absent") is None:
            first[f.array] = f

    for key, why, off in program.hidden_names:
        note(Finding(key, Failure.HIDDEN, off, what=why))
    for fkey in program.unseen_callers:
        for a in reach.get(fkey, ()):
            note(Finding(a, Failure.HIDDEN, 0, what="function called from code rapcc does not see"))
    for inst in program.instances:
        fn = functions.get(inst.kernel)
        if fn is None:
            continue
        if asked is not None and not reach.get(fn.key, set()) & asked:
            continue  # nothing it reaches needs a verdict
        bindings = {n: v for n, v in inst.arguments if n != "?"}
        if not inst.launched or any(n == "?" for n, _ in inst.arguments):
            failure = Failure.INSTANCE if any(n == "?" for n, _ in inst.arguments) else Failure.UNLAUNCHED
            for a in reach.get(fn.key, ()):
                note(Finding(a, failure, inst.at, what=fn.name))
            continue
        dims = _dims(program, functions, bindings, reach.get(fn.key, set()))
        wanted = shapes_for(fn.name, inst.arguments)
        shapes: tuple[Shape | AnyShape, ...] = wanted.shapes if isinstance(wanted, Exact) else (wanted,)
        if not shapes:
            for a in reach.get(fn.key, ()):
                note(Finding(a, Failure.UNLAUNCHED, 0, what=fn.name))
            continue
        for shape in shapes:
            run = _whole(functions, dims, shape, elem, fn, bindings, facts)
            if run is None:
                for a in reach.get(fn.key, ()):
                    note(Finding(a, Failure.BUDGET, 0, shape=shape, what=fn.name))
                continue
            if run.findings and all(f.failure == Failure.OUT_OF_RANGE for f in run.findings):
                # Intervals over all lanes lose what relates one index to another
                # (`i0 = ((pos - (pos & 7)) << 2)`): each thread alone, exactly.
                lanes = _per_lane(run, functions, dims, shape, elem, fn, bindings, facts)
                # The threads' runs stop at the first finding: their sites cover every
                # thread only when none was found; the whole block's run covers them all.
                whole, run = run, lanes
                join_sites(sites, lanes.sites if lanes is whole or not lanes.findings else whole.sites)
            else:
                join_sites(sites, run.sites)
            for f in run.findings:
                note(f)
            if run.wild:
                for a in run.taken:
                    note(Finding(a, Failure.ESCAPE, 0, shape=shape, what="a pointer rapcc lost track of"))
            for a, spans in run.accessed.items():
                for start, end, o_start, o_end in sorted(spans):
                    if not covered(a, start, end) and not covered(a, o_start, o_end):
                        note(Finding(a, Failure.UNCOVERED, start))
                        break
    return Proof(tuple(first.items()), tuple(sites.items()))


def _site_spans(program: s.Program) -> dict[tuple[int, int], bool]:
    """The span of every node an access site may be recorded at -> whether it is a subscript."""
    out: dict[tuple[int, int], bool] = {}
    for f in program.functions:
        for n in stmt_exprs(f.body):
            if isinstance(n, (s.Subscript, s.Field, s.Call)):
                out[(n.start, n.end)] = out.get((n.start, n.end), False) or isinstance(n, s.Subscript)
    return out


def prove_file(info: ir.TranslationUnitInfo, option: Shape | None,
               asked: frozenset[str] | None = None, guard: tuple[Shape, ...] = ()) -> ProofFacts | None:
    """The proof's answer for every array of one parse (or those `asked`: the others
    are absent, unknown), and its site facts (None: no sound IR to prove on), under the
    launches' shapes or the user's (`option`: --block-dim), else every shape: never the
    planner's guesses (proof_shapes.py). With a `guard`, the kernels not known
    exactly run under its shapes instead (analysis/guards.py)."""
    if info.sound is None:
        return None
    if asked is not None and not asked:
        return facts_of({}, {}, {})  # nothing asked: not even lowered
    by_array: dict[str, list[ir.Access]] = {}
    for a in info.accesses:
        by_array.setdefault(a.array, []).append(a)

    def covered(key: str, start: int, end: int) -> bool:
        # A recorded access inside the span (the span of `atomicAdd(&t[i], v)`
        # holds `t[i]`); an access merely overlapping one would let an inner
        # subscript the front end missed (`t[t[i][0]][j]`) pass for the outer.
        return any(start <= a.range.start and a.range.end <= end for a in by_array.get(key, ()))

    program = info.sound()
    wanted = shapes_for(info.kernels, option)
    proof = prove(program, under_guard(wanted, guard) if guard else wanted, covered, asked)
    findings = {k: f for k, f in proof.findings if asked is None or k in asked}
    return facts_of(findings, dict(proof.sites), _site_spans(program))


__all__ = ["Proof", "ProofFacts", "prove", "prove_file", "walk_expr"]
