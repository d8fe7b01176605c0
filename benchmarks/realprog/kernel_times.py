"""Per-kernel GPU times of a program's two builds, from Nsight Compute, for
programs that print no kernel times of their own (issue 30: "time kernels
with the programs' own timers where they exist, or with ncu").

Each build runs under `ncu --metrics gpu__time_duration.sum` ROUNDS times,
alternating plain and rapcc; a kernel's time in a run is the sum over its
profiled launches, and the table gives the median of the runs per build.
ncu locks the clocks to base (its default), so the times of two runs compare;
it also serialises the kernels, so these are kernel times, not the program's.

    kernel_times.measure(cwd_of, binary, args, rounds, log_dir, timeout) -> {kernel: {...}} or None
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
from pathlib import Path

from benchmarks.realprog.summarize_ncu import TIME, totals

METRIC = TIME
LAUNCHES = 200   # launches profiled per run (ncu's --launch-count): enough for a 5% change, bounded cost


def ncu_command(binary: str, args: tuple[str, ...], report_csv: Path) -> list[str]:
    return ["ncu", "--csv", "--metrics", METRIC, "--launch-count", str(LAUNCHES), "--log-file", str(report_csv),
            f"./{binary}", *args]


def per_kernel(csv_path: Path) -> dict[str, float]:
    """Kernel name -> GPU milliseconds summed over its profiled launches, from one ncu CSV."""
    return {k: v[METRIC] for k, v in totals(str(csv_path)).items() if METRIC in v}


def compare(runs: dict[str, list[dict[str, float]]]) -> dict[str, dict]:
    """Per kernel: the median milliseconds of each build's runs, and plain over rapcc."""
    out = {}
    kernels = sorted(set().union(*runs["plain"], *runs["rapcc"])) if runs["plain"] or runs["rapcc"] else []
    for k in kernels:
        plain = [r[k] for r in runs["plain"] if k in r]
        rapcc = [r[k] for r in runs["rapcc"] if k in r]
        p = statistics.median(plain) if plain else None
        r = statistics.median(rapcc) if rapcc else None
        out[k] = {"plain_ms": p, "rapcc_ms": r, "runs": [len(plain), len(rapcc)],
                  "speedup": round(p / r, 4) if p and r else None}
    return out


def measure(cwd_of: dict[str, Path], binary: str, args: tuple[str, ...], rounds: int, log_dir: Path,
            timeout: float) -> dict[str, dict] | None:
    """Run each build ROUNDS times under ncu, alternating; None where ncu is missing."""
    if shutil.which("ncu") is None:
        return None
    runs: dict[str, list[dict[str, float]]] = {"plain": [], "rapcc": []}
    order = [v for i in range(rounds) for v in (("plain", "rapcc") if i % 2 == 0 else ("rapcc", "plain"))]
    for variant in order:
        csv_path = log_dir / f"ncu-{variant}-{len(runs[variant]) + 1}.csv"
        try:
            p = subprocess.run(ncu_command(binary, args, csv_path), cwd=cwd_of[variant], capture_output=True,
                               text=True, errors="replace", timeout=timeout)
        except subprocess.TimeoutExpired:
            break
        times = per_kernel(csv_path) if csv_path.exists() else {}
        if not times:
            # An ncu that prints its report on standard output rather than to --log-file.
            out = csv_path.with_suffix(".stdout")
            out.write_text(p.stdout)
            times = per_kernel(out)
        if times:
            runs[variant].append(times)
    return compare(runs)
