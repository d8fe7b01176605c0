"""A longer differential-fuzzing campaign on the CPU (random seed by default).

    python3 benchmarks/fuzz_campaign.py --seconds 600 [--seed N] [--reduce] [--save]

Draws batches of generated kernels (tests/fuzz/gen.py), rewrites each under
every strategy, compiles with nvcc (unless --no-compile) and compares the CPU
interpreter's outputs bit for bit. Prints every finding; with --reduce, shrinks
the first finding of each (kind, strategy) to a minimal kernel and prints it;
with --save, writes the reduced kernels to tests/fuzz/regressions/.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rapcc.pipeline import STRATEGIES  # noqa: E402
from tests.fuzz.campaign import check_batches, draw_batches  # noqa: E402
from tests.fuzz.check import Finding  # noqa: E402
from tests.fuzz.reduce import reduce_kernel, same_finding  # noqa: E402
from tests.fuzz.render import render_kernel  # noqa: E402
from tests.fuzz.save import save_regression  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: random, printed)")
    ap.add_argument("--batches", type=int, default=200, help="batches to draw at most (default 200)")
    ap.add_argument("--batch-size", type=int, default=10, help="kernels per .cu file (default 10)")
    ap.add_argument("--seconds", type=float, default=600, help="stop starting new batches after this long (default 600)")
    ap.add_argument("--strategies", default=",".join(STRATEGIES), help="comma-separated strategies (default: all)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--no-compile", action="store_true", help="skip the nvcc checks")
    ap.add_argument("--reduce", action="store_true", help="shrink the first finding of each (kind, strategy)")
    ap.add_argument("--save", action="store_true", help="write reduced findings to tests/fuzz/regressions/")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    strategies = tuple(s for s in args.strategies.split(",") if s)
    compile_ = not args.no_compile and shutil.which("nvcc") is not None
    print(f"seed {seed}, nvcc {'on' if compile_ else 'off'}, strategies {','.join(strategies)}", flush=True)
    start = time.monotonic()
    batches = draw_batches(seed, args.batches, args.batch_size)
    findings: list[Finding] = []
    kernels = 0
    for i, fs in enumerate(check_batches(batches, seed, strategies, compile_, args.workers)):
        kernels += len(batches[i])
        for f in fs:
            print(f.summary(), flush=True)
        findings += fs
        if time.monotonic() - start > args.seconds:
            break
    elapsed = time.monotonic() - start
    print(f"{kernels} kernels x {len(strategies)} strategies in {elapsed:.0f}s: {len(findings)} findings")
    if args.reduce:
        seen: set[tuple[str, str]] = set()
        for f in findings:
            if (f.kind, f.strategy) in seen:
                continue
            seen.add((f.kind, f.strategy))
            small = reduce_kernel(f.kernel, same_finding(f, seed), seed)
            g = Finding(f.kind, f.strategy, small, f.detail)
            print(f"\n=== reduced: {g.summary()}\n{render_kernel(small)[0]}")
            if args.save:
                print(f"saved {save_regression(g)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
