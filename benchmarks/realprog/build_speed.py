"""Whole builds of real programs through `rapcc-nvcc` against plain nvcc, cold and warm (issue 20).

    python3 benchmarks/realprog/build_speed.py [--programs DIR] [--reps 3] [--arch sm_90] [--jobs 1] [name ...]

Each program folder (fetched by fetch.sh; default: the seven of the 63 whose
build rapcc changes, benchmarks/results/realprog-h100-2026-11-24) is built
unmodified with its own Makefile three ways, from a fresh copy each time,
alternating the order per repetition:

- plain: `make CC=nvcc`;
- cold: `make CC=rapcc-nvcc` with an empty RAPCC_CACHE_DIR, no server and
  an empty TMPDIR (every file parsed, analysed, rewritten and verified, as in
  a clean CI build; benchmarks/servers.py);
- warm: the same again with the cache the cold build filled (a rebuild in a
  fresh checkout or another build folder).

It prints the median wall time of each and the cold and warm overheads over
plain (goal: cold within +30%, warm within +5%), as the ratio of the medians
and as the median of each repetition's own ratio ("paired": the three builds
of one repetition run back to back, so drift of the machine's speed between
repetitions cancels; nvcc's own time moves by 10-20% between runs on the GPU
host, benchmarks/results/speed-h100host-2026-11-24-stop4). rapcc runs as an installed
copy does: with its modules' bytecode, so PYTHONDONTWRITEBYTECODE is dropped.
A benchmark that prints numbers, not a test.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.servers import fresh_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ("adv", "convolutionSeparable", "gemv", "jacobi", "lud", "matrixT", "minimod")


def _wrapper() -> str:
    """The rapcc-nvcc of the interpreter that runs this script (its venv), else the PATH's."""
    here = Path(sys.executable).parent / "rapcc-nvcc"
    found = str(here) if here.exists() else shutil.which("rapcc-nvcc")
    if found is None:
        sys.exit("rapcc-nvcc is not installed (pip install -e .)")
    return found


def _build(src: Path, work: Path, cc: str, arch: str, jobs: int, env: dict[str, str]) -> float:
    dest = work / "prog"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    start = time.perf_counter()
    p = subprocess.run(["make", f"-j{jobs}", f"CC={cc}", f"ARCH={arch}"], cwd=dest, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{src.name}: make CC={cc} failed:\n{p.stderr[-2000:]}")
    return took


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="*", default=list(DEFAULT))
    p.add_argument("--programs", type=Path, default=ROOT / "third_party" / "realprog_carry" / "programs")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--arch", default="sm_90")
    p.add_argument("--jobs", type=int, default=1, help="make -j (default 1)")
    p.add_argument("--one-shot", action="store_true", help="without rapcc's server (RAPCC_SERVER=0)")
    args = p.parse_args()
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        sys.exit("nvcc is not on the PATH")
    wrapper = _wrapper()
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "rapcc")], env=base, check=True,
                   stdout=subprocess.DEVNULL)
    print(f"# {args.reps} alternating builds per way, make -j{args.jobs}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; nvcc {nvcc}; wrapper {wrapper}")
    print(f"{'program':24s} {'plain s':>8s} {'cold s':>8s} {'warm s':>8s} {'cold':>8s} {'warm':>8s} "
          f"{'paired cold':>12s} {'paired warm':>12s}")
    colds, warms, paired_colds, paired_warms = [], [], [], []
    for name in args.names:
        src = args.programs / name
        if not (src / "Makefile").exists():
            print(f"{name:24s} (no Makefile under {src}: run benchmarks/realprog/fetch.sh)")
            continue
        times: dict[str, list[float]] = {"plain": [], "cold": [], "warm": []}
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            for rep in range(args.reps):
                cache = work / f"cache{rep}"
                # Each cold build starts without rapcc's server, as a CI build does.
                with fresh_server({**base, "RAPCC_CACHE_DIR": str(cache)}, args.one_shot) as env:
                    order = ("plain", "cold", "warm") if rep % 2 == 0 else ("cold", "warm", "plain")
                    for way in order:
                        cc = nvcc if way == "plain" else wrapper
                        times[way].append(_build(src, work, cc, args.arch, args.jobs, env))
        med = {k: statistics.median(v) for k, v in times.items()}
        cold, warm = med["cold"] / med["plain"] - 1, med["warm"] / med["plain"] - 1
        pcold = statistics.median(c / p - 1 for c, p in zip(times["cold"], times["plain"]))
        pwarm = statistics.median(w / p - 1 for w, p in zip(times["warm"], times["plain"]))
        colds.append(cold)
        warms.append(warm)
        paired_colds.append(pcold)
        paired_warms.append(pwarm)
        print(f"{name:24s} {med['plain']:8.2f} {med['cold']:8.2f} {med['warm']:8.2f} {cold:+8.1%} {warm:+8.1%} "
              f"{pcold:+12.1%} {pwarm:+12.1%}", flush=True)
        print("#   " + "; ".join(f"{k} " + " ".join(f"{t:.2f}" for t in v) for k, v in times.items()), flush=True)
    if colds:
        print(f"median over {len(colds)} programs: cold {statistics.median(colds):+.1%}, "
              f"warm {statistics.median(warms):+.1%}; paired: cold {statistics.median(paired_colds):+.1%}, "
              f"warm {statistics.median(paired_warms):+.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
