"""A clean CMake build of a real CUDA project, plain nvcc against `rapcc-launch`
with `RAPCC_PROJECT` (issue 28: within +30%, and no step waiting minutes on
the project scan).

    benchmarks/fetch_libsgm.sh
    python3 benchmarks/cmake_build.py [third_party/libSGM] [--runs 3] [-j 2] [--arch 86] [-- CMAKE_ARGS...]

Each run configures a fresh build folder (not timed: CMake writes the compile
database there, which RAPCC_PROJECT reads) and times `cmake --build -j N`.
The two builds alternate (plain, rapcc, plain, rapcc, ...), so that a change
in the machine's load falls on both. Each rapcc build starts cold, as a CI
build does: an empty cache (`RAPCC_CACHE_DIR`) and no server
(`benchmarks/servers.py`); the server it starts is part of its time. Prints
the median wall time of each, the ratio (with `--one-shot`, no server, the
same for CPU time, which follows the machine's load less), and from Ninja's log the longest
compile step of each build and the largest per-step excess of rapcc over the
same step's plain median (a step that waited on the project scan shows here).
Every rapcc build writes `RAPCC_SCAN_LOG`: each compile step's seconds in the
project launch scan (its own parses of other files and its waits for files
other steps parse), printed per step beside its time under both builds, with
the maximum and median over the steps.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.servers import fresh_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Build:
    """One timed build: its wall seconds, the CPU seconds of its processes (rapcc's server, which detaches,
    and the children it reaps are not among them: `--one-shot` runs without it) and each Ninja step's
    seconds by output."""
    seconds: float
    cpu: float
    steps: dict[str, float]
    # Each step's project scan by output ({"seconds", "parsed", "waited_s", "read", "of"}; RAPCC_SCAN_LOG).
    scans: dict[str, dict] = field(default_factory=dict)


def ninja_steps(log: Path) -> dict[str, float]:
    """Seconds of each step of `.ninja_log` (v5: start ms, end ms, mtime, output, hash)."""
    steps: dict[str, float] = {}
    for line in log.read_text().splitlines():
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) >= 4:
            steps[cols[3]] = (int(cols[1]) - int(cols[0])) / 1000
    return steps


def build_once(source: Path, work: Path, launcher: str | None, cmake_args: list[str], jobs: int,
               env: dict[str, str]) -> Build:
    """Configure a fresh folder under `work`, then time the build (with `launcher` as CUDA launcher)."""
    folder = Path(tempfile.mkdtemp(prefix="build-", dir=work))
    configure = ["cmake", "-S", str(source), "-B", str(folder), "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                 *cmake_args]
    if launcher:
        configure.append(f"-DCMAKE_CUDA_COMPILER_LAUNCHER={launcher}")
    subprocess.run(configure, env=env, check=True, capture_output=True)
    scan_log = folder / "rapcc-scan.jsonl"
    benv = {**env, "RAPCC_PROJECT": str(folder), "RAPCC_SCAN_LOG": str(scan_log)} if launcher else env
    before = os.times()
    start = time.perf_counter()
    r = subprocess.run(["cmake", "--build", str(folder), "-j", str(jobs)], env=benv, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = os.times()
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    if r.returncode != 0:
        sys.exit(f"cmake_build: the build failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    if launcher and "rapcc: error" in r.stdout + r.stderr:
        sys.exit(f"cmake_build: rapcc reported an error:\n{r.stdout[-3000:]}")
    steps = ninja_steps(folder / ".ninja_log")
    scans = scan_steps(scan_log, steps) if scan_log.is_file() else {}
    shutil.rmtree(folder, ignore_errors=True)
    return Build(seconds, cpu, steps, scans)


def scan_steps(log: Path, steps: dict[str, float]) -> dict[str, dict]:
    """The scan log's lines by the Ninja output of their step (`DIR/x.cu.o` for input `x.cu`)."""
    by_name: dict[str, dict] = {}
    for line in log.read_text().splitlines():
        row = json.loads(line)
        if row.get("file"):
            by_name[Path(row["file"]).name + ".o"] = row
    return {out: by_name[Path(out).name] for out in steps if Path(out).name in by_name}


