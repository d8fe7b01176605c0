"""`#pragma rapcc layout(array, strategy)`: the user fixes an array's strategy.

The pragma applies to the next declaration of that array after it (inside the
same function when the pragma is inside one). It overrides `--strategy` for
that array; the report says it was requested. A pragma that names no array
that follows it, or an unknown strategy, is a warning and changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import ir
from .analysis.arrays import ArrayAnalysis
from .diagnostics import Diagnostic
from .planner import ArrayPlan, plan_array
from .strategies import StrategyContext

LAYOUTS = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle", "elempad", "none")


@dataclass(frozen=True, slots=True)
class LayoutRequest:
    strategy: str
    pragma: ir.LayoutPragma


def _function_at(info: ir.TranslationUnitInfo, offset: int) -> str | None:
    for k in info.kernels:
        if k.range.start <= offset < k.range.end:
            return k.name
    return None


def layout_requests(info: ir.TranslationUnitInfo) -> tuple[dict[str, LayoutRequest], tuple[Diagnostic, ...]]:
    """Array key -> the strategy its pragma requests; warnings for pragmas that apply to nothing."""
    found: dict[str, LayoutRequest] = {}
    warnings: list[Diagnostic] = []
    for p in info.layout_pragmas:
        r = p.range
        if not p.array:
            warnings.append(Diagnostic("warning", r.file, r.line, r.col, f"malformed '#pragma rapcc layout' "
                                       f"(expected 'layout(array, strategy)'); ignored", "rapcc-pragma"))
            continue
        if p.strategy not in LAYOUTS:
            warnings.append(Diagnostic("warning", r.file, r.line, r.col, f"unknown layout '{p.strategy}' in "
                                       f"'#pragma rapcc layout' (one of {', '.join(LAYOUTS)}); ignored",
                                       "rapcc-pragma"))
            continue
        scope = _function_at(info, r.start)
        after = [a for a in info.arrays if a.name == p.array and a.decl.start > r.end
                 and (scope is None or a.function == scope)]
        if not after:
            warnings.append(Diagnostic("warning", r.file, r.line, r.col, f"'#pragma rapcc layout' names "
                                       f"'{p.array}', but no declaration of '{p.array}' follows it; ignored",
                                       "rapcc-pragma"))
            continue
        target = min(after, key=lambda a: a.decl.start)
        found[target.key] = LayoutRequest(p.strategy, p)
    return found, tuple(warnings)


def plan_with_requests(analyses: tuple[ArrayAnalysis, ...], strategy: str, ctx: StrategyContext,
                       requests: dict[str, LayoutRequest], plans: tuple[ArrayPlan, ...]) -> tuple[ArrayPlan, ...]:
    """`plans`, with every requested array planned under its own strategy."""
    out = []
    for a, p in zip(analyses, plans):
        req = requests.get(a.array.key)
        if req is None:
            out.append(p)
            continue
        planned = p if req.strategy == strategy else plan_array(a, req.strategy, ctx)
        where = f"'#pragma rapcc layout({req.pragma.array}, {req.strategy})' at line {req.pragma.range.line}"
        out.append(replace(planned, reason=f"requested by {where}: {planned.reason}"))
    return tuple(out)
