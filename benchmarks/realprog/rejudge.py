"""Merge run.py's shards and judge their runs again from the saved outputs,
with the comparison rules and masks of this checkout (compare.py,
programs.txt): no GPU is needed to refine what counts as a timing line.

    python3 benchmarks/realprog/rejudge.py --logs LOGS_DIR --out results.json s1.json [s2.json ...]

LOGS_DIR holds the `logs/` of every shard (logs.tar.gz unpacked); each run's
exit status and wall time come from the shard's results.json.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.realprog import compare, reports, summarize  # noqa: E402
from benchmarks.realprog.run import HERE, judge, read_programs  # noqa: E402


def saved_runs(logs: Path, name: str, run: dict) -> dict[str, list[compare.Run]]:
    """The runs of one program as run.py logged them."""
    out: dict[str, list[compare.Run]] = {}
    for variant in ("plain", "rapcc"):
        statuses = run.get("exit", {}).get(variant, [])
        walls = run.get("wall_s", {}).get(variant, [])
        out[variant] = [compare.Run((logs / f"{name}.run-{variant}-{i + 1}.log").read_text(errors="replace"),
                                    status, wall) for i, (status, wall) in enumerate(zip(statuses, walls))]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--list", type=Path, default=HERE / "programs.txt")
    ap.add_argument("--reports", type=Path, help="the shards' reports/ (reports.tar.gz unpacked): read the arrays again")
    ap.add_argument("shards", nargs="+", type=Path)
    a = ap.parse_args(argv)
    programs = {p.name: p for p in read_programs(a.list)}
    results = summarize.merge([json.loads(s.read_text()) for s in a.shards])
    for name, entry in results["programs"].items():
        if a.reports:
            arrays = reports.load(a.reports / name)
            entry["arrays"] = [dataclasses.asdict(r) | {"conflicted": r.conflicted} for r in arrays]
            entry["changed"] = any(r.rewritten for r in arrays)
            entry["included_notes"] = reports.included_notes(a.reports / name)
        run = entry["run"]
        if "exit" not in run:
            continue  # never run: nothing to judge again
        rounds = run.get("rounds")
        entry["run"] = judge(programs[name], saved_runs(a.logs, name, run)) | ({"rounds": rounds} if rounds else {})
    a.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
