"""A run without rapcc's server, before and after a change, next to a served
run (issue 29; a benchmark, not a test).

    python3 benchmarks/serverless_ab.py --before DIR [--reps 5] [--every 1] [--only NAME]

On a shared machine the load moves every time from one minute to the next, so
two runs of `serverless.py` (one per checkout) compare poorly. This one pairs
them: for each example, `--reps` rounds of `rapcc FILE -o OUT` in a process of
its own from `--before` (a checkout of the code before), the same from this
checkout, and the same through this checkout's warm server (`RAPCC_SERVER=1`),
in turn, so that the three meet the same load. It prints each file's medians
(wall and CPU, the CPU of the process and of what it waited for: nvcc's dry
runs) and, over the files, the median ratio of each one-shot to the served run
and the median of the paired differences after - before. The server path is
the same code in both checkouts, so one served figure serves both ratios.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serverless import ENTRY, _timed  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--before", type=Path, required=True, help="a checkout of the code before the change")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--every", type=int, default=1, help="every Nth example only")
    p.add_argument("--only", default=None, help="only examples whose name contains this")
    args = p.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT}
    folder = tempfile.mkdtemp(prefix="rapcc-ab", dir="/tmp" if os.path.isdir("/tmp") else None)
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    base.update({"XDG_RUNTIME_DIR": folder, "TMPDIR": folder})
    envs = {name: {**base, "PYTHONPATH": os.pathsep.join([str(t), base.get("PYTHONPATH", "")]).rstrip(os.pathsep),
                   "RAPCC_SERVER": "0"} for name, t in trees.items()}
    envs["served"] = {**envs["after"], "RAPCC_SERVER": "1"}
    for t in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(t / "rapcc")], check=True,
                       stdout=subprocess.DEVNULL)
    rapcc = [sys.executable, "-c", ENTRY]
    examples = sorted((ROOT / "examples").glob("*.cu"))[::args.every]
    if args.only:
        examples = [e for e in examples if args.only in e.name]
    kinds = ("before", "after", "served")
    try:
        print(f"# before {trees['before']}, after {ROOT}; {args.reps} rounds; {os.cpu_count()} CPUs, "
              f"load average {os.getloadavg()[0]:.2f}")
        print(f"{'file':30s} {'before s':>8s} {'after s':>8s} {'served s':>8s} {'CPU before ms':>13s} "
              f"{'CPU after ms':>12s}")
        out = os.path.join(folder, "out.cu")
        for name in kinds:  # tables on disk, precompiled headers, the server started
            _timed(rapcc + [str(examples[0]), "-o", out], envs[name], folder)
        rows: list[dict[str, tuple[float, float]]] = []
        for src in examples:
            runs: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
            _timed(rapcc + [str(src), "-o", out], envs["served"], folder)  # the file's first served run
            for _ in range(args.reps):
                for name in kinds:
                    runs[name].append(_timed(rapcc + [str(src), "-o", out], envs[name], folder))
            row = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
                   for k, v in runs.items()}
            row["diff"] = (statistics.median(a[0] - b[0] for a, b in zip(runs["after"], runs["before"])),
                           statistics.median(a[1] - b[1] for a, b in zip(runs["after"], runs["before"])))
            rows.append(row)
            print(f"{src.name:30s} {row['before'][0]:8.3f} {row['after'][0]:8.3f} {row['served'][0]:8.3f} "
                  f"{row['before'][1] * 1000:13.0f} {row['after'][1] * 1000:12.0f}")

        def med(f) -> float:
            return statistics.median(f(r) for r in rows)
        print(f"median over {len(rows)} files: ratio to served before {med(lambda r: r['before'][0] / r['served'][0]):.2f}, "
              f"after {med(lambda r: r['after'][0] / r['served'][0]):.2f}; paired after - before: wall "
              f"{med(lambda r: r['diff'][0]) * 1000:+.1f} ms, CPU {med(lambda r: r['diff'][1]) * 1000:+.1f} ms; "
              f"one-shot before {med(lambda r: r['before'][0]):.3f} s / {med(lambda r: r['before'][1]) * 1000:.0f} ms "
              f"CPU, after {med(lambda r: r['after'][0]):.3f} s / {med(lambda r: r['after'][1]) * 1000:.0f} ms CPU, "
              f"served {med(lambda r: r['served'][0]):.3f} s; load average {os.getloadavg()[0]:.2f}")
    finally:
        for name in ("served",):
            subprocess.run(rapcc[:1] + ["-m", "rapcc.server", "stop", "--all"], env=envs[name], cwd=folder,
                           capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
