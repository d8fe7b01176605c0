"""A work budget per shared array, in deterministic units.

The replay of an array's accesses (warps.py: sampling, range proofs, drawn
data) costs about lanes x loop trips, summed over its accesses, block shapes
and instantiations; a pathological array (deep loop nests over run-time
sizes, many shapes) can cost minutes where nvcc takes a second (issue 20).
Each array's analysis is metered in *work units*, one per lane per loop trip
stepped or visited, and stops when it spends more than its budget: that array
is then kept as written (the planner's `blocker`), a `rapcc-budget` note names
it, and the rest of the file goes on. Units rather than seconds, so that the
same input gives the same output on a loaded machine and a quiet one.

The meter is a context variable, set around one array's analysis by
`metered` and charged by the replay (`charge`): the replay sits five calls
below the per-array loop, and only these two places know of the meter.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

# Lane-steps one array may cost: five times the most any array of the
# examples (0.8 million) or the fetched corpus (10.2 million, Parboil's
# mri-gridding) needs (docs/speed.md), a few seconds of replay.
DEFAULT_ARRAY_BUDGET = 50_000_000


@dataclass(frozen=True, slots=True)
class OverBudget:
    """The outcome of an array whose analysis was stopped: kept as written."""

    budget: int  # work units it was allowed
    spent: int  # units spent when it stopped (at least `budget`)


class BudgetExceeded(Exception):
    """The array being analysed has spent its budget."""

    def __init__(self, outcome: OverBudget) -> None:
        super().__init__(f"spent {outcome.spent} of {outcome.budget} work units")
        self.outcome = outcome


class _Meter:
    __slots__ = ("budget", "spent", "log")

    def __init__(self, budget: int, log: list[int] | None = None) -> None:
        self.budget = budget
        self.spent = 0
        self.log = log  # every charge, in order, where recorded (`recorded`)


_current: ContextVar[_Meter | None] = ContextVar("rapcc_array_meter", default=None)


def charge(units: int) -> None:
    """Spend `units` of the current array's budget (nothing when none is metered)."""
    meter = _current.get()
    if meter is None:
        return
    meter.spent += units
    if meter.log is not None:
        meter.log.append(units)
    if meter.spent > meter.budget:
        raise BudgetExceeded(OverBudget(meter.budget, meter.spent))


def spent() -> int:
    """Units the current array has spent so far (0 when none is metered)."""
    meter = _current.get()
    return 0 if meter is None else meter.spent


def affordable(units: int) -> bool:
    """Whether `units` more fit in the current array's budget (always, when none is metered)."""
    meter = _current.get()
    return meter is None or meter.spent + units <= meter.budget


def charge_whole(units: int) -> bool:
    """Spend `units` at once where the budget allows them all, and say so;
    otherwise spend nothing: the caller repeats the work, whose own charges
    then stop it where they would have (a memoised result is charged what it
    cost, so sharing it changes no verdict and no `OverBudget.spent`)."""
    meter = _current.get()
    if meter is None:
        return True
    if meter.spent + units > meter.budget:
        return False
    meter.spent += units
    return True


@contextmanager
def metered(budget: int | None) -> Iterator[None]:
    """Meter the analysis inside the block against `budget` units (None: unmetered).
    A budget inside another one replaces it for the block."""
    token = _current.set(None if budget is None else _Meter(budget))
    try:
        yield
    finally:
        _current.reset(token)


@contextmanager
def recorded() -> Iterator[list[int]]:
    """Inside the block nothing is spent: each charge is appended to the list
    given, for the caller to charge as the work it stands for is used
    (rounds.py replays several rounds of draws at once, and charges each
    round's share when the round is used)."""
    log: list[int] = []
    token = _current.set(_Meter(1 << 62, log))
    try:
        yield log
    finally:
        _current.reset(token)
