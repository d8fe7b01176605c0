"""Samples shared between accesses that replay alike (issue 20).

Within one array, block shape and instantiation, two accesses whose
subscripts, guards and loops are the same sample the same warp instructions:
SHOC's radix sort scatters its keys, then its values, through the same
drawn ranks, 16 rounds of draws under each of three guessed shapes. Sharing
changes nothing, budget included: a repeat is charged what the first cost.
"""
from __future__ import annotations

from typing import Callable

from .. import ir
from .budget import charge_whole, spent
from .warps import AccessSamples


class SampleMemo:
    """Samples already taken for one array under one shape, by `sampling_key`
    (and how they were drawn), each with the work units it cost."""

    def __init__(self) -> None:
        self._found: dict[tuple, tuple[tuple[AccessSamples, tuple[str, ...]], int]] = {}

    def get(self, key: tuple, take: Callable[[], tuple[AccessSamples, tuple[str, ...]]]
            ) -> tuple[AccessSamples, tuple[str, ...]]:
        """The samples under `key`, taken by `take()` the first time; a repeat
        is charged what they cost (budget.charge_whole), or taken again."""
        hit = self._found.get(key)
        if hit is not None and charge_whole(hit[1]):
            return hit[0]
        before = spent()
        got = take()
        self._found[key] = (got, spent() - before)
        return got


def sampling_key(a: ir.Access) -> tuple:
    """What `_samples` and `_expected_samples` read of the access (within one
    array, shape and instantiation): equal keys, equal samples. The replay
    reads the range only to place the access before or after each carried
    value's update (warps.iterate)."""
    after = tuple(a.range.start > c.update_at for lp in a.loops for c in lp.carried)
    return a.indices, a.guards, a.loops, after, a.width, a.offset
