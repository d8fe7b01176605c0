"""Where a run without rapcc's server spends its CPU time (issue 29; a
benchmark, not a test).

    python3 benchmarks/serverless_phases.py [--reps 5] [--tree DIR] [--only NAME]

For each example, in a process of its own, the CPU time (`time.process_time`,
which moves less with the machine's load than wall time does) of:

- `import`: rapcc's imports, as the `rapcc` entry makes them (through
  `dataclass_code.compiled_once` and `blas_threads.single_threaded_blas`
  where the tree has them);
- `first`: the first `rapcc FILE -o OUT` in that process;
- `warm`: a second one in the same process: what a warm process pays. `first -
  warm` is what the process's first run pays on top (lazy imports, caches).

Each file runs once untimed first (so that the tables on disk and the
precompiled prelude exist, as for any run but a machine's first), then `--reps`
times; medians. `--tree` times another checkout (its `rapcc` first on
PYTHONPATH); TMPDIR is a fresh folder per invocation.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(src: str, out: str) -> None:
    clock = time.process_time
    start = clock()
    try:
        from rapcc.dataclass_code import compiled_once
    except ImportError:  # a checkout from before it
        compiled_once = contextlib.nullcontext
    try:
        from rapcc.blas_threads import single_threaded_blas
    except ImportError:  # a checkout from before it
        single_threaded_blas = contextlib.nullcontext
    with compiled_once(), single_threaded_blas():
        import rapcc.cli
    took = [clock() - start]
    for _ in range(2):
        start = clock()
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            rapcc.cli.main([src, "-o", out])
        took.append(clock() - start)
    print(" ".join(f"{t:.6f}" for t in took))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--tree", type=Path, default=ROOT)
    p.add_argument("--only", default=None)
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(*args.child)
        return 0
    tree = args.tree.resolve()
    folder = tempfile.mkdtemp(prefix="rapcc-ph", dir="/tmp" if os.path.isdir("/tmp") else None)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    env.update({"PYTHONPATH": os.pathsep.join([str(tree), env.get("PYTHONPATH", "")]).rstrip(os.pathsep),
                "TMPDIR": folder, "RAPCC_SERVER": "0"})
    examples = sorted((ROOT / "examples").glob("*.cu"))
    if args.only:
        examples = [e for e in examples if args.only in e.name]
    try:
        print(f"# rapcc from {tree}; CPU ms, median of {args.reps}; load average {os.getloadavg()[0]:.2f}")
        print(f"{'file':36s} {'import':>7s} {'first':>7s} {'warm':>7s} {'first-warm':>10s}")
        cols: list[list[float]] = [[], [], [], []]
        for src in examples:
            cmd = [sys.executable, __file__, "--child", str(src), os.path.join(folder, "out.cu")]
            subprocess.run(cmd, env=env, cwd=folder, check=True, capture_output=True)  # fills the tables
            runs = [[float(v) * 1000 for v in subprocess.run(cmd, env=env, cwd=folder, check=True,
                                                             capture_output=True, text=True).stdout.split()]
                    for _ in range(args.reps)]
            imp, first, warm = (statistics.median(r[i] for r in runs) for i in range(3))
            for col, v in zip(cols, (imp, first, warm, first - warm)):
                col.append(v)
            print(f"{src.name:36s} {imp:7.0f} {first:7.0f} {warm:7.0f} {first - warm:10.0f}")
        print(f"{'median over ' + str(len(examples)) + ' files':36s} "
              + " ".join(f"{statistics.median(c):{w}.0f}" for c, w in zip(cols, (7, 7, 7, 10))))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
