"""clang errors in a production codebase's CUDA files under the stand-in
headers and under the toolkit's (RAPCC_HEADERS=standin / toolkit), issue 28.

    benchmarks/fetch_ggml.sh && python3 benchmarks/header_errors.py [third_party/ggml]

Parses each `.cu` of ggml's CUDA backend (not the generated template
instances) with the backend's include folders, as its CMake build does, and
counts clang's errors: in the system's headers (the toolkit's, the C++
library's, the stand-ins) and in the project's.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from rapcc.build_macros import ask_nvcc
from rapcc.frontend.parse import ParseConfig, ParseError, parse_tolerant
from rapcc.toolkit import HeaderMode, find_toolkit


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "third_party" / "ggml")
    toolkit = find_toolkit(None, os.environ, shutil.which)
    nvcc = shutil.which("nvcc")
    if toolkit is None or nvcc is None:
        print("no CUDA toolkit found", file=sys.stderr)
        return 2
    build = ask_nvcc(nvcc, ("-arch", "sm_80"), tempfile.mkdtemp())
    files = sorted(p for p in (root / "src" / "ggml-cuda").glob("*.cu"))
    dirs = tuple(str(root / d) for d in ("include", "src", "src/ggml-cuda"))
    totals: dict[str, tuple[int, int, int, int, float]] = {}
    for mode in (HeaderMode.STANDIN, HeaderMode.TOOLKIT):
        config = ParseConfig(include_dirs=dirs, defines=("GGML_USE_CUDA", "GGML_CUDA_USE_GRAPHS"), std="c++17",
                             cuda_path=toolkit.root, build=build, headers=mode)
        system = project = refused = clean = 0
        t = time.perf_counter()
        for f in files:
            try:
                parsed = parse_tolerant(str(f), f.read_bytes(), config)
            except ParseError:
                refused += 1
                continue
            s = sum(e.system for e in parsed.scopes.errors)
            system += s
            project += len(parsed.scopes.errors) - s
            clean += not parsed.scopes.errors
        totals[mode.value] = (system, project, refused, clean, time.perf_counter() - t)
        print(f"{mode.value:8s} {len(files)} files: {system} clang errors in system headers, {project} in the "
              f"project's, {refused} files refused, {clean} files with no error ({totals[mode.value][4]:.0f} s)",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
