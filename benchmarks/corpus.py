"""rapcc on real code: every `.cu` file with shared memory in the fetched corpus.

    benchmarks/fetch_corpus.sh            # once: third_party/corpus/<project>/
    python3 -m benchmarks.corpus [--markdown docs/corpus_table.md] [--no-nvcc] [--jobs N]

Each file is analysed as a user would run rapcc on it: with its own directory
and the project's common header directories as `-I`. Per project and overall
the table gives files, files that parse to analysis, arrays found, arrays fully
analysed (every use seen, every access classified and predicted), arrays
provably rewritable (fully analysed, every subscript proved in range, nothing
else reaching their memory), arrays rewritten by `auto`, refusals counted by
reason, and rapcc's time per file against `nvcc -c`.

Every `auto` rewrite of a file that nvcc compiles is compiled too; a rewrite
that does not compile is a bug and is listed (exit code 1). Object files go to
a temporary folder that is deleted; nothing built is kept.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rapcc.analysis.arrays import AccessAnalysis
from rapcc.diagnostics import InternalError, RapccError
from rapcc.frontend import including_unit
from rapcc.parallel import imap_files
from rapcc.pipeline import Options, RewriteResult, rewrite_source
from rapcc.planner import ArrayPlan, BlockKind
from rapcc.toolkit import Toolkit, find_toolkit

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "third_party" / "corpus"

# The headers every file of a project may include, as its build passes them
# (cuda-samples: Common/; Parboil: common/include; SHOC: its two common dirs).
PROJECT_INCLUDES: dict[str, tuple[str, ...]] = {
    "cuda-samples": ("Common",),
    "rodinia": ("cuda/util",),
    "parboil": ("common/include",),
    "polybench-acc": ("common", "CUDA/utilities"),
    "shoc": ("src/common", "src/cuda/common"),
}
NVCC_ARCH = "-arch=sm_90"


@dataclass(frozen=True, slots=True)
class Refusal:
    """An array `auto` leaves as it is, with why and where."""

    file: str
    line: int
    array: str
    reason: str  # rapcc's own words

    @property
    def category(self) -> str:
        return reason_category(self.reason)


@dataclass(frozen=True, slots=True)
class FileResult:
    project: str
    path: str
    parsed: bool
    whole_file_error: str | None
    arrays: int
    analysed: int
    rewritable: int
    rewritten: int
    assumed_shape: int
    refusals: tuple[Refusal, ...]
    rapcc_s: float
    nvcc_s: float | None  # None: nvcc not run; nan: nvcc failed on the original
    original_compiles: bool | None
    bug: str | None  # a crash, an internal error, or a rewrite that does not compile


@dataclass
class Totals:
    files: int = 0
    parsed: int = 0
    arrays: int = 0
    analysed: int = 0
    rewritable: int = 0
    rewritten: int = 0
    assumed_shape: int = 0
    rapcc_s: list[float] = field(default_factory=list)
    nvcc_s: list[float] = field(default_factory=list)
    refusals: Counter = field(default_factory=Counter)
    bugs: list[str] = field(default_factory=list)

    def add(self, r: FileResult) -> None:
        self.files += 1
        self.parsed += r.parsed
        self.arrays += r.arrays
        self.analysed += r.analysed
        self.rewritable += r.rewritable
        self.rewritten += r.rewritten
        self.assumed_shape += r.assumed_shape
        if r.parsed:
            self.rapcc_s.append(r.rapcc_s)
        if r.nvcc_s is not None and r.nvcc_s == r.nvcc_s:
            self.nvcc_s.append(r.nvcc_s)
        for f in r.refusals:
            self.refusals[f.category] += 1
        if r.bug:
            self.bugs.append(f"{r.path}: {r.bug}")


def reason_category(reason: str) -> str:
    """rapcc's reason with names, numbers and line numbers taken out, so that
    refusals group by kind."""
    text = re.sub(r"\(line \d+\)", "", reason)
    text = re.sub(r"'[^']*'", "'_'", text)
    text = re.sub(r"\([^()]*\)", "(...)", text)
    text = re.sub(r"\d+", "N", text)
    return re.sub(r"\s+", " ", text).strip(" ;")


def shared_memory_files(project_dir: Path) -> list[Path]:
    return sorted(p for p in project_dir.rglob("*.cu") if b"__shared__" in p.read_bytes())


def include_dirs(project: str, project_dir: Path, path: Path) -> tuple[str, ...]:
    dirs = [str(path.parent)] + [str(project_dir / d) for d in PROJECT_INCLUDES.get(project, ())]
    return tuple(d for d in dirs if Path(d).is_dir())


def fully_analysed(p: ArrayPlan) -> bool:
    """Every use of the array is seen (no escape), and every access has a class
    and a predicted cost: rapcc can say what the array's bank conflicts are,
    whether or not it may change the layout."""
    a = p.analysis
    if not all(e.seen for e in a.escapes):  # a seen escape: a subscript in a macro body
        return False
    if not a.accesses:
        return not a.escapes  # declared and never used: nothing to predict
    return all(x.cls and (b is not None or never_runs(x)) for x, b in zip(a.accesses, p.before))


def never_runs(x: AccessAnalysis) -> bool:
    """An access that no lane reaches under the planned shape: every index was
    computed and every guard or loop bound keeps it off (rapcc says so with a
    `rapcc-not-executed` remark); its cost is known, and it is zero. The sound
    proof's site fact, where it has one, must agree that no run reaches it."""
    return not x.samples.instances and x.samples.unknown is None and (x.site is None or x.site.never_runs)


