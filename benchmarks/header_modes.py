"""Per-file whole-process time of `rapcc FILE -o OUT` under the stand-in headers
and under the toolkit's (RAPCC_HEADERS=standin / toolkit), against `nvcc -c`
(issue 28, docs/headers.md), and whether the two modes write the same bytes.

    python3 benchmarks/header_modes.py [--runs N] [FILE.cu ...]    (default: examples/*.cu)

Each command runs in a fresh process, `--runs` times per file (the minimum is
kept: the machine is shared), after one warm-up of each mode (the precompiled
preludes and nvcc's macros are built once per machine and cached). Prints a
line per file and the medians.
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

ROOT = Path(__file__).resolve().parent.parent


def _time(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """(wall, CPU) seconds, the least of `runs`. CPU is user + system time of
    the process and every process it waited for (nvcc's cicc, ptxas, gcc): on a
    shared machine it varies far less with the load than the wall time does."""
    best, cpu = float("inf"), float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0  # reaped above
        best = min(best, time.perf_counter() - t)
        cpu = min(cpu, usage.ru_utime + usage.ru_stime)
    return best, cpu


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = [Path(f) for f in args.files] or sorted((ROOT / "examples").glob("*.cu"))
    rapcc = shutil.which("rapcc") or str(Path(sys.executable).parent / "rapcc")
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        print("nvcc is not on PATH", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        for mode in ("standin", "toolkit"):  # warm-up: the preludes and nvcc's macros
            _time([rapcc, str(files[0]), "-o", os.path.join(tmp, "warm.cu")], {**env, "RAPCC_HEADERS": mode}, 1)
        for f in files:
            outs = {}
            times = {}
            for mode in ("standin", "toolkit"):
                out = os.path.join(tmp, f"{mode}.cu")
                times[mode] = _time([rapcc, str(f), "-o", out], {**env, "RAPCC_HEADERS": mode}, args.runs)
                outs[mode] = Path(out).read_bytes() if os.path.exists(out) else b""
            times["nvcc"] = _time([nvcc, "-c", str(f), "-o", os.path.join(tmp, "k.o")], env, args.runs)
            same = outs["standin"] == outs["toolkit"]
            rows.append((f.name, times["standin"], times["toolkit"], times["nvcc"], same))
            print(f"{f.name:32s} " + "  ".join(f"{name} {times[key][0]:.2f} s (CPU {times[key][1]:.2f})" for key, name in
                                                (("standin", "standin"), ("toolkit", "toolkit"), ("nvcc", "nvcc -c")))
                  + f"  {'same' if same else 'DIFFERENT'}", flush=True)
    for k, what in ((0, "wall"), (1, "CPU")):
        med = [statistics.median(r[i][k] for r in rows) for i in (1, 2, 3)]
        print(f"median {what} time over {len(rows)} files: standin {med[0]:.2f} s ({med[0] / med[2]:.0%} of nvcc -c), "
              f"toolkit {med[1]:.2f} s ({med[1] / med[2]:.0%}), nvcc -c {med[2]:.2f} s")
    print(f"{sum(r[4] for r in rows)} of {len(rows)} outputs the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
