"""Choose one mapping per array.

The cost of a mapping is the sum over the array's accesses of
executions x (predicted wavefronts + INSTR_COST x extra index instructions).
`auto` takes the cheapest candidate of every strategy and keeps the array
unchanged ("none") unless a candidate is strictly cheaper; ties go to fewer
instructions, then to an unchanged size. A named strategy applies its own
cheapest candidate. Arrays rapcc cannot fully see are never rewritten, and a
new layout is planned only for an array the sound proof proved
(analysis/soundness.py, run before planning: `ArrayAnalysis.unproved`).

Two kinds of prediction are less than exact, and `auto` is more careful with them:
- a block shape rapcc guessed (analysis/shapes.py): the array is analysed under
  every plausible shape, and a layout is chosen only when it is cheaper than
  unchanged under each of them; among those, the one whose worst cost ratio
  over the set is lowest (XOR and RAP are robust where padding is not);
- a data-dependent subscript (analysis/lane_draws.py): its wavefronts are
  expected values under uniform data, and a layout must beat unchanged by
  EXPECTED_MARGIN to be chosen.

Where an access runs in barrier-separated phases of a launch whose grid leaves
few blocks on an SM, the extra instructions cost their latency instead, when
that is more (latency.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Callable

from . import ir
from .analysis.absint import Finding
from .analysis.arrays import AccessAnalysis, ArrayAnalysis
from .analysis.handfix import detect as detect_hand_fix
from .analysis.shapes import STATED
from .float_refusal import FloatRefusal
from .latency import CostRegime, Residency, instruction_charge, latency_bound, phases
from .padding_words import chosen_opening, kept_because, not_applied
from .analysis.predict import LayoutFn, Prediction, Replays, predict, predict_keyed, predict_replay, row_major
from .handpad import DataRegion, Refused, data_region, replaced_text, replacing
from .refusals import refusal
from .strategies import REGISTRY, Mapping, StrategyContext, identity, precedence

if TYPE_CHECKING:  # occupancy.py plans on top of this module
    from .occupancy import OccupancyLoss

# What one extra integer instruction per access costs, in wavefronts.
# Calibrated on the GPU suite (H200, benchmarks/results/suite-h200-2026-11-22,
# replayed with benchmarks/calibrate.py): a bit-vector XOR that saves 0.36
# wavefronts per access with about four extra instructions made the radix-2
# FFT 6% slower, and a three-instruction swizzle of a conflict-free bitonic
# sort cost 13%; 0.15 keeps both out while every conflict fix the suite
# measured as a gain is still chosen.
INSTR_COST = 0.15
# The instructions a guarded layout (analysis/guards.py) adds to each access: the
# mask's and/andnot/or between the map and the subscript as written, and the
# test of blockDim where the compiler does not hoist it. Measured on an H100
# (benchmarks/guard_cost.py over the suite: xor guarded and not, same mappings):
# the select, 0.5% slower in geometric mean, 28% at worst (scan_blelloch); the
# mask (rewrite.guard_function), 3.0% in geometric mean, 56% at worst
# (bitonic_sort; benchmarks/results/gpu-h100-2026-11-27-session10/mask_suite/).
# Three for the mask's three bitwise operations (the blockDim test is uniform
# and hoisted per block); with it, no array of the examples or tests/corpus
# changes its choice (benchmarks/rewritten_arrays.py, only lud's quoted cost).
GUARD_OPS = 3
# How much cheaper than unchanged a layout must be when some of the array's
# predictions are expectations under uniform data: real data is not uniform
# (benchmarks/skewed_data.py measures the choice on image-like bytes), so a
# gain within the sampling noise of the expectation is no gain.
EXPECTED_MARGIN = 0.05
EXPECTED_LABEL = "expected under uniform data"
# The strategies that may replace a broken hand pad over its data region (handpad.py).
HAND_PAD_STRATEGIES = ("auto", "pad", "xor")


@dataclass(frozen=True, slots=True)
class Candidate:
    mapping: Mapping
    cost: float
    predictions: tuple[Prediction | None, ...]
    # The lines of the accesses whose extra instructions are charged by their
    # latency (latency.py), and the cost under the throughput model alone.
    latency_lines: tuple[int, ...] = ()
    throughput_cost: float | None = None

    @property
    def regime(self) -> CostRegime:
        return CostRegime.LATENCY if self.latency_lines else CostRegime.THROUGHPUT


@dataclass(frozen=True, slots=True)
class InstanceCost:
    """One instantiation of a template-sized array under one block shape, and
    what it pays for the plan's layout (issue 29: the report showed the first
    instance only). `mapping` is the layout as this instance's dimensions
    spell it; the costs are `score`'s."""

    analysis: ArrayAnalysis  # the instance: its template arguments, block shape, dimensions and accesses
    mapping: Mapping
    before: tuple[Prediction | None, ...]
    after: tuple[Prediction | None, ...]
    cost_before: float
    cost_after: float


