"""The host fuzzer's campaign over issue 31's families (tests/fuzz/hostgen_shadow.py):
files where one name is declared at many scopes, rewritten under every
strategy, each rewrite run on the CPU as C++ (g++, tests/fuzz/hostcuda.h)
and compared with the original bit for bit.

    python3 benchmarks/fuzz_shadow.py --seed S --count N --out DIR [--jobs 2]

Prints the same counts as benchmarks/fuzz_host.py and writes DIR/results.json.
Exit status 1 when any rewrite differs or rapcc fails.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.fuzz_host import run_campaign  # noqa: E402
from tests.fuzz.hostfamilies import generate  # noqa: E402
from tests.fuzz.hostgen_shadow import SHADOW_FAMILIES  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True, help="files to draw (the families in turn)")
    ap.add_argument("--out", type=Path, required=True, help="folder for results.json and the findings' files")
    ap.add_argument("--jobs", type=int, default=2, help="files checked at once (default 2)")
    args = ap.parse_args(argv)
    kernels = generate(args.seed, args.count, SHADOW_FAMILIES)
    return run_campaign(kernels, args.out, args.jobs, f"seed {args.seed}",
                        f"files ({2 * len(kernels)} kernels)")

if __name__ == "__main__":
    sys.exit(main())
