"""Draw batches of kernels from the hypothesis strategies with a fixed seed,
and check them in a process pool."""
from __future__ import annotations

import multiprocessing

from hypothesis import HealthCheck, Phase, given, seed, settings

from .check import Finding, check_batch
from .gen import kernel_batch
from .kast import Kernel


def draw_batches(seed_: int, batches: int, size: int) -> list[list[Kernel]]:
    """`batches` lists of `size` kernels, the same for the same seed."""
    drawn: list[list[Kernel]] = []

    @seed(seed_)
    @settings(max_examples=batches, phases=[Phase.generate], database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernel_batch(size))
    def collect(b: list[Kernel]) -> None:
        drawn.append(b)

    collect()
    return drawn[:batches]


def _check(args: tuple[list[Kernel], int, tuple[str, ...], bool]) -> list[Finding]:
    kernels, inputs_seed, strategies, compile_ = args
    return check_batch(kernels, inputs_seed, strategies, compile_)


def check_batches(batches: list[list[Kernel]], inputs_seed: int, strategies: tuple[str, ...],
                  compile_: bool = True, workers: int = 2):
    """Findings of every batch, yielded as each batch finishes (in order)."""
    jobs = [(b, inputs_seed + i, strategies, compile_) for i, b in enumerate(batches)]
    if workers <= 1:
        yield from map(_check, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_check, jobs)
