"""Where the block shapes of the real programs' shared arrays come from (issue 19, "done when").

    python3 benchmarks/realprog/shapes.py [third_party/realprog] [--json OUT]

Offline, no GPU: rapcc's analysis (`analyze_source`, as `rapcc analyze` runs
it) on every file of every program folder that declares shared memory, with
the program folder as `-I`. A `.cu` file another `.cu` file of the folder
`#include`s, and a header with shared arrays, is analysed as that unit
compiles it (`Options.unit`, as benchmarks/corpus.py does); a header no unit
includes is compiled by nobody and is skipped.

Over the arrays of files that launch their kernels (a launch of any kernel,
read or not, in the file or in its unit) it prints how many have their shape
from a launch, inferred (subscripts, guards, `__launch_bounds__`), assumed,
or unknown at run time (some launch of the kernel rapcc cannot read); how
many are planned under exactly one guessed shape; and each guessed one with
why its launch could not be read (the `rapcc-block-dim` note's reason).
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from rapcc.diagnostics import InternalError, RapccError
from rapcc.frontend import including_unit, parse_file_with_includes
from rapcc.pipeline import Options, analyze_source
from rapcc.toolkit import find_toolkit

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = (".cu", ".cuh", ".h", ".hpp")
STATED = ("option", "pragma", "annotation", "launch", "launches")


@dataclass(frozen=True, slots=True)
class ArrayShape:
    """One shared array and the block shapes it was planned under."""

    program: str
    file: str
    function: str
    name: str
    line: int
    group: str  # launch | inferred | assumed | unknown (a launch read at run time or not followed)
    source: str  # rapcc's block_dim_source
    shapes: tuple[tuple[int, ...], ...]
    launches: bool  # the file (or its unit) launches some kernel
    why: str  # why a launch's shape is unknown, or that no launch of the kernel was seen

    @property
    def single_guess(self) -> bool:
        return self.group != "launch" and len(self.shapes) == 1


def _group(source: str, unknown: list[str]) -> str:
    if unknown:
        return "unknown"
    if source in STATED:
        return "launch"
    return "assumed" if source == "assumed" else "inferred"


def _units(folder: Path, files: list[Path], options: Options) -> dict[Path, Path]:
    """file -> the `.cu` file of `folder` that #includes it."""
    cus = sorted(folder.rglob("*.cu"))
    texts = {c: c.read_bytes() for c in cus}
    out: dict[Path, Path] = {}
    for path in files:
        for c in cus:
            if c != path and path.name.encode() in texts[c] and b"#include" in texts[c] \
                    and including_unit(str(path), [str(c)], options):
                out[path] = c
                break
    return out


def _launches(path: Path, options: Options) -> bool:
    """Whether the file, as its unit compiles it, launches any kernel it defines
    (a launch rapcc read or one it could not), or its unit launches one."""
    try:
        info, _, _ = parse_file_with_includes(str(path), path.read_bytes(), options)
    except RapccError:
        return False
    return any(k.launch_block_dims or k.launch_unknown for k in info.kernels)


def build_flags(folder: Path) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """`.cu` file name -> (-D, -I) flags its Makefile compiles it with (`make -n`,
    which runs nothing); a file no compile line names gets none."""
    try:
        text = subprocess.run(["make", "-n", "-B", "CC=nvcc", "ARCH=sm_90"], cwd=folder, capture_output=True,
                              text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    out: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for line in text.splitlines():
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if "-c" not in words:
            continue
        defines = tuple(w[2:] for w in words if w.startswith("-D") and len(w) > 2)
        incs = tuple(str(folder / w[2:]) for w in words if w.startswith("-I") and len(w) > 2)
        for w in words:
            if w.endswith(".cu"):
                out[Path(w).name] = (defines, incs)
    return out


def program_arrays(folder: Path, toolkit_root: str | None) -> list[ArrayShape]:
    flags = build_flags(folder)
    base = Options(include_dirs=(str(folder),), cuda_path=toolkit_root)
    files = [p for p in sorted(folder.rglob("*")) if p.suffix in SOURCES and p.is_file()
             and b"__shared__" in p.read_bytes()]
    units = _units(folder, files, base)
    out: list[ArrayShape] = []
    for path in files:
        unit = units.get(path)
        if path.suffix != ".cu" and unit is None:
            continue
        defines, incs = flags.get((unit or path).name, ((), ()))
        options = Options(include_dirs=(str(path.parent), str(folder)) + incs, defines=defines,
                          cuda_path=toolkit_root, unit=str(unit) if unit else None)
        try:
            report = analyze_source(path.read_bytes(), str(path), options).report
        except (RapccError, InternalError) as exc:
            print(f"{path}: not analysed: {str(exc).splitlines()[0]}", file=sys.stderr)
            continue
        launches = _launches(path, options)
        for a in report.get("arrays", []):
            unknown = list(a.get("block_dims_unknown", []))
            source = a["block_dim_source"]
            why = unknown[0] if unknown else ("" if source in STATED else "no launch of the kernel is seen")
            out.append(ArrayShape(folder.name, str(path.relative_to(folder.parent)), a["function"], a["name"],
                                  a["line"], _group(source, unknown), source,
                                  tuple(tuple(s) for s in a["block_dims"]), launches, why))
    return out


def summary(rows: list[ArrayShape]) -> str:
    mine = [r for r in rows if r.launches]
    groups = Counter(r.group for r in mine)
    single = [r for r in mine if r.single_guess]
    n = len(mine)

    def pct(k: int) -> str:
        return f"{k} ({100 * k / n:.0f}%)" if n else str(k)
    lines = [f"shared arrays: {len(rows)}, in files that launch their kernels: {n}",
             f"  shape from a launch: {pct(groups['launch'])}",
             f"  inferred: {pct(groups['inferred'])}",
             f"  assumed: {pct(groups['assumed'])}",
             f"  unknown at run time: {pct(groups['unknown'])}",
             f"  guessed (inferred + assumed + unknown): {pct(n - groups['launch'])}",
             f"  planned under exactly one guessed shape: {len(single)}",
             "  by rapcc's block_dim_source (unknown launches included): "
             + ", ".join(f"{k} {pct(v)}" for k, v in Counter(r.source for r in mine).most_common()),
             "", "guessed arrays (program file:line function array [shapes] source: why):"]
    for r in mine:
        if r.group != "launch":
            shapes = " ".join("x".join(map(str, s)) for s in r.shapes)
            mark = " SINGLE" if r.single_guess else ""
            lines.append(f"  {r.file}:{r.line} {r.function} {r.name} [{shapes}] {r.source}{mark}: {r.why}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", type=Path, default=ROOT / "third_party" / "realprog")
    ap.add_argument("--json", type=Path, help="write every array's row here")
    ap.add_argument("--only", nargs="*", default=[], help="only these program folders")
    ap.add_argument("--from-json", type=Path, help="summarize the rows an earlier --json wrote (no analysis)")
    args = ap.parse_args(argv)
    if args.from_json:
        rows = [ArrayShape(**{**r, "shapes": tuple(map(tuple, r["shapes"]))}) for r in json.loads(args.from_json.read_text())]
        print(summary(rows))
        return 0
    toolkit = find_toolkit(None, os.environ, shutil.which)
    rows: list[ArrayShape] = []
    for folder in sorted(p for p in args.root.iterdir() if p.is_dir()):
        if args.only and folder.name not in args.only:
            continue
        rows += program_arrays(folder, toolkit.root if toolkit else None)
    print(summary(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
