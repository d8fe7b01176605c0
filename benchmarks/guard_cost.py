"""What the per-block test of blockDim costs (analysis/guards.py, issue 27 §6), from a suite run
that timed a strategy with and without it (`rapcc suite --strategy xor --strategy xor@guarded ...`,
benchmarks/device_session9.sh suite):

    python3 benchmarks/guard_cost.py RESULTS.json [STRATEGY ...]

For each strategy S, the cases where both S and S@guarded changed the kernel: the guarded
kernel's median time over the unguarded one's (above 1: the test costs), their geometric
mean, spread, and the worst case."""
from __future__ import annotations

import json
import math
import statistics
import sys


def main(argv: list[str]) -> int:
    rows = json.load(open(argv[0]))["rows"]
    wanted = argv[1:] or sorted({r["strategy"].split("@")[0] for r in rows if r["strategy"].endswith("@guarded")})
    by = {(r["case"], r["strategy"]): r for r in rows}
    for s in wanted:
        ratios = []
        for (case, strategy), r in sorted(by.items()):
            g = by.get((case, f"{s}@guarded"))
            if strategy != s or g is None or not (r["changed"] and g["changed"] and r["correct"] and g["correct"]):
                continue
            ratios.append((r["speedup"] / g["speedup"], case))  # guarded time / unguarded time
        if not ratios:
            print(f"{s}: no case changed by both")
            continue
        values = [v for v, _ in ratios]
        geo = math.exp(statistics.fmean(math.log(v) for v in values))
        worst = max(ratios)
        print(f"{s}: {len(values)} cases, guarded/unguarded time geomean {geo:.4f}, median {statistics.median(values):.4f}, "
              f"min {min(values):.4f}, max {worst[0]:.4f} ({worst[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
