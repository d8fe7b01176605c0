"""Monte Carlo estimate of the expected congestion of a scheme under an
access kind (seed 000 §V, Table II; §VII, Table IV).

Each trial draws fresh random numbers for the scheme (a new permutation p for
RAP, new r_i for RAS, ...) and a fresh warp access of the given kind, and
records the DMM congestion of that one access.  Trials run in vectorised
chunks.
"""
from __future__ import annotations

import numpy as np

from rapcc.dmm.access import access_indices, access_kinds
from rapcc.dmm.malicious import MaliciousPattern, find_malicious
from rapcc.dmm.model import SimulationResult, congestion, linear_address, summarise
from rapcc.dmm.schemes import SCHEMES, Scheme

DEFAULT_CHUNK = 4096


def check_request(scheme: Scheme, access: str, width: int, trials: int) -> None:
    """Raise ValueError for a request the simulator cannot answer."""
    if width < 2:
        raise ValueError(f"width must be at least 2, got {width}")
    if scheme.dims == 4 and width > 256:
        raise ValueError("4-d arrays are limited to width 256 (addresses must fit in 64 bits with room)")
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    if access not in access_kinds(scheme.dims):
        raise ValueError(
            f"access '{access}' is not defined for scheme '{scheme.name}' "
            f"(use one of {', '.join(access_kinds(scheme.dims))})"
        )


def congestion_samples(
    scheme: Scheme,
    access: str,
    width: int,
    trials: int,
    rng: np.random.Generator,
    pattern: MaliciousPattern | None = None,
    chunk: int = DEFAULT_CHUNK,
) -> np.ndarray:
    """Per-trial congestion, (trials,) int64.

    Args:
        scheme: the arrangement.
        access: access kind; 'malicious' needs `pattern`.
        width: w.
        trials: number of independent trials.
        rng: random generator for accesses and the scheme's random numbers.
        pattern: the fixed warp access used when access == 'malicious'.
        chunk: trials per vectorised batch (bounds memory).
    """
    check_request(scheme, access, width, trials)
    out = []
    for start in range(0, trials, chunk):
        batch = min(chunk, trials - start)
        if access == "malicious":
            if pattern is None:
                raise ValueError("malicious access needs a pattern")
            indices = np.broadcast_to(pattern.indices(), (batch, *pattern.indices().shape))
            distinct = True
        else:
            indices, distinct = access_indices(access, scheme.dims, width, batch, rng)
        banks = scheme.banks(indices, width, rng)
        out.append(congestion(linear_address(indices, width), banks, width, distinct))
    return np.concatenate(out)


def simulate(scheme: Scheme | str, access: str, width: int, trials: int, seed: int = 0) -> SimulationResult:
    """Mean congestion and 95% confidence interval of one (scheme, access, w) cell.

    For access == 'malicious' the pattern is searched first (with its own
    random stream) and then measured on fresh random numbers.
    """
    if isinstance(scheme, str):
        if scheme not in SCHEMES:
            raise ValueError(f"unknown scheme '{scheme}' (use one of {', '.join(SCHEMES)})")
        scheme = SCHEMES[scheme]
    check_request(scheme, access, width, trials)
    simulation_seed, search_seed = np.random.SeedSequence(seed).spawn(2)
    pattern = None
    if access == "malicious":
        pattern = find_malicious(scheme, width, np.random.default_rng(search_seed))
    samples = congestion_samples(scheme, access, width, trials, np.random.default_rng(simulation_seed), pattern)
    return summarise(scheme.name, access, width, samples)


def congestion_table(
    schemes: tuple[str, ...],
    accesses: tuple[str, ...],
    widths: tuple[int, ...],
    trials: int,
    seed: int = 0,
) -> tuple[SimulationResult, ...]:
    """Every (access, scheme, width) cell, in that nesting order, each with
    its own seed derived from `seed` (seed 000 Table II layout)."""
    results = []
    cell = 0
    for access in accesses:
        for scheme in schemes:
            for width in widths:
                results.append(simulate(scheme, access, width, trials, seed=seed * 1_000_003 + cell))
                cell += 1
    return tuple(results)
