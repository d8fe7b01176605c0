"""Time the DMM simulator: 100,000 trials at w = 256 must take under a minute
per (scheme, access) cell (seed 000 §V scale).

Run from the repository root: python -m benchmarks.dmm_speed [--trials N] [--width W]
"""
from __future__ import annotations

import argparse
import time

from rapcc.dmm import simulate

CELLS = (
    ("raw", "stride"),
    ("ras", "stride"),
    ("rap", "diagonal"),
    ("rap", "random"),
    ("r1p", "stride3"),
    ("3p", "random"),
    ("w2p", "stride3"),
    ("1p-wr", "random"),
    ("r1p", "malicious"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--width", type=int, default=256)
    args = parser.parse_args()
    print(f"{'scheme':>6} {'access':>10} {'mean':>8} {'ci95':>19} {'seconds':>8}")
    worst = 0.0
    for scheme, access in CELLS:
        start = time.perf_counter()
        result = simulate(scheme, access, args.width, args.trials, seed=1)
        elapsed = time.perf_counter() - start
        worst = max(worst, elapsed)
        low, high = result.ci95
        print(f"{scheme:>6} {access:>10} {result.mean:8.3f} [{low:8.3f}, {high:8.3f}] {elapsed:8.2f}")
    print(f"slowest cell: {worst:.2f} s for {args.trials} trials at w = {args.width}")
    return 0 if worst < 60 else 1


if __name__ == "__main__":
    raise SystemExit(main())