@dataclass(frozen=True, slots=True)
class ArrayPlan:
    analysis: ArrayAnalysis
    mapping: Mapping
    reason: str
    before: tuple[Prediction | None, ...]
    after: tuple[Prediction | None, ...]
    candidates: tuple[Candidate, ...] = ()
    blocked: "BlockKind | None" = None  # why it cannot be rewritten at all (blocker)
    # Set when the sound proof kept the array (BlockKind.UNPROVED): (its Finding, where).
    unproved: tuple[Finding, ir.SourceRange] | None = None
    # The layout the cost model chose and why it was given up (occupancy.py), or None.
    given_up: OccupancyLoss | None = None
    # An array an earlier run of rapcc rewrote (the file is rapcc's output):
    # kept as it is, and its accesses, which go through rapcc's helpers, are
    # not diagnosed again.
    kept: bool = False
    # A template-sized array: every instantiation (under every planned shape) and its price.
    instances: tuple[InstanceCost, ...] = ()
    # Kept because its rewrite changes how nvcc computes floating point (verify_float.py), or None.
    float_refused: FloatRefusal | None = None

    @property
    def rewritten(self) -> bool:
        return self.mapping.strategy != "none"


class BlockKind(Enum):
    """Why an array cannot be rewritten at all (the text is made in `blocker`)."""

    BUDGET = "budget"  # its analysis spent its work budget (analysis/budget.py)
    ESCAPE = "escape"  # a use that is not a plain subscript chain
    COPIED = "copied"  # used in a helper the rewrite copies for another array
    SKIPPED_BRANCH = "skipped_branch"  # spelled in a preprocessor branch this parse skipped, where it must stay valid
    UNPROVED = "unproved"  # the sound proof (analysis/soundness.py) does not hold for it
    SHARED_EXTERN = "shared_extern"  # `extern` memory it shares, or fixed inner sizes
    UNINSTANTIATED = "uninstantiated"  # sized by a template parameter the file never instantiates
    TEMPLATE_ELEMENT = "template_element"  # its element type depends on a template parameter
    NO_ACCESSES = "no_accesses"
    # Under a shape the code or the user states, the prediction's replay reaches an index
    # the range proof shows no thread reaches: the two models disagree, so the predicted
    # costs the layout would be chosen by cannot be trusted (fuzzed: a `break` inside a
    # `switch` case the replay walks past).
    REPLAY_DISAGREES = "replay_disagrees"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    text: str


