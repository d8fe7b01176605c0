"""Run cases x variants: check each variant, time it, and attach ncu counters.

A variant is the original source or rapcc's rewrite of it under one strategy.
For each case the original runs on fresh seeded inputs and is checked against
the NumPy reference; every rewritten variant runs on the same inputs and must
match the original's outputs bit for bit (a layout change never changes the
arithmetic). Each variant is then timed on its own fresh inputs.
"""
from __future__ import annotations

import hashlib
import shutil
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .. import pipeline
from ..verify_nvcc import FloatCheck
from .case import Case, kernel_base_name
from .compare import Comparison, compare_all
from .ncu import ProfileJob, SharedCounters, profile_jobs
from .runner import BuildError, BuiltKernel, LaunchError, Runner
from .timing import DEFAULT_WARMUP, MIN_REPEATS, Timing

ORIGINAL = "original"
# The variants a suite runs, in table order; rapcc strategies follow 'original'.
# Every strategy the pass offers, after the original.
STRATEGIES: tuple[str, ...] = (ORIGINAL,) + tuple(s for s in pipeline.STRATEGIES if s != "none")


@dataclass(frozen=True, slots=True)
class Rewritten:
    """What the suite needs from a rewrite: the new text and rapcc's JSON report."""

    text: bytes
    report: dict[str, Any] | None


# (source, path, strategy, dynamic shared memory of the case's launch) -> Rewritten
RewriteFn = Callable[[bytes, str, str, int], Rewritten]


def pipeline_rewrite(source: bytes, path: str, strategy: str, dynamic_smem: int = 0) -> Rewritten:
    """Rewrite through rapcc's pipeline (rapcc.pipeline.rewrite_source). The suite
    launches the case itself, so it states the launch's dynamic shared memory
    (`--dynamic-smem`): the budget's premise, which no launch in the file shows."""
    # `xor@guarded`: the strategy with every layout behind a test of blockDim (the test's cost, guards.py).
    # `auto@checked`: as the CLI rewrites where nvcc is at hand: a kernel whose
    # floating-point dataflow the layout changes keeps its arrays (verify_float.py).
    name, _, mode = strategy.partition("@")
    check = FloatCheck(shutil.which("nvcc")) if mode == "checked" else None
    result = pipeline.rewrite_source(source, path, pipeline.Options(strategy=name, dynamic_smem=dynamic_smem,
                                                                    guard_all=mode == "guarded", float_check=check))
    return Rewritten(result.text, result.report)


@dataclass(frozen=True, slots=True)
class SuiteConfig:
    """How much work a suite run does.

    scale: problem size for timing (1 fills an H100/H200).
    check_scale: problem size for the correctness runs (None: same as scale).
    seed: base seed; every input set derives its own seed from it.
    """

    strategies: tuple[str, ...] = STRATEGIES
    scale: float = 1.0
    check_scale: float | None = None
    seed: int = 2026
    warmup: int = DEFAULT_WARMUP
    repeats: int = MIN_REPEATS

    def to_json(self) -> dict[str, Any]:
        return {"strategies": list(self.strategies), "scale": self.scale, "check_scale": self.check_scale,
                "seed": self.seed, "warmup": self.warmup, "repeats": self.repeats}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "SuiteConfig":
        return SuiteConfig(tuple(data["strategies"]), data["scale"], data["check_scale"], data["seed"],
                           data["warmup"], data["repeats"])


