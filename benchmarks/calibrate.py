"""Replay the planner's choice on every example at several instruction costs,
scored by what the GPU suite measured for the strategy it picks.

    python3 benchmarks/calibrate.py benchmarks/results/<suite run>/results.json

Prints, per INSTR_COST, the geomean of the measured speedups of auto's picks and
the examples where the pick is more than 3% behind the best measured strategy.
(An array-level pick is matched with the suite row of the same strategy, which
applies that strategy to every array of the file: a proxy, not a new run.)
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rapcc.planner as planner  # noqa: E402
from rapcc.pipeline import Options, rewrite_source  # noqa: E402

COSTS = (0.05, 0.1, 0.15, 0.2, 0.3)


def main(results_path: str) -> None:
    rows = json.load(open(results_path))["rows"]
    speed = {(r["case"], r["strategy"]): r["speedup"] for r in rows if r.get("speedup")}
    for cost in COSTS:
        planner.INSTR_COST = cost
        logs, behind = [], []
        for src in sorted((ROOT / "examples").glob("*.cu")):
            result = rewrite_source(src.read_bytes(), str(src.relative_to(ROOT)), Options())
            picked = {p.mapping.strategy for p in result.plans if p.rewritten}
            name = "none" if not picked else picked.pop() if len(picked) == 1 else "mixed"
            measured = 1.0 if name == "none" else speed.get((src.stem, name))
            best = max(v for (case, _), v in speed.items() if case == src.stem)
            if measured is None:
                continue
            logs.append(math.log(measured))
            if measured < 0.97 * best:
                behind.append(f"{src.stem}:{name} {measured:.2f}x (best {best:.2f}x)")
        print(f"INSTR_COST {cost}: geomean {math.exp(sum(logs) / len(logs)):.3f}x; behind: {', '.join(behind) or '-'}")


if __name__ == "__main__":
    main(sys.argv[1])
