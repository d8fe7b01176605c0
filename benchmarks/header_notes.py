"""What the toolkit's headers cost on real code: clang-error notes and arrays refused for a clang error.

    python3 -m benchmarks.header_notes [--corpus third_party/corpus] [--cuda-path DIR]

Every `.cu` file of the fetched corpus (benchmarks/fetch_corpus.sh) that declares shared memory and includes
one of the headers issue 19 names (CUB, Thrust, libcu++, cooperative groups, mma.h, cuda_fp16/bf16,
curand_kernel.h, <cstdint>, <climits>, <cmath>) is analysed as benchmarks/corpus.py does (its folder and its
project's common folders as -I), with the CUDA toolkit found as rapcc finds it. Prints one line per file and
a JSON total: files, files refused, `rapcc-parse-error` notes, arrays, arrays kept for a clang error.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

from rapcc.diagnostics import RapccError
from rapcc.pipeline import Options, analyze_source
from rapcc.toolkit import find_toolkit

from .corpus import CORPUS, include_dirs

HEADERS = (b"cub/", b"thrust/", b"cuda/pipeline", b"cuda/barrier", b"cuda/std", b"cooperative_groups", b"mma.h",
           b"cuda_fp16", b"cuda_bf16", b"curand_kernel", b"cstdint", b"climits", b"cmath")


def _includes_one(source: bytes) -> bool:
    return any(line.lstrip().startswith(b"#") and b"include" in line and any(h in line for h in HEADERS)
               for line in source.splitlines())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--cuda-path")
    args = p.parse_args()
    toolkit = find_toolkit(args.cuda_path, os.environ, shutil.which)
    total = {"files": 0, "refused": 0, "notes": 0, "arrays": 0, "kept_for_clang_error": 0}
    for project_dir in sorted(d for d in args.corpus.iterdir() if d.is_dir()):
        for path in sorted(project_dir.rglob("*.cu")):
            source = path.read_bytes()
            if b"__shared__" not in source or not _includes_one(source):
                continue
            total["files"] += 1
            options = Options(include_dirs=include_dirs(project_dir.name, project_dir, path),
                              cuda_path=toolkit.root if toolkit else None)
            try:
                result = analyze_source(source, str(path), options)
            except RapccError as exc:
                total["refused"] += 1
                print(f"{path}: refused: {exc}")
                continue
            notes = sum(1 for d in result.diagnostics if d.check_id == "rapcc-parse-error")
            kept = [p.analysis.array.name for p in result.plans if "clang error" in (p.reason or "")]
            total["notes"] += notes
            total["arrays"] += len(result.plans)
            total["kept_for_clang_error"] += len(kept)
            print(f"{path}: {notes} notes, {len(result.plans)} arrays, kept for a clang error: {kept}")
    print(json.dumps(total))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
