"""rapcc's time per file next to `nvcc -c` of the same file (a benchmark, not a test).

    python3 benchmarks/speed.py [--reps 3]

Prints, per example: the median wall time of `rapcc IN -o OUT` (analysis,
planning, rewriting, verification; in-process, after one warm-up) and of
`nvcc -arch=sm_90 -c IN`, and their ratio. The goal is under 25%.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rapcc.pipeline import Options, rewrite_source  # noqa: E402


def median_time(fn, reps: int) -> float:
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--reps", type=int, default=3)
    args = p.parse_args()
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        print("nvcc not on the PATH", file=sys.stderr)
        return 1
    ratios = []
    print(f"{'example':22s} {'rapcc s':>8s} {'nvcc -c s':>9s} {'ratio':>6s}")
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted((ROOT / "examples").glob("*.cu")):
            data = src.read_bytes()
            t_rapcc = median_time(lambda: rewrite_source(data, str(src), Options()), args.reps)
            obj = Path(tmp) / "k.o"
            t_nvcc = median_time(lambda: subprocess.run([nvcc, "-arch=sm_90", "-c", str(src), "-o", str(obj)],
                                                        check=True, capture_output=True), args.reps)
            ratios.append(t_rapcc / t_nvcc)
            print(f"{src.stem:22s} {t_rapcc:8.3f} {t_nvcc:9.3f} {t_rapcc / t_nvcc:6.1%}", flush=True)
    print(f"median ratio {statistics.median(ratios):.1%}, max {max(ratios):.1%} over {len(ratios)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
