"""The vector instructions ptxas forms from unrolled loops (LDS.64/LDS.128,
STS.64/STS.128), and the loads it does not repeat, so that predictions count
the instructions Nsight Compute counts.

Measured on an H200 (benchmarks/results/suite-h200-2026-11-23e): matmul_tile's
`As[ty][k]` over 16 unrolled trips runs as 4 LDS.128 per warp; stencil_rowptr's
`row[4 * tx + j + d]` over j < 4, d < 3 as 3 LDS.64 (six distinct words);
helper_clones' fill `t[tx * 32 + r]` as 8 STS.128. dct8x8's stores
`s[ty][tx][u]`, in a loop that also loads another shared array, stay scalar:
access_samples.py clears `unrolled` for such stores.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from .warps import AccessSamples
from .warptable import WarpTable

VECTOR_BYTES = (16, 8)  # LDS.128 / STS.128, then LDS.64 / STS.64


@dataclass(frozen=True, slots=True)
class TripGroups:
    """The groups of `fuse_unrolled_trips`, which depend on the samples alone
    (built once per access, not once per candidate layout)."""

    # Per group, in order of first appearance: (unrolled trips, row) in the
    # order the trips first appear (a later row with the same trips replaces
    # an earlier one, in its place, as in a dict).
    groups: tuple[tuple[tuple[tuple, int], ...], ...]
    # The rows of every group, group by group, each group's in order of its trips.
    by_trips: np.ndarray
    group_of: np.ndarray  # the group of each row of `by_trips`


def trip_groups(samples: AccessSamples) -> TripGroups:
    """Each unrolled trip is one static instruction, run by every warp in
    every trip of the loops around the unrolled ones: a group."""
    u = samples.unrolled
    groups: dict[tuple, dict[tuple, int]] = {}
    insts = samples.instances
    # A WarpTable's warps and trips as they are, without making its instances.
    rows = zip(insts.warps, insts.trips) if isinstance(insts, WarpTable) else ((i.warp, i.trips) for i in insts)
    for n, (warp, trips) in enumerate(rows):
        if len(trips) >= u:
            cut = len(trips) - u
            groups.setdefault((warp, trips[:cut]), {})[trips[cut:]] = n
    ordered = [[rows[t] for t in sorted(rows)] for rows in groups.values()]
    by_trips = np.array([r for rows in ordered for r in rows], dtype=np.int64)
    group_of = np.repeat(np.arange(len(ordered), dtype=np.int64), [len(rows) for rows in ordered])
    return TripGroups(tuple(tuple(rows.items()) for rows in groups.values()), by_trips, group_of)


def reloaded(trips: TripGroups, addr: np.ndarray, active: np.ndarray) -> np.ndarray:
    """The rows that load what an earlier trip of their group (in trip order)
    already loaded: the same address in every active lane, and the same lanes."""
    if not trips.by_trips.size:
        return trips.by_trips
    rows = trips.by_trips
    masked = np.where(active[rows], addr[rows], -1)
    # Each row's bytes are its key: exact, and much faster than np.unique(axis=0).
    data, step = masked.tobytes(), masked.shape[1] * masked.itemsize
    seen: set[tuple[int, bytes]] = set()
    repeat = np.zeros(len(rows), dtype=bool)
    for j, g in enumerate(trips.group_of.tolist()):
        key = (g, data[j * step:(j + 1) * step])
        if key in seen:
            repeat[j] = True
        else:
            seen.add(key)
    return rows[repeat]


def fuse_unrolled_trips(samples: AccessSamples, trips: TripGroups, addr: np.ndarray, active: np.ndarray, width: int,
                        widths: np.ndarray, keep: np.ndarray, fuse: bool = True) -> None:
    """What ptxas makes of the trips of unrolled loops (`trips`, from
    `trip_groups`). Each trip of them is one static instruction, run by every
    warp in every trip of the loops around them (a group): a load of an
    address already loaded in its group is dropped (`reloads`), and k trips
    (k * width = 16 or 8 bytes) whose active lanes reach k adjacent elements,
    the first aligned to k * width, become one vector instruction, when that
    holds in every group (the compiler emits one instruction for all warps).
    Only the physical addresses decide: a layout that breaks the adjacency or
    the alignment (padding by one word) loses it.

    `fuse` False (a rewritten subscript, see predict.py) keeps the reloads
    rule, since the same logical index still gives the same address
    expression, which the compiler loads once (stencil_rowptr under pad, H200,
    suite-h200-2026-11-24: 18 scalar loads per warp for its 36 reads, twice
    the 9 LDS.64 of the array as written). It fuses only addresses that fold
    to constants: the same word for every lane and every group, decided by the
    unrolled trips alone (dct8x8's s_coef[u][k] under an XOR: 128 LDS.128 per
    block, as written)."""
    dropped: set[int] = set()
    if samples.reloads:
        gone = reloaded(trips, addr, active)
        keep[gone] = False
        dropped = set(gone.tolist())
    if width not in (4, 8) or not trips.groups:
        return
    groups = {k: {t: r for t, r in rows if r not in dropped} for k, rows in enumerate(trips.groups)}
    if not (fuse or _constant(groups, addr, active)):
        return
    template = max(groups.values(), key=len)
    # Each trip's lowest live address in the template (0 where none is live), all rows at once.
    first = np.asarray(list(template.values()), dtype=np.intp)
    live = active[first]
    low = np.where(live.any(axis=1), np.where(live, addr[first], np.iinfo(np.int64).max).min(axis=1), 0)
    lowest = dict(zip(template, low.tolist()))
    order = sorted(template, key=lowest.__getitem__)
    # Every window of `order` judged at once per vector width: `_fusable`
    # reads neither `widths` nor `keep`, so the walk below may look its
    # answers up (a 256-trip unrolled nest asked it 95 times per layout, issue 20).
    table = _table(groups, order)
    ok = {vec: _fusable_windows(table, vec // width, addr, active, width, vec) for vec in VECTOR_BYTES}
    p = 0
    while p < len(order):
        for vec in VECTOR_BYTES:
            k = vec // width
            run = order[p:p + k]
            if k < 2 or len(run) < k or not ok[vec][p]:
                continue
            for g in groups.values():
                if run[0] in g:
                    widths[g[run[0]]] = vec
                    keep[[g[t] for t in run[1:]]] = False
            p += k
            break
        else:
            p += 1


def _table(groups: dict[int, dict[tuple, int]], order: list[tuple]) -> np.ndarray:
    """groups x `order`: the row of each group's run of each trip, -1 where it runs none."""
    table = np.full((len(groups), len(order)), -1, dtype=np.intp)
    for i, g in enumerate(groups.values()):
        for j, t in enumerate(order):
            r = g.get(t)
            if r is not None:
                table[i, j] = r
    return table


