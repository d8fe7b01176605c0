"""Kernel timing: warm-up, then the median of many timed launches, with min and max.

GPU launches are asynchronous, so each launch is timed between two CUDA events
recorded on the stream (CudaEventTimer); the median resists the odd slow run,
and min/max show the spread. The timer is a parameter so the same loop runs
on the CPU in tests (WallTimer).
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

MIN_REPEATS = 30
DEFAULT_WARMUP = 5


@dataclass(frozen=True, slots=True)
class Timing:
    """Milliseconds per launch over `samples` (in launch order)."""

    median_ms: float
    min_ms: float
    max_ms: float
    samples: tuple[float, ...]

    @property
    def runs(self) -> int:
        return len(self.samples)

    def to_json(self) -> dict[str, Any]:
        return {"median_ms": self.median_ms, "min_ms": self.min_ms, "max_ms": self.max_ms,
                "runs": self.runs, "samples_ms": list(self.samples)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Timing":
        return Timing(data["median_ms"], data["min_ms"], data["max_ms"], tuple(data["samples_ms"]))


class IntervalTimer(Protocol):
    """Times one call of a function that enqueues device work."""

    def elapsed_ms(self, launch: Callable[[], None]) -> float: ...


class WallTimer:
    """Host wall-clock timing, for work that runs synchronously (tests, FakeRunner)."""

    def elapsed_ms(self, launch: Callable[[], None]) -> float:
        start = time.perf_counter()
        launch()
        return (time.perf_counter() - start) * 1e3


class CudaEventTimer:
    """Times a launch between two CUDA events on the current stream.

    cupy: the imported cupy module (passed in so this module never imports it).
    """

    def __init__(self, cupy: Any):
        self._cp = cupy

    def elapsed_ms(self, launch: Callable[[], None]) -> float:
        start, end = self._cp.cuda.Event(), self._cp.cuda.Event()
        start.record()
        launch()
        end.record()
        end.synchronize()
        return float(self._cp.cuda.get_elapsed_time(start, end))


def summarize(samples: list[float]) -> Timing:
    if not samples:
        raise ValueError("no timing samples")
    return Timing(statistics.median(samples), min(samples), max(samples), tuple(samples))


def measure(launch: Callable[[], None], timer: IntervalTimer, *, warmup: int = DEFAULT_WARMUP,
            repeats: int = MIN_REPEATS, synchronize: Callable[[], None] | None = None) -> Timing:
    """Run `launch` `warmup` times untimed, then `repeats` times timed.

    Warm-up keeps module loading, first-touch and clock ramp-up out of the
    numbers. `synchronize` (if given) runs after the warm-up so that queued
    work does not leak into the first sample.
    """
    if repeats < 1 or warmup < 0:
        raise ValueError(f"need repeats >= 1 and warmup >= 0, got {repeats} and {warmup}")
    for _ in range(warmup):
        launch()
    if synchronize is not None:
        synchronize()
    return summarize([timer.elapsed_ms(launch) for _ in range(repeats)])
