"""Kernel timing: warm-up, then the median of many timed launches, with min and max.

GPU launches are asynchronous, so each launch is timed between two CUDA events
recorded on the stream (CudaEventTimer); the median resists the odd slow run,
and min/max show the spread. The timer is a parameter so the same loop runs
on the CPU in tests (tests/harness_fakes.py).

Variants that are compared are timed together (`measure_interleaved`): after
a warm-up long enough for the clocks to ramp up, round r times one launch of
each variant, in an order rotated by r. Timed one after another, identical
code read 0.97x and 1.06x of itself on an H200 (histogram_warp256,
benchmarks/results/suite-h200-2026-11-24): the first variant ran on clocks
still ramping up from idle, and slow drifts fell on whole variants.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

MIN_REPEATS = 30
DEFAULT_WARMUP = 5
# Wall time of warm-up launches before any sample: an idle H200 reports 345 MHz
# and needs milliseconds of work to reach its boost clock.
WARMUP_MS = 100.0


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


def measure_interleaved(launches: Sequence[Callable[[], None]], timer: IntervalTimer, *,
                        warmup: int = DEFAULT_WARMUP, repeats: int = MIN_REPEATS, warmup_ms: float = WARMUP_MS,
                        synchronize: Callable[[], None] | None = None) -> list[Timing]:
    """One Timing per launch function, their samples taken in interleaved rounds.

    Warm-up: every launch `warmup` times, then whole rounds until `warmup_ms`
    of wall time have passed. Round r then times each launch once, starting at
    launch r mod n, so every variant is timed equally often in every position
    and a drift in the device's speed falls on all of them alike.
    """
    if repeats < 1 or warmup < 0:
        raise ValueError(f"need repeats >= 1 and warmup >= 0, got {repeats} and {warmup}")
    if not launches:
        return []
    start = time.perf_counter()
    rounds = 0
    while rounds < warmup or (time.perf_counter() - start) * 1e3 < warmup_ms:
        for launch in launches:
            launch()
        rounds += 1
        if synchronize is not None:
            synchronize()
    n = len(launches)
    samples: list[list[float]] = [[] for _ in launches]
    for r in range(repeats):
        for k in range(n):
            i = (r + k) % n
            samples[i].append(timer.elapsed_ms(launches[i]))
    return [summarize(s) for s in samples]
