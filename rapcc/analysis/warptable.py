"""The warp instructions of one replay, stacked (issue 20).

The replay (warps.py) computes each replayed trip's indices for every lane of
the block at once. Splitting them into one `WarpInstance` per warp cost
Parboil's mri-gridding a quarter of its time (215,000 objects of about 1 µs),
and the predictions stack them back into (instances, lanes) arrays. A
`WarpTable` keeps the stacked rows: it is a sequence of `WarpInstance`s, made
only when some reader asks for them one by one, while `stacked` hands the
rows as they are to the readers that take all of them at once, and a drawn
access's rounds are pooled, thinned and reweighted as tables (`joined`,
`take`, `reweighted`).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

import numpy as np


@dataclass(frozen=True, slots=True)
class WarpInstance:
    """One executed warp instruction: per-dimension logical indices per lane."""

    indices: tuple[np.ndarray, ...]
    active: np.ndarray
    warp: int = 0  # which warp of the block
    trips: tuple[int, ...] = ()  # the iteration of each enclosing loop, outermost first
    # How many executed instructions this one stands for: a loop of 160 trips
    # replayed at 64 of them weights each by 2.5.
    weight: float = 1.0


@dataclass(frozen=True, slots=True, eq=False)
class WarpTable(Sequence):
    """Instance k of the sequence is row k: `WarpInstance(tuple(c[k] for c in
    indices), active[k], warps[k], trips[k], weights[k])`."""

    indices: tuple[np.ndarray, ...]  # one (count, lanes) int64 array per dimension
    active: np.ndarray  # (count, lanes) bool
    warps: tuple[int, ...]
    trips: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]
    # The instances, once made (a list of one tuple, so that a frozen table can fill it).
    _made: list[tuple[WarpInstance, ...]] = field(default_factory=list, repr=False)

    def __len__(self) -> int:
        return len(self.warps)

    def instances(self) -> tuple[WarpInstance, ...]:
        """Every row as a WarpInstance (made once, on first use)."""
        if not self._made:
            rows = [list(c) for c in self.indices]
            active = list(self.active)
            self._made.append(tuple(
                WarpInstance(tuple(r[k] for r in rows), active[k], w, t, g)
                for k, (w, t, g) in enumerate(zip(self.warps, self.trips, self.weights))))
        return self._made[0]

    def row(self, k: int) -> WarpInstance:
        """Instance `k` (counted from 0), made alone."""
        return WarpInstance(tuple(c[k] for c in self.indices), self.active[k], self.warps[k], self.trips[k],
                            self.weights[k])

    def __getitem__(self, k):  # type: ignore[override]
        if self._made:
            return self._made[0][k]
        if isinstance(k, slice):  # a tuple, as a tuple's slice is; only the rows asked for are made
            return tuple(self.row(j) for j in range(*k.indices(len(self))))
        return self.row(range(len(self))[k])

    def __iter__(self) -> Iterator[WarpInstance]:
        return iter(self.instances())

    def __bool__(self) -> bool:
        return bool(self.warps)


def take(table: WarpTable, rows: slice) -> WarpTable:
    """The rows of `table` in `rows`, as a table."""
    return WarpTable(tuple(c[rows] for c in table.indices), table.active[rows], table.warps[rows],
                     table.trips[rows], table.weights[rows])


def reweighted(table: WarpTable, k: float, wrap: tuple[int, ...] | None = None) -> WarpTable:
    """`table` with each weight times `k` and, with `wrap`, its indices wrapped
    into those dimensions (`np.mod`, and only as many as there are of both)."""
    indices = table.indices if wrap is None else tuple(np.mod(c, d) for c, d in zip(table.indices, wrap))
    return WarpTable(indices, table.active, table.warps, table.trips, tuple(w * k for w in table.weights))


def joined(parts: Sequence[Sequence[WarpInstance]]) -> Sequence[WarpInstance]:
    """The instances of `parts`, one after another: a WarpTable where every
    part with instances is one of the same shape, else a list."""
    tables = [p for p in parts if len(p)]
    if tables and all(isinstance(t, WarpTable) for t in tables) \
            and len({(len(t.indices), t.active.shape[1:]) for t in cast("list[WarpTable]", tables)}) == 1:
        ts = cast("list[WarpTable]", tables)
        return WarpTable(tuple(np.concatenate([t.indices[d] for t in ts]) for d in range(len(ts[0].indices))),
                         np.concatenate([t.active for t in ts]), sum((t.warps for t in ts), ()),
                         sum((t.trips for t in ts), ()), sum((t.weights for t in ts), ()))
    return [i for p in parts for i in p]


def stacked(instances: Sequence[WarpInstance]) -> tuple[tuple[np.ndarray, ...], np.ndarray] | None:
    """Each dimension's indices and the active lanes as (count, lanes) arrays,
    without making the instances of a WarpTable; None for other sequences."""
    if isinstance(instances, WarpTable):
        return instances.indices, instances.active
    return None


class TableBuilder:
    """Collects the replay's trips: per trip, the block's indices and live
    lanes, of which the warps with a live lane become rows."""

    def __init__(self, warp_size: int):
        self.warp_size = warp_size
        self.count = 0
        self._indices: list[list[np.ndarray]] = []
        self._active: list[np.ndarray] = []
        self._warps: list[int] = []
        self._trips: list[tuple[int, ...]] = []
        self._weights: list[float] = []

    def add(self, idx: list[np.ndarray], mask: np.ndarray, trips: tuple[int, ...], weight: float) -> None:
        """The rows of one trip: `idx` per dimension and `mask`, the block's lanes, warp after warp."""
        masks = mask.reshape(-1, self.warp_size)
        rows = np.flatnonzero(masks.any(axis=1))
        if not rows.size:
            return
        self._indices.append([v.reshape(-1, self.warp_size)[rows] for v in idx])
        self._active.append(masks[rows])
        warps = rows.tolist()
        self._warps += warps
        self._trips += [trips] * len(warps)
        self._weights += [weight] * len(warps)
        self.count += len(warps)

    def warps(self) -> list[int]:
        """The warp of each row collected so far."""
        return self._warps

    def table(self, ndim: int) -> WarpTable:
        """The rows collected, `ndim` index dimensions each."""
        if not self.count:
            empty = np.zeros((0, self.warp_size), dtype=np.int64)
            return WarpTable(tuple(empty for _ in range(ndim)), np.zeros((0, self.warp_size), dtype=bool), (), (), ())
        indices = tuple(np.concatenate([t[d] for t in self._indices]) for d in range(ndim))
        return WarpTable(indices, np.concatenate(self._active), tuple(self._warps), tuple(self._trips),
                         tuple(self._weights))
