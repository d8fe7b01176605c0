"""Real programs as the yardstick (issue 19 part 5), on the GPU machine.

For each program of programs.txt (fetched by fetch.sh): build it unmodified
twice with its own Makefile, `make CC=nvcc` and `make CC=rapcc-nvcc` (rapcc's
JSON report of every translation unit in RAPCC_REPORT_DIR), or with the
program's own build command (programs2.txt's `build=`), run both builds
alternating (plain, rapcc, rapcc, plain, plain, rapcc: each at least 3 times),
and record whether the outputs are identical with the timing lines left out,
the speedup from the program's own printed times, and what rapcc did to each
shared array. Programs that rapcc changed run first, so a time budget cut
leaves out unchanged ones.

    python3 benchmarks/realprog/run.py --programs DIR --out OUT [--budget SECONDS] [name ...]

Writes OUT/results.json after every program and OUT/results.md at the end;
summarize.py makes the table again from results.json.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.realprog import compare, kernel_times, reports, summarize  # noqa: E402

HERE = Path(__file__).resolve().parent
ORDER = ("plain", "rapcc", "rapcc", "plain", "plain", "rapcc")
BINARY = "main"
# HeCBench's convention: the Makefile takes the compiler and the arch and makes 'main'.
MAKE = "make -j2 CC=$CC ARCH=$ARCH"


@dataclasses.dataclass(frozen=True, slots=True)
class Program:
    name: str
    repo: str
    commit: str
    folder: str
    args: tuple[str, ...]
    mask: str = ""   # a regex whose matches change from run to run (compare.comparable_lines)
    build: str = MAKE       # a bash command, run in the program's copied folder with $CC and $ARCH set
    binary: str = BINARY    # what the build makes, relative to the folder


def read_programs(path: Path) -> list[Program]:
    """The programs of a list: 'name|repo|commit|folder|args', then optional
    'build=COMMAND' and 'binary=PATH' fields, then the mask, which may itself
    hold '|' (a regex's alternatives)."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, repo, commit, folder, args, *rest = line.split("|")
        keyed = {"build": MAKE, "binary": BINARY}
        while rest and rest[0].split("=", 1)[0] in keyed and "=" in rest[0]:
            key, value = rest.pop(0).split("=", 1)
            keyed[key] = value
        out.append(Program(name, repo, commit, folder, tuple(args.split()), "|".join(rest), **keyed))
    return out


def build(prog: Program, src: Path, work: Path, variant: str, arch: str, env: dict) -> dict:
    """Copy the program's folder and run its build (its Makefile, or its
    list's command) with nvcc or rapcc-nvcc."""
    dest = work / variant / prog.name
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src / prog.name, dest, symlinks=True)
    e = dict(env)
    reports_dir = work / "reports" / prog.name
    if variant == "rapcc":
        e.update(RAPCC_REPORT_DIR=str(reports_dir), RAPCC_VERBOSE="1")
    e.update(CC="nvcc" if variant == "plain" else "rapcc-nvcc", ARCH=arch)
    start = time.monotonic()
    try:
        p = subprocess.run(["bash", "-c", prog.build], cwd=dest, env=e, capture_output=True,
                           text=True, errors="replace", timeout=900)
        status, log = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as ex:
        status, log = 124, f"build timed out after {ex.timeout}s"
    (work / "logs").mkdir(parents=True, exist_ok=True)
    (work / "logs" / f"{prog.name}.build-{variant}.log").write_text(log)
    notes = [line for line in log.splitlines() if line.startswith("rapcc:")]
    ok = status == 0 and (dest / prog.binary).exists()
    return {"status": status, "ok": ok, "seconds": round(time.monotonic() - start, 1), "rapcc_lines": notes}


def run_once(prog: Program, work: Path, variant: str, timeout: float) -> compare.Run:
    cwd = work / variant / prog.name
    start = time.monotonic()
    try:
        p = subprocess.run([f"./{prog.binary}", *prog.args], cwd=cwd, capture_output=True, text=True,
                           errors="replace", timeout=timeout)
        out, status = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, status = f"timed out after {timeout:.0f}s", compare.TIMEOUT_STATUS
    return compare.Run(out, status, time.monotonic() - start)


