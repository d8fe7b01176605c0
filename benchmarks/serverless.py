"""What a `rapcc FILE` costs without rapcc's server next to with it (issue 29;
a benchmark, not a test).

    python3 benchmarks/serverless.py [--reps 7] [--tree DIR] [--only NAME]

Times from outside, start-up included, on each example (`examples/*.cu`):

- `python -c pass` and `python -c "import rapcc.cli"`: the interpreter's
  start, and rapcc's imports on top of it (and, where the tree has it, as the
  `rapcc` entry imports them: through `dataclass_code.compiled_once`);
- `rapcc FILE -o OUT` in a process of its own (`RAPCC_SERVER=0`) and through a
  warm server (`RAPCC_SERVER=1`, started and used once before timing),
  alternating the two `--reps` times so that load falls on both alike.

It prints each file's medians and their ratio, and the median ratio over the
files: the goal is a run without the server within 1.5x the served one. Next
to the wall times, the CPU time (medians) of a one-shot process with what it
waited for (nvcc's dry runs), and of a served run's client (the server's
children are reaped by the system, which keeps no account of their CPU for
the server). Overlap (server/ahead.py) lowers the wall time, not the CPU. On a
shared, loaded machine the medians move with the load; the ratio of each
file's fastest runs (`min`) is printed next to them, as the figure that moves
least with it.
`--tree` times another checkout (its `rapcc` first on PYTHONPATH).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from rapcc.server.entry import main; sys.exit(main())"
ENTRY_IMPORT = "from rapcc.dataclass_code import compiled_once\nwith compiled_once(): import rapcc.cli"


def _wall(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    return _timed(cmd, env, cwd)[0]


def _timed(cmd: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """(wall, CPU) seconds of `cmd`: the CPU of its process and of what it started and waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return took, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--tree", type=Path, default=ROOT, help="the rapcc checkout to time (default: this one)")
    p.add_argument("--only", default=None, help="only examples whose name contains this")
    args = p.parse_args()
    tree = args.tree.resolve()
    folder = tempfile.mkdtemp(prefix="rapcc-sl", dir="/tmp" if os.path.isdir("/tmp") else None)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    env.update({"PYTHONPATH": os.pathsep.join([str(tree), env.get("PYTHONPATH", "")]).rstrip(os.pathsep),
                "XDG_RUNTIME_DIR": folder, "TMPDIR": folder})
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "rapcc")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    one_shot, served = {**env, "RAPCC_SERVER": "0"}, {**env, "RAPCC_SERVER": "1"}
    rapcc = [sys.executable, "-c", ENTRY]
    examples = sorted((ROOT / "examples").glob("*.cu"))
    if args.only:
        examples = [e for e in examples if args.only in e.name]
    try:
        bare = statistics.median(_wall([sys.executable, "-c", "pass"], env, folder) for _ in range(args.reps))
        imports = statistics.median(_wall([sys.executable, "-c", "import rapcc.cli"], env, folder)
                                    for _ in range(args.reps))
        print(f"# rapcc from {tree}; {args.reps} runs each; {os.cpu_count()} CPUs, load average "
              f"{os.getloadavg()[0]:.2f}")
        print(f"python -c pass: {bare * 1000:.0f} ms; python -c 'import rapcc.cli': {imports * 1000:.0f} ms "
              f"(rapcc's imports: {(imports - bare) * 1000:.0f} ms)")
        if (tree / "rapcc" / "dataclass_code.py").exists():
            # As the `rapcc` entry imports it: through the compiled dataclass methods (issue 29; the first fills them).
            _wall([sys.executable, "-c", ENTRY_IMPORT], env, folder)
            entry = statistics.median(_wall([sys.executable, "-c", ENTRY_IMPORT], env, folder)
                                      for _ in range(args.reps))
            print(f"the entry's import of rapcc.cli: {entry * 1000:.0f} ms (rapcc's imports: {(entry - bare) * 1000:.0f} ms)")
        _wall(rapcc + [str(examples[0]), "-o", os.path.join(folder, "warm.cu")], served, folder)  # start it
        print(f"{'file':36s} {'one-shot s':>10s} {'served s':>9s} {'ratio':>6s} {'min ratio':>9s} "
              f"{'CPU one-shot ms':>15s} {'CPU client ms':>13s}")
        ratios, shots, serves, fastest, cpu_shots, cpu_serves = [], [], [], [], [], []
        for src in examples:
            out = os.path.join(folder, "out.cu")
            a, b, ca, cb = [], [], [], []
            _wall(rapcc + [str(src), "-o", out], served, folder)  # this file's first served run is not timed
            for _ in range(args.reps):
                wall, cpu = _timed(rapcc + [str(src), "-o", out], one_shot, folder)
                a.append(wall)
                ca.append(cpu)
                wall, cpu = _timed(rapcc + [str(src), "-o", out], served, folder)
                b.append(wall)
                cb.append(cpu)
            ma, mb = statistics.median(a), statistics.median(b)
            ratios.append(ma / mb)
            shots.append(ma)
            serves.append(mb)
            fastest.append(min(a) / min(b))
            cpu_shots.append(statistics.median(ca))
            cpu_serves.append(statistics.median(cb))
            print(f"{src.name:36s} {ma:10.3f} {mb:9.3f} {ma / mb:6.2f} {fastest[-1]:9.2f} "
                  f"{cpu_shots[-1] * 1000:15.0f} {cpu_serves[-1] * 1000:13.0f}")
        print(f"median over {len(examples)} files: one-shot {statistics.median(shots):.3f} s, served "
              f"{statistics.median(serves):.3f} s, ratio {statistics.median(ratios):.2f} (worst {max(ratios):.2f}); "
              f"ratio of the fastest runs {statistics.median(fastest):.2f}; CPU one-shot "
              f"{statistics.median(cpu_shots) * 1000:.0f} ms, served runs' client {statistics.median(cpu_serves) * 1000:.0f} ms; "
              f"load average {os.getloadavg()[0]:.2f}")
    finally:
        subprocess.run(rapcc[:1] + ["-m", "rapcc.server", "stop", "--all"], env=env, cwd=folder,
                       capture_output=True)
        subprocess.run(rapcc[:1] + ["-m", "rapcc.server", "stop"], env=env, cwd=folder, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
