"""The static per-program table of a program list (issue 30's yardstick),
from builds on this machine: no GPU needed.

    python3 -m benchmarks.realprog.table [--list programs2.txt] [--work DIR] [--jobs 1] [--reuse] [name ...]

Each program that fetch.sh extracted is built twice, as run.py builds it on
the GPU machine (its Makefile or its list's `build=` command, with nvcc and
with rapcc-nvcc, RAPCC_REPORT_DIR set), and the table says per program:
whether each build succeeded; its shared arrays; those with a predicted
conflict, fixed or kept (by reason); where each array's block shape came
from; and, of the arrays declared in a file that launches kernels, how many
were planned under a shape no launch gave (inferred or assumed). `--reuse` reads the reports of an
earlier run instead of building again (to reprint the table).

Writes WORK/static.json (builds and arrays) and prints the table (Markdown).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import json
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.realprog import reports  # noqa: E402
from benchmarks.realprog.run import HERE, Program, build, read_programs  # noqa: E402

ROOT = HERE.parents[1]
GUESSED = ("inferred", "unknown")
REASON_WIDTH = 160   # wide enough to keep what a reason says is unknown (a launch shape, a subscript)   # shape groups that no launch or user statement gave


# A kernel launch: `k<<<g, b>>>(...)`, also spelled `k << <g, b >> > (...)` as some
# editors format it, or a cudaLaunchKernel / cudaLaunchCooperativeKernel call.
_LAUNCH = re.compile(r"<<\s*<[^;]*?>>\s*>|\bcudaLaunch(Cooperative)?Kernel\w*\s*\(")


def launches(text: str) -> bool:
    """Whether a source text launches a kernel. The table counts an array as in a
    launching file when its file launches any kernel: also through a table of
    function pointers, which no name search would find, so the share of guessed
    shapes errs high, never low."""
    return _LAUNCH.search(text) is not None


@dataclasses.dataclass(frozen=True, slots=True)
class ProgramRow:
    """One program of the table: its builds, and its arrays as rapcc planned them."""

    name: str
    plain_ok: bool
    rapcc_ok: bool
    arrays: tuple[reports.ArrayRow, ...]
    launched: tuple[bool, ...]   # per array: the file that declares it launches a kernel

    @property
    def conflicted(self) -> list[reports.ArrayRow]:
        return [r for r in self.arrays if r.conflicted]

    @property
    def fixed(self) -> int:
        return sum(r.rewritten for r in self.conflicted)

    @property
    def rewritten(self) -> int:
        return sum(r.rewritten for r in self.arrays)

    @property
    def kept(self) -> Counter[str]:
        return Counter(reports.reason_class(r.reason, REASON_WIDTH) for r in self.conflicted if not r.rewritten)

    @property
    def shapes(self) -> Counter[str]:
        return Counter(r.shape_group for r in self.arrays)

    def guessed_in_launching_files(self, groups: tuple[str, ...] = GUESSED) -> tuple[int, int]:
        """(arrays planned under a shape of `groups`, arrays) among those whose file launches their kernel."""
        mine = [r for r, launched in zip(self.arrays, self.launched) if launched]
        return sum(r.shape_group in groups for r in mine), len(mine)


def _source(folder: Path, row: reports.ArrayRow) -> str:
    """The text of the file that declares the array: its report's path, from the
    build folder where relative; else every file of that name in the folder."""
    path = Path(row.path)
    path = path if path.is_absolute() else folder / path
    if row.path and path.is_file():
        return path.read_text(errors="replace")
    return "\n".join(p.read_text(errors="replace") for p in sorted(folder.rglob(row.file)) if p.is_file())


def program_row(work: Path, name: str, built: dict[str, dict]) -> ProgramRow:
    arrays = tuple(reports.load(work / "reports" / name))
    folder = work / "rapcc" / name
    # A shape taken from a launch proves one; else the file is searched for a launch of the kernel.
    launched = tuple(r.shape_source == "launch" or launches(_source(folder, r)) for r in arrays)
    return ProgramRow(name, built["plain"]["ok"], built["rapcc"]["ok"], arrays, launched)


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.0f}%)" if d else "0/0"


def markdown(rows: list[ProgramRow], seconds: dict[str, float]) -> str:
    every = [r for p in rows for r in p.arrays]
    conflicted = [r for p in rows for r in p.conflicted]
    fixed = sum(p.fixed for p in rows)
    # A rewrite may only lessen a conflict (a hand pad grown from 18 to 19): 'to the ideal' counts the rest.
    ideal = sum(1 for r in conflicted if r.rewritten and r.wavefronts_after <= r.ideal * 1.0001)
    kept: Counter[str] = sum((p.kept for p in rows), Counter())
    shapes: Counter[str] = sum((p.shapes for p in rows), Counter())
    g = [p.guessed_in_launching_files() for p in rows]
    a = [p.guessed_in_launching_files(("unknown",)) for p in rows]
    both = [p for p in rows if p.plain_ok and p.rapcc_ok]
    lines = [
        f"Programs: {len(rows)}; built by nvcc {sum(p.plain_ok for p in rows)}, by rapcc-nvcc "
        f"{sum(p.rapcc_ok for p in rows)}, both {len(both)}; rapcc rewrote arrays in "
        f"{sum(1 for p in rows if p.rewritten)}. Build time here (all programs, one after another): "
        + ", ".join(f"{k} {v:.0f} s" for k, v in seconds.items()) + ".",
        "",
        f"Shared arrays: {len(every)}; block shape from "
        + ", ".join(f"{k} {n}" for k, n in shapes.most_common()) + ".",
        f"Predicted conflict: {len(conflicted)}; fixed {_pct(fixed, len(conflicted))} "
        f"({ideal} to the ideal wavefronts); kept {len(conflicted) - fixed}:",
    ]
    lines += [f"- {n} x {reason}" for reason, n in kept.most_common()] or ["- none"]
    lines += [
        "",
        "Arrays in files that launch a kernel, planned under a shape no launch gave: "
        f"{_pct(sum(x for x, _ in g), sum(y for _, y in g))} (assumed only: {_pct(sum(x for x, _ in a), sum(y for _, y in a))}).",
        "",
        "| program | builds (nvcc/rapcc) | arrays | conflicted | fixed | rewritten | kept (reason) "
        "| shapes | guessed in launching files |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for p in rows:
        guess, mine = p.guessed_in_launching_files()
        kept_text = "; ".join(f"{n} x {k}" for k, n in p.kept.most_common()) or "-"
        lines.append(
            f"| {p.name} | {'ok' if p.plain_ok else 'FAIL'}/{'ok' if p.rapcc_ok else 'FAIL'} | {len(p.arrays)} "
            f"| {len(p.conflicted)} | {p.fixed} | {p.rewritten} | {kept_text} "
            f"| {', '.join(f'{k} {n}' for k, n in sorted(p.shapes.items())) or '-'} | {guess}/{mine} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", type=Path, default=HERE / "programs2.txt")
    ap.add_argument("--programs", type=Path, help="fetch.sh's folder (default: third_party/<the list's set>)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/realprog-static"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--reuse", action="store_true", help="read the last run's reports; build nothing")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args(argv)
    programs = a.programs or ROOT / "third_party" / a.list.stem.replace("programs", "realprog")
    progs: list[Program] = [p for p in read_programs(a.list) if (not a.names or p.name in a.names)
                            and (programs / p.name).is_dir()]
    a.work.mkdir(parents=True, exist_ok=True)
    state = a.work / "static.json"
    if a.reuse:
        built = json.loads(state.read_text())["builds"]
        seconds = {v: round(sum(built[p.name][v]["seconds"] for p in progs if p.name in built), 1)
                   for v in ("plain", "rapcc")}
    else:
        # rapcc-nvcc of this interpreter's environment, nvcc from PATH.
        env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                   RAPCC_CACHE_DIR=str(a.work / "cache"), RAPCC_TIMEOUT=os.environ.get("RAPCC_TIMEOUT", "150"))
        # A run over some programs keeps the others' earlier builds.
        built = json.loads(state.read_text())["builds"] if state.exists() else {}
        for p in progs:
            for d in (a.work / "reports" / p.name,):
                for old in d.glob("*.json") if d.is_dir() else ():
                    old.unlink()
        with cf.ThreadPoolExecutor(a.jobs) as pool:
            futures = {pool.submit(build, p, programs, a.work, v, a.arch, env): (p.name, v)
                       for p in progs for v in ("plain", "rapcc")}
            for f in cf.as_completed(futures):
                name, v = futures[f]
                built.setdefault(name, {})[v] = f.result()
                print(f"{name} {v}: {'ok' if built[name][v]['ok'] else 'FAILED'} "
                      f"{built[name][v]['seconds']} s", file=sys.stderr, flush=True)
        seconds = {v: round(sum(built[p.name][v]["seconds"] for p in progs), 1) for v in ("plain", "rapcc")}
    rows = [program_row(a.work, p.name, built[p.name]) for p in progs if p.name in built]
    state.write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "list": a.list.name, "builds": built,
                                 "seconds": seconds,
                                 "programs": {r.name: [dataclasses.asdict(x) | {"conflicted": x.conflicted,
                                                                                "launched": ln}
                                                       for x, ln in zip(r.arrays, r.launched)] for r in rows}},
                                indent=1))
    sys.stdout.write(markdown(rows, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
