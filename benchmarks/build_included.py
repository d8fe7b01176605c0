"""`rapcc-nvcc` on the real programs whose kernels live in a `.cu` file that
another `.cu` file #includes (Rodinia's needle, backprop, ...): what the build
hook now rewrites there, and that every such compile still passes.

For every unit of the fetched corpus (benchmarks/fetch_corpus.sh) that
#includes a `.cu` file with shared memory, it compiles the unit twice with
`-c`: plain nvcc, and `rapcc-nvcc` with a fresh cache and a report folder,
both with the corpus' include flags (benchmarks/corpus.py) and the one define
that ports Rodinia's host code to CUDA 13 (`cudaThreadSynchronize`, removed
from the runtime, as `cudaDeviceSynchronize`). A unit plain nvcc compiles and
the wrapper does not is a bug. Prints a Markdown table.

    python3 benchmarks/build_included.py [--nvcc PATH] [PROJECT ...]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import CORPUS, NVCC_ARCH, include_dirs, including_units, shared_memory_files  # noqa: E402
from rapcc.toolkit import find_toolkit  # noqa: E402

WRAPPER = [sys.executable, "-m", "rapcc.build.nvcc_cli"]
PORT = ("-DcudaThreadSynchronize=cudaDeviceSynchronize",)
ROOT = Path(__file__).resolve().parent.parent


def compile_unit(cmd: list[str], unit: Path, incs: tuple[str, ...], out: Path, env: dict[str, str]
                 ) -> subprocess.CompletedProcess:
    args = [NVCC_ARCH, "-c", "-o", str(out), *PORT] + [f"-I{d}" for d in incs] + [str(unit)]
    return subprocess.run(cmd + args, capture_output=True, text=True, env=env, timeout=900)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("projects", nargs="*", help="corpus projects (default: all fetched)")
    ap.add_argument("--nvcc", default=shutil.which("nvcc"), help="the real nvcc (default: from PATH)")
    args = ap.parse_args(argv)
    if not args.nvcc:
        print("build_included: nvcc is not on the PATH (--nvcc)", file=sys.stderr)
        return 2
    projects = args.projects or sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
    toolkit = find_toolkit(None, os.environ, shutil.which)
    rows, bugs = [], []
    for project in projects:
        pdir = CORPUS / project
        files = shared_memory_files(pdir)
        units: dict[Path, list[Path]] = defaultdict(list)
        for included, unit in including_units(project, pdir, files, toolkit).items():
            units[unit].append(included)
        for unit, included in sorted(units.items()):
            incs = include_dirs(project, pdir, unit)
            with tempfile.TemporaryDirectory() as tmp:
                work = Path(tmp)
                env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_")}
                env.update(RAPCC_CACHE_DIR=str(work / "cache"), RAPCC_REPORT_DIR=str(work / "reports"),
                           RAPCC_NVCC=args.nvcc,
                           PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p))
                plain = compile_unit([args.nvcc], unit, incs, work / "plain.o", env)
                wrapped = compile_unit(WRAPPER, unit, incs, work / "wrapped.o", env)
                reports = [json.loads(p.read_text()) for p in (work / "reports").glob("*.json")] \
                    if (work / "reports").is_dir() else []
            inc_reports = reports[0].get("included_files", []) if reports else []
            rewritten = [i for i in inc_reports if i["rewritten"]]
            refused = [i for i in inc_reports if i["note"]]
            same_folder = [p for p in included if p.parent == unit.parent]
            plans = [a for i in inc_reports if i["report"] for a in i["report"]["arrays"]]
            arrays = len(plans)
            changed = sum(a["strategy"] != "none" for a in plans)
            kept = sorted({a["reason"][:60] for a in plans if a["strategy"] == "none"})
            notes = [line for line in wrapped.stderr.splitlines() if line.startswith("rapcc:")]
            rel = unit.relative_to(CORPUS)
            if plain.returncode == 0 and wrapped.returncode != 0:
                bugs.append(f"{rel}: nvcc compiles it, rapcc-nvcc does not: {wrapped.stderr.strip()[-300:]}")
            rows.append((str(rel), len(included), len(same_folder), len(inc_reports), len(rewritten),
                         f"{changed}/{arrays}",
                         "; ".join([i["note"][:80] for i in refused] + [n[:100] for n in notes]
                                   + [f"kept: {k}" for k in kept]),
                         plain.returncode == 0, wrapped.returncode == 0))
    print("| unit | kernel files it includes | from its own folder | looked at | rewritten | arrays changed / found | "
          "notes | nvcc | rapcc-nvcc |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(str(c) if not isinstance(c, bool) else ("ok" if c else "fails") for c in r) + " |")
    print()
    print(f"{len(rows)} units, {sum(r[1] for r in rows)} included kernel files, "
          f"{sum(r[2] for r in rows)} from the unit's own folder, {sum(r[4] for r in rows)} rewritten; "
          f"bugs: {len(bugs)}")
    for b in bugs:
        print(f"- BUG {b}")
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
