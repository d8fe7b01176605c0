"""Per-array analysis: the sound proof's verdict on each array (soundness.py, run
first: issue 27 §8), the block shapes each array is analysed under, and its
accesses' samples, class and stride gathered per shape (`access_samples.py`),
with the shapes its accesses contradict dropped."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, replace

from .. import ir
from .absint import Failure, Finding
from .access_samples import AccessAnalysis, LaneInput, analyse_accesses
from .lane_sites import LaneBlocks
from .budget import DEFAULT_ARRAY_BUDGET, BudgetExceeded, OverBudget, metered
from .evaluate import Env, Unknown, evaluate
from .site_facts import ProofFacts, SiteFacts
from .guards import guarded_proof
from .soundness import prove_file
from .shapes import (MOST, STATED, DroppedShape, ShapeSet, candidate_shapes, fallback_shapes, leaves_allocation,
                     out_share)
from .warps import BlockShape

# The element size a template's `T` is predicted for (float, int: the common case).
ASSUMED_ELEM_BYTES = 4


@dataclass(frozen=True, slots=True)
class ArrayAnalysis:
    array: ir.SharedArray
    block: BlockShape
    accesses: tuple[AccessAnalysis, ...]
    escapes: tuple[ir.Escape, ...]
    # Another `extern __shared__` array of the same function: they alias.
    shares_dynamic_memory: bool = False
    # For a template-sized array: one concrete analysis per instantiation.
    instances: tuple["ArrayAnalysis", ...] = ()
    template_arguments: tuple[tuple[str, int], ...] = ()  # of a concrete instance
    # Spellings in preprocessor branches the parse skipped (see frontend/inactive.py).
    inactive: tuple[ir.InactiveUse, ...] = ()
    # Every block shape the array is planned for, `block` first (shapes.py);
    # `alternatives` are its analyses under the others, in the same order.
    shapes: tuple[BlockShape, ...] = ()
    alternatives: tuple["ArrayAnalysis", ...] = ()
    dropped_shapes: tuple[DroppedShape, ...] = ()  # guessed shapes the code contradicts
    clones: tuple[ir.Clone, ...] = ()  # device functions the rewrite copies for this array
    unknown_launches: tuple[str, ...] = ()  # why some launch's block shape is unknown (host_values.py)
    # Set when the analysis spent its work budget (budget.py): no accesses, kept as written.
    over_budget: OverBudget | None = None
    # Functions with uses of the array that the rewrite copies for another array
    # (ir.Clone): the proof reads one body, the output holds several.
    copied_in: tuple[str, ...] = ()
    # The sound proof's first finding against the array, and where (None: proved);
    # only a proved array may change layout (planner.py).
    unproved: tuple[Finding, ir.SourceRange] | None = None
    # The block counts of the grids the file's launches of the kernel under
    # `block` state (every one read; the planner's latency rule, rapcc/latency.py).
    grids: tuple[int, ...] = ()
    # Where the array's name is spelled other than at its declaration and
    # inside one of its recorded accesses (a pointer or reference bound to it,
    # an alias, an escape), by offset; None where `analyze` did not look. A
    # layout that changes the element type (strategies/elempad.py) needs ().
    stray_spellings: tuple[int, ...] | None = None
    # The block shapes its layout is proved under when some kernel reaching it
    # may be launched otherwise (guards.py): a new layout then applies behind
    # a test of blockDim, and only one of the same size. (): every launch known.
    guard: tuple[tuple[int, int, int], ...] = ()

    @property
    def elem_bytes(self) -> int:
        """The element size predictions use: the type's, or ASSUMED_ELEM_BYTES for a template's `T`."""
        return self.array.elem_bytes if self.array.elem_bytes > 0 else ASSUMED_ELEM_BYTES

    @property
    def per_shape(self) -> tuple["ArrayAnalysis", ...]:
        """The analysis under each planned shape, `self` (the reported shape) first."""
        return (self,) + self.alternatives

    @property
    def robust(self) -> bool:
        """Whether the plan must hold over several plausible shapes."""
        return bool(self.alternatives)

    @property
    def logical_dims(self) -> tuple[int, ...] | None:
        """Constant dimensions, or None when symbolic or unknown (extern)."""
        if self.array.is_extern or not all(isinstance(d, int) for d in self.array.dims):
            return None
        return tuple(int(d) for d in self.array.dims)


def _instances(arr: ir.SharedArray, kernel: ir.Kernel | None, accesses: list[ir.Access],
               vars: dict[str, ir.VarDef], block: BlockShape, facts: SiteFacts, loading: tuple[ir.Loop, ...] = (),
               lanes: LaneBlocks | None = None) -> tuple[ArrayAnalysis, ...]:
    """One concrete analysis per template instantiation the file launches, for
    an array whose size depends on template parameters."""
    if kernel is None or arr.is_extern or not kernel.instantiations or len(arr.dim_exprs) != len(arr.dims):
        return ()
    out = []
    own = dict(kernel.instance_block_dims)
    for inst in kernel.instantiations:
        if block.source in STATED and inst in own and (block.x, block.y, block.z) not in own[inst]:
            continue  # `k<16>` is launched with 16x16 threads only: not planned for `k<32>`'s 32x32
        known = dict(inst)
        try:
            env = Env({}, dict(known), vars)
            dims = tuple(int(evaluate(e, env)) if e is not None else -1 for e in arr.dim_exprs)
        except Unknown:
            return ()
        if any(d <= 0 for d in dims):
            return ()
        concrete = replace(arr, dims=dims)
        arguments = tuple((vars[k].name if k in vars else k, v) for k, v in inst)
        mine = LaneInput(lanes, arr.key, arguments) if lanes is not None else None
        out.append(ArrayAnalysis(concrete, block, analyse_accesses(accesses, vars, block, dims, arr.elem_bytes, known,
                                                                   facts, loading, mine), (),
                                 template_arguments=arguments))
    return tuple(out)


def _shares_dynamic_memory(arr: ir.SharedArray, info: ir.TranslationUnitInfo) -> bool:
    """Whether another `extern __shared__` array is used where this one is:
    all of a launch's extern arrays start at the same address."""
    def users(a: ir.SharedArray) -> set[str]:
        found = {x.function for x in info.accesses if x.array == a.key}
        found |= {e.function for e in info.escapes if e.array == a.key and e.function}
        return found | ({a.function} if a.function else set())
    # A device function's extern array is any of its callers' kernels' memory:
    # without a call graph, it shares with every other extern array.
    kernels = {k.name for k in info.kernels if k.is_global}
    mine = users(arr)
    for o in info.arrays:
        if o.key == arr.key or not o.is_extern:
            continue
        theirs = users(o)
        if theirs & mine or not (theirs | mine) <= kernels:
            return True
    return False


