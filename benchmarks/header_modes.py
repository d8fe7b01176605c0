"""Per-file whole-process time of `rapcc FILE -o OUT` under the stand-in headers
and under the toolkit's (RAPCC_HEADERS=standin / toolkit), against `nvcc -c`
(issue 28, docs/headers.md), and whether the two modes write the same bytes.
Both run in a process of their own (RAPCC_SERVER=0); a third column times the
toolkit mode through a warm server (RAPCC_SERVER=1, as `rapcc-nvcc` and
`rapcc-launch` run by default), in a private runtime folder, stopped at the end.
The served column's CPU is the client's alone (the server's is not a child).

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
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
        env.update({"XDG_RUNTIME_DIR": tmp, "TMPDIR": tmp, "RAPCC_SERVER": "0"})
        modes = {"standin": {**env, "RAPCC_HEADERS": "standin"}, "toolkit": {**env, "RAPCC_HEADERS": "toolkit"},
                 "served": {**env, "RAPCC_HEADERS": "toolkit", "RAPCC_SERVER": "1"}}
        try:
            for mode_env in modes.values():  # warm-up: the preludes, nvcc's macros, the server
                _time([rapcc, str(files[0]), "-o", os.path.join(tmp, "warm.cu")], mode_env, 1)
            for f in files:
                outs = {}
                times = {}
                for mode, mode_env in modes.items():
                    out = os.path.join(tmp, f"{mode}.cu")
                    times[mode] = _time([rapcc, str(f), "-o", out], mode_env, args.runs)
                    outs[mode] = Path(out).read_bytes() if os.path.exists(out) else b""
                times["nvcc"] = _time([nvcc, "-c", str(f), "-o", os.path.join(tmp, "k.o")], env, args.runs)
                same = outs["standin"] == outs["toolkit"] == outs["served"]
                rows.append((f.name, times["standin"], times["toolkit"], times["served"], times["nvcc"], same))
                print(f"{f.name:32s} " + "  ".join(f"{key} {times[key][0]:.2f} s (CPU {times[key][1]:.2f})"
                                                    for key in ("standin", "toolkit", "served", "nvcc"))
                      + f"  {'same' if same else 'DIFFERENT'}", flush=True)
        finally:
            subprocess.run([sys.executable, "-m", "rapcc.server", "stop"], env=modes["served"], cwd=tmp,
                           capture_output=True)
    for k, what in ((0, "wall"), (1, "CPU")):
        med = [statistics.median(r[i][k] for r in rows) for i in (1, 2, 3, 4)]
        print(f"median {what} time over {len(rows)} files: standin {med[0]:.2f} s ({med[0] / med[3]:.0%} of nvcc -c), "
              f"toolkit {med[1]:.2f} s ({med[1] / med[3]:.0%}), toolkit served {med[2]:.2f} s "
              f"({med[2] / med[3]:.0%}{'' if k == 0 else ', the client alone'}), nvcc -c {med[3]:.2f} s")
    print(f"{sum(r[5] for r in rows)} of {len(rows)} outputs the same in the three modes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
