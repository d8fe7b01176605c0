"""One access's warp instructions, class and stride (van den Braak et al., seed 004, §3.1).

Each access of an array takes its warp requests from the lane domain (the
sound program run warp by warp: `lane_sites.sampled`, once per block shape
and instance, at representative values of the kernel parameters it reads,
its data drawn: lane_draws.py), keeps the sound proof's facts at its site
(`site_facts`: whether it runs, how far its subscripts reach), and has its
warp instructions classified as linear, stride, block or random
(`classify`). The per-array analysis (`arrays.py`) gathers these.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import ir
from .affine import affine, flatten, render_poly
from .classify import AccessClass, classified, classify_access
from .lane_domain import LaneFailure
from .lane_sites import LaneBlocks, sampled
from .predict import row_major
from .site_facts import SiteFact, SiteFacts
from .warps import PARAM_SAMPLES, AccessSamples, BlockShape, unrolled_depth


@dataclass(frozen=True, slots=True)
class AccessAnalysis:
    access: ir.Access
    samples: AccessSamples
    cls: AccessClass
    stride: int | str | None
    assumed_params: tuple[str, ...] = ()  # parameters sampled at warps.PARAM_SAMPLES (lane_sites.sampled)
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