def _array_analysis(arr: ir.SharedArray, kernel: ir.Kernel | None, accesses: list[ir.Access],
                    vars: dict[str, ir.VarDef], block: BlockShape, facts: SiteFacts,
                    loading: tuple[ir.Loop, ...] = (), lanes: LaneBlocks | None = None) -> ArrayAnalysis:
    """The array's accesses under one block shape (escapes and the rest are added by `analyze`)."""
    dims = None if arr.is_extern or not all(isinstance(d, int) for d in arr.dims) else tuple(int(d) for d in arr.dims)
    if arr.elem_bytes <= 0:  # `T` of a template: predicted for 4-byte elements, never rewritten (planner.py)
        accesses = [replace(a, width=a.width or ASSUMED_ELEM_BYTES) for a in accesses]
    instances = _instances(arr, kernel, accesses, vars, block, facts, loading, lanes) if dims is None else ()
    analysed = instances[0].accesses if instances else \
        analyse_accesses(accesses, vars, block, dims, arr.elem_bytes or ASSUMED_ELEM_BYTES, {}, facts, loading,
                         LaneInput(lanes, arr.key) if lanes is not None else None)
    return ArrayAnalysis(arr, block, analysed, (), instances=instances, grids=_grids(kernel, block))


def _grids(kernel: ir.Kernel | None, block: BlockShape) -> tuple[int, ...]:
    """The grids (in blocks) of the kernel's launches with `block`'s shape whose grid is known."""
    if kernel is None:
        return ()
    shape = (block.x, block.y, block.z)
    return tuple(sorted({g for s, g in kernel.launch_grids if s == shape and g is not None}))


def _const_dims(arr: ir.SharedArray) -> tuple[int, ...] | None:
    if arr.is_extern or not arr.dims or not all(isinstance(d, int) for d in arr.dims):
        return None
    return tuple(int(d) for d in arr.dims)


# Block shapes rapcc guessed (shapes.py), not read from the code or the user.
GUESSED_SOURCES = ("assumed", "inferred")


