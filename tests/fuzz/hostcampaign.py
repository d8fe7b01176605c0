"""Run the host check over many kernels in parallel and count the verdicts."""
from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .hostcheck import STRATEGIES, KernelResult, Outcome, check_kernel, clean, precompile_header
from .hostgen import HostKernel


def _check_one(args: tuple[HostKernel, Path, Path]) -> KernelResult:
    kernel, work, header = args
    result = check_kernel(kernel, work, header)
    clean(work, result)
    return result


def check_all(kernels: list[HostKernel], work: Path, jobs: int = 2) -> list[KernelResult]:
    """Every kernel checked, `jobs` at a time (one process each: libclang and
    g++ both run inside the worker), in the order given."""
    header = precompile_header(work / "pch")
    # Each kernel builds in work/<its name>, removed when it passes: two kernels
    # of one name (saved regressions of two families may share one) get folders
    # of their own, or one's clean-up deletes the other's files mid-build.
    seen: set[str] = set()
    tasks = []
    for i, k in enumerate(kernels):
        tasks.append((k, work if k.name not in seen else work / f"same_name_{i}", header))
        seen.add(k.name)
    if jobs <= 1:
        return [_check_one(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_check_one, tasks))


@dataclass(frozen=True, slots=True)
class Summary:
    kernels: int
    generator_errors: int
    per_strategy: dict[str, Counter]  # strategy -> Outcome value -> count
    per_family: dict[str, Counter]  # "family (bad|twin)" -> kernels / rewritten / differing

    @property
    def differing(self) -> int:
        """Wrong rewrites: different output bits, or a run that crashes."""
        return sum(c[Outcome.DIFFERS.value] + c[Outcome.RUN_FAILS.value] for c in self.per_strategy.values())


def summarize(results: list[KernelResult]) -> Summary:
    per_strategy = {s: Counter() for s in STRATEGIES}
    per_family: dict[str, Counter] = {}
    for r in results:
        fam = per_family.setdefault(f"{r.kernel.family} ({'twin' if r.kernel.twin else 'bad'})", Counter())
        fam["kernels"] += 1
        if r.generator_error:
            fam["generator_error"] += 1
            continue
        outcomes = {x.outcome for x in r.results}
        fam["rewritten"] += bool(outcomes & {Outcome.IDENTICAL, Outcome.DIFFERS, Outcome.RUN_FAILS})
        fam["differing"] += bool(outcomes & {Outcome.DIFFERS, Outcome.RUN_FAILS})
        fam["rapcc_error"] += Outcome.RAPCC_ERROR in outcomes
        for x in r.results:
            per_strategy[x.strategy][x.outcome.value] += 1
    return Summary(len(results), sum(bool(r.generator_error) for r in results), per_strategy, per_family)


def format_summary(s: Summary) -> str:
    cols = [o.value for o in Outcome]
    lines = [f"kernels {s.kernels}, generator errors {s.generator_errors}, differing rewrites {s.differing}", "",
             f"{'strategy':<9} {'rewritten':>9} " + " ".join(f"{c:>11}" for c in cols)]
    for strategy, c in s.per_strategy.items():
        rewritten = c[Outcome.IDENTICAL.value] + c[Outcome.DIFFERS.value] + c[Outcome.RUN_FAILS.value]
        lines.append(f"{strategy:<9} {rewritten:>9} " + " ".join(f"{c[k]:>11}" for k in cols))
    total = Counter()
    for c in s.per_strategy.values():
        total.update(c)
    lines.append(f"{'all':<9} {total['identical'] + total['differs'] + total['run_fails']:>9} " + " ".join(f"{total[k]:>11}" for k in cols))
    lines += ["", f"{'family':<38} {'kernels':>7} {'rewritten':>9} {'differing':>9} {'rapcc_err':>9}"]
    for fam, c in sorted(s.per_family.items()):
        lines.append(f"{fam:<38} {c['kernels']:>7} {c['rewritten']:>9} {c['differing']:>9} {c['rapcc_error']:>9}")
    return "\n".join(lines)


def to_json(results: list[KernelResult], work: Path) -> dict:
    """The findings (differing rewrites, rapcc errors, host errors) with
    enough to reproduce each: family, strategy, the kernel's file (kept under
    `work`), and the first differing outputs or the error."""
    findings = []
    for r in results:
        for x in (r.findings if not r.generator_error else ()):
            findings.append({"kernel": r.kernel.name, "family": r.kernel.family, "twin": r.kernel.twin,
                             "strategy": x.strategy, "outcome": x.outcome.value, "detail": x.detail,
                             "source": str(work / r.kernel.name / f"{r.kernel.name}.cu")})
    errors = [{"kernel": r.kernel.name, "family": r.kernel.family, "error": r.generator_error}
              for r in results if r.generator_error]
    kernels = [{"kernel": r.kernel.name, "family": r.kernel.family, "twin": r.kernel.twin,
                "outcomes": {x.strategy: x.outcome.value for x in r.results}} for r in results]
    s = summarize(results)
    return {"kernels": kernels, "summary": {"kernels": s.kernels, "generator_errors": s.generator_errors,
                        "per_strategy": {k: dict(v) for k, v in s.per_strategy.items()},
                        "per_family": {k: dict(v) for k, v in s.per_family.items()}},
            "findings": findings, "generator_errors": errors}


def write_json(results: list[KernelResult], work: Path, path: Path) -> None:
    path.write_text(json.dumps(to_json(results, work), indent=1) + "\n")
