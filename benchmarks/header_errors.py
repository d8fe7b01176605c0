"""clang errors in a production codebase's CUDA files under the stand-in
headers and under the toolkit's (RAPCC_HEADERS=standin / toolkit), issue 28.

    benchmarks/fetch_ggml.sh && python3 benchmarks/header_errors.py [third_party/ggml]
    python3 benchmarks/header_errors.py -p BUILD_DIR [--nvcc]

Without `-p`: parses each `.cu` of ggml's CUDA backend (not the generated
template instances) with the backend's include folders, as its CMake build
does, and counts clang's errors: in the system's headers (the toolkit's, the
C++ library's, the stand-ins) and in the project's.

With `-p BUILD_DIR` (any project's compile database): runs `rapcc analyze -p
BUILD_DIR` (every CUDA unit of the database) once per header mode, and counts
the `rapcc-parse-error` notes a user sees (and rapcc's errors), then parses
each unit with its own flags for the clang errors behind them. `--nvcc` also runs each unit's own command (`-o` a scratch file): a
note on a unit nvcc accepts is a rapcc bug unless it names a header nvcc
lacks too; each unit with a note under the toolkit's headers is listed.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rapcc.build_macros import ask_nvcc
from rapcc.frontend.parse import ParseConfig, ParseError, parse_tolerant
from rapcc.toolkit import HeaderMode, find_toolkit


def _units(build: Path) -> list[dict]:
    """The CUDA entries of BUILD/compile_commands.json (each file once)."""
    seen: dict[str, dict] = {}
    for e in json.loads((build / "compile_commands.json").read_text()):
        if e["file"].endswith(".cu") and e["file"] not in seen:
            seen[e["file"]] = e
    return list(seen.values())


def _nvcc_accepts(entry: dict, scratch: str) -> bool:
    """Whether the unit's own command compiles (its output sent to a scratch file)."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    args = [a for a in args if os.path.basename(a) != "rapcc-launch"]
    if "-o" in args:
        args[args.index("-o") + 1] = scratch
    return subprocess.run(args, cwd=entry["directory"], capture_output=True).returncode == 0


def _clang_errors(build: Path, mode: HeaderMode) -> tuple[int, int, int]:
    """(clang errors in system headers, in the project's, units refused) of every CUDA unit of BUILD's
    database, each parsed with its own flags and targets as the build hook parses it."""
    from rapcc.build.compdb import read_compile_database
    from rapcc.build_macros import arch_flags
    toolkit = find_toolkit(None, os.environ, shutil.which)
    nvcc = shutil.which("nvcc")
    raw = {e["file"]: e for e in _units(build)}
    system = project = refused = 0
    for e in read_compile_database(build):
        if not e.is_cuda or e.file not in raw:
            continue
        args = raw[e.file]["arguments"] if "arguments" in raw[e.file] else shlex.split(raw[e.file]["command"])
        macros = ask_nvcc(nvcc, arch_flags(args), tempfile.gettempdir()) if nvcc else None
        config = ParseConfig(include_dirs=e.flags.include_dirs, defines=e.flags.defines, std=e.flags.std,
                             cuda_path=toolkit.root if toolkit else None, extra_args=e.flags.extra_args,
                             headers=mode, **({"build": macros} if macros else {}))
        try:
            parsed = parse_tolerant(e.file, Path(e.file).read_bytes(), config)
        except ParseError:
            refused += 1
            continue
        s = sum(x.system for x in parsed.scopes.errors)
        system += s
        project += len(parsed.scopes.errors) - s
    return system, project, refused


def database_counts(build: Path, check_nvcc: bool, modes: tuple[str, ...] = ("standin", "toolkit")) -> int:
    """`rapcc-parse-error` notes of every CUDA unit of BUILD's database, per header mode, and the clang errors
    behind them (a file without shared memory prints no note: its errors are counted here)."""
    units = _units(build)
    accepted = {}
    if check_nvcc:
        scratch = os.path.join(tempfile.mkdtemp(), "unit.o")
        accepted = {e["file"]: _nvcc_accepts(e, scratch) for e in units}
        print(f"nvcc -c accepts {sum(accepted.values())} of {len(units)} units", flush=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_")}
    for mode in modes:
        t = time.perf_counter()
        # One run over the whole database, as a user runs it (a run per unit would read every unit's launches
        # each time): a header's errors are one note for the run, with a count.
        r = subprocess.run([sys.executable, "-m", "rapcc.cli", "analyze", "-p", str(build)],
                           env={**env, "RAPCC_HEADERS": mode}, capture_output=True, text=True)
        lines = [ln for ln in (r.stdout + r.stderr).splitlines() if ln.endswith("[rapcc-parse-error]")]
        by_file: dict[str, list[str]] = {}
        for ln in lines:
            by_file.setdefault(ln.split(":", 1)[0], []).append(ln)
        notes, noted = len(lines), len(by_file)
        refused = sum(ln.startswith("rapcc: error:") for ln in r.stderr.splitlines())
        listed = [f"  {f} (nvcc {'?' if f not in accepted else 'accepts' if accepted[f] else 'rejects'}): "
                  f"{len(ls)}, first {ls[0]}" for f, ls in by_file.items()] if mode == "toolkit" else []
        system, project, unparsed = _clang_errors(build, HeaderMode(mode))
        print(f"{mode:8s} {len(units)} units: {notes} rapcc-parse-error notes at {noted} files, {refused} rapcc "
              f"errors; clang errors: {system} in system headers, {project} in the project's, {unparsed} "
              f"units refused ({time.perf_counter() - t:.0f} s)", flush=True)
        for line in listed:
            print(line)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent / "third_party" / "ggml"))
    p.add_argument("-p", dest="build", help="a build folder with compile_commands.json: count each unit's notes")
    p.add_argument("--nvcc", action="store_true", help="with -p: also compile each unit with its own command")
    p.add_argument("--modes", default="standin,toolkit", help="with -p: the header modes, comma-separated")
    args = p.parse_args()
    if args.build:
        return database_counts(Path(args.build), args.nvcc, tuple(args.modes.split(",")))
    root = Path(args.root)
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
