"""Where a warm `rapcc-nvcc` build's time goes, one build step at a time (issue 20).

    python3 benchmarks/realprog/step_costs.py [--programs DIR] [--reps 7] [--arch sm_90] [name ...]

For each program (default: jacobi, matrixT) it lists the steps `make -n`
prints, fills rapcc's cache with one build through the wrapper, and then times
each step alternately with nvcc and with `rapcc-nvcc` on that warm cache.
For a compile step whose rewrite is in the cache it also times nvcc on the
rewritten source alone (what the wrapper compiles in the user's place), which
separates the wrapper's own cost from a rewritten file that compiles slower.
Then the wrapper's own cost per step, without nvcc's noise: each step
through the wrapper with `true` as the real nvcc (RAPCC_NVCC, its own cache
filled first, so that every lookup hits), against `true` alone. Last, the
interpreter's start (`-c pass`, with and without `site`) and the wrapper's
imports. Medians and spreads (min-max) in ms. A benchmark that prints
numbers, not a test.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.realprog.build_speed import DEFAULT as _ALL, ROOT, _wrapper  # noqa: E402

DEFAULT = ("jacobi", "matrixT")
MARK = "__RAPCC_STEP_CC__"


def _steps(folder: Path, arch: str) -> list[list[str]]:
    """The compiler commands of a clean build, as `make -n` prints them."""
    out = subprocess.run(["make", "-n", f"CC={MARK}", f"ARCH={arch}"], cwd=folder, capture_output=True,
                         text=True, check=True).stdout
    return [shlex.split(line) for line in out.splitlines() if line.startswith(MARK)]


def _time(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stderr.decode(errors='replace')[-1500:]}")
    return took


def _rewritten(cache: Path, name: str) -> Path | None:
    found = sorted(cache.glob(f"v1/*/*/src/{name}"))
    return found[0] if len(found) == 1 else None


def _row(label: str, samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return f"  {label:44s} {statistics.median(ms):9.1f} ms  ({min(ms):.1f}-{max(ms):.1f})"


def _own_costs(steps: list[list[str]], work: Path, env: dict[str, str], wrapper: str, reps: int) -> None:
    """The wrapper's time per step with `true` as nvcc, over `true` alone: its
    start, byte scan and cache lookup (or its early exit), nothing of nvcc's."""
    true = shutil.which("true") or "/bin/true"
    env = {**env, "RAPCC_NVCC": true}
    for step in steps:  # the cache under this nvcc: every later lookup hits
        _time([wrapper, *step[1:]], work, env)
    print("  the wrapper's own cost, `true` as nvcc (wrapper minus `true` alone):")
    for step in steps:
        own, alone = [], []
        for rep in range(reps):
            pair = [("own", [wrapper, *step[1:]]), ("alone", [true, *step[1:]])]
            for way, cmd in (pair if rep % 2 == 0 else pair[::-1]):
                (own if way == "own" else alone).append(_time(cmd, work, env))
        diff = [a - b for a, b in zip(own, alone)]
        print(_row(" ".join(step[1:])[-44:], diff))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="*", default=list(DEFAULT), help=f"among {', '.join(_ALL)}")
    p.add_argument("--programs", type=Path, default=ROOT / "third_party" / "realprog_carry" / "programs")
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--arch", default="sm_90")
    args = p.parse_args()
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        sys.exit("nvcc is not on the PATH")
    wrapper = _wrapper()
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "PYTHONDONTWRITEBYTECODE"}
    print(f"# {args.reps} alternating runs per step; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}; nvcc {nvcc}; wrapper {wrapper}")
    for name in args.names:
        with tempfile.TemporaryDirectory() as tmp:
            work, cache = Path(tmp) / "prog", Path(tmp) / "cache"
            shutil.copytree(args.programs / name, work)
            env = {**base, "RAPCC_CACHE_DIR": str(cache)}
            steps = _steps(work, args.arch)
            for step in steps:  # fill the cache (and leave the objects the link reads)
                _time([wrapper, *step[1:]], work, env)
            print(f"{name}:")
            for step in steps:
                ways = {"nvcc": [nvcc, *step[1:]], "rapcc-nvcc (warm)": [wrapper, *step[1:]]}
                sources = [a for a in step[1:] if a.endswith(".cu")]
                copy = _rewritten(cache, os.path.basename(sources[0])) if len(sources) == 1 else None
                if copy is not None:
                    ways["nvcc on the rewritten source"] = [nvcc, "-I", str(work), *(
                        str(copy) if a == sources[0] else a for a in step[1:])]
                times: dict[str, list[float]] = {k: [] for k in ways}
                for rep in range(args.reps):
                    for way in (list(ways) if rep % 2 == 0 else list(reversed(ways))):
                        times[way].append(_time(ways[way], work, env))
                print(f" {' '.join(step[1:])[:100]}")
                for way, samples in times.items():
                    print(_row(way, samples))
            _own_costs(steps, work, {**base, "RAPCC_CACHE_DIR": str(Path(tmp) / "cache-true")}, wrapper,
                       args.reps * 3)
    py = sys.executable
    starts = {"python -c pass": [py, "-c", "pass"], "python -S -c pass": [py, "-S", "-c", "pass"],
              "python -c 'import rapcc.build.nvcc_cli'": [py, "-c", "import rapcc.build.nvcc_cli"]}
    times = {k: [] for k in starts}
    for rep in range(args.reps * 3):
        for way, cmd in starts.items():
            times[way].append(_time(cmd, ROOT, base))
    print("interpreter:")
    for way, samples in times.items():
        print(_row(way, samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
