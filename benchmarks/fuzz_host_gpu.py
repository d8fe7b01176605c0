"""The host fuzzer's kernels on a GPU: every strategy's rewrite built with
nvcc beside the original (one program per batch of kernels, each variant in
its own namespace), run on the device, and compared with the original bit
for bit (tests/fuzz/gpucheck.py, docs/fuzzing.md).

    python3 benchmarks/fuzz_host_gpu.py --seed S --count N --out DIR [--jobs J] [--seconds T]
        [--start I] [--batch B] [--compile-only]

Prints the counts (kernels; per strategy: rewritten, identical, differs,
run_fails, refused, rapcc_error, build_error) and writes DIR/results.json;
each finding's kernel, rewrites and program stay under DIR/. Exit status 1
when any rewrite differs, fails to run or rapcc fails, or an original is
rejected; --compile-only builds every batch without running it (no GPU
needed) and exits 1 on any build error.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.gpucampaign import Config, check_all, format_summary, per_strategy, wrong_code, write_json  # noqa: E402
from tests.fuzz.hostfamilies import generate  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True, help="kernels to draw (the families in turn)")
    ap.add_argument("--start", type=int, default=0, help="skip the seed's first START kernels (default 0)")
    ap.add_argument("--out", type=Path, required=True, help="folder for results.json and the findings' files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="batches built at once (default: CPUs)")
    ap.add_argument("--seconds", type=float, default=float("inf"), help="start no batch after this many seconds")
    ap.add_argument("--batch", type=int, default=8, help="kernels per program (default 8)")
    ap.add_argument("--compile-only", action="store_true", help="build every batch, run none")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    kernels = generate(args.seed, args.start + args.count)[args.start:]
    config = Config(args.out.resolve(), max(1, args.jobs), args.seconds, max(1, args.batch), args.compile_only)
    results = check_all(kernels, config)
    write_json(results, config.work, args.out / "results.json")
    mode = "built (--compile-only)" if args.compile_only else "run on the GPU"
    print(f"seed {args.seed}, {len(results)} of {len(kernels)} kernels {mode} in {time.monotonic() - start:.0f} s")
    print(format_summary(results))
    print(f"results: {args.out / 'results.json'}")
    build_errors = sum(c["build_error"] for c in per_strategy(results).values())
    if args.compile_only:
        return 1 if build_errors or any(r.generator_error for r in results) else 0
    return 1 if wrong_code(results) or any(r.generator_error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
