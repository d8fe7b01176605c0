"""Merge `rapcc suite` runs made case by case (one device command has a time
limit) into one results folder: results.md, results.json and speedup.svg.
A case run again in a later RUN_DIR replaces its earlier rows.

    python3 benchmarks/merge_suite.py OUT_DIR RUN_DIR [RUN_DIR ...]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rapcc.harness.render import write_results  # noqa: E402
from rapcc.harness.suite import Row, SuiteConfig, SuiteResult  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out, runs = Path(argv[0]), [json.loads((Path(d) / "results.json").read_text()) for d in argv[1:]]
    by_case: dict[str, list[dict]] = {}
    for run in runs:  # a later run's rows of a case replace an earlier run's
        for case in {r["case"] for r in run["rows"]}:
            by_case[case] = [r for r in run["rows"] if r["case"] == case]
    rows = [Row.from_json(r) for case in by_case for r in by_case[case]]
    metadata = {k: v for run in runs for k, v in run.get("metadata", {}).items()}
    result = SuiteResult(SuiteConfig.from_json(runs[0]["config"]), rows, {}, metadata)
    out.mkdir(parents=True, exist_ok=True)
    write_results(result, out)
    merged = json.loads((out / "results.json").read_text())
    merged["reports"] = {case: reports for run in runs for case, reports in run.get("reports", {}).items()}
    (out / "results.json").write_text(json.dumps(merged, indent=1))
    print(f"merged {len(runs)} runs, {len(rows)} rows into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