def blocker(a: ArrayAnalysis) -> Block | None:
    """Why the array cannot be rewritten at all, or None."""
    arr = a.array
    if a.over_budget is not None:
        return Block(BlockKind.BUDGET,
                     f"left untouched: its analysis stopped at its budget of {a.over_budget.budget} work units")
    if a.escapes:
        e = a.escapes[0]
        return Block(BlockKind.ESCAPE, f"left untouched: {e.reason} (line {e.range.line})")
    if a.copied_in:
        return Block(BlockKind.COPIED, f"left untouched: '{a.copied_in[0]}', which uses it, is copied for the "
                                       "rewrite of another array")
    sized = next((u for u in a.inactive if u.sized), None)
    if sized is not None:
        if sized.macro_body:
            return Block(BlockKind.SKIPPED_BRANCH, f"left untouched: {inactive_where(sized, a.array.name)}")
        return Block(BlockKind.SKIPPED_BRANCH, f"left untouched: {inactive_where(sized, a.array.name)}, "
                                               f"where {sized.sized} (line {sized.range.line})")
    unproved = next((u for u in a.inactive if u.proved is False), None)
    if unproved is not None:
        return Block(BlockKind.SKIPPED_BRANCH,
                     f"left untouched: {inactive_where(unproved, a.array.name)}, and its subscript at line "
                     f"{unproved.range.line} is not proved inside the array: {unproved.unproved}")
    if arr.is_extern and (arr.dims or a.shares_dynamic_memory):
        return Block(BlockKind.SHARED_EXTERN,
                     "left untouched: 'extern' array that shares its memory or has fixed inner sizes")
    if a.logical_dims is None and not arr.is_extern and not a.instances:
        return Block(BlockKind.UNINSTANTIATED,
                     "left untouched: size depends on a template parameter the file never instantiates")
    if arr.elem_bytes <= 0:
        return Block(BlockKind.TEMPLATE_ELEMENT, f"unchanged: the element type '{arr.elem_type}' depends on a "
                                                 f"template parameter (predicted for {a.elem_bytes}-byte elements)")
    if a.unproved is not None:
        f, at = a.unproved
        return Block(BlockKind.UNPROVED, f"left untouched: {refusal(f, arr.name)} (line {at.line})")
    if not a.accesses:
        return Block(BlockKind.NO_ACCESSES, "no accesses")
    stray = stray_lane(a)
    if stray is not None:
        line, k, value = stray
        return Block(BlockKind.REPLAY_DISAGREES,
                     f"unchanged: the prediction's replay takes subscript {k} at line {line} to {value}, which the "
                     "range proof shows no thread reaches; its predicted costs cannot be trusted")
    return None


def stray_lane(a: ArrayAnalysis, domain: tuple[int, ...] | None = None) -> tuple[int, int, int] | None:
    """(line, subscript, index) of a replayed lane outside `domain` (default: the
    array's index domain) under a stated shape, or None (a guessed shape's lanes are no fact)."""
    dims = domain if domain is not None else a.logical_dims
    if not dims or a.instances or not all(s.block.source in STATED for s in a.per_shape):
        return None
    for x in a.accesses:
        for inst in x.samples.instances:
            for k, (idx, d) in enumerate(zip(inst.indices, dims)):
                live = idx[inst.active]
                if live.size and (live.min() < 0 or live.max() >= d):
                    return x.access.range.line, k, int(live.min() if live.min() < 0 else live.max())
    return None


def inactive_where(u: ir.InactiveUse, name: str) -> str:
    """Where a skipped use sits, for messages."""
    if u.macro_body:
        return f"'{name}' is spelled in the body of macro '{u.macros[0]}' at line {u.directive.line}"
    macros = f" (on {', '.join(u.macros)})" if u.macros else ""
    return f"'{name}' is used in the preprocessor branch at line {u.directive.line}{macros} that this parse skipped"


def same_size(m: Mapping) -> bool:
    """Whether `m` keeps the array's declaration and elements: the only layouts a
    test of blockDim can choose between (analysis/guards.py), since the layout
    as written must live at the same subscripts of the same storage."""
    return m.phys_dims == m.logical_dims and not m.declared_dims and not m.elem_pad


def keeps_spellings(m: Mapping) -> bool:
    """Whether every subscript written against the old declaration still reaches
    the same element: only growing the last dimension does (padding 2-D+), not padded elements (elempad.py)."""
    return m.last_index is None and not m.dynamic_group and not m.elem_pad


