"""CPU stand-ins for the harness's GPU runner and timer (rapcc/harness/runner.py,
timing.py), so that the suite driver, the commands and the timing loop are
tested without a GPU."""
from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from rapcc.harness.case import Case, KernelArg, poison_like
from rapcc.harness.runner import BuiltKernel, LaunchError
from rapcc.harness.timing import DEFAULT_WARMUP, MIN_REPEATS, Timing, measure_interleaved


class WallTimer:
    """Host wall-clock timing, for work that runs synchronously (FakeRunner)."""

    def elapsed_ms(self, launch: Callable[[], None]) -> float:
        start = time.perf_counter()
        launch()
        return (time.perf_counter() - start) * 1e3


# A fake kernel: (case, source text, args) -> None, writing the outputs in
# place into args[i] for i in case.outputs, as a kernel would.
FakeKernel = Callable[[Case, bytes, list[KernelArg]], None]


class FakeRunner:
    """Runs a Python function as the kernel, for CPU tests of the harness.

    kernel: the function standing in for the GPU kernel.
    build_hook: called on every build; it may raise BuildError to simulate a
        source that does not compile.
    """

    name = "fake"

    def __init__(self, kernel: FakeKernel, build_hook: Callable[[Case, bytes], None] | None = None):
        self._kernel = kernel
        self._build_hook = build_hook
        self.options: tuple[str, ...] = ("fake",)
        self.launches: list[str] = []

    def build(self, case: Case, source: bytes, label: str) -> BuiltKernel:
        if self._build_hook is not None:
            self._build_hook(case, source)
        return BuiltKernel(case, label, source, self.options, None)

    def _call(self, kernel: BuiltKernel, args: list[KernelArg]) -> None:
        self.launches.append(kernel.label)
        try:
            self._kernel(kernel.case, kernel.source, args)
        except Exception as exc:
            raise LaunchError(f"{kernel.label}: {type(exc).__name__}: {exc}") from exc

    def run(self, kernel: BuiltKernel, args: Sequence[KernelArg]) -> list[np.ndarray]:
        local = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        for i in kernel.case.outputs:
            local[i] = poison_like(np.asarray(local[i]))
        self._call(kernel, local)
        return [np.asarray(local[i]) for i in kernel.case.outputs]

    def time(self, kernel: BuiltKernel, args: Sequence[KernelArg], *, warmup: int = DEFAULT_WARMUP,
             repeats: int = MIN_REPEATS) -> Timing:
        return self.time_many([kernel], args, warmup=warmup, repeats=repeats)[0]

    def time_many(self, kernels: Sequence[BuiltKernel], args: Sequence[KernelArg], *,
                  warmup: int = DEFAULT_WARMUP, repeats: int = MIN_REPEATS) -> list[Timing]:
        local = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        launches = [(lambda k=k: self._call(k, local)) for k in kernels]
        return measure_interleaved(launches, WallTimer(), warmup=warmup, repeats=repeats, warmup_ms=0.0)
