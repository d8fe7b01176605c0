"""What the float check (rapcc/verify_float.py) refuses and costs on the red-team kernels.

    python3 benchmarks/float_check.py [--suite redteam4]... [--nvcc PATH] [NAME | FILE.cu ...]

Each kernel is rewritten under every strategy the GPU red team runs
(tests/fuzz/hostvariants.py), once without the check and once with it,
compiled to PTX as the GPU campaign builds (`-arch=sm_90 -O2`,
tests/fuzz/gpucheck.py). Prints, per strategy, the files rewritten without
the check, those the check keeps entirely, the arrays it refuses, and the
wall time each way; one line per refusal.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rapcc.diagnostics import InternalError, RapccError  # noqa: E402
from rapcc.pipeline import Options, rewrite_source_strategies  # noqa: E402
from rapcc.verify_nvcc import FloatCheck  # noqa: E402
from tests.fuzz.hostvariants import STRATEGIES  # noqa: E402
from tests.redteam.kernels import FOLDERS  # noqa: E402

GPU_FLAGS = ("-O2", "-w")
GPU_ARCHS = ("compute_90",)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*")
    ap.add_argument("--suite", action="append", choices=sorted(FOLDERS))
    ap.add_argument("--nvcc", default=shutil.which("nvcc"))
    args = ap.parse_args(argv)
    files = [Path(n) for n in args.names if Path(n).is_file()]  # a file named is measured as it is
    stems = [n for n in args.names if not Path(n).is_file()]
    suite = files + [p for name in (args.suite or ([] if files and not stems else list(FOLDERS)))
                     for p in sorted(FOLDERS[name].glob("*.cu")) if not stems or p.stem in stems]
    check = FloatCheck(args.nvcc, GPU_FLAGS, GPU_ARCHS)
    rewritten, reverted, arrays = Counter(), Counter(), Counter()
    plain_s = checked_s = 0.0
    for file in suite:
        path, source = str(file), file.read_bytes()
        runs = {}
        for name, options in (("plain", Options(seed=1)), ("checked", Options(seed=1, float_check=check))):
            start = time.perf_counter()
            try:
                runs[name] = rewrite_source_strategies(source, path, options, STRATEGIES)
            except RapccError:
                runs[name] = {}
            spent = time.perf_counter() - start
            plain_s, checked_s = (plain_s + spent, checked_s) if name == "plain" else (plain_s, checked_s + spent)
        for s in STRATEGIES:
            before, after = runs["plain"].get(s), runs["checked"].get(s)
            if before is None or isinstance(before, InternalError) or before.text == source:
                continue
            rewritten[s] += 1
            if isinstance(after, InternalError) or after is None:
                continue
            refused = [p for p in after.plans if p.float_refused is not None]
            arrays[s] += len(refused)
            reverted[s] += after.text == source
            for p in refused:
                r = p.float_refused
                print(f"refused {file.name} {s} '{p.analysis.array.name}': {r.kind.value} in {r.function} "
                      f"at {r.index}: {r.before!r} -> {r.after!r} {r.why}")
    print(f"{'strategy':10} {'rewritten':>9} {'kept whole':>10} {'arrays refused':>14}")
    for s in STRATEGIES:
        print(f"{s:10} {rewritten[s]:9} {reverted[s]:10} {arrays[s]:14}")
    n = max(1, len(suite))
    print(f"kernels {len(suite)}: {plain_s:.1f} s without the check, {checked_s:.1f} s with it "
          f"({plain_s / n:.2f} s and {checked_s / n:.2f} s per file, all {len(STRATEGIES)} strategies)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
