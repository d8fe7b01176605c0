"""Silencing diagnostics from the source, as clang-tidy's NOLINT does.

    tile[tx][ty] = v;   // rapcc: ignore                      (every rapcc check)
    tile[tx][ty] = v;   // rapcc: ignore(rapcc-bank-conflict)
    tile[tx][ty] = v;   // NOLINT(rapcc-bank-conflict)        (NOLINT alone: every check)
    // NOLINTNEXTLINE(rapcc-escape)
    f(tile);
    // NOLINTBEGIN(rapcc-bank-conflict)                       (clang-tidy's regions:
    ...                                                          every line up to the
    // NOLINTEND(rapcc-bank-conflict)                         matching NOLINTEND)

A NOLINTEND closes the latest open NOLINTBEGIN with the same check list, as in
clang-tidy; a NOLINTBEGIN that no NOLINTEND closes (or a NOLINTEND with no
NOLINTBEGIN) silences nothing and is a `rapcc-nolint` warning.

A comment on an array's declaration line silences that check for every use of
the array. Suppression only hides diagnostics; what rapcc rewrites does not
change (use `#pragma rapcc layout(array, none)` for that).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fnmatch import fnmatchcase

from . import ir
from .diagnostics import Diagnostic
from .planner import ArrayPlan

ALL = "*"


@dataclass(frozen=True, slots=True)
class Suppression:
    line: int  # the first line it covers
    checks: frozenset[str]  # check ids, or {ALL}
    last: int = 0  # the last line it covers (0: `line` alone)

    def covers(self, check_id: str) -> bool:
        # clang-tidy's check lists take globs: NOLINT(rapcc-*)
        return ALL in self.checks or any(fnmatchcase(check_id, c) for c in self.checks)

    @property
    def lines(self) -> range:
        return range(self.line, max(self.line, self.last) + 1)


class Region(Enum):
    BEGIN = "NOLINTBEGIN"
    END = "NOLINTEND"


@dataclass(frozen=True, slots=True)
class RegionMark:
    """A NOLINTBEGIN or NOLINTEND comment."""

    kind: Region
    line: int
    col: int
    checks: frozenset[str]


def _ids(rest: str) -> frozenset[str] | None:
    """`(a, b)` -> {a, b}; nothing -> {ALL}; anything else: not a suppression."""
    rest = rest.strip()
    if not rest or not rest.startswith("("):
        return frozenset({ALL}) if not rest or rest[0] in " :.-;,*" else None
    close = rest.find(")")
    if close < 0:
        return None
    ids = frozenset(p.strip() for p in rest[1:close].split(",") if p.strip())
    return ids or frozenset({ALL})


def region_mark(c: ir.Comment) -> RegionMark | None:
    """The NOLINTBEGIN / NOLINTEND a comment spells, if any."""
    for kind in Region:
        at = c.text.find(kind.value)
        if at < 0:
            continue
        ids = _ids(c.text[at + len(kind.value):])
        return None if ids is None else RegionMark(kind, c.line if kind == Region.BEGIN else c.end_line, 1, ids)
    return None


def regions(comments: tuple[ir.Comment, ...]) -> tuple[tuple[Suppression, ...], tuple[RegionMark, ...]]:
    """(the regions NOLINTBEGIN/NOLINTEND pairs cover, the marks left unmatched)."""
    open_marks: list[RegionMark] = []
    out: list[Suppression] = []
    unmatched: list[RegionMark] = []
    for mark in (m for m in (region_mark(c) for c in comments) if m is not None):
        if mark.kind == Region.BEGIN:
            open_marks.append(mark)
            continue
        begin = next((b for b in reversed(open_marks) if b.checks == mark.checks), None)
        if begin is None:
            unmatched.append(mark)
            continue
        open_marks.remove(begin)
        out.append(Suppression(begin.line, begin.checks, mark.line))
    return tuple(out), tuple(unmatched + open_marks)


def parse_comment(c: ir.Comment) -> Suppression | None:
    """The one-line suppression a comment spells, if any."""
    text = c.text
    if region_mark(c) is not None:
        return None
    for marker, next_line in (("NOLINTNEXTLINE", True), ("NOLINT", False), ("rapcc: ignore", False),
                              ("rapcc:ignore", False)):
        at = text.find(marker)
        if at < 0:
            continue
        ids = _ids(text[at + len(marker):])
        if ids is None:
            return None
        return Suppression(c.end_line + 1 if next_line else c.line, ids)
    return None


def suppressions(comments: tuple[ir.Comment, ...]) -> tuple[Suppression, ...]:
    return tuple(s for s in (parse_comment(c) for c in comments) if s is not None) + regions(comments)[0]


def _decl_lines(plans: tuple[ArrayPlan, ...]) -> dict[tuple[int, int], int]:
    """(line, col) of every access and escape -> its array's declaration line."""
    out: dict[tuple[int, int], int] = {}
    for p in plans:
        decl = p.analysis.array.decl.line
        for x in p.analysis.accesses:
            out[(x.access.range.line, x.access.range.col)] = decl
        for e in p.analysis.escapes:
            out[(e.range.line, e.range.col)] = decl
        out[(decl, p.analysis.array.decl.col)] = decl
    return out


def split_suppressed(diags: tuple[Diagnostic, ...], plans: tuple[ArrayPlan, ...],
                     comments: tuple[ir.Comment, ...], path: str) -> tuple[tuple[Diagnostic, ...], tuple[Diagnostic, ...]]:
    """(shown, suppressed): rapcc's own diagnostics of `path` whose line, or
    whose array's declaration line, carries a matching suppression."""
    table: dict[int, list[Suppression]] = {}
    for s in suppressions(comments):
        for line in s.lines:
            table.setdefault(line, []).append(s)
    decls = _decl_lines(plans)
    shown, hidden = [], []
    for d in diags:
        lines = {d.line, decls.get((d.line, d.col), d.line)}
        silenced = d.check_id.startswith("rapcc-") and d.file == path and \
            any(s.covers(d.check_id) for ln in lines for s in table.get(ln, ()))
        (hidden if silenced else shown).append(d)
    for mark in regions(comments)[1]:
        other = "NOLINTEND" if mark.kind == Region.BEGIN else "NOLINTBEGIN"
        shown.append(Diagnostic("warning", path, mark.line, mark.col, f"{mark.kind.value} without a matching {other} "
                                "(with the same check list); it silences nothing", "rapcc-nolint"))
    return tuple(shown), tuple(hidden)