def print_scans(label: str, builds: list[Build], cuda: list[str], step_plain: dict[str, float]) -> None:
    """Per step: nvcc's median, this build's median, and its project scan's median seconds (parsed here,
    waited, files read of the database's); then the maximum and median of the steps' scans."""
    print(f"{label}: per CUDA step (medians of {len(builds)} builds): nvcc s, rapcc s, scan s "
          "(parsed files, waited s, files read/of)")
    med = {}
    for k in cuda:
        rows = [b.scans[k] for b in builds if k in b.scans]
        if not rows:
            continue
        med[k] = statistics.median(r["seconds"] for r in rows)
        r = rows[len(rows) // 2]
        print(f"  {Path(k).name:32s} {step_plain[k]:6.1f} {statistics.median(b.steps[k] for b in builds):6.1f} "
              f"{med[k]:6.2f}  ({r['parsed']}, {r['waited_s']:.2f}, {r['read']}/{r['of']})")
    if med:
        print(f"{label}: project scan per step: max {max(med.values()):.2f} s, median "
              f"{statistics.median(med.values()):.2f} s")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("source", nargs="?", default=str(ROOT / "third_party" / "libSGM"), help="the CMake project")
    p.add_argument("--runs", type=int, default=3, help="builds of each kind (default 3)")
    p.add_argument("-j", "--jobs", type=int, default=2, help="parallel jobs of both builds (default 2)")
    p.add_argument("--arch", default="86", help="CMAKE_CUDA_ARCHITECTURES (default 86)")
    p.add_argument("--one-shot", action="store_true",
                   help="without rapcc's server (RAPCC_SERVER=0): every rapcc process is the build's, so its CPU "
                        "time is counted too")
    p.add_argument("--baseline", metavar="LAUNCHER",
                   help="another rapcc-launch (an older rapcc) built third in each round, for a before/after")
    p.add_argument("cmake_args", nargs="*", help="more -D arguments for CMake (after --)")
    args = p.parse_args()
    launcher = shutil.which("rapcc-launch")
    if launcher is None or shutil.which("nvcc") is None or shutil.which("ninja") is None:
        sys.exit("cmake_build: needs rapcc-launch, nvcc and ninja on PATH")
    cmake_args = ["-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_CUDA_ARCHITECTURES={args.arch}", *args.cmake_args]
    # As an installed rapcc runs: with its bytecode (see benchmarks/speed.py), no RAPCC_* of the caller's.
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "rapcc")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    work = Path(tempfile.mkdtemp(prefix="rapcc-cmake-build-"))
    plain: list[Build] = []
    rapcc: list[Build] = []
    base: list[Build] = []
    try:
        for run in range(args.runs):
            plain.append(build_once(Path(args.source), work, None, cmake_args, args.jobs, env))
            with fresh_server({**env, "RAPCC_CACHE_DIR": str(work / f"cache{run}")}, args.one_shot) as renv:
                rapcc.append(build_once(Path(args.source), work, launcher, cmake_args, args.jobs, renv))
            if args.baseline:
                with fresh_server({**env, "RAPCC_CACHE_DIR": str(work / f"base{run}")}, args.one_shot) as renv:
                    base.append(build_once(Path(args.source), work, args.baseline, cmake_args, args.jobs, renv))
                print(f"run {run + 1}: baseline {base[-1].seconds:.1f} s", flush=True)
            cpu = (f" ({plain[-1].cpu:.1f} s CPU)", f" ({rapcc[-1].cpu:.1f} s CPU)") if args.one_shot else ("", "")
            print(f"run {run + 1}: nvcc {plain[-1].seconds:.1f} s{cpu[0]}, rapcc-launch {rapcc[-1].seconds:.1f} s"
                  f"{cpu[1]}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    a = statistics.median(b.seconds for b in plain)
    b = statistics.median(b.seconds for b in rapcc)
    cuda = sorted(k for k in plain[0].steps if k.endswith(".cu.o"))
    step_plain = {k: statistics.median(x.steps[k] for x in plain) for k in cuda}
    excess = {k: statistics.median(x.steps[k] for x in rapcc) - step_plain[k] for k in cuda}
    worst = max(cuda, key=lambda k: excess[k])
    print(f"{Path(args.source).name}: {len(cuda)} CUDA compile steps, -j {args.jobs}, sm_{args.arch}, "
          f"{args.runs} clean builds of each, alternating{', RAPCC_SERVER=0' if args.one_shot else ''}")
    print(f"median wall: nvcc {a:.1f} s, rapcc-launch (RAPCC_PROJECT) {b:.1f} s, ratio {b / a:.2f} "
          f"({100 * (b - a) / a:+.0f}%)")
    if base:
        c = statistics.median(x.seconds for x in base)
        print(f"baseline ({args.baseline}): median wall {c:.1f} s, ratio {c / a:.2f} ({100 * (c - a) / a:+.0f}%); "
              f"largest excess of one step "
              f"{max(statistics.median(x.steps[k] for x in base) - step_plain[k] for k in cuda):+.1f} s")
    if args.one_shot:
        ca = statistics.median(b.cpu for b in plain)
        cb = statistics.median(b.cpu for b in rapcc)
        print(f"median CPU: nvcc {ca:.1f} s, rapcc-launch {cb:.1f} s, ratio {cb / ca:.2f} "
              f"({100 * (cb - ca) / ca:+.0f}%)")
    print_scans("rapcc-launch", rapcc, cuda, step_plain)
    if base:
        print_scans("baseline", base, cuda, step_plain)
    print(f"longest CUDA step (median): nvcc {max(step_plain.values()):.1f} s, rapcc-launch "
          f"{max(statistics.median(x.steps[k] for x in rapcc) for k in cuda):.1f} s; largest excess of one step "
          f"{excess[worst]:+.1f} s ({worst})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
