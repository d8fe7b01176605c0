"""Choose one mapping per array.

The cost of a mapping is the sum over the array's accesses of
executions x (predicted wavefronts + INSTR_COST x extra index instructions).
`auto` takes the cheapest candidate of every strategy and keeps the array
unchanged ("none") unless a candidate is strictly cheaper; ties go to fewer
instructions, then to an unchanged size. A named strategy applies its own
cheapest candidate. Arrays rapcc cannot fully see are never rewritten.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .analysis.arrays import ArrayAnalysis
from .analysis.predict import Prediction, predict, row_major
from .strategies import REGISTRY, Mapping, StrategyContext, identity, precedence

# What one extra integer instruction per access costs, in wavefronts.
# Calibrated on the GPU suite (H200, benchmarks/results/suite-h200-2026-11-22,
# replayed with benchmarks/calibrate.py): a bit-vector XOR that saves 0.36
# wavefronts per access with about four extra instructions made the radix-2
# FFT 6% slower, and a three-instruction swizzle of a conflict-free bitonic
# sort cost 13%; 0.15 keeps both out while every conflict fix the suite
# measured as a gain is still chosen.
INSTR_COST = 0.15


@dataclass(frozen=True, slots=True)
class Candidate:
    mapping: Mapping
    cost: float
    predictions: tuple[Prediction | None, ...]


@dataclass(frozen=True, slots=True)
class ArrayPlan:
    analysis: ArrayAnalysis
    mapping: Mapping
    reason: str
    before: tuple[Prediction | None, ...]
    after: tuple[Prediction | None, ...]
    candidates: tuple[Candidate, ...] = ()

    @property
    def rewritten(self) -> bool:
        return self.mapping.strategy != "none"


def blocker(a: ArrayAnalysis) -> str | None:
    """Why the array cannot be rewritten at all, or None."""
    arr = a.array
    if a.escapes:
        e = a.escapes[0]
        return f"left untouched: {e.reason} (line {e.range.line})"
    if arr.is_extern and (arr.dims or a.shares_dynamic_memory):
        return "left untouched: 'extern' array that shares its memory or has fixed inner sizes"
    if a.logical_dims is None and not arr.is_extern and not a.instances:
        return "left untouched: size depends on a template parameter the file never instantiates"
    if arr.elem_bytes <= 0:
        return "left untouched: element type depends on a template parameter"
    if not a.accesses:
        return "no accesses"
    return None


def score(a: ArrayAnalysis, mapping: Mapping, ctx: StrategyContext) -> Candidate:
    layout = mapping.layout()
    preds = tuple(predict(x.samples, layout, a.array.elem_bytes, x.access.width, x.access.offset, ctx.banks)
                  for x in a.accesses)
    cost = 0.0
    for p in preds:
        if p is not None:
            cost += p.executions * (p.wavefronts + INSTR_COST * mapping.ops)
    return Candidate(mapping, cost, preds)


def _key(c: Candidate) -> tuple[float, int, int, int, str]:
    size = 1
    for d in c.mapping.phys_dims:
        size *= d
    return (round(c.cost, 9), c.mapping.ops, size, precedence(c.mapping.strategy), c.mapping.last_index or "")


def plan_array(a: ArrayAnalysis, strategy: str, ctx: StrategyContext) -> ArrayPlan:
    dims = a.logical_dims or ()
    none = identity(dims)
    why = blocker(a)
    if why is None and a.instances:
        return plan_template(a, strategy, ctx)
    if why is not None:
        before = tuple(predict(x.samples, _flat_layout(a), max(a.array.elem_bytes, 1), x.access.width,
                               x.access.offset, ctx.banks) for x in a.accesses)
        return ArrayPlan(a, none, why, before, before)
    base = score(a, none, ctx)
    if strategy == "auto" and a.block.source == "assumed":
        # A layout tuned for a guessed block shape may slow the real one down.
        return ArrayPlan(a, none, f"unchanged: the block shape is unknown (the report assumes {a.block.text()}); "
                         "give --block-dim or '#pragma rapcc block_dim'", base.predictions, base.predictions, (base,))
    if strategy == "none":
        return ArrayPlan(a, none, "strategy 'none'", base.predictions, base.predictions, (base,))
    if strategy == "auto" and all(p is None or p.wavefronts <= p.ideal + 1e-9 for p in base.predictions) \
            and all(x.samples.unknown is None for x in a.accesses):
        # Every access already needs only its ideal wavefronts: nothing can be cheaper.
        return ArrayPlan(a, none, "unchanged: already conflict-free", base.predictions, base.predictions, (base,))
    names = list(REGISTRY) if strategy == "auto" else [strategy]
    cands = [score(a, m, ctx) for n in names for m in REGISTRY[n].candidates(a, ctx)]
    # An access with no replayed instruction never runs under this block shape: it costs nothing either way.
    unknown = [x for x in a.accesses if x.samples.unknown is not None]
    if strategy != "auto":
        if not cands:
            return ArrayPlan(a, none, f"strategy '{strategy}' does not apply", base.predictions, base.predictions, (base,))
        best = min(cands, key=_key)
        return ArrayPlan(a, best.mapping, f"strategy '{strategy}' requested", base.predictions, best.predictions,
                         tuple([base] + cands))
    if unknown:
        x = unknown[0]
        return ArrayPlan(a, none, f"unchanged: subscript at line {x.access.range.line} is data-dependent "
                         f"({x.samples.unknown}); no layout is predictably better", base.predictions,
                         base.predictions, tuple([base] + cands))
    best = min([base] + cands, key=_key)
    if best is base or _key(best) >= _key(base):
        return ArrayPlan(a, none, "unchanged: no candidate is predicted faster", base.predictions,
                         base.predictions, tuple([base] + cands))
    return ArrayPlan(a, best.mapping, f"cheapest of {len(cands) + 1} candidates (cost {best.cost:.1f} vs "
                     f"{base.cost:.1f} unchanged)", base.predictions, best.predictions, tuple([base] + cands))


def plan_template(a: ArrayAnalysis, strategy: str, ctx: StrategyContext) -> ArrayPlan:
    """One layout for every instantiation of a template-sized array. Only
    padding the last dimension by a constant is valid whatever the template
    arguments are; its cost is summed over the instantiations the file launches."""
    first = a.instances[0]
    args = "; ".join(", ".join(f"{n}={v}" for n, v in i.template_arguments) for i in a.instances)
    base = [score(i, identity(i.logical_dims or ()), ctx) for i in a.instances]
    keep = ArrayPlan(a, identity(first.logical_dims or ()), "", base[0].predictions, base[0].predictions)
    if strategy == "none":
        return replace(keep, reason="strategy 'none'")
    if strategy not in ("auto", "pad") or len(a.array.dims) < 2:
        return replace(keep, reason=f"strategy '{strategy}' does not apply to a template-sized array ({args})"
                       if strategy != "auto" else f"unchanged: only 2-D template-sized arrays are padded ({args})")
    if strategy == "auto" and any(x.samples.unknown for i in a.instances for x in i.accesses):
        return replace(keep, reason=f"unchanged: a subscript is data-dependent ({args})")
    by_pad: dict[int, list[Candidate]] = {}
    for inst in a.instances:
        for m in REGISTRY["pad"].candidates(inst, ctx):
            if m.last_index is None:
                by_pad.setdefault(m.phys_dims[-1] - m.logical_dims[-1], []).append(score(inst, m, ctx))
    total = {p: sum(c.cost for c in cs) for p, cs in by_pad.items() if len(cs) == len(a.instances)}
    if not total:
        return replace(keep, reason=f"strategy 'pad' does not apply ({args})")
    pad = min(total, key=lambda p: (round(total[p], 9), p))
    unchanged = sum(c.cost for c in base)
    if strategy == "auto" and round(total[pad], 9) >= round(unchanged, 9):
        return replace(keep, reason=f"unchanged: no padding is predicted faster over {args}")
    chosen = by_pad[pad][0]
    return ArrayPlan(a, chosen.mapping, f"padding by {pad} is cheapest over {args} (cost {total[pad]:.1f} vs "
                     f"{unchanged:.1f} unchanged)", base[0].predictions, chosen.predictions)


def _flat_layout(a: ArrayAnalysis):
    return row_major(a.logical_dims or (0,))


def plan(analyses: tuple[ArrayAnalysis, ...], strategy: str, ctx: StrategyContext) -> tuple[ArrayPlan, ...]:
    return tuple(plan_array(a, strategy, ctx) for a in analyses)
