"""The pass as one call: front end -> analysis -> planning -> rewriting -> verification."""
from __future__ import annotations

from dataclasses import dataclass

from . import __version__
from .analysis.arrays import analyze
from .banks import BankModel
from .diagnostics import Diagnostic, RapccError
from .frontend import parse_file
from .planner import ArrayPlan, plan
from .report import build_report, diagnostics_for
from .rewrite import rewrite
from .strategies import StrategyContext
from .verify import verify

STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "none")


@dataclass(frozen=True, slots=True)
class Options:
    strategy: str = "auto"  # one of STRATEGIES
    block_dim: tuple[int, int, int] | None = None
    seed: int = 1
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    cuda_path: str | None = None
    command: str = ""  # the command line that reproduces the output, for its header


@dataclass(frozen=True, slots=True)
class RewriteResult:
    text: bytes
    report: dict
    diagnostics: tuple[Diagnostic, ...]
    plans: tuple[ArrayPlan, ...]

    @property
    def changed(self) -> bool:
        return any(p.rewritten for p in self.plans)


def _plans(source: bytes, path: str, options: Options, strategy: str):
    info, warnings = parse_file(path, source, options)
    ctx = StrategyContext(BankModel(), options.seed)
    analyses = analyze(info, options.block_dim)
    if info.already_rewritten:
        strategy = "none"  # rapcc's own output: rewriting it again must change nothing
    return info, warnings, plan(analyses, strategy, ctx), ctx


def analyze_source(source: bytes, path: str, options: Options = Options()) -> RewriteResult:
    """Diagnostics and the JSON report for `source`; nothing is rewritten."""
    info, warnings, plans, _ = _plans(source, path, options, "none")
    report = build_report(path, plans, analyze_only=True)
    return RewriteResult(source, report, tuple(warnings) + diagnostics_for(plans), plans)


def rewrite_source(source: bytes, path: str, options: Options = Options()) -> RewriteResult:
    """Rewrite `source`, verify the result, and return it with its report.

    Raises RapccError for bad input and InternalError when verification fails.
    """
    if options.strategy not in STRATEGIES:
        raise RapccError(f"unknown strategy '{options.strategy}'")
    info, warnings, plans, ctx = _plans(source, path, options, options.strategy)
    text, helpers = rewrite(source, path, plans, options.command or f"rapcc {path} --strategy {options.strategy} --seed {options.seed}")
    if text != source:
        reparsed, _ = parse_file(path, text, options)
        verify(text, plans, helpers, reparsed, ctx.banks)
    report = build_report(path, plans, analyze_only=False)
    return RewriteResult(text, report, tuple(warnings) + diagnostics_for(plans), plans)


__all__ = ["Options", "RewriteResult", "STRATEGIES", "analyze_source", "rewrite_source", "__version__"]