def score(a: ArrayAnalysis, mapping: Mapping, ctx: StrategyContext, replays: Replays | None = None) -> Candidate:
    """The candidate `mapping` with its cost. `replays`: the layout-free part
    of the predictions, shared by the candidates of one planning pass."""
    made: list[LayoutFn] = []

    def layout() -> LayoutFn:  # made on the first prediction not remembered, once
        if not made:
            made.append(mapping.layout())
        return made[0]
    unchanged = mapping.strategy == "none"
    replays = replays if replays is not None else Replays()
    elem = mapping.elem_bytes(a.array.elem_bytes)  # a padded element's stride (strategies/elempad.py)
    preds = tuple(_predict_mapped(replays, x, mapping, layout, elem, ctx, unchanged) for x in a.accesses)
    ops = mapping.ops + (GUARD_OPS if a.guard and not unchanged else 0)
    residency = Residency.of(a.grids, a.block.threads) if ops else None
    cost = throughput = 0.0
    lines: list[int] = []
    for x, p in zip(a.accesses, preds):
        if p is not None:
            # `s[i] += v` is a load and a store of the same word: twice its
            # wavefronts, one address computation.
            loads_and_stores = 2 if x.access.kind == "update" else 1
            plain = p.executions * (loads_and_stores * p.wavefronts + INSTR_COST * ops)
            throughput += plain
            charge = instruction_charge(ops, p.executions, phases(x) if residency else 0.0, INSTR_COST,
                                        residency)
            if charge.regime is CostRegime.LATENCY:
                lines.append(x.access.range.line)
                cost += p.executions * loads_and_stores * p.wavefronts + charge.cost
            else:
                cost += plain
    return Candidate(mapping, cost, preds, tuple(dict.fromkeys(lines)), throughput if lines else None)


def _predict(replays: Replays, x: AccessAnalysis, layout: LayoutFn, elem_bytes: int, ctx: StrategyContext,
             vectorize: bool = True) -> Prediction | None:
    r = replays(x.samples)
    return None if r is None else predict_replay(r, layout, elem_bytes, x.access.width, x.access.offset, ctx.banks,
                                                 vectorize)


def _predict_mapped(replays: Replays, x: AccessAnalysis, mapping: Mapping, layout: Callable[[], LayoutFn],
                    elem_bytes: int, ctx: StrategyContext, vectorize: bool) -> Prediction | None:
    """`_predict` under `mapping`'s layout, remembered by the samples' content (predict.py)."""
    r = replays(x.samples)
    return None if r is None else predict_keyed(r, mapping, layout, elem_bytes, x.access.width, x.access.offset,
                                                ctx.banks, vectorize)


def _key(c: Candidate) -> tuple[float, int, int, int, int, str]:
    """Cheapest first; exact ties go to fewer instructions, then to the simpler
    strategy, then to the smaller array. Strategy before size: where padding
    (`i + (i >> 5)`) and an XOR (`i ^ ((i >> 5) & 31)`) predict the same cost,
    padding ran faster in all three such ties of the H200 suite of 2026-11-23
    (matmul_helper 1.20x vs 1.09x, reduce_alias 1.84x vs 1.78x,
    reduce_interleaved 1.16x vs 1.13x): the compiler folds an addition into
    the address arithmetic, and an XOR it cannot. Then the smaller padded element (elempad.py)."""
    size = math.prod(c.mapping.phys_dims)
    return (round(c.cost, 9), c.mapping.ops, precedence(c.mapping.strategy), size, c.mapping.elem_pad,
            c.mapping.last_index or "")


