"""Per-array analysis: block shapes, lane samples, class and stride of every access."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from operator import attrgetter

import numpy as np

from .. import ir
from .budget import DEFAULT_ARRAY_BUDGET, BudgetExceeded, OverBudget, affordable, charge, metered, spent
from .affine import affine, flatten, render_poly
from .classify import AccessClass, classified, classify_access
from .datadraw import drawn_access, shared_draws
from .evaluate import Env, Unknown, evaluate
from ..banks import DEFAULT_BANKS
from .predict import predict, row_major
from .ranges import RangeProof, prove_ranges
from .rounds import replay_rounds
from .samplememo import SampleMemo, sampling_key
from .shapes import (MOST, STATED, DroppedShape, ShapeSet, candidate_shapes, fallback_shapes, leaves_allocation,
                     out_share)
from .warps import (MAX_INSTANCES, AccessSamples, BlockShape, ParamSamples, WarpInstance, sample_with_params,
                    sampled_loops)
from .warptable import WarpTable, joined, reweighted, take

_INDICES, _SHAPE, _DTYPE = attrgetter("indices"), attrgetter("shape"), attrgetter("dtype")

AGREEMENT = 0.05  # predictions for different parameter values must agree this closely
# A data-dependent access is replayed with fresh draws until it has this many
# warp instructions (at most DRAW_ROUNDS times): the standard error of its
# expected wavefronts is then about 0.02.
MIN_DRAWN = 1024
DRAW_ROUNDS = 16



# The element size a template's `T` is predicted for (float, int: the common case).
ASSUMED_ELEM_BYTES = 4


@dataclass(frozen=True, slots=True)
class AccessAnalysis:
    access: ir.Access
    samples: AccessSamples
    cls: AccessClass
    stride: int | str | None
    assumed_params: tuple[str, ...] = ()  # parameters sampled at warps.PARAM_SAMPLES
    # Bounds of each subscript over every lane and trip (None: the array has no
    # constant dimensions to check against).
    proof: RangeProof | None = None

    def out_of_range(self, dims: tuple[int, ...]) -> str | None:
        """Why a subscript may leave its dimension, in the words of a diagnostic, or None."""
        if self.proof is None:
            return None
        bad = self.proof.violation(dims)
        if bad is None:
            return None
        k, r = bad
        what = "index" if len(dims) == 1 else ("row", "column")[k] if len(dims) == 2 else f"index {k}"
        text = self.access.text or "subscript"
        if not r.bounded:
            return f"'{text}' cannot be bounded within its {what}s 0..{dims[k] - 1} (it may be any of {r.text()})"
        reach = r.hi if r.hi >= dims[k] else r.lo
        return f"'{text}' reaches {what} {reach} of {dims[k]}"


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

    def out_of_range(self) -> tuple[AccessAnalysis, str] | None:
        """The first access (of any instantiation, under any planned block
        shape) whose subscripts may leave their dimensions, with the reason;
        None when every one is proved inside."""
        for shaped in self.per_shape:
            for inst in shaped.instances or (shaped,):
                dims = inst.logical_dims
                if dims is None:
                    continue
                for x in inst.accesses:
                    why = x.out_of_range(dims)
                    if why is not None:
                        return x, (why if not self.robust else f"{why} under block shape {shaped.block.text()}")
        return None

    @property
    def logical_dims(self) -> tuple[int, ...] | None:
        """Constant dimensions, or None when symbolic or unknown (extern)."""
        if self.array.is_extern or not all(isinstance(d, int) for d in self.array.dims):
            return None
        return tuple(int(d) for d in self.array.dims)


def _stride(access: ir.Access, dims: tuple[int, ...] | None, vars: dict[str, ir.VarDef],
            block: BlockShape, concrete: int | None) -> int | str | None:
    if concrete is not None:
        return concrete
    if dims is None and len(access.indices) > 1:
        return None
    flat = flatten(access.indices, dims or (0,))
    fixed = {"blockDim.x": block.x, "blockDim.y": block.y, "blockDim.z": block.z, "warpSize": 32}
    form = affine(flat, vars, fixed)
    if form is None:
        return None
    p = form.coeff("threadIdx.x")
    if set(p) <= {()}:
        return p.get((), 0)
    return render_poly(p)


def _samples(a: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, dims: tuple[int, ...] | None,
             elem_bytes: int, known: dict[str, int]) -> tuple[AccessSamples, tuple[str, ...]]:
    """The access's warp instructions. When it reads kernel parameters, it is
    sampled at PARAM_SAMPLES of each; the parameters only count as irrelevant
    to its bank conflicts when every value predicts the same wavefronts."""
    ps = sample_with_params(a, vars, block, known)
    if ps.unknown is not None:
        return AccessSamples((), ps.unknown), ()
    return _merged(a, vars, dims, elem_bytes, ps)


def _merged(a: ir.Access, vars: dict[str, ir.VarDef], dims: tuple[int, ...] | None, elem_bytes: int,
            ps: ParamSamples) -> tuple[AccessSamples, tuple[str, ...]]:
    """One set of samples from those of every parameter binding, when they agree."""
    if len(ps.by_binding) == 1:
        return ps.by_binding[0][1], ()
    names = tuple(vars[k].name if k in vars else k for k in ps.bound_names)  # builtins keep their spelling
    layout = row_major(dims if dims else (0,))
    preds = [predict(smp, layout, max(elem_bytes, 1), a.width, a.offset, DEFAULT_BANKS) for _, smp in ps.by_binding]
    values = [p.wavefronts for p in preds if p is not None]
    varies = None
    if values and max(values) - min(values) > AGREEMENT * max(values):
        # Still a prediction (the mean over the sampled values), but not one a
        # layout may be chosen on: the planner keeps such an array as written.
        tried = ", ".join("/".join(str(v) for _, v in b) for b, _ in ps.by_binding)
        what = " and ".join(f"'{n}'" for n in names)
        varies = f"{what} (conflicts depend on its value; mean over {tried})"
    # Each binding's instructions stand for one block's: the merged sample, and
    # any thinning of it, keeps the executions of one block.
    per_block = sum(_executions(smp.instances) for _, smp in ps.by_binding) / len(ps.by_binding)
    merged = joined([smp.instances for _, smp in ps.by_binding])
    step = max(1, len(merged) // MAX_INSTANCES)
    kept = take(merged, slice(None, None, step)) if isinstance(merged, WarpTable) else merged[::step]
    unrolled = min(smp.unrolled for _, smp in ps.by_binding)
    return AccessSamples(_scaled(kept, per_block), None, varies=varies, unrolled=unrolled), names


def _executions(instances) -> float:
    if isinstance(instances, WarpTable):
        return float(sum(instances.weights))  # the same sum, in the same order
    return float(sum(i.weight for i in instances))


def _scaled(instances, total: float, wrap: tuple[int, ...] | None = None) -> Sequence[WarpInstance]:
    """`instances` reweighted to stand for `total` executions together, and
    with `wrap`, their indices wrapped into those dimensions (`_wrapped`) by
    the same replace (a drawn access pools thousands: issue 20). A WarpTable
    stays one (warptable.py), its instances not made."""
    have = _executions(instances)
    if not instances or have <= 0:
        return tuple(instances if wrap is None else _wrapped(instances, wrap))
    k = total / have
    if isinstance(instances, WarpTable):
        return reweighted(instances, k, wrap)
    # Built, not `replace`d: replace costs several times the constructor (sort_kernel.cu: 77,000 calls).
    indices = [i.indices for i in instances] if wrap is None else _wrapped_indices(instances, wrap)
    return tuple(WarpInstance(idx, i.active, i.warp, i.trips, i.weight * k) for i, idx in zip(instances, indices))


def _wrapped_indices(instances, dims: tuple[int, ...]) -> list[tuple[np.ndarray, ...]]:
    """Each instance's indices wrapped into `dims` (`np.mod(v, d)` per index,
    as `_wrapped` computes them): one `np.mod` per dimension over every
    instance where all have int64 indices of the same lanes, else one per
    instance and index."""
    first = instances[0].indices
    n = min(len(first), len(dims))
    shape = np.shape(first[0]) if first else None
    if n and set(map(len, map(_INDICES, instances))) == {len(first)} and len(shape) == 1:
        columns = [[i.indices[k] for i in instances] for k in range(n)]
        if all(set(map(type, c)) == {np.ndarray} and set(map(_SHAPE, c)) == {shape}
               and set(map(_DTYPE, c)) == {np.dtype(np.int64)} for c in columns):
            rows = [list(np.mod(np.concatenate(c).reshape(len(c), shape[0]), d)) for c, d in zip(columns, dims)]
            return list(zip(*rows))
    return [tuple(np.mod(v, d) for v, d in zip(i.indices, dims)) for i in instances]


def _accesses(accesses: list[ir.Access], vars: dict[str, ir.VarDef], block: BlockShape,
              dims: tuple[int, ...] | None, elem_bytes: int, known: dict[str, int],
              loading: tuple[ir.Loop, ...] = ()) -> tuple[AccessAnalysis, ...]:
    """`loading`: the loops with a shared-memory load of any array inside (ptxas
    keeps the stores of their trips apart: a store may alias those loads)."""
    layout = row_major(dims if dims else (0,))
    analysed = []
    # Accesses that sample alike (SHOC's sort stores keys, then values, through
    # the same drawn subscripts) share their samples (issue 20).
    sampled = SampleMemo()
    for a in accesses:
        proof = prove_ranges(a, vars, block, known) if dims is not None else None
        key = sampling_key(a)
        samples, assumed = sampled.get(key, lambda: _samples(a, vars, block, dims, elem_bytes, known))
        if samples.unknown is not None and dims is not None and proof is not None and all(d > 0 for d in dims):
            # Unproved subscripts draw too, their indices wrapped into the array:
            # a correct program stays inside it, so the data part is read as
            # uniform over the array's extent (seed 000's random access).
            wrap = None if proof.violation(dims) is None else dims
            samples, assumed = sampled.get((key, "wrapped", wrap), lambda: _expected_samples(
                a, vars, block, dims, elem_bytes, known, samples, assumed, wrap))
        elif samples.unknown is not None and dims is None:
            # An array of run-time size (`extern __shared__`): no extent to wrap
            # into and none to prove against, but banks repeat every 32 words, so
            # data drawn from its own value set still gives the expected
            # conflicts (Parboil's `atomicAdd(&Hs[(d * BINS) >> 12], 1)`). Only
            # data is drawn, as for unproved subscripts. Such an array is only
            # ever given swizzles that map [0, n) onto itself for every
            # allocation n, so no index range is needed to rewrite it.
            samples, assumed = sampled.get((key, "data"), lambda: _expected_samples(
                a, vars, block, (), elem_bytes, known, samples, assumed, data_only=True))
        if samples.unknown is not None or samples.expected:
            cls, concrete = "random", None
        else:
            # Flattened only where classified, and only the instances it
            # classifies (issue 20: 215,000 layout calls on one file).
            chosen = samples.instances[classified(len(samples.instances))]
            cls, concrete = classify_access([(layout(i.indices), i.active) for i in chosen], thinned=True)
        stride = _stride(a, dims, vars, block, concrete if cls in ("linear", "stride") else None)
        if samples.unrolled:
            first = a.loops[len(a.loops) - samples.unrolled]  # the outermost unrolled loop
            if a.kind == "load" and not any(x.kind != "load" and first in x.loops for x in accesses):
                samples = replace(samples, reloads=True)
            elif a.kind != "load" and (a.kind != "store" or first in loading):
                samples = replace(samples, unrolled=0)  # a store ptxas keeps apart: no vector store
        analysed.append(AccessAnalysis(a, samples, cls, stride, assumed, proof))
    return tuple(analysed)


def _wrapped(instances: list[WarpInstance], dims: tuple[int, ...]) -> list[WarpInstance]:
    return [replace(i, indices=tuple(np.mod(v, d) for v, d in zip(i.indices, dims))) for i in instances]


def _expected_samples(a: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, dims: tuple[int, ...],
                      elem_bytes: int, known: dict[str, int], samples: AccessSamples, assumed: tuple[str, ...],
                      wrap: tuple[int, ...] | None = None,
                      data_only: bool = False) -> tuple[AccessSamples, tuple[str, ...]]:
    """Samples of a data-dependent access: its unknown values drawn as uniform
    data (datadraw.py). Where the subscripts are proved inside the array, the
    data part's own value set (a mask, a `%`, a narrow type) bounds the draws;
    otherwise (`wrap`) each drawn index is wrapped into the array's extent.
    Unchanged when drawing does not help."""
    # Rounds of fresh draws, pooled per parameter binding before the bindings
    # are compared: one round alone is too noisy to tell them apart.
    pooled: dict[tuple[tuple[str, int], ...], list] = {}
    per_block: dict[tuple[tuple[str, int], ...], float] = {}
    drawn = None
    loops = None
    together: list[tuple[ParamSamples, list[int]]] = []  # the next rounds, replayed side by side
    before = spent()
    for round_ in range(DRAW_ROUNDS):
        if round_ == 1 and drawn is not None:
            # As many more rounds as the first one says are needed, at once
            # (rounds.py), where their work fits the budget: the replay side by
            # side is not metered, and must not run far past where rounds
            # replayed one by one would have stopped.
            have = min(sum(map(len, v)) for v in pooled.values())
            more = min(DRAW_ROUNDS - 1, -(-(MIN_DRAWN - have) // max(have, 1)))
            if affordable((spent() - before) * more):
                together = replay_rounds(a, vars, block, known, data_only or wrap is not None, 1, more) or []
        if together:
            ps, charges = together.pop(0)  # what this round alone gives and costs
            for units in charges:
                charge(units)
        else:
            drawn = drawn_access(a, vars, round_, data_only=data_only or wrap is not None)
            if drawn is None:
                return samples, assumed
            if loops is None:
                # Rounds differ in their draws' salts (constants) alone, which the
                # loops as sampled do not depend on: worked out once, not once per
                # round (issue 20; tests/test_datadraw.py compares).
                loops = sampled_loops(drawn.access, drawn.vars)
            ps = sample_with_params(drawn.access, drawn.vars, block, known, loops=loops)
        if ps.unknown is not None or not any(smp.instances for _, smp in ps.by_binding):
            return samples, assumed
        for binding, smp in ps.by_binding:
            pooled.setdefault(binding, []).append(smp.instances)  # wrapped by `_scaled`, once kept
            per_block.setdefault(binding, _executions(smp.instances))
        if min(sum(map(len, v)) for v in pooled.values()) >= MIN_DRAWN:
            break
    assert drawn is not None
    # Rounds are more samples of one block, not more blocks.
    by_binding = tuple((b, AccessSamples(_scaled(_first(joined(v), MAX_INSTANCES), per_block[b], wrap), None))
                       for b, v in pooled.items())
    got, names = _merged(drawn.access, drawn.vars, dims, elem_bytes, ParamSamples(by_binding, None))
    if got.unknown is not None or got.varies is not None:
        return samples, assumed
    return replace(got, expected=drawn.drawn), names


def _first(instances, count: int):
    """The first `count` of `instances`, a WarpTable kept one."""
    return take(instances, slice(count)) if isinstance(instances, WarpTable) else instances[:count]


def _instances(arr: ir.SharedArray, kernel: ir.Kernel | None, accesses: list[ir.Access],
               vars: dict[str, ir.VarDef], block: BlockShape, loading: tuple[ir.Loop, ...] = ()
               ) -> tuple[ArrayAnalysis, ...]:
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
        out.append(ArrayAnalysis(concrete, block, _accesses(accesses, vars, block, dims, arr.elem_bytes, known, loading), (),
                                 template_arguments=tuple((vars[k].name if k in vars else k, v) for k, v in inst)))
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
                    vars: dict[str, ir.VarDef], block: BlockShape, loading: tuple[ir.Loop, ...] = ()
                    ) -> ArrayAnalysis:
    """The array's accesses under one block shape (escapes and the rest are added by `analyze`)."""
    dims = None if arr.is_extern or not all(isinstance(d, int) for d in arr.dims) else tuple(int(d) for d in arr.dims)
    if arr.elem_bytes <= 0:  # `T` of a template: predicted for 4-byte elements, never rewritten (planner.py)
        accesses = [replace(a, width=a.width or ASSUMED_ELEM_BYTES) for a in accesses]
    instances = _instances(arr, kernel, accesses, vars, block, loading) if dims is None else ()
    analysed = instances[0].accesses if instances else \
        _accesses(accesses, vars, block, dims, arr.elem_bytes or ASSUMED_ELEM_BYTES, {}, loading)
    return ArrayAnalysis(arr, block, analysed, (), instances=instances)


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
    stays, and the range proof refuses the array. So does an instantiation that
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
    and when every guess is contradicted all are kept (the range proof then
    refuses the arrays and the report says why)."""
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
                    index: _Index, budget: int | None) -> dict[BlockShape, list["ArrayAnalysis"]]:
    by_shape: dict[BlockShape, list[ArrayAnalysis]] = {s: [] for s in shape_set.shapes}
    loading = index.loading
    for arr in mine:
        accesses = index.accesses.get(arr.key, [])
        try:
            # One budget, and one set of draws, for the array under all its shapes.
            with metered(budget), shared_draws():
                found = [_array_analysis(arr, kernel, accesses, info.vars, shape, loading)
                         for shape in shape_set.shapes]
        except BudgetExceeded as exc:
            found = [ArrayAnalysis(arr, shape, (), (), over_budget=exc.outcome) for shape in shape_set.shapes]
        for shape, one in zip(shape_set.shapes, found):
            by_array[arr.key][shape] = one
            by_shape[shape].append(one)
    return by_shape


def analyze(info: ir.TranslationUnitInfo, block_option: tuple[int, int, int] | None = None,
            budget: int | None = DEFAULT_ARRAY_BUDGET) -> tuple[ArrayAnalysis, ...]:
    """Analyse every shared array of the translation unit, under every block
    shape its kernel is planned for (shapes.py). An array whose analysis
    spends more than `budget` work units (None: no limit) is analysed no
    further and carries `over_budget` (budget.py)."""
    kernels = {k.name: k for k in info.kernels}
    index = _Index.of(info)
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
    for func, mine in homed.items():
        kernel = kernels.get(func) if func else None
        keys = {arr.key for arr in mine}
        # The function's own accesses and its arrays', in the order of info.accesses.
        found = {id(a): a for a in [a for k in keys for a in index.accesses.get(k, ())]
                 + (in_function.get(func, []) if func else [])}
        reach = [found[i] for i in sorted(found, key=index.position.__getitem__)]
        shape_set = candidate_shapes(kernel, block_option, reach, const_dims, info.vars)
        unknown[func] = shape_set.unknown
        for arr in mine:
            by_array[arr.key] = {}
        by_shape = _analysed_under(shape_set, mine, kernel, info, by_array, index, budget)
        kept, dropped = _contradicted(shape_set, by_shape)
        fallback = fallback_shapes(shape_set)
        if fallback is not None and not dropped:  # every guess contradicted: try the narrow blocks
            small = _contradicted(fallback, _analysed_under(fallback, mine, kernel, info, by_array, index, budget))
            if small[1] or len(fallback.shapes) == 1:
                whole = tuple(why for s in shape_set.shapes if (why := _contradiction(s, by_shape[s])) is not None)
                kept, dropped = small[0], whole + small[1]
        per_function[func] = (kept, dropped)
    escapes = _grouped(info.escapes)
    inactive = _grouped(info.inactive)
    clones = _grouped(info.clones)
    out = []
    for arr in info.arrays:
        kept, dropped = per_function[homes[arr.key]]
        first, *rest = _fitting_instances([by_array[arr.key][s] for s in kept])
        shared_dyn = arr.is_extern and _shares_dynamic_memory(arr, info)
        out.append(replace(first, escapes=escapes.get(arr.key, ()), shares_dynamic_memory=shared_dyn,
                           inactive=inactive.get(arr.key, ()), shapes=kept if len(kept) > 1 else (),
                           alternatives=tuple(rest), dropped_shapes=dropped, clones=clones.get(arr.key, ()),
                           unknown_launches=unknown[homes[arr.key]]))
    return tuple(out)


def _grouped(items) -> dict[str, tuple]:
    """Escapes, skipped-branch uses or clones by the array they name, in order."""
    out: dict[str, list] = {}
    for x in items:
        out.setdefault(x.array, []).append(x)
    return {k: tuple(v) for k, v in out.items()}
