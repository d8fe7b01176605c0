"""Read rapcc's JSON reports (one per translation unit, RAPCC_REPORT_DIR) into
per-array rows, and count them as issue 19 asks: arrays with a predicted
conflict that were fixed, kept (by reason), made slower.

Pure functions over the report dictionaries (``--report-format json``'s
contract, rapcc/report.py), so they can be tested without a GPU.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

# rapcc's block-shape sources, grouped as issue 19 counts them.
SHAPE_GROUP = {"launch": "launch", "option": "given", "pragma": "given", "annotation": "given",
               "launch_bounds": "inferred", "inferred": "inferred", "assumed": "unknown"}


@dataclass(frozen=True, slots=True)
class ArrayRow:
    """One shared array of one translation unit, as rapcc planned it."""

    file: str
    function: str
    name: str
    line: int
    dims: tuple[int, ...]
    shape_source: str            # rapcc's block_dim_source
    shape_group: str             # launch / given / inferred / unknown
    shapes: tuple[str, ...]      # every block shape planned for, '32x8x1'
    unknown_launches: int        # launches whose shape rapcc could not evaluate
    strategy: str                # 'none' when kept
    reason: str
    mapping: str | None
    wavefronts_before: float     # summed over the array's predicted accesses, each times its executions
    wavefronts_after: float
    ideal: float
    path: str = ""               # the report's file as the compiler was given it (relative to the build folder)

    @property
    def conflicted(self) -> bool:
        """Whether rapcc predicts a bank conflict on the array as written."""
        return self.wavefronts_before > self.ideal * 1.0001

    @property
    def rewritten(self) -> bool:
        return self.strategy != "none"


def rows(report: dict) -> list[ArrayRow]:
    """The arrays of one JSON report, and of the files it #includes that rapcc
    rewrote as this unit compiles them (``included_files``)."""
    out = []
    for inc in report.get("included_files") or ():
        if inc.get("report"):
            out += rows(inc["report"])
    for a in report.get("arrays", []):
        before = after = ideal = 0.0
        for x in a.get("accesses", []):
            if x.get("wavefronts_before") is None:
                continue
            n = x.get("executions") or 1.0
            before += x["wavefronts_before"] * n
            after += (x.get("wavefronts_after") or x["wavefronts_before"]) * (x.get("executions_after") or n)
            ideal += (x.get("ideal_wavefronts") or 1.0) * n
        source = a.get("block_dim_source") or "assumed"
        out.append(ArrayRow(
            file=Path(report.get("file", "?")).name, function=a.get("function", "?"), name=a["name"],
            line=a.get("line", 0), dims=tuple(a.get("dims") or ()), shape_source=source,
            shape_group=SHAPE_GROUP.get(source, "unknown"),
            shapes=tuple("x".join(map(str, s)) for s in a.get("block_dims") or [a.get("block_dim") or []]),
            unknown_launches=len(a.get("block_dims_unknown") or ()), strategy=a.get("strategy", "none"),
            reason=a.get("reason", ""), mapping=a.get("mapping"), wavefronts_before=before,
            wavefronts_after=after, ideal=ideal, path=report.get("file", "")))
    return out


def load(report_dir: Path) -> list[ArrayRow]:
    """Every array of every report in a folder (several reports of one file, as a
    file compiled twice writes, count once)."""
    seen: dict[tuple, ArrayRow] = {}
    for path in sorted(report_dir.glob("*.json")) if report_dir.is_dir() else []:
        try:
            report = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        for r in rows(report):
            seen.setdefault((r.file, r.function, r.name, r.line), r)
    return list(seen.values())


def included_notes(report_dir: Path) -> list[str]:
    """Why rapcc left an #included file unrewritten, where its report says
    (``included_files[].note``): rapcc-nvcc prints no note for these."""
    out = []
    for path in sorted(report_dir.glob("*.json")) if report_dir.is_dir() else []:
        try:
            report = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        for inc in report.get("included_files") or ():
            if not inc.get("rewritten") and inc.get("note"):
                line = f"{Path(inc['file']).name} (included by {Path(report.get('file', '?')).name}): {inc['note']}"
                if line not in out:
                    out.append(line)
    return out


_QUOTED = re.compile(r"'[^']*'")
_PAREN = re.compile(r"\s*\([^()]*\)")
_NUM = re.compile(r"\d+(\.\d+)?(x\d+)*")


def reason_class(reason: str, width: int = 90) -> str:
    """A reason with its particulars (names, numbers, shapes) blanked, so that
    arrays kept for the same cause count together."""
    text = _PAREN.sub("", _PAREN.sub("", reason))
    text = _NUM.sub("N", _QUOTED.sub("'…'", text))
    text = text.split(";")[0].strip()
    return text[:width]


@dataclass(frozen=True, slots=True)
class Tally:
    """Issue 19's overall counts over every program."""

    arrays: int
    conflicted: int
    fixed: int
    fixed_slower: int                # fixed, in a program whose kernels ran > 2% slower
    kept: dict[str, int]             # conflicted and kept, by reason class
    shape_groups: dict[str, int]     # every array, by where its block shape came from


def tally(per_program: dict[str, list[ArrayRow]], slower: set[str]) -> Tally:
    """Count arrays over all programs; ``slower`` names the programs whose
    rapcc build ran more than 2% slower."""
    every = [r for rs in per_program.values() for r in rs]
    conflicted = [r for r in every if r.conflicted]
    fixed = [r for r in conflicted if r.rewritten]
    kept = Counter(reason_class(r.reason) for r in conflicted if not r.rewritten)
    fixed_slower = sum(1 for name, rs in per_program.items() if name in slower for r in rs
                       if r.conflicted and r.rewritten)
    return Tally(len(every), len(conflicted), len(fixed), fixed_slower, dict(kept.most_common()),
                 dict(Counter(r.shape_group for r in every).most_common()))