# Elements (groups x windows x trips x lanes) judged in one step of `_fusable_windows`.
_WINDOW_CHUNK = 1 << 20


def _fusable_windows(table: np.ndarray, k: int, addr: np.ndarray, active: np.ndarray, width: int,
                     vec: int) -> np.ndarray:
    """`_fusable` of the k trips that start at each column of `table` (from
    `_table`: the groups' rows of the trips in the walk's order), which do not
    lie in any of the groups' dicts: a window that runs past the last column,
    or k < 2, is False (the walk never asks for it)."""
    n = table.shape[1]
    out = np.zeros(n, dtype=bool)
    if k < 2 or n < k:
        return out
    windows = n - k + 1
    step = max(1, _WINDOW_CHUNK // max(1, table.shape[0] * k * active.shape[1]))
    shift = np.arange(k, dtype=addr.dtype)[None, None, :, None] * width
    for start in range(0, windows, step):
        stop = min(windows, start + step)
        rows = np.stack([table[:, start + j:stop + j] for j in range(k)], axis=2)  # groups x windows x trips
        present = rows >= 0
        runs = present.any(axis=2)  # the groups that run any trip of the window
        bad = (runs & ~present.all(axis=2)).any(axis=0)
        picked = np.where(present, rows, 0)
        live, at = active[picked], addr[picked]  # groups x windows x trips x lanes
        lanes, first = live[:, :, 0], at[:, :, 0]
        wrong = ~lanes.any(axis=2) | (lanes & (first < 0)).any(axis=2) | (lanes & (first % vec != 0)).any(axis=2)
        wrong |= (live != lanes[:, :, None, :]).any(axis=(2, 3))
        wrong |= (lanes[:, :, None, :] & (at != first[:, :, None, :] + shift)).any(axis=(2, 3))
        out[start:stop] = ~(bad | (runs & wrong).any(axis=0))
    return out


def _fusable(groups: dict[int, dict[tuple, int]], run: list[tuple], addr: np.ndarray, active: np.ndarray,
             width: int, vec: int) -> bool:
    """Whether the static instructions `run` form one vector access in every
    group that runs any of them: each group that runs one runs all, its first
    has live lanes, all at non-negative addresses aligned to `vec`, and the
    j-th has the same live lanes at the first's addresses plus j * width.
    All groups at once (a loop nest unrolled inside another has thousands of
    groups, and this runs per candidate layout: issue 20)."""
    rows = []
    for g in groups.values():
        present = [t in g for t in run]
        if not any(present):
            continue
        if not all(present):
            return False
        rows.append([g[t] for t in run])
    if not rows:
        return True
    picked = np.asarray(rows, dtype=np.intp)  # groups x trips of the run
    live, at = active[picked], addr[picked]  # groups x trips x lanes
    lanes, first = live[:, 0], at[:, 0]
    if not lanes.any(axis=1).all() or (lanes & (first < 0)).any() or (lanes & (first % vec != 0)).any():
        return False
    if (live != lanes[:, None, :]).any():
        return False
    expected = first[:, None, :] + np.arange(len(run), dtype=at.dtype)[None, :, None] * width
    return not (lanes[:, None, :] & (at != expected)).any()


def _constant(groups: dict[int, dict[tuple, int]], addr: np.ndarray, active: np.ndarray) -> bool:
    """Whether each unrolled trip reads one word, the same in every group: an
    address the compiler folds to a constant whatever the layout. Every row
    at once (see `_fusable`)."""
    keys = [t for rows in groups.values() for t in rows]
    picked = np.asarray([r for rows in groups.values() for r in rows.values()], dtype=np.intp)
    if picked.size == 0:
        return False
    live, at = active[picked], addr[picked]
    has = cast(np.ndarray, live.any(axis=1))
    word = at[np.arange(len(picked)), live.argmax(axis=1)]  # each row's first live lane
    if (live & (at != word[:, None])).any():
        return False
    words: dict[tuple, int] = {}
    for t, w, h in zip(keys, word.tolist(), has.tolist()):
        if h and words.setdefault(t, w) != w:
            return False
    return bool(words)
