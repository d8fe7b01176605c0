"""The process Nsight Compute profiles: launch each job's kernel once.

Usage: python -m rapcc.harness.ncu_child JOBS.json PROGRESS.json

PROGRESS.json is rewritten before and after every launch, so that the parent
(rapcc.harness.ncu.profile_jobs) can tell which ncu rows belong to which job
and which job was running if this process dies. After a launch error the
CUDA context may be unusable, so the process stops (exit status 3) and the
parent starts a new one for the jobs that are left.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from .case import load_case_file
from .runner import BuildError, CupyRunner, LaunchError

EXIT_LAUNCH_ERROR = 3


def _save(path: Path, state: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state))
    tmp.replace(path)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m rapcc.harness.ncu_child JOBS.json PROGRESS.json", file=sys.stderr)
        return 2
    jobs = json.loads(Path(argv[0]).read_text())
    progress = Path(argv[1])
    state: dict = {"launched": [], "failed": {}, "current": None}
    runner = CupyRunner()
    for job in jobs:
        key = job["key"]
        state["current"] = key
        _save(progress, state)
        try:
            case = load_case_file(Path(job["case_file"]))
            kernel = runner.build(case, Path(job["source_file"]).read_bytes(), key)
            args = case.make_inputs(np.random.default_rng(job["seed"]), job["scale"])
            runner.run(kernel, args)
        except BuildError as exc:
            state["failed"][key] = str(exc)
            continue
        except LaunchError as exc:
            state["failed"][key] = str(exc)
            state["current"] = None
            _save(progress, state)
            return EXIT_LAUNCH_ERROR
        except Exception as exc:  # a broken case file: report it against this job only
            state["failed"][key] = f"{type(exc).__name__}: {exc}"
            continue
        state["launched"].append(key)
        state["current"] = None
        _save(progress, state)
    state["current"] = None
    _save(progress, state)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