def _instance_contradiction(shape: BlockShape, a: ArrayAnalysis) -> DroppedShape | None:
    """The worst access of one concrete analysis that says `shape` is a wrong
    guess: it leaves its array for most of its lanes, or any lane leaves the
    whole allocation."""
    dims = a.logical_dims
    if dims is None:
        return None
    worst: DroppedShape | None = None
    for x in a.accesses:
        share = out_share(x.samples, dims)
        if (share >= MOST or (share > 0 and leaves_allocation(x.samples, dims))) \
                and (worst is None or share > worst.share):
            worst = DroppedShape(shape, x.access, a.array.name, share)
    return worst


def _contradiction(shape: BlockShape, analyses: list[ArrayAnalysis]) -> DroppedShape | None:
    """The worst access that says `shape` is a wrong guess for the function. A
    template-sized array contradicts it only when every instantiation does:
    `MatrixMulCUDA<16>` leaves its tile under a 32-wide block that
    `MatrixMulCUDA<32>` fits (the instantiations that do not fit are left out
    of that shape's plan, `_fitting_instances`)."""
    worst: DroppedShape | None = None
    for whole in analyses:
        found = [_instance_contradiction(shape, i) for i in (whole.instances or (whole,))]
        if any(f is None for f in found):
            continue
        for f in found:
            if f is not None and (worst is None or f.share > worst.share):
                worst = f
    return worst


def _fitting_instances(shaped: list[ArrayAnalysis]) -> list[ArrayAnalysis]:
    """One array's analyses under each kept shape, each with only the
    instantiations that shape fits, where the shape is a guess. A stated or
    launched shape is a fact: an instantiation that leaves its array under it
    stays, and the sound proof decides the array. So does an instantiation that
    fits none of the guesses."""
    fits = [[i for i in a.instances if _instance_contradiction(a.block, i) is None] for a in shaped]
    placed = {i.template_arguments for fit in fits for i in fit}
    homeless = [i for a in shaped for i in a.instances if i.template_arguments not in placed]
    if homeless or any(a.block.source not in GUESSED_SOURCES for a in shaped):
        return shaped
    return [replace(a, instances=tuple(fit)) if fit and len(fit) < len(a.instances) else a
            for a, fit in zip(shaped, fits)]


def _contradicted(shape_set: ShapeSet, by_shape: dict[BlockShape, list[ArrayAnalysis]]
                  ) -> tuple[tuple[BlockShape, ...], tuple[DroppedShape, ...]]:
    """The guessed shapes the code does not contradict, and the dropped ones (a
    wrong guess, not a fact about the code). Stated shapes are never dropped,
    and when every guess is contradicted all are kept (they steer only the
    prediction: the sound proof, over the launches' shapes, decides the arrays)."""
    if shape_set.stated or len(shape_set.shapes) < 2:
        return shape_set.shapes, ()
    found = {shape: None if shape.source in STATED else _contradiction(shape, by_shape[shape])
             for shape in shape_set.shapes}
    kept = tuple(s for s, why in found.items() if why is None)
    if not kept:
        return shape_set.shapes, ()
    return kept, tuple(why for why in found.values() if why is not None)


@dataclass(frozen=True, slots=True)
class _Index:
    """The translation unit's uses grouped once per array, so that analysing
    each array does not scan every use of the file (issue 20: quadratic in
    the kernels of a file)."""

    accesses: dict[str, list[ir.Access]]
    loading: tuple[ir.Loop, ...]  # loops with a shared-memory load inside (see `_accesses`)
    position: dict[int, int]  # id of an access -> its place in info.accesses

    @staticmethod
    def of(info: ir.TranslationUnitInfo) -> "_Index":
        accesses: dict[str, list[ir.Access]] = {}
        for a in info.accesses:
            accesses.setdefault(a.array, []).append(a)
        loading = tuple(dict.fromkeys(lp for a in info.accesses if a.kind not in ("store", "copy") for lp in a.loops))
        return _Index(accesses, loading, {id(a): k for k, a in enumerate(info.accesses)})


