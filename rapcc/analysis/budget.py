"""A work budget per shared array, in deterministic units.

The prediction of an array's accesses runs its kernels' blocks in the lane
domain (lane_sites.py), once per block shape, instance and parameter binding;
a pathological array (deep loop nests over run-time sizes, many shapes,
parameters) can cost minutes where nvcc takes a second (issue 20). Each
array's analysis is metered in *work units*, one per statement or expression
a block run visits (a group of lanes run together counts once; `LaneBlocks`
charges each run once to every array that takes it, memoized or not), and stops when it spends more than its
budget: that array is then kept as written (the planner's `blocker`), a
`rapcc-budget` note names it, and the rest of the file goes on. Units rather
than seconds, so that the same input gives the same output on a loaded
machine and a quiet one.

The meter is a context variable, set around one array's analysis by
`metered` and charged by the block runs (`charge`): only these two places
know of the meter.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

# Units one array may cost (set for the replay this replaced: five times the
# most any array of the examples or the fetched corpus needed, docs/speed.md).
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
    __slots__ = ("budget", "spent", "charged")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent = 0
        self.charged: set[object] = set()  # the works `charge_once` has charged


_current: ContextVar[_Meter | None] = ContextVar("rapcc_array_meter", default=None)


def charge(units: int) -> None:
    """Spend `units` of the current array's budget (nothing when none is metered)."""
    meter = _current.get()
    if meter is None:
        return
    meter.spent += units
    if meter.spent > meter.budget:
        raise BudgetExceeded(OverBudget(meter.budget, meter.spent))


def charge_once(work: object, units: int) -> None:
    """`charge` the `units` of `work` (a block run) unless this array paid for it
    already: an array pays once for each run it takes, whichever array ran it first."""
    meter = _current.get()
    if meter is None or work in meter.charged:
        return
    meter.charged.add(work)
    charge(units)


@contextmanager
def metered(budget: int | None) -> Iterator[None]:
    """Meter the analysis inside the block against `budget` units (None: unmetered).
    A budget inside another one replaces it for the block."""
    token = _current.set(None if budget is None else _Meter(budget))
    try:
        yield
    finally:
        _current.reset(token)
