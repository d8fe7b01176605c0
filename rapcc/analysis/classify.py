"""Classify a warp's addresses as linear, stride, block or random (seed 004 §3.1).

- linear: consecutive lanes access consecutive elements (S = 1);
- stride: consecutive lanes are S elements apart (Eq. 6);
- block: a 2-D pattern inside the warp, s = S1*hi + S2*lo where the warp splits
  into sub-warps of a power-of-two width (Eq. 7), which includes the broadcast
  S1 = S2 = 0 and the sub-warps of the FWT (§3.2.4);
- random: everything else, including data-dependent subscripts (Eq. 8).
"""
from __future__ import annotations

from collections import Counter

import numpy as np

AccessClass = str  # "linear" | "stride" | "block" | "random"
MAX_CLASSIFIED = 256  # warp instructions classified per access (evenly spaced); the class is the majority


def classify_warp(flat: np.ndarray, active: np.ndarray) -> tuple[AccessClass, int | None]:
    """(class, stride) of one warp instruction's flat element indices."""
    lanes = np.nonzero(active)[0]
    if lanes.size <= 1:
        return "linear", 1
    addr = flat[lanes]
    d_addr = np.diff(addr)
    d_lane = np.diff(lanes)
    if np.all(d_addr == d_addr[0] * d_lane // d_lane[0]) and np.all(d_addr * d_lane[0] == d_addr[0] * d_lane):
        s = int(d_addr[0] // d_lane[0]) if d_addr[0] % d_lane[0] == 0 else None
        if s == 0:
            return "block", 0
        if s is not None:
            return ("linear" if s == 1 else "stride"), s
    n = len(flat)
    width = 2
    exact = addr.dtype.kind in "iu" and int(np.abs(addr).max()) < 1 << 31
    while width < n:
        lo, hi = lanes % width, lanes // width
        if exact and not _affine(lo, hi, addr.astype(np.int64)):
            # No exact fit at all, so neither the rounded least-squares one:
            # skip the solver (a third of a loop nest's analysis, issue 20).
            width *= 2
            continue
        # Fit s = base + S2*lo + S1*hi exactly over the active lanes.
        A = np.stack([np.ones_like(lo), lo, hi], axis=1).astype(np.float64)
        coef, *_ = np.linalg.lstsq(A, addr.astype(np.float64), rcond=None)
        r = np.rint(coef)
        if np.array_equal(A @ r, addr.astype(np.float64)):
            return "block", int(r[1])
        width *= 2
    return "random", None


def _affine(lo: np.ndarray, hi: np.ndarray, addr: np.ndarray) -> bool:
    """Whether addr = c + x*lo + y*hi holds exactly for some real c, x, y, in
    integer arithmetic: the lanes' (lo, hi) differ pairwise, so each
    difference d_k from the first lane is non-zero; with two independent ones
    Cramer's rule gives x and y (scaled by the determinant), else every d_k
    is a multiple of d_1 and the address must grow by the same multiple."""
    dl, dh, da = lo[1:] - lo[0], hi[1:] - hi[0], addr[1:] - addr[0]
    cross = dl[0] * dh - dh[0] * dl
    other = np.flatnonzero(cross)
    if other.size:
        j = int(other[0])
        det = cross[j]
        x = da[0] * dh[j] - da[j] * dh[0]
        y = dl[0] * da[j] - dl[j] * da[0]
        return bool(np.all(da * det == x * dl + y * dh))
    return bool(np.all(da * dl[0] == da[0] * dl) and np.all(da * dh[0] == da[0] * dh))


def classified(count: int) -> slice:
    """Which of an access's `count` warp instructions `classify_access` classifies."""
    return slice(None, None, max(1, count // MAX_CLASSIFIED))


def classify_access(samples: list[tuple[np.ndarray, np.ndarray]],
                    thinned: bool = False) -> tuple[AccessClass, int | None]:
    """The class most of an access's warp instructions fall in, and their
    common stride. `thinned`: `samples` are already those `classified` picks
    of all of them (the caller then flattens only those)."""
    if not samples:
        return "random", None
    results = classify_warps(samples if thinned else samples[classified(len(samples))])
    cls = Counter(c for c, _ in results).most_common(1)[0][0]
    strides = {s for c, s in results if c == cls}
    return cls, (strides.pop() if len(strides) == 1 else None)


def classify_warps(samples: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[AccessClass, int | None]]:
    """`classify_warp` of each sample. A warp whose lanes are all active and
    one step apart is linear, stride or a broadcast: those are decided for all
    warps at once (most of them, in most kernels), the rest one by one, each
    distinct (addresses, lanes) once."""
    out: list[tuple[AccessClass, int | None] | None] = [None] * len(samples)
    shape = samples[0][1].shape if samples else ()
    if len(shape) == 1 and shape[0] >= 2 and all(f.shape == shape and a.shape == shape and f.dtype == np.int64
                                                 for f, a in samples):
        flat = np.stack([f for f, _ in samples])
        steps = np.diff(flat, axis=1)
        uniform = np.stack([a for _, a in samples]).all(axis=1) & (steps == steps[:, :1]).all(axis=1)
        for k in np.flatnonzero(uniform).tolist():
            s = int(steps[k, 0])
            out[k] = ("block", 0) if s == 0 else (("linear" if s == 1 else "stride"), s)
    # The rest by content: a loop nest's warps repeat the same rows (adv's
    # unrolled 3-D nest, issue 20: 6336 such warps, 188 distinct).
    known: dict[tuple, tuple[AccessClass, int | None]] = {}
    for k, (f, a) in enumerate(samples):
        if out[k] is None:
            key = (f.dtype.str, f.shape, f.tobytes(), a.dtype.str, a.shape, a.tobytes())
            got = known.get(key)
            if got is None:
                got = known[key] = classify_warp(f, a)
            out[k] = got
    return out  # type: ignore[return-value]
