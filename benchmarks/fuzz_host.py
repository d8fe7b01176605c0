"""The host fuzzer's campaign: generated kernels with the constructs of
issue 17, rapcc's rewrite under every strategy, each run on the CPU as C++
(g++, tests/fuzz/hostcuda.h) and compared with the original bit for bit.

    python3 benchmarks/fuzz_host.py --seed S --count N --out DIR [--jobs 2]

Prints the counts (kernels, per strategy: rewritten, identical, differing,
refused, rapcc errors, host errors; per family: bad kernels and near twins)
and writes DIR/results.json; each finding's kernel and rewrites stay under
DIR/<kernel>/. Exit status 1 when any rewrite differs or rapcc fails.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.hostcampaign import check_all, format_summary, summarize, write_json  # noqa: E402
from tests.fuzz.hostfamilies import FAMILIES, generate  # noqa: E402
from tests.fuzz.hostgen_launch import LAUNCH_UNKNOWN_FAMILIES  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True, help="kernels to draw (the families in turn)")
    ap.add_argument("--out", type=Path, required=True, help="folder for results.json and the findings' files")
    ap.add_argument("--jobs", type=int, default=2, help="kernels checked at once (default 2)")
    ap.add_argument("--families", default="", help="comma-separated family function names (default: all)")
    args = ap.parse_args(argv)
    families = FAMILIES
    if args.families:
        wanted = set(args.families.split(","))
        known = FAMILIES + LAUNCH_UNKNOWN_FAMILIES
        families = tuple(f for f in known if f.__name__ in wanted)
        if not families:
            ap.error(f"no family among {', '.join(f.__name__ for f in known)}")
    return run_campaign(generate(args.seed, args.count, families), args.out, args.jobs, f"seed {args.seed}")


def run_campaign(kernels: list, out: Path, jobs: int, label: str, unit: str = "kernels") -> int:
    """Check `kernels` against g++, print the counts, write OUT/results.json; 1 on any bug."""
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    results = check_all(kernels, out.resolve(), jobs)
    summary = summarize(results)
    write_json(results, out.resolve(), out / "results.json")
    print(f"{label}, {len(kernels)} {unit} in {time.monotonic() - start:.0f} s")
    print(format_summary(summary))
    print(f"results: {out / 'results.json'}")
    bugs = summary.differing + sum(c["rapcc_error"] for c in summary.per_strategy.values())
    return 1 if bugs or summary.generator_errors else 0


if __name__ == "__main__":
    sys.exit(main())
