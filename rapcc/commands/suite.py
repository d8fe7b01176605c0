"""`rapcc suite`: every example under every strategy, checked, timed and profiled.

Each case runs in its own process (a faulting rewrite cannot take the others
down); Nsight Compute then profiles each distinct variant once, if `ncu` is on
the PATH. Writes results.json, results.md, speedup.svg and variants/ to --out.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..harness.case_child import child_executor
from ..harness.ncu import ncu_executable
from ..harness.render import summary_lines, write_results
from ..harness.runner import DEFAULT_NVRTC_OPTIONS, CupyRunner, cuda_status
from ..harness.suite import STRATEGIES, SuiteConfig, in_process, ncu_profiler, run_suite
from ..harness.cli_support import chosen_cases, gpu_error, metadata, positive_float, requested_strategies
from ..progress import Progress


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("suite", help="run every example case under every strategy on the GPU",
                              description="Run every example case under every strategy: check, time, and "
                                          "count shared-memory wavefronts with Nsight Compute.")
    p.add_argument("--out", type=Path, default=Path("rapcc-suite"), metavar="DIR",
                   help="output folder (default: rapcc-suite)")
    p.add_argument("--examples", type=Path, default=None, metavar="DIR",
                   help="folder of <case>.cu and <case>.case.py files (default: the repository's examples/)")
    p.add_argument("--scale", type=positive_float, default=1.0, help="problem size; 1 fills an H100/H200")
    p.add_argument("--check-scale", type=positive_float, default=None,
                   help="problem size of the correctness runs (default: --scale)")
    p.add_argument("--case", action="append", dest="cases", metavar="NAME", help="run only this case; repeatable")
    p.add_argument("--strategy", action="append", dest="strategies", metavar="S",
                   help=f"a variant to run; repeatable (default: {' '.join(STRATEGIES)})")
    p.add_argument("--repeats", type=int, default=30, help="timed launches per variant (default 30)")
    p.add_argument("--seed", type=int, default=2026, help="base seed of the random inputs")
    p.add_argument("--no-ncu", action="store_true", help="skip the Nsight Compute counters")
    p.add_argument("--ncu-scale", type=positive_float, default=0.05,
                   help="problem size of the profiled launches (default 0.05; counters scale with it)")
    p.add_argument("--in-process", action="store_true",
                   help="run all cases in this process (faster start; a faulting kernel stops the rest)")


def run(args: argparse.Namespace) -> int:
    usable, why = cuda_status()
    if not usable:
        return gpu_error(why)
    strategies = requested_strategies(args.strategies)
    cases = chosen_cases(args.examples, args.cases)
    if cases is None:
        return 1
    config = SuiteConfig(strategies=strategies, scale=args.scale, check_scale=args.check_scale,
                         seed=args.seed, repeats=args.repeats)
    out: Path = args.out
    if args.in_process:
        execute = in_process(CupyRunner(), config)
    else:
        execute = child_executor(config, out / "work")
    ncu = None if args.no_ncu else ncu_executable()
    profile = ncu_profiler(out / "work", args.ncu_scale, args.seed, ncu) if ncu else None
    info = metadata(why, DEFAULT_NVRTC_OPTIONS, runner="cupy (one process per case)" if not args.in_process
                    else "cupy (in process)", ncu=f"{ncu} at scale {args.ncu_scale}" if ncu else "not run")
    # A terminal gets one redrawn line with the case count and an ETA; a pipe
    # (the device script's suite.log) keeps one plain line per case.
    bar = Progress(len(cases), sys.stderr)
    step = bar.step if bar.enabled else (lambda name: print(f"rapcc suite: {name}", file=sys.stderr, flush=True))
    try:
        result = run_suite(cases, execute, config, profile=profile, metadata=info, progress=step)
    finally:
        bar.close()
    paths = write_results(result, out)
    print("\n".join(summary_lines(result)))
    print(f"\nwrote {paths['markdown']}, {paths['json']} and {paths['svg']}")
    return 0 if all(r.correct for r in result.rows) else 1
