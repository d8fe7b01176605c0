"""`rapcc bench CASE...`: check and time a few example cases under rapcc's strategies.

Runs in this process on the GPU through CuPy and prints the Markdown table;
`rapcc suite` is the whole, isolated, profiled run.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..harness.render import markdown
from ..harness.runner import CupyRunner, cuda_status
from ..harness.suite import STRATEGIES, SuiteConfig, in_process, run_suite
from ..harness.cli_support import chosen_cases, gpu_error, metadata, positive_float, requested_strategies


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("bench", help="check and time example cases on the GPU",
                              description="Check and time example cases: the original source and rapcc's "
                                          "rewrites, each checked bit for bit against the original.")
    p.add_argument("cases", nargs="+", metavar="CASE", help="example case names (file stems in --examples)")
    p.add_argument("--strategy", action="append", dest="strategies", metavar="S",
                   help=f"a variant to run; repeatable (default: {' '.join(STRATEGIES)})")
    p.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON to OUT")
    p.add_argument("--examples", type=Path, default=None, metavar="DIR",
                   help="folder of <case>.cu and <case>.case.py files (default: the repository's examples/)")
    p.add_argument("--scale", type=positive_float, default=1.0, help="problem size; 1 fills an H100/H200")
    p.add_argument("--repeats", type=int, default=30, help="timed launches per variant (default 30)")
    p.add_argument("--seed", type=int, default=2026, help="base seed of the random inputs")


def run(args: argparse.Namespace) -> int:
    usable, why = cuda_status()
    if not usable:
        return gpu_error(why)
    strategies = requested_strategies(args.strategies)
    cases = chosen_cases(args.examples, args.cases)
    if cases is None:
        return 1
    config = SuiteConfig(strategies=strategies, scale=args.scale, seed=args.seed, repeats=args.repeats)
    runner = CupyRunner()
    result = run_suite(cases, in_process(runner, config), config, metadata=metadata(why, runner.options))
    sys.stdout.write(markdown(result))
    if args.json:
        args.json.write_text(json.dumps(result.to_json(), indent=1))
    return 0 if all(r.correct for r in result.rows) else 1