def rewritable(p: ArrayPlan) -> bool:
    """Fully analysed, and nothing blocks a rewrite: the sound proof holds for
    it (every subscript in range, no other use of its memory), a known element type (`auto` may
    still keep it, where nothing is predicted faster)."""
    return fully_analysed(p) and p.blocked in (None, BlockKind.NO_ACCESSES) and p.unproved is None


def _nvcc(nvcc: str, src: Path, incs: tuple[str, ...], obj: Path) -> tuple[bool, float, str]:
    cmd = [nvcc, NVCC_ARCH, "-c", "-o", str(obj)] + [f"-I{d}" for d in incs] + [str(src)]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode == 0, time.perf_counter() - t0, proc.stderr


def analyse_file(project: str, project_dir: Path, path: Path, nvcc: str | None, work: Path,
                 toolkit: Toolkit | None, unit: Path | None = None) -> FileResult:
    """rapcc on one file, and nvcc on it and on `auto`'s rewrite. A file that is
    no unit of its own (`unit`: the file that #includes it) is analysed, timed
    and compiled as that unit compiles it."""
    incs = include_dirs(project, project_dir, path)
    rel = str(path.relative_to(project_dir.parent))
    source = path.read_bytes()
    options = Options(strategy="auto", include_dirs=incs, cuda_path=toolkit.root if toolkit else None,
                      unit=str(unit) if unit else None)
    t0 = time.perf_counter()
    bug = None
    result: RewriteResult | None = None
    whole = None
    try:
        result = rewrite_source(source, str(path), options)
    except RapccError as exc:
        first = next((d for d in exc.diagnostics if d.level == "error"), None)
        whole = first.format() if first else str(exc)
    except InternalError as exc:
        bug = f"internal error: {exc}"
    except Exception as exc:  # a crash on real code is a bug to report, not a reason to stop the survey
        bug = f"crash: {type(exc).__name__}: {exc}"
    rapcc_s = time.perf_counter() - t0

    plans = result.plans if result else ()
    refusals = tuple(Refusal(rel, p.analysis.array.decl.line, p.analysis.array.name, p.reason)
                     for p in plans if not p.rewritten)
    nvcc_s = None
    compiles = None
    if nvcc is not None:
        compiled = unit or path
        unit_incs = incs + ((str(unit.parent),) if unit else ())
        compiles, nvcc_s, _ = _nvcc(nvcc, compiled, unit_incs, work / "orig.o")
        if result is not None and result.changed and compiles:
            # Same names and relative places (diagnostics and __FILE__ read
            # alike, and the unit's `#include "kernel.cu"` finds the rewrite);
            # everything else the unit includes is found through -I.
            mirror = work / "mirror"
            shutil.rmtree(mirror, ignore_errors=True)
            out = mirror / path.relative_to(project_dir)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(result.text)
            built = out
            if unit is not None:
                built = mirror / unit.relative_to(project_dir)
                built.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(unit, built)
            ok, _, err = _nvcc(nvcc, built, unit_incs, work / "rewritten.o")
            if not ok:
                bug = f"auto rewrite does not compile: {err.strip()[:400]}"
    return FileResult(project, rel, result is not None, whole, len(plans),
                      sum(fully_analysed(p) for p in plans), sum(rewritable(p) for p in plans),
                      sum(p.rewritten for p in plans),
                      sum(p.analysis.block.source == "assumed" for p in plans), refusals, rapcc_s, nvcc_s,
                      compiles, bug)


