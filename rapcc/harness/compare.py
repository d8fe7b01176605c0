"""Output checks: bitwise (rewritten kernel vs original) and against a reference.

A rewrite by rapcc changes only where data lives in shared memory, never the
arithmetic, so its outputs must match the original's bit for bit: -0.0 vs 0.0
or two different NaN payloads count as differences. The NumPy references are
computed differently (float64, another summation order), so they are compared
with a tolerance that suits the dtype: exact for integers, and for floats an
error bound relative to the largest reference magnitude.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

# Default float tolerances, relative to max |reference|. float32 kernels that
# sum a few thousand terms land far below 1e-4; float64 below 1e-10.
DEFAULT_RTOL: dict[np.dtype, float] = {
    np.dtype(np.float16): 1e-2,
    np.dtype(np.float32): 1e-4,
    np.dtype(np.float64): 1e-10,
    np.dtype(np.complex64): 1e-4,
    np.dtype(np.complex128): 1e-10,
}

_UINT_OF_SIZE = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


@dataclass(frozen=True, slots=True)
class Comparison:
    """The outcome of a check; `message` says where the first difference is."""

    ok: bool
    message: str = ""


def _index(flat: int, shape: tuple[int, ...]) -> str:
    if len(shape) <= 1:
        return f"[{flat}]"
    return str(tuple(int(i) for i in np.unravel_index(flat, shape)))


def _bits(value: np.generic) -> str:
    raw = np.asarray(value).tobytes()
    return "0x" + raw[::-1].hex()  # little-endian bytes, printed most significant first


def _shape_problem(label: str, got: np.ndarray, want: np.ndarray) -> Comparison | None:
    if got.shape != want.shape:
        return Comparison(False, f"{label}: shape {got.shape} != expected {want.shape}")
    return None


def bitwise_equal(got: np.ndarray, want: np.ndarray, label: str = "output") -> Comparison:
    """True when `got` and `want` have the same dtype, shape and bytes."""
    got, want = np.ascontiguousarray(got), np.ascontiguousarray(want)
    if got.dtype != want.dtype:
        return Comparison(False, f"{label}: dtype {got.dtype} != expected {want.dtype}")
    problem = _shape_problem(label, got, want)
    if problem:
        return problem
    if got.tobytes() == want.tobytes():
        return Comparison(True)
    itemsize = got.dtype.itemsize
    if itemsize in _UINT_OF_SIZE:
        differs = got.reshape(-1).view(_UINT_OF_SIZE[itemsize]) != want.reshape(-1).view(_UINT_OF_SIZE[itemsize])
    else:
        differs = (got.reshape(-1, 1).view(np.uint8) != want.reshape(-1, 1).view(np.uint8)).any(axis=1)
    where = np.flatnonzero(differs)
    first = int(where[0])
    g, w = got.reshape(-1)[first], want.reshape(-1)[first]
    return Comparison(
        False,
        f"{label}: element {_index(first, got.shape)} differs: {g.item()!r} ({_bits(g)}) != "
        f"{w.item()!r} ({_bits(w)}); "
        f"{where.size} of {got.size} elements differ",
    )


def default_rtol(dtype: np.dtype) -> float:
    return DEFAULT_RTOL.get(np.dtype(dtype), 1e-4)


def reference_close(got: np.ndarray, want: np.ndarray, rtol: float | None = None,
                    label: str = "output") -> Comparison:
    """Check `got` (the kernel's output) against `want` (the NumPy reference).

    Integers and booleans must be equal. Floats (and complex) pass when no
    element differs by more than rtol * max |want| and `got` has no NaN or
    infinity where `want` is finite (an unwritten, poisoned element is NaN).
    rtol None takes the default for got's dtype.
    """
    got, want = np.asarray(got), np.asarray(want)
    problem = _shape_problem(label, got, want)
    if problem:
        return problem
    if not np.issubdtype(got.dtype, np.inexact):
        if np.issubdtype(want.dtype, np.inexact) and not np.all(np.isfinite(want)):
            return Comparison(False, f"{label}: reference is not finite")
        equal = got.astype(np.int64) == want.astype(np.int64) if got.dtype.kind in "iub" else got == want
        if equal.all():
            return Comparison(True)
        first = int(np.flatnonzero(~equal.reshape(-1))[0])
        return Comparison(False, f"{label}: element {_index(first, got.shape)} is {got.reshape(-1)[first].item()!r}, "
                                 f"expected {want.reshape(-1)[first].item()!r}; {int((~equal).sum())} of {got.size} differ")
    tol_rel = default_rtol(got.dtype) if rtol is None else rtol
    g = got.astype(np.complex128 if np.iscomplexobj(got) else np.float64).reshape(-1)
    w = want.astype(np.complex128 if np.iscomplexobj(want) else np.float64).reshape(-1)
    scale = float(np.max(np.abs(w))) if w.size else 0.0
    tol = tol_rel * (scale if scale > 0 else 1.0)
    err = np.abs(g - w)
    bad = ~(err <= tol)  # NaN errors are bad too
    if not bad.any():
        return Comparison(True)
    first = int(np.flatnonzero(bad)[0])
    worst = float(np.nanmax(np.where(np.isnan(err), np.inf, err)))
    return Comparison(False, f"{label}: element {_index(first, got.shape)} is {g[first].item()!r}, "
                             f"expected {w[first].item()!r} "
                             f"(tolerance {tol:.3g}); {int(bad.sum())} of {got.size} out of tolerance, "
                             f"max error {worst:.3g}")


def compare_all(got: Sequence[np.ndarray], want: Sequence[np.ndarray], *, bitwise: bool,
                rtol: float | None = None, labels: Sequence[str] | None = None) -> Comparison:
    """Compare output lists pairwise; the first failure decides the message."""
    if len(got) != len(want):
        return Comparison(False, f"{len(got)} outputs, expected {len(want)}")
    names = list(labels) if labels is not None else [f"output {i}" for i in range(len(got))]
    for g, w, name in zip(got, want, names):
        result = bitwise_equal(g, w, name) if bitwise else reference_close(g, w, rtol, name)
        if not result.ok:
            return result
    return Comparison(True)
