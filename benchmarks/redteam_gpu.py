"""The red-team kernels (tests/redteam/ to tests/redteam5/, issue 27's bar) on a GPU: every
strategy's rewrite built with nvcc beside the original and run on the device,
compared bit for bit; the host fuzzer's GPU machinery (tests/fuzz/gpucampaign.py)
with the hand-written kernels in place of generated ones.

    python3 benchmarks/redteam_gpu.py --out DIR [--suite redteam|redteam2|...|redteam5]... [--jobs J] [--batch B]
                                      [--compile-only] [NAME ...]

(--suite repeats; without it, every round.)

Prints one line per kernel (its outcome under each strategy, `legal` for the
controls auto must rewrite) and the totals; writes DIR/results.json. Exit
status 1 on any differing or failing rewrite, rapcc error, rejected original,
or (with --compile-only, which needs no GPU) any build error.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.gpucampaign import Config, check_all, format_summary, per_strategy, wrong_code, write_json  # noqa: E402
from tests.fuzz.hostvariants import STRATEGIES  # noqa: E402
from tests.redteam.kernels import FOLDERS, load  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="kernels to run (default: all of the suites')")
    ap.add_argument("--suite", action="append", choices=sorted(FOLDERS),
                    help="a folder of kernels: redteam, redteam2 ... redteam5 (rounds one to five); default all")
    ap.add_argument("--out", type=Path, required=True, help="folder for results.json and the findings' files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="batches built at once (default: CPUs)")
    ap.add_argument("--batch", type=int, default=8, help="kernels per program (default 8)")
    ap.add_argument("--compile-only", action="store_true", help="build every batch, run none (no GPU needed)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    suite = [k for name in (args.suite or list(FOLDERS)) for k in load(FOLDERS[name])
             if not args.names or k.kernel.name in args.names]
    legal = {k.kernel.name for k in suite if k.legal}
    config = Config(args.out.resolve(), max(1, args.jobs), float("inf"), max(1, args.batch), args.compile_only)
    # A byte order mark is legal only at the start of a file, and the GPU
    # program pastes each kernel into a namespace: drop it here (the host
    # check, tests/test_redteam.py, runs rt126 with its mark).
    kernels = [dataclasses.replace(k.kernel, source=k.kernel.source.removeprefix("\ufeff")) for k in suite]
    results = check_all(kernels, config)
    write_json(results, config.work, args.out / "results.json")
    rewritten_by_auto = 0
    for r in results:
        outcomes = {x.strategy: x.outcome.value for x in r.results}
        verdict = "ERROR" if r.generator_error else ("WRONG" if r.findings else "ok")
        rewritten_by_auto += outcomes.get("auto") in ("identical", "built")
        tag = " legal" if r.kernel.name in legal else ""
        print(f"{verdict:5} {r.kernel.name:34}{tag:6} " + " ".join(f"{s}={outcomes.get(s, '-')}" for s in STRATEGIES)
              + (f"  {r.generator_error.splitlines()[0][:160]}" if r.generator_error else ""))
    print(f"red-team kernels {len(results)}, rewritten by auto {rewritten_by_auto}, legal controls {len(legal)}")
    print(format_summary(results))
    build_errors = sum(c["build_error"] for c in per_strategy(results).values())
    if args.compile_only:
        return 1 if build_errors or any(r.generator_error for r in results) else 0
    return 1 if wrong_code(results) or any(r.generator_error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