def plan_array(a: ArrayAnalysis, strategy: str, ctx: StrategyContext) -> ArrayPlan:
    dims = a.logical_dims or ()
    none = identity(dims)
    why = blocker(a)
    replays = Replays()
    if why is None and a.instances:
        return _noted(plan_template(a, strategy, ctx, replays), _template_hand_pad(a, strategy, ctx))
    if why is not None:
        before = tuple(predict(x.samples, _flat_layout(a), a.elem_bytes, x.access.width,
                               x.access.offset, ctx.banks) for x in a.accesses)
        return ArrayPlan(a, none, why.text, before, before, blocked=why.kind, instances=_as_written(a, ctx, replays),
                         unproved=a.unproved if why.kind == BlockKind.UNPROVED else None)
    base = score(a, none, ctx, replays)
    if strategy == "none":
        return ArrayPlan(a, none, "strategy 'none'", base.predictions, base.predictions, (base,))
    if strategy == "auto" and all(conflict_free(s, ctx, replays) for s in a.per_shape):
        # Every access already needs only its ideal wavefronts: nothing can be cheaper.
        return ArrayPlan(a, none, "unchanged: already conflict-free", base.predictions, base.predictions, (base,))
    names = list(REGISTRY) if strategy == "auto" else [strategy]
    mappings = [m for n in names for m in REGISTRY[n].candidates(a, ctx)]
    if strategy == "auto" and a.robust:  # a guessed shape: every plausible shape's own candidates too
        mappings = list(dict.fromkeys(mappings + [m for s in a.alternatives for n in names
                                                   for m in REGISTRY[n].candidates(s, ctx)]))
    fix = detect_hand_fix(a, ctx.banks) if strategy in HAND_PAD_STRATEGIES else None
    if fix is not None and not fix.broken and strategy == "auto":
        # Never pad a hand fix that works again (only a broken one may be replaced).
        mappings = [m for m in mappings if m.phys_dims == m.logical_dims]
    region = data_region(a, fix)
    if isinstance(region, DataRegion):
        # A broken hand pad whose columns are proved inside the data region:
        # its layouts too, which may remove the pad (handpad.py).
        shrunk = region.analysis
        found = [m for n in names for m in REGISTRY[n].candidates(shrunk, ctx)]
        if strategy == "auto" and shrunk.robust:
            found += [m for s in shrunk.alternatives for n in names for m in REGISTRY[n].candidates(s, ctx)]
        mappings = list(dict.fromkeys(mappings + replacing(region, found)))
    return _guarded(_noted(_choose(a, strategy, ctx, base, mappings, replays), region))


def _guarded(p: ArrayPlan) -> ArrayPlan:
    """`p`, whose reason also says that its layout applies under its guard's shapes only (analysis/guards.py)."""
    if not p.analysis.guard:
        return p
    shapes = ", ".join("x".join(map(str, s)) for s in p.analysis.guard)
    if p.rewritten:
        return replace(p, reason=f"{p.reason}; applied only when blockDim is {shapes} (tested at run time), the "
                                 "layout as written under any other shape, since the launches rapcc read may not "
                                 "be all of them")
    return replace(p, reason=f"{p.reason}; only a layout of the same size could apply, under {shapes}")


def _noted(p: ArrayPlan, region: DataRegion | Refused | None) -> ArrayPlan:
    """`p`, whose reason also says why a broken hand pad was not replaced."""
    if not isinstance(region, Refused) or p.mapping.declared_dims:
        return p
    return replace(p, reason=f"{p.reason}; its hand pad is not removed: {region.value}")


def _template_hand_pad(a: ArrayAnalysis, strategy: str, ctx: StrategyContext) -> Refused | None:
    """Refused.TEMPLATE where some instance of a template-sized array has a broken padded-rows hand fix."""
    if strategy not in HAND_PAD_STRATEGIES:
        return None
    fixes = (detect_hand_fix(i, ctx.banks) for s in a.per_shape for i in (s.instances or ()))
    return Refused.TEMPLATE if any(f is not None and f.broken and f.kind == "padded-rows" for f in fixes) else None


