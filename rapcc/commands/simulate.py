"""`rapcc simulate`: expected DMM congestion of an address arrangement
(seed 000 §V Table II, §VII Table IV)."""
from __future__ import annotations

import argparse
import json
import sys

from rapcc.dmm.access import ACCESS_2D, ACCESS_4D
from rapcc.dmm.model import SimulationResult
from rapcc.dmm.schemes import SCHEMES
from rapcc.dmm.simulate import congestion_table, simulate

EXIT_OK, EXIT_USAGE = 0, 2
MAX_WIDTH = 4096  # a trial holds w x w indices per chunk; beyond this memory, not insight, is the limit
MAX_TRIALS = 10_000_000

TABLE_SCHEMES = ("raw", "ras", "rap")
TABLE_ACCESSES = ("contiguous", "stride", "diagonal", "random")
TABLE_WIDTHS = (16, 32, 64, 128, 256)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register `rapcc simulate` on an argparse subparsers object."""
    p = subparsers.add_parser(
        "simulate",
        help="simulate the memory-access congestion of RAW/RAS/RAP and the larger-array RAPs (seed 000)",
        description="Monte Carlo estimate of the expected congestion (most distinct requests to one bank) of one "
        "warp access on the Discrete Memory Machine. raw/ras/rap arrange a w x w matrix (accesses contiguous, "
        "stride, diagonal, random, malicious); 1p/r1p/3p/w2p/1p-wr arrange a w^4 array (accesses contiguous, "
        "stride1, stride2, stride3, random, malicious).",
    )
    p.add_argument("--scheme", choices=tuple(SCHEMES), default="rap", help="address arrangement (default rap)")
    p.add_argument("--access", choices=tuple(dict.fromkeys(ACCESS_2D + ACCESS_4D)), default="random",
                   help="warp access kind (default random); 'malicious' searches a bad access for the scheme first")
    p.add_argument("--width", type=int, default=32, help="w: banks and threads per warp (default 32)")
    p.add_argument("--trials", type=int, default=10_000, help="independent trials per estimate (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--table", action="store_true", help="print the Markdown table of contiguous/stride/diagonal/random "
                   "x raw/ras/rap x w = 16..256 (ignores --scheme, --access and --width)")


def _usage_error(message: str) -> int:
    print(f"rapcc: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _as_json(result: SimulationResult) -> dict:
    return {"scheme": result.scheme, "access": result.access, "width": result.width, "trials": result.trials,
            "congestion_mean": result.mean, "ci95": [result.ci95[0], result.ci95[1]]}


def render_table(results: tuple[SimulationResult, ...], widths: tuple[int, ...]) -> str:
    """Markdown: one row per (access, scheme), one column per width."""
    header = "| access | scheme | " + " | ".join(f"w={w}" for w in widths) + " |"
    rule = "|---|---|" + "---:|" * len(widths)
    cells = {(r.access, r.scheme, r.width): r for r in results}
    rows = []
    for access in dict.fromkeys(r.access for r in results):
        for scheme in dict.fromkeys(r.scheme for r in results):
            values = " | ".join(f"{cells[access, scheme, w].mean:.3f}" for w in widths)
            rows.append(f"| {access} | {scheme.upper()} | {values} |")
    widest = max(r.half_width for r in results)
    note = f"\n{results[0].trials} trials per cell; largest 95% CI half-width {widest:.3f}"
    return "\n".join([header, rule, *rows]) + note


def run(args: argparse.Namespace) -> int:
    """Run `rapcc simulate`; returns the exit code."""
    if not 1 <= args.trials <= MAX_TRIALS:
        return _usage_error(f"--trials must be between 1 and {MAX_TRIALS}, got {args.trials}")
    if args.table:
        results = congestion_table(TABLE_SCHEMES, TABLE_ACCESSES, TABLE_WIDTHS, args.trials, args.seed)
        if args.json:
            print(json.dumps([_as_json(r) for r in results], indent=2))
        else:
            print(render_table(results, TABLE_WIDTHS))
        return EXIT_OK
    if not 2 <= args.width <= MAX_WIDTH:
        return _usage_error(f"--width must be between 2 and {MAX_WIDTH}, got {args.width}")
    try:
        result = simulate(args.scheme, args.access, args.width, args.trials, args.seed)
    except ValueError as exc:
        return _usage_error(str(exc))
    if args.json:
        print(json.dumps(_as_json(result)))
    else:
        low, high = result.ci95
        print(f"{result.scheme} {result.access} w={result.width}: congestion {result.mean:.3f} "
              f"(95% CI {low:.3f}..{high:.3f}, {result.trials} trials)")
    return EXIT_OK
