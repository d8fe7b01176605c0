"""Re-predict a stored GPU suite run with the current model, on the CPU.

    python3 -m benchmarks.repredict benchmarks/results/<run>/results.json [--out FILE] [--cases a,b]

The Nsight Compute counters of a run do not change when rapcc's bank model
does, but its predictions do: this re-runs rapcc on each case's source under
each strategy the run holds, replaces `predicted_wavefronts`, and prints the
targets report (benchmarks/targets.py) for the stored counters against the
new predictions. A rewrite whose layouts differ from those that were measured
(the run's stored reports name each array's mapping) is stale: its counters
describe other code, and it is left out.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rapcc.harness.case import default_examples_dir, load_cases
from rapcc.harness.suite import ORIGINAL, _prediction, make_variants, pipeline_rewrite

from .targets import report


def _layouts(report: dict | None) -> tuple | None:
    if not report:
        return None
    return tuple(sorted((a["function"], a["name"], a.get("mapping") or "") for a in report.get("arrays", ())))


def repredict(results: dict, only: set[str] | None = None) -> tuple[dict, list[str]]:
    """`results` with fresh predictions, and the variants left out as stale."""
    cases = {c.name: c for c in load_cases(default_examples_dir())}
    strategies: dict[str, list[str]] = {}
    for r in results["rows"]:
        strategies.setdefault(r["case"], []).append(r["strategy"])
    fresh: dict[tuple[str, str], tuple[float | None, tuple | None]] = {}
    for name, strats in strategies.items():
        if name not in cases or (only and name not in only):
            continue
        variants = make_variants(cases[name], [ORIGINAL] + [s for s in strats if s != ORIGINAL], pipeline_rewrite)
        for v in variants:
            fresh[(name, v.strategy)] = (_prediction(v, variants, cases[name].kernel), _layouts(v.report))
    rows, stale = [], []
    for r in results["rows"]:
        key = (r["case"], r["strategy"])
        if key not in fresh:
            continue
        pred, layouts = fresh[key]
        measured = _layouts(results.get("reports", {}).get(key[0], {}).get(key[1]))
        if key[1] != ORIGINAL and measured is not None and layouts != measured:
            stale.append(f"{key[0]}/{key[1]}")
            continue
        rows.append({**r, "predicted_wavefronts": pred})
    return {**results, "rows": rows}, stale


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", type=Path, help="a suite run's results.json")
    ap.add_argument("--out", type=Path, help="also write the re-predicted results here")
    ap.add_argument("--cases", default="", help="comma-separated case names (default: all)")
    args = ap.parse_args(argv)
    if not args.results.is_file():
        print(f"repredict: {args.results} does not exist", file=sys.stderr)
        return 2
    only = {c for c in args.cases.split(",") if c} or None
    new, stale = repredict(json.loads(args.results.read_text()), only)
    if args.out:
        args.out.write_text(json.dumps(new, indent=1))
    print(report(new), end="")
    if stale:
        print(f"\nLeft out (rewritten differently from the measured code): {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