def _choose(a: ArrayAnalysis, strategy: str, ctx: StrategyContext, base: Candidate, mappings: list[Mapping],
            replays: Replays) -> ArrayPlan:
    """The plan among `mappings` (every strategy's candidates) against `base`, the array as written."""
    none = base.mapping
    if a.guard:
        mappings = [m for m in mappings if same_size(m)]
    if a.inactive:
        # Skipped branches keep their raw subscripts: only a layout they stay valid under.
        mappings = [m for m in mappings if keeps_spellings(m)]
        if not mappings:
            u = a.inactive[0]
            which = "" if strategy == "auto" else f"'{strategy}' "
            return ArrayPlan(a, none, f"left untouched: {inactive_where(u, a.array.name)} (line {u.range.line}), "
                             f"and no {which}layout that only pads the last dimension applies", base.predictions,
                             base.predictions, (base,), blocked=BlockKind.SKIPPED_BRANCH)
    if strategy == "auto" and a.robust:
        return plan_robust(a, mappings, ctx, base, replays)
    cands = [score(a, m, ctx, replays) for m in mappings]
    # An access with no replayed instruction never runs under this block shape: it costs nothing either way.
    unknown = [x for x in a.accesses if x.samples.undecided is not None]
    if strategy != "auto":
        if not cands:
            return ArrayPlan(a, none, f"strategy '{strategy}' does not apply{not_applied(a, strategy)}",
                             base.predictions, base.predictions, (base,))
        best = min(cands, key=_key)
        return ArrayPlan(a, best.mapping, f"{_replaced(best.mapping)}strategy '{strategy}' requested",
                         base.predictions, best.predictions, tuple([base] + cands))
    if unknown:
        return ArrayPlan(a, none, _undecided(unknown[0]), base.predictions, base.predictions, tuple([base] + cands))
    best = min([base] + cands, key=_key)
    label = f" ({EXPECTED_LABEL})" if expects(a) else ""
    if best is base or _key(best) >= _key(base) or not _clear_gain(a, best.cost, base.cost):
        bound = latency_bound(a, [c for c in cands if c.throughput_cost is not None
                                  and _clear_gain(a, c.throughput_cost, base.cost)], base.cost)
        because = f": {bound.words()}" if bound is not None else kept_because(a)
        return ArrayPlan(a, none, f"unchanged: no candidate is predicted faster{label}{because}",
                         base.predictions, base.predictions, tuple([base] + cands))
    return ArrayPlan(a, best.mapping, f"{_replaced(best.mapping)}{chosen_opening(a, best.mapping)}cheapest of "
                     f"{len(cands) + 1} candidates (cost {best.cost:.1f} vs {base.cost:.1f} unchanged){label}",
                     base.predictions, best.predictions, tuple([base] + cands))


def _replaced(m: Mapping) -> str:
    """'hand pad 34 -> 33 replaced: ' before the reason of a layout that removes a hand pad."""
    text = replaced_text(m)
    return f"{text}: " if text else ""


def _undecided(x: AccessAnalysis) -> str:
    """Why `auto` keeps an array one of whose accesses has undecided samples."""
    line = x.access.range.line
    if x.samples.unknown is not None:
        return (f"unchanged: subscript at line {line} is data-dependent ({x.samples.unknown}); "
                "no layout is predictably better")
    return f"unchanged: subscript at line {line} reads {x.samples.varies}; no layout is predictably better"


def conflict_free(a: ArrayAnalysis, ctx: StrategyContext, replays: Replays | None = None) -> bool:
    """Whether every access already needs only its ideal wavefronts (nothing can be cheaper)."""
    replays = replays if replays is not None else Replays()
    preds = [_predict(replays, x, _flat_layout(a), a.array.elem_bytes, ctx) for x in a.accesses]
    return all(p is None or p.wavefronts <= p.ideal + 1e-9 for p in preds) \
        and all(x.samples.undecided is None for x in a.accesses)


def expects(a: ArrayAnalysis) -> bool:
    """Whether some prediction of the array is an expectation under uniform data."""
    return any(x.samples.expected for s in a.per_shape for x in s.accesses)