def _analysed_under(shape_set: ShapeSet, mine: list[ir.SharedArray], kernel: ir.Kernel | None,
                    info: ir.TranslationUnitInfo, by_array: dict[str, dict[BlockShape, "ArrayAnalysis"]],
                    index: _Index, budget: int | None, proof: ProofFacts, lanes: LaneBlocks | None = None
                    ) -> dict[BlockShape, list["ArrayAnalysis"]]:
    by_shape: dict[BlockShape, list[ArrayAnalysis]] = {s: [] for s in shape_set.shapes}
    loading = index.loading
    for arr in mine:
        accesses = index.accesses.get(arr.key, [])
        try:
            # One budget for the array under all its shapes.
            with metered(budget):
                facts = SiteFacts(arr.key, proof)
                found = [_array_analysis(arr, kernel, accesses, info.vars, shape, facts, loading, lanes)
                         for shape in shape_set.shapes]
        except BudgetExceeded as exc:
            found = [ArrayAnalysis(arr, shape, (), (), over_budget=exc.outcome) for shape in shape_set.shapes]
        for shape, one in zip(shape_set.shapes, found):
            by_array[arr.key][shape] = one
            by_shape[shape].append(one)
    return by_shape


def analyze(info: ir.TranslationUnitInfo, block_option: tuple[int, int, int] | None = None,
            budget: int | None = DEFAULT_ARRAY_BUDGET, guard_all: bool = False) -> tuple[ArrayAnalysis, ...]:
    """Prove every shared array of the translation unit once (soundness.py, under
    the launches' shapes or `block_option`, never a guess), then analyse each
    under every block shape its kernel is planned for (shapes.py). An array
    whose analysis spends more than `budget` work units (None: no limit) is
    analysed no further and carries `over_budget` (budget.py). An array proved only
    under some shapes carries them as its `guard` (guards.py; `guard_all`: every
    array, to measure the test's cost)."""
    # An array with an escape is kept whatever the proof says (planner.blocker): not asked.
    escaped = {e.array: e for e in reversed(info.escapes)}
    wanted = frozenset(arr.key for arr in info.arrays if arr.key not in escaped)
    proof = prove_file(info, block_option, wanted) or ProofFacts({})
    kernels = {k.name: k for k in info.kernels}
    index = _Index.of(info)
    # The prediction's one model: the sound program run lane by lane (lane_sites.py).
    lanes = LaneBlocks(info.sound()) if info.sound is not None else None
    homes: dict[str, str | None] = {}
    for arr in info.arrays:
        first = next((a.function for a in index.accesses.get(arr.key, ())), None)
        homes[arr.key] = arr.function or first
    const_dims = {arr.key: d for arr in info.arrays if (d := _const_dims(arr)) is not None}
    per_function: dict[str | None, tuple[tuple[BlockShape, ...], tuple[DroppedShape, ...]]] = {}
    unknown: dict[str | None, tuple[str, ...]] = {}
    by_array: dict[str, dict[BlockShape, ArrayAnalysis]] = {}
    homed: dict[str | None, list[ir.SharedArray]] = {}
    for arr in info.arrays:
        homed.setdefault(homes[arr.key], []).append(arr)
    in_function: dict[str, list[ir.Access]] = {}
    for a in info.accesses:
        if a.function is not None:
            in_function.setdefault(a.function, []).append(a)
    shape_sets: dict[str | None, ShapeSet] = {}
    for func, mine in homed.items():
        keys = {arr.key for arr in mine}
        # The function's own accesses and its arrays', in the order of info.accesses.
        found = {id(a): a for a in [a for k in keys for a in index.accesses.get(k, ())]
                 + (in_function.get(func, []) if func else [])}
        reach = [found[i] for i in sorted(found, key=index.position.__getitem__)]
        kernel = kernels.get(func) if func else None
        shape_sets[func] = candidate_shapes(kernel, block_option, reach, const_dims, info.vars, info.kernels)
    refused = proof
    proof, guards = guarded_proof(info, block_option, proof, {
        arr.key: tuple(dict.fromkeys((b.x, b.y, b.z) for b in shape_sets[homes[arr.key]].shapes))
        # A template-sized array is only padded (planner.plan_template), which no guard can choose.
        for arr in info.arrays if all(isinstance(d, int) for d in arr.dims)}, guard_all)
    for func, mine in homed.items():
        kernel = kernels.get(func) if func else None
        shape_set = shape_sets[func]
        unknown[func] = shape_set.unknown
        for arr in mine:
            by_array[arr.key] = {}
        by_shape = _analysed_under(shape_set, mine, kernel, info, by_array, index, budget, proof, lanes)
        kept, dropped = _contradicted(shape_set, by_shape)
        fallback = fallback_shapes(shape_set)
        if fallback is not None and not dropped:  # every guess contradicted: try the narrow blocks
            small = _contradicted(fallback, _analysed_under(fallback, mine, kernel, info, by_array, index, budget, proof,
                                                            lanes))
            if small[1] or len(fallback.shapes) == 1:
                whole = tuple(why for s in shape_set.shapes if (why := _contradiction(s, by_shape[s])) is not None)
                kept, dropped = small[0], whole + small[1]
        per_function[func] = (kept, dropped)
    escapes = _grouped(info.escapes)
    copied: dict[str, set[str]] = {}  # function name -> the arrays it is copied for
    for c in info.clones:
        copied.setdefault(c.name, set()).add(c.array)
    inactive = _grouped(info.inactive)
    clones = _grouped(info.clones)
    out = []
    for arr in info.arrays:
        kept, dropped = per_function[homes[arr.key]]
        guard = guards.get(arr.key, ())
        facts = proof
        if guard:
            # Planned for the shapes its guard holds under only (the others run the layout as written).
            kept = tuple(s for s in kept if (s.x, s.y, s.z) in guard)
            if not kept:  # only the narrow fallback's shapes are left, which the guard's proof did not run
                kept, guard, facts = per_function[homes[arr.key]][0], (), refused
        fitting, *rest = _fitting_instances([by_array[arr.key][s] for s in kept])
        shared_dyn = arr.is_extern and _shares_dynamic_memory(arr, info)
        out.append(replace(fitting, escapes=escapes.get(arr.key, ()), shares_dynamic_memory=shared_dyn,
                           inactive=inactive.get(arr.key, ()), shapes=kept if len(kept) > 1 else (),
                           alternatives=tuple(rest), dropped_shapes=dropped, clones=clones.get(arr.key, ()),
                           unknown_launches=unknown[homes[arr.key]],
                           copied_in=tuple(sorted({x.function for x in index.accesses.get(arr.key, ())
                                                   if x.function in copied and copied[x.function] - {arr.key}})),
                           unproved=_unproved(info, arr, facts, escaped.get(arr.key)), guard=guard,
                           stray_spellings=_stray_spellings(info, arr, index.accesses.get(arr.key, ()))))
    return tuple(out)


