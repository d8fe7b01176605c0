"""Run the GPU check (gpucheck.py) over many kernels: batches prepared and
built `jobs` at a time in worker processes, run one after another on the
device in this process, counted and written out like hostcampaign.py."""
from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from .gpucheck import Built, GpuKernelResult, GpuOutcome, Prepared, build_batch, clean, judge, prepare, run
from .hostgen import HostKernel
from .hostvariants import STRATEGIES

COLUMNS = ("identical", "differs", "run_fails", "refused", "rapcc_error", "build_error", "built")
REWRITTEN = ("identical", "differs", "run_fails", "built")


@dataclass(frozen=True, slots=True)
class Config:
    work: Path
    jobs: int
    seconds: float  # no batch starts after this many seconds
    batch: int  # kernels per program
    compile_only: bool


def _prepare_and_build(args: tuple[list[HostKernel], Path, Path]) -> tuple[list[Built], list[Prepared]]:
    kernels, work, folder = args
    return build_batch([prepare(k, work) for k in kernels], folder)


def _judge_batch(programs: list[Built], prepared: list[Prepared], compile_only: bool) -> list[GpuKernelResult]:
    results = {p.kernel.name: judge(p, None, "", []) for p in prepared if p.error}
    by_name = {p.kernel.name: p for p in prepared if not p.error}
    for built in programs:
        outputs = None if compile_only else run(built)
        for j, name in enumerate(built.kernels):
            mine = [i for i, v in enumerate(built.variants) if v.kernel == j]
            spaces = [built.variants[i].namespace for i in mine]
            if isinstance(outputs, str):
                results[name] = GpuKernelResult(by_name[name].kernel, (), f"device: {outputs}", str(built.exe))
                continue
            got = None if outputs is None else [outputs[i] for i in mine]
            results[name] = judge(by_name[name], got, str(built.exe.with_suffix(".cu")), spaces)
    return [results[p.kernel.name] for p in prepared]


def check_all(kernels: list[HostKernel], config: Config) -> list[GpuKernelResult]:
    """Every kernel checked, in the order given, unless --seconds ran out
    first: then the batches not started are left out."""
    start = time.monotonic()
    batches = [kernels[i:i + config.batch] for i in range(0, len(kernels), config.batch)]
    results: dict[int, list[GpuKernelResult]] = {}
    with ProcessPoolExecutor(max_workers=max(1, config.jobs)) as pool:
        pending: dict[Future, int] = {}
        nxt = 0
        while nxt < len(batches) or pending:
            while nxt < len(batches) and len(pending) < config.jobs and time.monotonic() - start < config.seconds:
                folder = config.work / "batches" / f"b{nxt}"
                pending[pool.submit(_prepare_and_build, (batches[nxt], config.work, folder))] = nxt
                nxt += 1
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                n = pending.pop(future)
                programs, prepared = future.result()
                judged = _judge_batch(programs, prepared, config.compile_only)
                for r in judged:
                    clean(config.work, r)
                if not config.compile_only and not any(r.findings or r.generator_error for r in judged):
                    shutil.rmtree(config.work / "batches" / f"b{n}", ignore_errors=True)
                results[n] = judged
    return [r for n in sorted(results) for r in results[n]]


def per_strategy(results: list[GpuKernelResult]) -> dict[str, Counter]:
    counts = {s: Counter() for s in STRATEGIES}
    for r in results:
        for x in r.results:
            counts[x.strategy][x.outcome.value] += 1
    return counts


def format_summary(results: list[GpuKernelResult]) -> str:
    counts = per_strategy(results)
    errors = sum(bool(r.generator_error) for r in results)
    wrong = sum(c["differs"] + c["run_fails"] for c in counts.values())
    lines = [f"kernels {len(results)}, generator errors {errors}, differing rewrites {wrong}", "",
             f"{'strategy':<9} {'rewritten':>9} " + " ".join(f"{c:>11}" for c in COLUMNS)]
    total = Counter()
    for strategy, c in counts.items():
        total.update(c)
        lines.append(f"{strategy:<9} {sum(c[k] for k in REWRITTEN):>9} " + " ".join(f"{c[k]:>11}" for k in COLUMNS))
    lines.append(f"{'all':<9} {sum(total[k] for k in REWRITTEN):>9} " + " ".join(f"{total[k]:>11}" for k in COLUMNS))
    for r in results:
        if r.generator_error:
            lines.append(f"generator error: {r.kernel.name} ({r.kernel.family}): {r.generator_error.splitlines()[0][:200]}")
    return "\n".join(lines)


def to_json(results: list[GpuKernelResult], work: Path) -> dict:
    """Per kernel: its outcomes, its program and each strategy's namespace
    there; the findings with the kernel's kept files; the counts."""
    kernels = [{"kernel": r.kernel.name, "family": r.kernel.family, "twin": r.kernel.twin, "program": r.program,
                "namespaces": r.namespaces, "launches": [l.kernel for l in r.kernel.launches],
                "outcomes": {x.strategy: x.outcome.value for x in r.results}, "generator_error": r.generator_error}
               for r in results]
    findings = [{"kernel": r.kernel.name, "family": r.kernel.family, "twin": r.kernel.twin, "strategy": x.strategy,
                 "outcome": x.outcome.value, "detail": x.detail, "program": r.program,
                 "source": str(work / r.kernel.name / f"{r.kernel.name}.cu")}
                for r in results for x in r.findings]
    counts = per_strategy(results)
    return {"kernels": kernels, "findings": findings,
            "summary": {"kernels": len(results), "generator_errors": sum(bool(r.generator_error) for r in results),
                        "per_strategy": {s: {"rewritten": sum(c[k] for k in REWRITTEN), **dict(c)}
                                         for s, c in counts.items()}}}


def write_json(results: list[GpuKernelResult], work: Path, path: Path) -> None:
    path.write_text(json.dumps(to_json(results, work), indent=1) + "\n")


def wrong_code(results: list[GpuKernelResult]) -> int:
    """Rewrites that differ, fail to run, or that rapcc could not make."""
    bad = (GpuOutcome.DIFFERS, GpuOutcome.RUN_FAILS, GpuOutcome.RAPCC_ERROR)
    return sum(x.outcome in bad for r in results for x in r.results)