def _clear_gain(a: ArrayAnalysis, cost: float, unchanged: float) -> bool:
    """Whether `cost` beats `unchanged` by enough for the kind of prediction behind it."""
    margin = EXPECTED_MARGIN if expects(a) else 0.0
    return round(cost, 9) < round(unchanged * (1.0 - margin), 9)


def _ratio(cost: float, unchanged: float) -> float:
    if unchanged <= 1e-12:
        return 1.0 if cost <= 1e-12 else float("inf")
    return cost / unchanged


def plan_robust(a: ArrayAnalysis, mappings: list[Mapping], ctx: StrategyContext, base: Candidate,
                replays: Replays | None = None) -> ArrayPlan:
    """`auto` for an array whose block shape is one of several plausible ones:
    the layout whose worst cost ratio to unchanged over the shapes is lowest,
    among those cheaper than unchanged under every shape."""
    none = base.mapping
    shapes = ", ".join(s.block.text() for s in a.per_shape)
    label = f"; {EXPECTED_LABEL}" if expects(a) else ""
    unknown = next((x for s in a.per_shape for x in s.accesses if x.samples.undecided is not None), None)
    if unknown is not None:
        return ArrayPlan(a, none, _undecided(unknown), base.predictions, base.predictions, (base,))
    replays = replays if replays is not None else Replays()
    bases = [base] + [score(s, none, ctx, replays) for s in a.alternatives]
    best: tuple[tuple, Candidate, float] | None = None
    first: list[Candidate] = []
    for m in mappings:
        # Shape by shape, stopping at the first where the candidate is no
        # clear gain (most are, under the first): the same decision as scoring
        # it under every shape, at a fraction of the predictions (issue 20).
        per: list[Candidate] = []
        gains = True
        for s, b in zip(a.per_shape, bases):
            per.append(score(s, m, ctx, replays))
            if not _clear_gain(a, per[-1].cost, b.cost):
                gains = False
                break
        first.append(per[0] if per else score(a.per_shape[0], m, ctx, replays))
        if not gains:
            continue
        worst = max(_ratio(c.cost, b.cost) for c, b in zip(per, bases))
        key = (round(worst, 9),) + _key(per[0])
        if best is None or key < best[0]:
            best = (key, per[0], worst)
    if best is None:
        return ArrayPlan(a, none, f"unchanged: no candidate is predicted faster under every plausible block shape "
                         f"({shapes}{label})", base.predictions, base.predictions, tuple([base] + first))
    _, chosen, worst = best
    return ArrayPlan(a, chosen.mapping, f"{_replaced(chosen.mapping)}robust over {shapes}: at most {worst:.2f}x the unchanged cost under any of "
                     f"them (cost {chosen.cost:.1f} vs {base.cost:.1f} unchanged under {a.block.text()}){label}",
                     base.predictions, chosen.predictions, tuple([base] + first))


def _as_written(a: ArrayAnalysis, ctx: StrategyContext, replays: Replays) -> tuple[InstanceCost, ...]:
    """Each instantiation's cost as written, for an array kept for a reason of its own."""
    pairs = [i for shaped in a.per_shape for i in (shaped.instances or ())]
    scored = [(i, score(i, identity(i.logical_dims or ()), ctx, replays)) for i in pairs]
    return tuple(InstanceCost(i, b.mapping, b.predictions, b.predictions, b.cost, b.cost) for i, b in scored)