def _stray_spellings(info: ir.TranslationUnitInfo, arr: ir.SharedArray, accesses) -> tuple[int, ...] | None:
    """`ArrayAnalysis.stray_spellings`: the offsets of the tokens that name the
    array (info.spellings) outside its declaration and its accesses, and the
    declaration of every alias of it; None where the front end has no spellings for it."""
    found = info.spellings.get(arr.key)
    if found is None:
        return None
    spans = sorted((x.range.start, x.range.end) for x in accesses)
    starts = [s for s, _ in spans]

    def inside(off: int) -> bool:
        i = bisect.bisect_right(starts, off) - 1
        return any(s <= off < e for s, e in spans[max(0, i - 8):i + 1])
    stray = [off for off in found if off != arr.decl.start and not inside(off)]
    stray += [al.decl.start for al in info.aliases if al.array == arr.key]
    return tuple(sorted(set(stray)))


def _unproved(info: ir.TranslationUnitInfo, arr: ir.SharedArray, proof: ProofFacts, escape: ir.Escape | None
              ) -> tuple[Finding, ir.SourceRange] | None:
    """The proof's finding against `arr` and where it points; for an array it was not
    asked about, its first escape; for one it did not lower, that."""
    if escape is not None:
        f: Finding | None = Finding(arr.key, Failure.ESCAPE, escape.range.start, what=escape.reason)
    elif proof.lowered(arr.key):
        f = proof.finding(arr.key)
    else:
        f = Finding(arr.key, Failure.HIDDEN, arr.decl.start, what="declaration rapcc did not lower")
    return None if f is None else (f, _at(info, f.offset or arr.decl.start))


def _at(info: ir.TranslationUnitInfo, offset: int) -> ir.SourceRange:
    src = info.source
    line = src.count(b"\n", 0, offset) + 1
    col = offset - (src.rfind(b"\n", 0, offset) + 1) + 1
    return ir.SourceRange(info.path, line, col, offset, offset)


def _grouped(items) -> dict[str, tuple]:
    """Escapes, skipped-branch uses or clones by the array they name, in order."""
    out: dict[str, list] = {}
    for x in items:
        out.setdefault(x.array, []).append(x)
    return {k: tuple(v) for k, v in out.items()}
