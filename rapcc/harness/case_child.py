"""Run one case of a suite in its own process.

A rewritten kernel that faults (an out-of-bounds shared access, say) leaves
the CUDA context unusable for the rest of the process. Running each case in a
child process confines that to the case's own remaining variants.

Usage: python -m rapcc.harness.case_child CASE_FILE CONFIG.json OUTCOME.json
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from .case import Case, load_case_file
from .runner import CupyRunner
from .suite import CaseExecutor, CaseOutcome, SuiteConfig, failed_case, pipeline_rewrite, run_case

CASE_TIMEOUT_S = 300


def _package_root() -> str:
    return str(Path(__file__).resolve().parents[2])


def child_executor(config: SuiteConfig, workdir: Path, python: str = sys.executable,
                   timeout_s: int = CASE_TIMEOUT_S) -> CaseExecutor:
    """An executor for run_suite that runs every case in a fresh Python process."""
    workdir.mkdir(parents=True, exist_ok=True)
    config_file = workdir / "suite_config.json"
    config_file.write_text(json.dumps(config.to_json()))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [_package_root(), os.environ.get("PYTHONPATH")])))

    def execute(case: Case) -> CaseOutcome:
        if case.case_file is None:
            return failed_case(case.name, config.strategies, "the case has no case file to load in a child process")
        out = workdir / f"{case.name}.outcome.json"
        out.unlink(missing_ok=True)
        command = [python, "-m", "rapcc.harness.case_child", str(case.case_file), str(config_file), str(out)]
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, env=env)
        except subprocess.TimeoutExpired:
            return failed_case(case.name, config.strategies, f"timed out after {timeout_s} s")
        if proc.returncode != 0 or not out.exists():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
            return failed_case(case.name, config.strategies,
                               f"case process exited with status {proc.returncode}: {' | '.join(tail)}")
        return CaseOutcome.from_json(json.loads(out.read_text()))

    return execute


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m rapcc.harness.case_child CASE_FILE CONFIG.json OUTCOME.json", file=sys.stderr)
        return 2
    case = load_case_file(Path(argv[0]))
    config = SuiteConfig.from_json(json.loads(Path(argv[1]).read_text()))
    outcome = run_case(case, CupyRunner(), config, pipeline_rewrite)
    Path(argv[2]).write_text(json.dumps(outcome.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
