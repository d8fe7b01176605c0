"""Launches through ggml's launch wrapper, read or not (issue 28, done-when item 2).

    benchmarks/fetch_ggml.sh && python3 benchmarks/ggml_wrappers.py [third_party/ggml]

Offline, no GPU: each `.cu` of ggml's CUDA backend (not the generated template
instances) is analysed as `rapcc analyze` does, with the backend's include
folders and `-DGGML_USE_CUDA`, under the toolkit's headers where one is found.
Prints, over all files:

- the calls of `ggml_cuda_kernel_launch` in the files, and the launch records of
  the host interpreter: known, and unknown (with the most common reasons);
- the shared arrays by where their planned block shapes come from, as
  benchmarks/realprog/shapes.py groups them (launch, inferred, assumed,
  unknown: a launch whose shape rapcc cannot read).
"""
from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

from rapcc.diagnostics import InternalError, RapccError
from rapcc.frontend.launches import launch_facts
from rapcc.frontend.parse import ParseError
from rapcc.pipeline import Options, analyze_source
from rapcc.toolkit import find_toolkit

STATED = ("option", "pragma", "annotation", "launch", "launches")


def _group(source: str, unknown: list[str]) -> str:
    if unknown:
        return "unknown"
    if source in STATED:
        return "launch"
    return "assumed" if source == "assumed" else "inferred"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent / "third_party" / "ggml"))
    p.add_argument("--files", default="", help="comma-separated file names (default: every .cu)")
    args = p.parse_args(argv)
    import os
    root = Path(args.root)
    toolkit = find_toolkit(None, os.environ, shutil.which)
    files = sorted((root / "src" / "ggml-cuda").glob("*.cu"))
    if args.files:
        files = [f for f in files if f.name in args.files.split(",")]
    dirs = tuple(str(root / d) for d in ("include", "src", "src/ggml-cuda"))
    options = Options(include_dirs=dirs, defines=("GGML_USE_CUDA",), std="c++17",
                      cuda_path=toolkit.root if toolkit is not None else None)
    calls = 0
    launches: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    groups: Counter[str] = Counter()
    t = time.perf_counter()
    for f in files:
        source = f.read_bytes()
        calls += len(re.findall(rb"\bggml_cuda_kernel_launch\s*\(", source))
        try:
            from rapcc.frontend.parse import ParseConfig, parse_tolerant
            config = ParseConfig(include_dirs=dirs, defines=("GGML_USE_CUDA",), std="c++17",
                                 cuda_path=options.cuda_path)
            tu = parse_tolerant(str(f), source, config).tu
            found, unknown = launch_facts(tu, source)
            launches["known"] += sum(len(v) for v in found.values())
            for whys in unknown.values():
                launches["unknown"] += len(whys)
                for why in whys:
                    reasons[re.sub(r"'[^']*'", "'_'", re.sub(r"line \d+", "line N", why))] += 1
            report = analyze_source(source, str(f), options).report
        except (RapccError, InternalError, ParseError) as exc:
            print(f"{f.name}: not analysed: {str(exc).splitlines()[0]}", file=sys.stderr)
            continue
        for a in report.get("arrays", []):
            groups[_group(a["block_dim_source"], list(a.get("block_dims_unknown", [])))] += 1
    n = sum(groups.values())
    print(f"{len(files)} files ({time.perf_counter() - t:.0f} s): {calls} calls of ggml_cuda_kernel_launch")
    print(f"launch records: {launches['known']} known shapes, {launches['unknown']} unknown")
    for why, k in reasons.most_common(8):
        print(f"  {k:4d} {why[:150]}")
    print(f"shared arrays: {n}: " + ", ".join(f"{g} {groups[g]}" for g in ("launch", "inferred", "assumed", "unknown")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
