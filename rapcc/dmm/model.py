"""The Discrete Memory Machine's congestion and the random numbers the
schemes draw (seed 000 §II, §IV).

Seed 000 §II: a warp of w threads sends one request each to w memory banks;
requests to the same address are merged, and the congestion of the access is
the largest number of distinct addresses destined for one bank.  Everything
here is vectorised over independent trials (first array axis).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


def congestion(addresses: np.ndarray, banks: np.ndarray, w: int, distinct: bool = False) -> np.ndarray:
    """Congestion of each trial's warp access (seed 000 §II).

    Args:
        addresses: (T, E) logical word address of each request.  Only equality
            matters: every scheme maps addresses one-to-one, so equal logical
            addresses are exactly the requests the DMM merges.
        banks: (T, E) bank in [0, w) of each request.
        w: number of banks.
        distinct: promise that no trial repeats an address (skips the merge).

    Returns:
        (T,) maximum number of distinct addresses in one bank.
    """
    trials, _ = addresses.shape
    weights = None
    if not distinct:
        order = np.argsort(addresses, axis=1, kind="stable")
        sorted_addr = np.take_along_axis(addresses, order, axis=1)
        banks = np.take_along_axis(banks, order, axis=1)
        first = np.ones(sorted_addr.shape, dtype=bool)
        first[:, 1:] = sorted_addr[:, 1:] != sorted_addr[:, :-1]
        weights = first.ravel().astype(np.int64)
    key = np.arange(trials, dtype=np.int64)[:, None] * w + banks
    counts = np.bincount(key.ravel(), weights=weights, minlength=trials * w)
    return counts.reshape(trials, w).max(axis=1).astype(np.int64)


def linear_address(indices: np.ndarray, w: int) -> np.ndarray:
    """Row-major address of (..., D) indices of a w x ... x w array: the RAW
    arrangement of seed 000 §III (2-D) and §VII (4-D)."""
    out = np.zeros(indices.shape[:-1], dtype=np.int64)
    for d in range(indices.shape[-1]):
        out = out * w + indices[..., d]
    return out


def sample_injections(groups: np.ndarray, points: np.ndarray, w: int, rng: np.random.Generator) -> np.ndarray:
    """Values of independent uniformly random permutations of [0, w), only
    where they are needed.

    Each group is one random permutation pi_g (a RAP permutation of seed 000
    §IV, or one row's random shift of the RAS, which is a group with a single
    point); the result holds pi_g(point) for every (group, point) pair.  Equal
    pairs get equal values, distinct points of a group distinct values, and
    groups are independent.  Drawing only the requested values keeps, e.g.,
    the w^2 P scheme (w^3 random numbers) affordable at w = 256.

    Args:
        groups: int64 array of group ids (any shape).
        points: int64 array of the same shape, each in [0, w).
        w: size of the permuted set.
        rng: random generator.
    """
    key = groups.ravel().astype(np.int64) * w + points.ravel()
    unique, inverse = np.unique(key, return_inverse=True)
    group_of = unique // w
    point_of = unique % w
    starts = np.flatnonzero(np.r_[True, group_of[1:] != group_of[:-1]])
    sizes = np.diff(np.r_[starts, unique.size])
    gid = np.repeat(np.arange(starts.size), sizes)
    values = np.empty(unique.size, dtype=np.int64)

    # Dense groups: a whole permutation is cheaper than rejection near w.
    dense = np.repeat(sizes > w // 2, sizes)
    if dense.any():
        dense_ids, dense_gid = np.unique(gid[dense], return_inverse=True)
        perms = rng.permuted(np.broadcast_to(np.arange(w, dtype=np.int64), (dense_ids.size, w)), axis=1)
        values[dense] = perms[dense_gid, point_of[dense]]

    # Sparse groups: draw uniformly and redraw duplicates.  The rule for which
    # duplicate keeps its value looks at the point, never at the value, so the
    # procedure commutes with relabelling values and the injection is uniform.
    sparse = np.flatnonzero(~dense)
    draw = np.zeros(sparse.size, dtype=np.int64)
    pending = np.arange(sparse.size)
    while pending.size:
        draw[pending] = rng.integers(0, w, size=pending.size)
        order = np.lexsort((point_of[sparse], draw, gid[sparse]))
        same = (gid[sparse][order][1:] == gid[sparse][order][:-1]) & (draw[order][1:] == draw[order][:-1])
        pending = order[1:][same]
    values[sparse] = draw
    return values[inverse].reshape(groups.shape)


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """Mean congestion over independent trials with a 95% confidence interval.

    Attributes:
        scheme: scheme name ('raw', 'rap', '3p', ...).
        access: access kind ('stride', 'random', ...).
        width: w, banks = threads per warp.
        trials: number of independent trials.
        mean: mean congestion.
        ci95: (low, high), normal approximation mean +- 1.96 s / sqrt(trials).
    """

    scheme: str
    access: str
    width: int
    trials: int
    mean: float
    ci95: tuple[float, float]

    @property
    def half_width(self) -> float:
        return (self.ci95[1] - self.ci95[0]) / 2


def summarise(scheme: str, access: str, width: int, samples: np.ndarray) -> SimulationResult:
    """Mean and 95% confidence interval of per-trial congestions."""
    mean = float(samples.mean())
    std = float(samples.std(ddof=1)) if samples.size > 1 else 0.0
    half = 1.96 * std / math.sqrt(samples.size)
    return SimulationResult(scheme, access, width, int(samples.size), mean, (mean - half, mean + half))