def _analyse_job(job: tuple[str, Path, Path, str | None, Path, Toolkit | None, Path | None]) -> FileResult:
    """`analyse_file` in a worker process, in a work folder of the file's own."""
    project, project_dir, path, nvcc, work, toolkit, unit = job
    work.mkdir(parents=True, exist_ok=True)
    return analyse_file(project, project_dir, path, nvcc, work, toolkit, unit)


def including_units(project: str, project_dir: Path, files: list[Path], toolkit: Toolkit | None
                    ) -> dict[Path, Path]:
    """Files no build compiles on their own: file -> the project's `.cu` file
    that #includes it (Rodinia's heartwall and lavaMD, Parboil's bfs). Only the
    files that spell the name are parsed to check."""
    every = sorted(project_dir.rglob("*.cu"))
    texts = {c: c.read_bytes() for c in every}
    out: dict[Path, Path] = {}
    for path in files:
        named = [c for c in every if c != path and path.name.encode() in texts[c] and b"#include" in texts[c]]
        for c in named:
            opts = Options(include_dirs=include_dirs(project, project_dir, c), cuda_path=toolkit.root if toolkit else None)
            if including_unit(str(path), [str(c)], opts):
                out[path] = c
                break
    return out


def _pct(n: int, d: int) -> str:
    return f"{n} ({100 * n / d:.0f}%)" if d else str(n)


def _median(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f}" if xs else "-"


def markdown(results: list[FileResult], top: int) -> str:
    by_project: dict[str, Totals] = {}
    overall = Totals()
    for r in results:
        by_project.setdefault(r.project, Totals()).add(r)
        overall.add(r)
    rows = [("project", "files", "parsed to analysis", "arrays", "fully analysed", "provably rewritable",
             "rewritten (auto)", "block shape assumed", "rapcc s/file (median)", "nvcc -c s/file (median)")]
    for name, t in sorted(by_project.items()) + [("**all**", overall)]:
        rows.append((name, str(t.files), _pct(t.parsed, t.files), str(t.arrays), _pct(t.analysed, t.arrays),
                     _pct(t.rewritable, t.arrays), _pct(t.rewritten, t.arrays), str(t.assumed_shape),
                     _median(t.rapcc_s), _median(t.nvcc_s)))
    out = ["| " + " | ".join(r) + " |" for r in rows]
    out.insert(1, "|" + "---|" * len(rows[0]))
    out += ["", f"Refusals by reason (arrays `auto` leaves untouched), top {top}:", "",
            "| count | reason | example |", "|---|---|---|"]
    examples: dict[str, Refusal] = {}
    for r in results:
        for f in r.refusals:
            examples.setdefault(f.category, f)
    for reason, n in overall.refusals.most_common(top):
        ex = examples[reason]
        out.append(f"| {n} | {reason} | {ex.file}:{ex.line} `{ex.array}`: {ex.reason} |")
    unparsed = [r for r in results if not r.parsed and r.whole_file_error]
    if unparsed:
        out += ["", f"Files refused whole ({len(unparsed)}):", ""]
        out += [f"- {r.path}: {r.whole_file_error}" for r in unparsed]
    out += ["", f"Bugs ({len(overall.bugs)}):", ""] + [f"- {b}" for b in overall.bugs]
    return "\n".join(out) + "\n"


