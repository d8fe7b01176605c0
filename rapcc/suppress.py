"""Silencing diagnostics from the source, as clang-tidy's NOLINT does.

    tile[tx][ty] = v;   // rapcc: ignore                      (every rapcc check)
    tile[tx][ty] = v;   // rapcc: ignore(rapcc-bank-conflict)
    tile[tx][ty] = v;   // NOLINT(rapcc-bank-conflict)        (NOLINT alone: every check)
    // NOLINTNEXTLINE(rapcc-escape)
    f(tile);

A comment on an array's declaration line silences that check for every use of
the array. Suppression only hides diagnostics; what rapcc rewrites does not
change (use `#pragma rapcc layout(array, none)` for that).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import ir
from .diagnostics import Diagnostic
from .planner import ArrayPlan

ALL = "*"


@dataclass(frozen=True, slots=True)
class Suppression:
    line: int
    checks: frozenset[str]  # check ids, or {ALL}

    def covers(self, check_id: str) -> bool:
        return ALL in self.checks or check_id in self.checks


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


def parse_comment(c: ir.Comment) -> Suppression | None:
    """The suppression a comment spells, if any."""
    text = c.text
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
    return tuple(s for s in (parse_comment(c) for c in comments) if s is not None)


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
        table.setdefault(s.line, []).append(s)
    decls = _decl_lines(plans)
    shown, hidden = [], []
    for d in diags:
        lines = {d.line, decls.get((d.line, d.col), d.line)}
        silenced = d.check_id.startswith("rapcc-") and d.file == path and \
            any(s.covers(d.check_id) for ln in lines for s in table.get(ln, ()))
        (hidden if silenced else shown).append(d)
    return tuple(shown), tuple(hidden)
