"""One access's warp instructions, class and stride (van den Braak et al., seed 004, §3.1).

Each access of an array is replayed over the warps of a block
(`warps.sample_with_params`, once per representative value of the kernel
parameters it reads), its data-dependent subscripts drawn (`datadraw`, in
rounds side by side: `rounds`), the sound proof's facts at its site kept
(`site_facts`: whether it runs, how far its subscripts reach), and its
warp instructions classified as linear, stride, block or random
(`classify`). Accesses that sample alike share their samples
(`samplememo`). The per-array analysis (`arrays.py`) gathers these.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any

import numpy as np

from .. import ir
from .budget import affordable, charge, spent
from .affine import affine, flatten, render_poly
from .classify import AccessClass, classified, classify_access
from .datadraw import drawn_access
from .lane_sites import AGREEMENT  # the lane domain's, where the constant lives
from ..banks import DEFAULT_BANKS
from .predict import predict, row_major
from .rounds import replay_rounds
from .samplememo import SampleMemo, sampling_key
from .site_facts import SiteFact, SiteFacts
from .lane_domain import LaneFailure
from .lane_sites import AGREEMENT, LaneBlocks, sampled
from .warps import (MAX_INSTANCES, PARAM_SAMPLES, AccessSamples, BlockShape, ParamSamples, WarpInstance,
                    sample_with_params, sampled_loops, unrolled_depth)
from .warptable import WarpTable, joined, reweighted, take

_INDICES, _SHAPE, _DTYPE = attrgetter("indices"), attrgetter("shape"), attrgetter("dtype")

# A data-dependent access is replayed with fresh draws until it has this many
# warp instructions (at most DRAW_ROUNDS times): the standard error of its
# expected wavefronts is then about 0.02.
MIN_DRAWN = 1024
DRAW_ROUNDS = 16


@dataclass(frozen=True, slots=True)
class AccessAnalysis:
    access: ir.Access
    samples: AccessSamples
    cls: AccessClass
    stride: int | str | None
    assumed_params: tuple[str, ...] = ()  # parameters sampled at warps.PARAM_SAMPLES
    # What the sound proof recorded at this access (site_facts.py): whether it
    # runs, each subscript's values over every run; None: unknown.
    site: SiteFact | None = None


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
    shape: Any = np.shape(first[0]) if first else None
    if n and set(map(len, map(_INDICES, instances))) == {len(first)} and len(shape) == 1:
        columns = [[i.indices[k] for i in instances] for k in range(n)]
        if all(set(map(type, c)) == {np.ndarray} and set(map(_SHAPE, c)) == {shape}
               and set(map(_DTYPE, c)) == {np.dtype(np.int64)} for c in columns):
            rows = [list(np.mod(np.concatenate(c).reshape(len(c), shape[0]), d)) for c, d in zip(columns, dims)]
            return list(zip(*rows))
    return [tuple(np.mod(v, d) for v, d in zip(i.indices, dims)) for i in instances]


def analyse_accesses(accesses: list[ir.Access], vars: dict[str, ir.VarDef], block: BlockShape,
              dims: tuple[int, ...] | None, elem_bytes: int, known: dict[str, int], facts: SiteFacts,
              loading: tuple[ir.Loop, ...] = (), lanes: "LaneInput | None" = None) -> tuple[AccessAnalysis, ...]:
    """`facts`: the sound proof's about the array; `loading`: the loops with a
    shared-memory load of any array inside (ptxas keeps the stores of their
    trips apart: a store may alias those loads); `lanes`: the lane domain's
    block runs and which array, instance and shape to take from them."""
    layout = row_major(dims if dims else (0,))
    analysed = []
    for a in accesses:
        samples, assumed = _lane_samples(a, vars, block, dims, elem_bytes, lanes)
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
        analysed.append(AccessAnalysis(a, samples, cls, stride, assumed, facts.of(a)))
    return tuple(analysed)


@dataclass(frozen=True, slots=True)
class LaneInput:
    """Where an array's accesses take their samples: the file's block runs (lane_sites.LaneBlocks),
    the array's key and the template arguments of the instance analysed."""

    blocks: LaneBlocks
    array: str
    arguments: tuple[tuple[str, int], ...] = ()


# Why a block's run gave no requests, as the report's remark names it.
_STOPPED = {
    LaneFailure.BUDGET: "its block's run, past the prediction's step budget",
    LaneFailure.GOTO_LOOP: "a backward goto, which the prediction does not run trip by trip",
    LaneFailure.SWITCH: "a switch on a value that is not one value in a lane",
}


def _lane_samples(a: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, dims: tuple[int, ...] | None,
                  elem_bytes: int, lanes: LaneInput | None) -> tuple[AccessSamples, tuple[str, ...]]:
    """The access's samples from the lane domain (lane_sites.sampled), with the unroll depth of its loops."""
    unrolled = unrolled_depth(a.loops, vars)
    if lanes is None:
        return AccessSamples((), "no sound program to run (the file's lowering failed)"), ()
    got = sampled(lanes.blocks, lanes.array, (block.x, block.y, block.z), lanes.arguments, a, dims,
                  max(elem_bytes, 1))
    if got is None:
        return AccessSamples((), None, unrolled=unrolled), ()
    if isinstance(got, LaneFailure):
        return AccessSamples((), _STOPPED[got]), ()
    if got.unknown is not None:
        return AccessSamples((), got.unknown), ()
    varies = None
    if got.varies is not None:
        what = " and ".join(f"'{n}'" for n in got.bound)
        varies = f"{what} (conflicts depend on its value; mean over {', '.join(map(str, PARAM_SAMPLES))})"
    return AccessSamples(got.instances, None, expected=got.expected, varies=varies, unrolled=unrolled), got.bound


def _wrapped(instances: list[WarpInstance], dims: tuple[int, ...]) -> list[WarpInstance]:
    return [replace(i, indices=tuple(np.mod(v, d) for v, d in zip(i.indices, dims))) for i in instances]


def _expected_samples(a: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, dims: tuple[int, ...],
                      elem_bytes: int, known: dict[str, int], samples: AccessSamples, assumed: tuple[str, ...],
                      wrap: tuple[int, ...] | None = None,
                      data_only: bool = False) -> tuple[AccessSamples, tuple[str, ...]]:
    """Samples of a data-dependent access: its unknown values drawn as uniform
    data (datadraw.py; `data_only`: the data part alone), each drawn index
    wrapped into `wrap`, the array's extent, where it has one (the identity on
    an index already inside). Unchanged when drawing does not help."""
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
                together = replay_rounds(a, vars, block, known, data_only, 1, more) or []
        if together:
            ps, charges = together.pop(0)  # what this round alone gives and costs
            for units in charges:
                charge(units)
        else:
            drawn = drawn_access(a, vars, round_, data_only=data_only)
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