def refusal_list(results: list[FileResult]) -> str:
    return "\n".join(f"{f.file}:{f.line}: '{f.array}': {f.reason}" for r in results for f in r.refusals) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="folder of projects (default third_party/corpus)")
    ap.add_argument("--project", action="append", default=[], help="only this project (repeatable)")
    ap.add_argument("--no-nvcc", action="store_true", help="skip nvcc: no timings and no compile check of rewrites")
    ap.add_argument("--markdown", type=Path, help="also write the table to this file")
    ap.add_argument("--refusals", type=Path, help="write every refusal, one 'file:line: array: reason' a line")
    ap.add_argument("--top", type=int, default=15, help="how many refusal reasons the table lists (default 15)")
    ap.add_argument("--no-toolkit", action="store_true", help="parse with rapcc's stand-in headers only, even where "
                    "a CUDA toolkit is found (CUDA_HOME, CUDA_PATH, nvcc on PATH)")
    ap.add_argument("--jobs", type=int, default=None, help="files analysed at once (default: every core)")
    args = ap.parse_args(argv)
    toolkit = None if args.no_toolkit else find_toolkit(None, os.environ, shutil.which)
    print(f"corpus: parsing with {'the stand-in headers only' if toolkit is None else f'the toolkit at {toolkit.root} ({toolkit.source})'}",
          file=sys.stderr)
    if not args.corpus.is_dir():
        print(f"corpus: {args.corpus} does not exist; run benchmarks/fetch_corpus.sh", file=sys.stderr)
        return 2
    nvcc = None if args.no_nvcc else shutil.which("nvcc")
    if not args.no_nvcc and nvcc is None:
        print("corpus: nvcc is not on PATH (use --no-nvcc)", file=sys.stderr)
        return 2
    projects = sorted(p for p in args.corpus.iterdir() if p.is_dir() and (not args.project or p.name in args.project))
    results: list[FileResult] = []
    with tempfile.TemporaryDirectory(prefix="rapcc-corpus-") as tmp:
        jobs: list[tuple[str, Path, Path, str | None, Path, Toolkit | None, Path | None]] = []
        for project_dir in projects:
            files = shared_memory_files(project_dir)
            units = including_units(project_dir.name, project_dir, files, toolkit)
            jobs += [(project_dir.name, project_dir, path, nvcc, Path(tmp) / str(len(jobs) + k), toolkit, units.get(path))
                     for k, path in enumerate(files)]
        # One process per file on every core (--jobs), printed in the files' order;
        # timings of files run side by side share the machine.
        for job, r in zip(jobs, imap_files(_analyse_job, jobs, args.jobs)):
            unit = job[6]
            results.append(r)
            state = ("parsed" if r.parsed else "REFUSED") + (f" (in {unit.name})" if unit is not None else "")
            print(f"{r.path}: {state} arrays={r.arrays} analysed={r.analysed} rewritable={r.rewritable} rewritten={r.rewritten} "
                  f"rapcc={r.rapcc_s:.2f}s nvcc={r.nvcc_s if r.nvcc_s is None else round(r.nvcc_s, 2)}"
                  + (f" BUG: {r.bug}" if r.bug else ""), file=sys.stderr, flush=True)
    headers = "stand-in headers only" if toolkit is None else f"CUDA toolkit {toolkit.root} ({toolkit.source})"
    table = f"Parsed with: {headers}.\n\n" + markdown(results, args.top)
    print(table)
    if args.markdown:
        args.markdown.write_text(table)
    if args.refusals:
        args.refusals.write_text(refusal_list(results))
    return 1 if any(r.bug for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