def plan_template(a: ArrayAnalysis, strategy: str, ctx: StrategyContext, replays: Replays | None = None) -> ArrayPlan:
    """One layout for every instantiation of a template-sized array. Only
    padding the last dimension by a constant is valid whatever the template
    arguments are; its cost is summed over the instantiations the file launches
    and the block shapes each is planned for (the shapes it fits). Under a
    guessed shape `auto` pads only where no planned shape gets slower: the
    SDK's matrixMul runs `MatrixMulCUDA<32>` on 32x32 threads, where padding
    its rows costs the LDS.128 of `As[ty][k]` (0.80x on an H200,
    benchmarks/results/realprog-sdk-h200-2026-11-24), though it helps a
    16-wide guess."""
    first = a.instances[0]
    pairs = [i for shaped in a.per_shape for i in (shaped.instances or ())]
    args = "; ".join(dict.fromkeys(", ".join(f"{n}={v}" for n, v in i.template_arguments) for i in pairs))
    replays = replays if replays is not None else Replays()
    base = [score(i, identity(i.logical_dims or ()), ctx, replays) for i in pairs]
    as_written = tuple(InstanceCost(i, b.mapping, b.predictions, b.predictions, b.cost, b.cost)
                       for i, b in zip(pairs, base))
    keep = ArrayPlan(a, identity(first.logical_dims or ()), "", base[0].predictions, base[0].predictions,
                     instances=as_written)
    if strategy == "none":
        return replace(keep, reason="strategy 'none'")
    if a.guard:
        return replace(keep, reason=f"unchanged: a template-sized array is only padded, and a padded layout cannot "
                                    f"apply under some launch shapes only ({args})")
    if strategy not in ("auto", "pad") or len(a.array.dims) < 2:
        return replace(keep, reason=f"strategy '{strategy}' does not apply to a template-sized array ({args})"
                       if strategy != "auto" else f"unchanged: only 2-D template-sized arrays are padded ({args})")
    if strategy == "auto" and any(x.samples.undecided for i in pairs for x in i.accesses):
        return replace(keep, reason=f"unchanged: a subscript is data-dependent ({args})")
    fix = next((f for i in pairs if strategy == "auto" and (f := detect_hand_fix(i, ctx.banks)) is not None
                and not f.broken), None)
    if fix is not None:  # never pad on top of a hand fix that works for some instantiation
        return replace(keep, reason=f"unchanged: {fix.why()} ({args})")
    by_pad: dict[int, list[Candidate]] = {}
    for inst in pairs:
        for m in REGISTRY["pad"].candidates(inst, ctx):
            if m.last_index is None:
                by_pad.setdefault(m.phys_dims[-1] - m.logical_dims[-1], []).append(score(inst, m, ctx, replays))
    total = {p: sum(c.cost for c in cs) for p, cs in by_pad.items() if len(cs) == len(pairs)}
    if not total:
        return replace(keep, reason=f"strategy 'pad' does not apply ({args})")
    pad = min(total, key=lambda p: (round(total[p], 9), p))
    unchanged = sum(c.cost for c in base)
    if strategy == "auto" and round(total[pad], 9) >= round(unchanged, 9):
        return replace(keep, reason=f"unchanged: no padding is predicted faster over {args}")
    if strategy == "auto" and a.robust:
        worse = [(i, c) for i, b, c in zip(pairs, base, by_pad[pad]) if round(c.cost, 9) > round(b.cost, 9)]
        if worse:
            i, _ = worse[0]
            at = ", ".join(f"{n}={v}" for n, v in i.template_arguments)
            return replace(keep, reason=f"unchanged: padding by {pad} is predicted slower for {at} under block "
                                        f"shape {i.block.x}x{i.block.y}x{i.block.z}, one of the shapes guessed")
    chosen = by_pad[pad][0]
    paid = tuple(InstanceCost(i, c.mapping, b.predictions, c.predictions, b.cost, c.cost)
                 for i, b, c in zip(pairs, base, by_pad[pad]))
    return ArrayPlan(a, chosen.mapping, f"padding by {pad} is cheapest over {args} (cost {total[pad]:.1f} vs "
                     f"{unchanged:.1f} unchanged)", base[0].predictions, chosen.predictions, instances=paid)


def _flat_layout(a: ArrayAnalysis):
    return row_major(a.logical_dims or (0,))


def plan(analyses: tuple[ArrayAnalysis, ...], strategy: str, ctx: StrategyContext) -> tuple[ArrayPlan, ...]:
    return tuple(plan_array(a, strategy, ctx) for a in analyses)