@dataclass(frozen=True, slots=True)
class Variant:
    """One source to run: `text` is None when the rewrite failed (`error` says why)."""

    strategy: str
    text: bytes | None
    report: dict[str, Any] | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"strategy": self.strategy, "text": None if self.text is None else self.text.decode("utf-8"),
                "report": self.report, "error": self.error}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Variant":
        text = data["text"]
        return Variant(data["strategy"], None if text is None else text.encode("utf-8"), data["report"], data["error"])


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the results: a case under one strategy."""

    case: str
    strategy: str
    changed: bool = False
    correct: bool | None = None
    check: str = ""
    timing: Timing | None = None
    speedup: float | None = None
    predicted_wavefronts: float | None = None
    counters: SharedCounters | None = None
    excess_wavefronts: float | None = None
    wavefronts_per_instruction: float | None = None
    options: tuple[str, ...] = ()
    error: str | None = None
    # Per instruction by its own addresses (ncu's SASS-level counters): what the
    # prediction is compared with; None for runs stored before they were collected.
    sass_wavefronts_per_instruction: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case, "strategy": self.strategy, "changed": self.changed, "correct": self.correct,
                "check": self.check, "timing": self.timing.to_json() if self.timing else None,
                "speedup": self.speedup, "predicted_wavefronts": self.predicted_wavefronts,
                "counters": self.counters.to_json() if self.counters else None,
                "excess_wavefronts": self.excess_wavefronts,
                "wavefronts_per_instruction": self.wavefronts_per_instruction,
                "sass_wavefronts_per_instruction": self.sass_wavefronts_per_instruction,
                "options": list(self.options), "error": self.error}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Row":
        return Row(data["case"], data["strategy"], data["changed"], data["correct"], data["check"],
                   Timing.from_json(data["timing"]) if data["timing"] else None, data["speedup"],
                   data["predicted_wavefronts"],
                   SharedCounters.from_json(data["counters"]) if data["counters"] else None,
                   data["excess_wavefronts"], data["wavefronts_per_instruction"], tuple(data["options"]),
                   data["error"], data.get("sass_wavefronts_per_instruction"))


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    rows: list[Row]
    variants: list[Variant]

    def to_json(self) -> dict[str, Any]:
        return {"rows": [r.to_json() for r in self.rows], "variants": [v.to_json() for v in self.variants]}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "CaseOutcome":
        return CaseOutcome([Row.from_json(r) for r in data["rows"]], [Variant.from_json(v) for v in data["variants"]])


@dataclass(frozen=True, slots=True)
class SuiteResult:
    config: SuiteConfig
    rows: list[Row]
    variants: dict[str, list[Variant]] = field(default_factory=dict)
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "metadata": self.metadata,
                "rows": [r.to_json() for r in self.rows],
                "reports": {case: {v.strategy: v.report for v in vs if v.report is not None}
                            for case, vs in self.variants.items()}}


def input_rng(seed: int, *parts: str) -> np.random.Generator:
    """A generator seeded from `seed` and a label: reproducible, and distinct
    for every measurement set so that each one gets fresh inputs."""
    return np.random.default_rng([seed, zlib.crc32("|".join(parts).encode())])


def predicted_wavefronts(report: Mapping[str, Any] | None, key: str, kernel: str | None = None) -> float | None:
    """Predicted wavefronts per shared load/store instruction, as Nsight Compute
    counts them: each access weighted by its replayed executions (per block, under
    the layout `key` names: a rewrite can unfuse vector instructions), an
    update counted as a load and a store, atomics and asynchronous copies
    (LDGSTS) left out (the ld/st metrics do not count them). Only the arrays of `kernel` count, where it has any: the
    counters are the launched kernel's, not its file's. None when no access was
    predicted."""
    if not report:
        return None
    arrays = report.get("arrays", ())
    if kernel is not None:
        base = kernel_base_name(kernel)
        mine = [a for a in arrays if a.get("function") == base]
        arrays = mine or arrays
    total = weight = 0.0
    for arr in arrays:
        for a in arr.get("accesses", ()):
            if a.get(key) is None or a.get("kind") in ("atomic", "copy"):
                continue
            runs = a.get("executions_after") if key == "wavefronts_after" else None
            w = float(runs or a.get("executions") or 1) * (2 if a.get("kind") == "update" else 1)
            total += float(a[key]) * w
            weight += w
    return total / weight if weight else None


def make_variants(case: Case, strategies: Sequence[str], rewrite: RewriteFn) -> list[Variant]:
    """The original and one rewrite per strategy; a failing rewrite becomes an error variant."""
    source = case.source.read_bytes()
    variants = []
    for strategy in strategies:
        if strategy == ORIGINAL:
            variants.append(Variant(ORIGINAL, source))
            continue
        try:
            out = rewrite(source, str(case.source), strategy, case.shared_bytes)
            variants.append(Variant(strategy, out.text, out.report))
        except Exception as exc:  # rapcc's own errors included: the suite reports, never stops
            variants.append(Variant(strategy, None, error=f"rewrite failed: {type(exc).__name__}: {exc}"))
    return variants


def _prediction(variant: Variant, variants: Sequence[Variant], kernel: str | None = None) -> float | None:
    if variant.strategy != ORIGINAL:
        return predicted_wavefronts(variant.report, "wavefronts_after", kernel)
    # The original's prediction is any rewrite's 'before' figure (the same analysis).
    reports = [v.report for v in variants if v.report]
    return predicted_wavefronts(reports[0], "wavefronts_before", kernel) if reports else None


def _check(runner: Runner, case: Case, kernel: BuiltKernel, args: list,
           baseline: list[np.ndarray] | None) -> tuple[Comparison, list[np.ndarray]]:
    outputs = runner.run(kernel, args)
    if baseline is None:
        return compare_all(outputs, case.reference(args), bitwise=False, rtol=case.rtol), outputs
    return compare_all(outputs, baseline, bitwise=True), outputs


def run_case(case: Case, runner: Runner, config: SuiteConfig, rewrite: RewriteFn = pipeline_rewrite) -> CaseOutcome:
    """Check and time every variant of `case` (see the module docstring)."""
    source = case.source.read_bytes()
    variants = make_variants(case, config.strategies, rewrite)
    check_scale = config.scale if config.check_scale is None else config.check_scale
    check_args = case.make_inputs(input_rng(config.seed, case.name, "check"), check_scale)
    baseline: list[np.ndarray] | None = None
    rows: list[Row] = []
    built: list[tuple[int, BuiltKernel]] = []  # (row index, kernel) of the variants to time
    # The original goes first whatever the strategy order: the others compare against it.
    for variant in sorted(variants, key=lambda v: v.strategy != ORIGINAL):
        row = Row(case.name, variant.strategy, changed=variant.text is not None and variant.text != source,
                  predicted_wavefronts=_prediction(variant, variants, case.kernel), options=runner.options,
                  error=variant.error)
        if variant.text is None:
            rows.append(row)
            continue
        try:
            kernel = runner.build(case, variant.text, f"{case.name}/{variant.strategy}")
            if variant.strategy == ORIGINAL:
                result, baseline = _check(runner, case, kernel, check_args, None)
                check = "matches the NumPy reference" if result.ok else result.message
            elif baseline is None:
                result, _ = _check(runner, case, kernel, check_args, None)
                check = ("matches the NumPy reference (original unavailable)" if result.ok else result.message)
            else:
                result, _ = _check(runner, case, kernel, check_args, baseline)
                check = "bitwise equal to the original" if result.ok else result.message
            row = replace(row, correct=result.ok, check=check)
            built.append((len(rows), kernel))
        except (BuildError, LaunchError) as exc:
            row = replace(row, correct=row.correct if row.correct is not None else False, error=str(exc))
        rows.append(row)
    rows = _timed(rows, built, runner, case, config)
    order = {s: i for i, s in enumerate(config.strategies)}
    return CaseOutcome(_with_speedups(sorted(rows, key=lambda r: order[r.strategy])), variants)


def _timed(rows: list[Row], built: list[tuple[int, BuiltKernel]], runner: Runner, case: Case,
           config: SuiteConfig) -> list[Row]:
    """`rows` with the timings of the built variants, measured together on one
    fresh input set (drawn apart from the check's inputs). A launch error
    while timing several is retried one variant at a time, so that it lands on
    the variant that caused it."""
    if not built:
        return rows
    timing_args = case.make_inputs(input_rng(config.seed, case.name, "time"), config.scale)
    out = list(rows)
    try:
        timings = runner.time_many([k for _, k in built], timing_args, warmup=config.warmup, repeats=config.repeats)
        for (i, _), t in zip(built, timings):
            out[i] = replace(out[i], timing=t)
        return out
    except LaunchError:
        pass
    for i, kernel in built:
        try:
            out[i] = replace(out[i], timing=runner.time_many([kernel], timing_args, warmup=config.warmup,
                                                             repeats=config.repeats)[0])
        except LaunchError as exc:
            out[i] = replace(out[i], correct=out[i].correct if out[i].correct is not None else False, error=str(exc))
    return out


def _with_speedups(rows: list[Row]) -> list[Row]:
    base = next((r.timing for r in rows if r.strategy == ORIGINAL and r.timing), None)
    if base is None:
        return rows
    return [replace(r, speedup=base.median_ms / r.timing.median_ms) if r.timing and r.timing.median_ms > 0 else r
            for r in rows]


def failed_case(case_name: str, strategies: Sequence[str], message: str) -> CaseOutcome:
    """Rows for a case that could not be run at all."""
    return CaseOutcome([Row(case_name, s, error=message) for s in strategies], [])


def attach_counters(rows: Sequence[Row], cases: Mapping[str, Case],
                    counters: Mapping[str, SharedCounters | str]) -> list[Row]:
    """Rows with ncu counters (keyed 'case/strategy') and the derived excess wavefronts."""
    out = []
    for row in rows:
        got = counters.get(f"{row.case}/{row.strategy}")
        if isinstance(got, SharedCounters):
            ideal = cases[row.case].ideal_wavefronts_per_instruction()
            excess = got.excess_wavefronts(ideal)
            per_instruction = got.wavefronts / got.instructions if got.instructions else None
            sass = got.sass_wavefronts
            sass_per_instruction = sass / got.instructions if sass is not None and got.instructions else None
            row = replace(row, counters=got, excess_wavefronts=excess, wavefronts_per_instruction=per_instruction,
                          sass_wavefronts_per_instruction=sass_per_instruction)
        elif isinstance(got, str) and row.error is None and row.timing is not None:
            row = replace(row, check=f"{row.check}; ncu: {got}")
        out.append(row)
    return out


# Runs one case; run_suite calls it for each case (in-process or in a child).
CaseExecutor = Callable[[Case], CaseOutcome]


def run_suite(cases: Sequence[Case], execute: CaseExecutor, config: SuiteConfig,
              profile: Callable[[Mapping[str, Case], Mapping[str, list[Variant]]],
                                Mapping[str, SharedCounters | str]] | None = None,
              metadata: Mapping[str, Any] | None = None,
              progress: Callable[[str], None] | None = None) -> SuiteResult:
    """Every case under every strategy, then (if `profile` is given) ncu counters.

    A case whose execution raises becomes error rows; the suite goes on.
    """
    rows: list[Row] = []
    variants: dict[str, list[Variant]] = {}
    for case in cases:
        if progress:
            progress(case.name)
        try:
            outcome = execute(case)
        except Exception as exc:
            outcome = failed_case(case.name, config.strategies, f"{type(exc).__name__}: {exc}")
        rows.extend(outcome.rows)
        variants[case.name] = outcome.variants
    by_name = {c.name: c for c in cases}
    if profile is not None:
        rows = attach_counters(rows, by_name, profile(by_name, variants))
    return SuiteResult(config, rows, variants, dict(metadata or {}))


def in_process(runner: Runner, config: SuiteConfig, rewrite: RewriteFn = pipeline_rewrite) -> CaseExecutor:
    """An executor that runs each case in this process with `runner`."""
    return lambda case: run_case(case, runner, config, rewrite)


def write_variants(variants: Mapping[str, Sequence[Variant]], folder: Path) -> dict[str, Path]:
    """Write each variant's source as FOLDER/<case>.<strategy>.cu; paths by 'case/strategy'."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for case, vs in variants.items():
        for v in vs:
            if v.text is not None:
                path = folder / f"{case}.{v.strategy}.cu"
                path.write_bytes(v.text)
                paths[f"{case}/{v.strategy}"] = path
    return paths


def ncu_profiler(workdir: Path, scale: float, seed: int, ncu: str | None = None
                 ) -> Callable[[Mapping[str, Case], Mapping[str, list[Variant]]], Mapping[str, SharedCounters | str]]:
    """A `profile` callback for run_suite that profiles each distinct variant
    text once under Nsight Compute, at `scale`, and fans the counters out to
    every strategy that produced the same text."""
    def profile(cases: Mapping[str, Case], variants: Mapping[str, list[Variant]]) -> Mapping[str, SharedCounters | str]:
        paths = write_variants(variants, workdir / "variants")
        jobs: dict[str, ProfileJob] = {}
        alias: dict[str, str] = {}
        for case_name, vs in variants.items():
            case = cases[case_name]
            for v in vs:
                key = f"{case_name}/{v.strategy}"
                if v.text is None or case.case_file is None:
                    continue
                digest = f"{case_name}/{hashlib.sha256(v.text).hexdigest()[:16]}"
                alias[key] = digest
                jobs.setdefault(digest, ProfileJob(digest, str(case.case_file), case.kernel, str(paths[key]),
                                                   scale, seed))
        measured = profile_jobs(list(jobs.values()), workdir / "ncu", ncu=ncu)
        return {key: measured.get(digest, "not profiled") for key, digest in alias.items()}
    return profile
