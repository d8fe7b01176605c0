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


def _time(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, int]:
    best, code = float("inf"), 0
    for _ in range(runs):
        t = time.perf_counter()
        code = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        best = min(best, time.perf_counter() - t)
    return best, code


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
                times[mode], _ = _time([rapcc, str(f), "-o", out], {**env, "RAPCC_HEADERS": mode}, args.runs)
                outs[mode] = Path(out).read_bytes() if os.path.exists(out) else b""
            times["nvcc"], _ = _time([nvcc, "-c", str(f), "-o", os.path.join(tmp, "k.o")], env, args.runs)
            same = outs["standin"] == outs["toolkit"]
            rows.append((f.name, times["standin"], times["toolkit"], times["nvcc"], same))
            print(f"{f.name:32s} standin {times['standin']:.2f} s  toolkit {times['toolkit']:.2f} s  "
                  f"nvcc -c {times['nvcc']:.2f} s  {'same' if same else 'DIFFERENT'}", flush=True)
    med = [statistics.median(r[i] for r in rows) for i in (1, 2, 3)]
    print(f"median over {len(rows)} files: standin {med[0]:.2f} s ({med[0] / med[2]:.0%} of nvcc -c), "
          f"toolkit {med[1]:.2f} s ({med[1] / med[2]:.0%}), nvcc -c {med[2]:.2f} s; "
          f"{sum(r[4] for r in rows)} of {len(rows)} outputs the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
