"""Warp access patterns of seed 000: contiguous, stride, diagonal (§III) and
random (§V) on the w x w matrix; contiguous, stride1-3 and random on the
w x w x w x w array (§VII).  Malicious patterns come from
`rapcc.dmm.malicious`.

Each generator returns (T, w, dims) indices: one warp of w threads per trial.
The fixed indices (which row, which diagonal) are drawn per trial; by the
symmetry of every scheme this does not change the distribution, it only
avoids privileging index 0.
"""
from __future__ import annotations

import numpy as np

ACCESS_2D = ("contiguous", "stride", "diagonal", "random", "malicious")
ACCESS_4D = ("contiguous", "stride1", "stride2", "stride3", "random", "malicious")

# Which index the w threads sweep: the last one for contiguous access, the
# first one for the §III stride access (a column), and k, j, i for the §VII
# Stride1, Stride2, Stride3.
_SWEPT = {
    (2, "contiguous"): 1,
    (2, "stride"): 0,
    (4, "contiguous"): 3,
    (4, "stride1"): 2,
    (4, "stride2"): 1,
    (4, "stride3"): 0,
}


def access_kinds(dims: int) -> tuple[str, ...]:
    """The access kinds defined for a 2-D or 4-D array."""
    return ACCESS_2D if dims == 2 else ACCESS_4D


def line_access(swept: int, dims: int, w: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Thread t accesses the element whose index `swept` is t; the others are
    fixed within a trial."""
    fixed = rng.integers(0, w, size=(trials, 1, dims))
    out = np.broadcast_to(fixed, (trials, w, dims)).copy()
    out[:, :, swept] = np.arange(w)
    return out


def diagonal_access(w: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Thread t accesses a[t][(t + d) mod w] for the trial's diagonal d (§III)."""
    d = rng.integers(0, w, size=(trials, 1))
    t = np.arange(w)[None, :]
    rows = np.broadcast_to(t, (trials, w))
    return np.stack([rows, (t + d) % w], axis=-1)


def random_access(dims: int, w: int, trials: int, rng: np.random.Generator) -> np.ndarray:
    """Each thread picks an element uniformly and independently (§V "random");
    repeated picks are merged by the DMM, as any same-address requests."""
    return rng.integers(0, w, size=(trials, w, dims))


def access_indices(kind: str, dims: int, w: int, trials: int, rng: np.random.Generator) -> tuple[np.ndarray, bool]:
    """Indices of `trials` warp accesses of one kind.

    Returns:
        (indices, distinct): (T, w, dims) indices, and whether every trial's
        addresses are known to be distinct (so merging can be skipped).

    Raises ValueError for a kind that the array's dimension does not define
    (malicious patterns are built by `rapcc.dmm.malicious`, not here).
    """
    if (dims, kind) in _SWEPT:
        return line_access(_SWEPT[dims, kind], dims, w, trials, rng), True
    if dims == 2 and kind == "diagonal":
        return diagonal_access(w, trials, rng), True
    if kind == "random":
        return random_access(dims, w, trials, rng), False
    raise ValueError(f"access '{kind}' is not defined for a {dims}-d array (use one of {', '.join(access_kinds(dims))})")
