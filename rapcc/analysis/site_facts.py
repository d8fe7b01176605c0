"""What the sound proof (soundness.py) tells the rest of rapcc, per array and per access site.

The proof runs before planning (issue 27 §8): the planner plans a new layout
only for an array it proved, and the facts other consumers need of one access
(whether it ever runs, the highest index each subscript reaches) are the ones
the proof's runs recorded at that site, joined over every kernel instance and
block shape it ran. A fact the proof did not record is unknown (None), never a
guess; and an array the proof did not prove has no site facts at all, since
the runs that refused it may not have covered every launch.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .. import ir
from . import intervals as iv
from .absint import Finding
from .intervals import SInt

Span = tuple[int, int]
Sites = dict[tuple[str, int, int], tuple[SInt, ...]]  # (array, start, end) -> joined subscripts


@dataclass(frozen=True, slots=True)
class SiteFact:
    """One access site of a proved array: `ranges` its subscripts' values over every run
    (None: no run reached it; `()`: reached with subscripts of different counts)."""

    ranges: tuple[SInt, ...] | None

    @property
    def never_runs(self) -> bool:
        return self.ranges is None

    def top(self, k: int) -> int | None:
        """The highest value subscript `k` reaches (None: unknown; -1: it never runs)."""
        if self.ranges is None:
            return -1
        return self.ranges[k].hi if k < len(self.ranges) else None


def join_sites(into: Sites, more: Mapping[tuple[str, int, int], tuple[SInt, ...]]) -> None:
    """`into` joined with the sites another run reached."""
    for key, idx in more.items():
        had = into.get(key)
        into[key] = idx if had is None else \
            tuple(iv.join(a, b) for a, b in zip(had, idx)) if len(had) == len(idx) else ()


@dataclass(frozen=True, slots=True)
class ProofFacts:
    """The proof's answer for every array it lowered (`findings`: None when proved),
    and the sites its runs reached."""

    findings: Mapping[str, Finding | None]
    sites: Mapping[str, tuple[tuple[int, int, tuple[SInt, ...]], ...]] = field(default_factory=dict)
    # Every node of the program an access may be recorded at -> whether it is a
    # subscript (a Field's or a Call's span may hold the collector's access).
    spans: Mapping[Span, bool] = field(default_factory=dict)

    def finding(self, key: str) -> Finding | None:
        return self.findings.get(key)

    def lowered(self, key: str) -> bool:
        return key in self.findings

    def site(self, key: str, start: int, end: int) -> SiteFact | None:
        """The fact at the collector's access `start..end` of array `key`; None: unknown.

        The site recorded at that exact span; else the innermost recorded call or
        member that holds it (the interpreter records `atomicAdd(&t[i], v)` at the
        call); else, where the program has that node, no run reached it."""
        if key not in self.findings or self.findings[key] is not None:
            return None
        recorded = self.sites.get(key, ())
        exact = next((idx for s, e, idx in recorded if (s, e) == (start, end)), None)
        if exact is not None:
            return SiteFact(exact)
        holding = [(e - s, idx) for s, e, idx in recorded
                   if s <= start and end <= e and self.spans.get((s, e)) is False]
        if holding:
            return SiteFact(min(holding, key=lambda h: h[0])[1])
        return SiteFact(None) if (start, end) in self.spans else None


@dataclass(frozen=True, slots=True)
class SiteFacts:
    """The proof's facts about the accesses of one array."""

    array: str
    proof: ProofFacts

    @property
    def proved(self) -> bool:
        return self.proof.lowered(self.array) and self.proof.finding(self.array) is None

    def of(self, a: ir.Access) -> SiteFact | None:
        return self.proof.site(self.array, a.range.start, a.range.end)


def facts_of(findings: Mapping[str, Finding | None], sites: Sites, spans: Mapping[Span, bool]) -> ProofFacts:
    by_array: dict[str, list[tuple[int, int, tuple[SInt, ...]]]] = {}
    for (a, s, e), idx in sites.items():
        by_array.setdefault(a, []).append((s, e, idx))
    return ProofFacts(dict(findings), {a: tuple(v) for a, v in by_array.items()}, spans)


__all__ = ["ProofFacts", "SiteFact", "SiteFacts", "Sites", "facts_of", "join_sites"]