def measure(prog: Program, work: Path, timeout: float, rounds: int) -> dict:
    runs: dict[str, list[compare.Run]] = {"plain": [], "rapcc": []}
    order = (ORDER * (rounds // 3 + 1))[: 2 * rounds]
    for variant in order:
        r = run_once(prog, work, variant, timeout)
        runs[variant].append(r)
        (work / "logs" / f"{prog.name}.run-{variant}-{len(runs[variant])}.log").write_text(r.output)
        if r.status != 0:
            break
    return judge(prog, runs)


def judge(prog: Program, runs: dict[str, list[compare.Run]]) -> dict:
    """The verdict, speedup and self-checks of a program's runs."""
    v = compare.verdict(runs["plain"], runs["rapcc"], re.compile(prog.mask) if prog.mask else None)
    s = compare.speed(runs["plain"], runs["rapcc"])
    first = runs["plain"][0].output if runs["plain"] else ""
    return {
        "verdict": v.value,
        "self_check": {k: sorted({compare.self_check(r.output) for r in rs}) for k, rs in runs.items()},
        "exit": {k: [r.status for r in rs] for k, rs in runs.items()},
        "wall_s": {k: [round(r.wall_s, 3) for r in rs] for k, rs in runs.items()},
        "time_source": None if s is None else s.source.value,
        "speedup": None if s is None else round(s.speedup, 4),
        "slowest_line": None if s is None else round(s.slowest, 4),
        "per_line": None if s is None else {k: round(x, 4) for k, x in s.per_line.items()},
        "compared_lines": len(compare.comparable_lines(first)),
    }


def _output(command: list[str]) -> str:
    """A tool's standard output, or '' where it is missing."""
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout
    except OSError:
        return ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", type=Path, required=True, help="folder that fetch.sh filled")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--work", type=Path, default=Path("/tmp/realprog"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--budget", type=float, default=480, help="seconds for everything; runs stop when it is spent")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--rounds", type=int, default=3, help="runs of each build")
    ap.add_argument("--timeout", type=float, default=60, help="seconds one run may take")
    ap.add_argument("--list", type=Path, default=HERE / "programs.txt")
    ap.add_argument("--shard", default="1/1", help="I/N: every N-th program from the I-th (one GPU call each)")
    ap.add_argument("--unchanged-rounds", type=int, default=1,
                    help="runs of each build of a program rapcc left unchanged (its bytes compile as they are)")
    ap.add_argument("--ncu-rounds", type=int, default=0,
                    help="then run each build of a changed program this many times under ncu (per-kernel times)")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args(argv)
    start = time.monotonic()
    progs = [p for p in read_programs(a.list) if not a.names or p.name in a.names]
    progs = [p for p in progs if (a.programs / p.name).is_dir()]
    i, n = (int(x) for x in a.shard.split("/"))
    progs = progs[i - 1::n]
    a.out.mkdir(parents=True, exist_ok=True)
    a.work.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, RAPCC_CACHE_DIR=str(a.work / "cache"), RAPCC_TIMEOUT=os.environ.get("RAPCC_TIMEOUT", "150"))
    device = _output(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"]).strip()
    nvcc = _output(["nvcc", "--version"]).strip().splitlines()
    results: dict = {"device": device, "nvcc": nvcc[-1] if nvcc else "", "date": time.strftime("%Y-%m-%d"),
                     "arch": a.arch, "rounds": a.rounds, "unchanged_rounds": a.unchanged_rounds,
                     "command": " ".join(sys.argv), "programs": {}}

    def save() -> None:
        (a.out / "results.json").write_text(json.dumps(results, indent=1))

    jobs = [(p, v) for p in progs for v in ("rapcc", "plain")]
    built: dict[tuple[str, str], dict] = {}
    with cf.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(build, p, a.programs, a.work, v, a.arch, env): (p.name, v) for p, v in jobs}
        for f in cf.as_completed(futures):
            built[futures[f]] = f.result()
    print(f"built {len(progs)} programs twice in {time.monotonic() - start:.0f}s", flush=True)
    for p in progs:
        arrays = reports.load(a.work / "reports" / p.name)
        results["programs"][p.name] = {
            "repo": p.repo, "commit": p.commit[:10], "folder": p.folder, "args": " ".join(p.args),
            "build": {v: built[(p.name, v)] for v in ("plain", "rapcc")},
            "arrays": [dataclasses.asdict(r) | {"conflicted": r.conflicted} for r in arrays],
            "changed": any(r.rewritten for r in arrays),
            "included_notes": reports.included_notes(a.work / "reports" / p.name),
            "run": {"verdict": compare.Verdict.NOT_RUN.value},
        }
    save()
    # Changed programs first: they are the ones whose speed and output can differ.
    order = sorted(progs, key=lambda p: not results["programs"][p.name]["changed"])
    for p in order:
        entry = results["programs"][p.name]
        if not (entry["build"]["plain"]["ok"] and entry["build"]["rapcc"]["ok"]):
            entry["run"] = {"verdict": compare.Verdict.NOT_RUN.value, "why": "a build failed"}
            continue
        left = a.budget - (time.monotonic() - start)
        rounds = a.rounds if entry["changed"] else a.unchanged_rounds
        if left < 10:
            entry["run"] = {"verdict": compare.Verdict.NOT_RUN.value, "why": "time budget spent"}
            continue
        # Near the end of the budget a run gets what is left: a time-out then
        # says the budget ran out (timeout_s below --timeout), not the program.
        timeout = min(a.timeout, left / (2 * rounds))
        entry["run"] = measure(p, a.work, timeout, rounds) | {"rounds": rounds, "timeout_s": round(timeout, 1)}
        if a.ncu_rounds and entry["changed"] and entry["run"]["verdict"] == compare.Verdict.IDENTICAL.value:
            left = a.budget - (time.monotonic() - start)
            if left > 30:
                log_dir = a.work / "logs" / f"{p.name}.ncu"
                log_dir.mkdir(parents=True, exist_ok=True)
                # ncu serialises kernels and adds its own start-up: three times a plain run's limit.
                entry["kernels"] = kernel_times.measure(
                    {v: a.work / v / p.name for v in ("plain", "rapcc")}, p.binary, p.args, a.ncu_rounds, log_dir,
                    min(3 * a.timeout, left / (2 * a.ncu_rounds)))
        print(f"{p.name}: {entry['run']['verdict']} speedup {entry['run']['speedup']} "
              f"({entry['run']['time_source']}) changed={entry['changed']}", flush=True)
        save()
    save()
    (a.out / "results.md").write_text(summarize.markdown(results))
    shutil.make_archive(str(a.out / "logs"), "gztar", a.work, "logs")
    shutil.make_archive(str(a.out / "reports"), "gztar", a.work, "reports")
    print(f"done in {time.monotonic() - start:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
