"""The runners and the timing loop, on the CPU (FakeRunner, WallTimer)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from rapcc.harness import runner as runner_mod
from rapcc.harness.case import load_case_file
from harness_fakes import FakeRunner, WallTimer
from rapcc.harness.runner import BuildError, GpuUnavailable, LaunchError
from rapcc.harness.timing import Timing, measure_interleaved, summarize

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASE = load_case_file(EXAMPLES / "transpose_16x16.case.py")


def _reference_kernel(case, source, args) -> None:
    for index, value in zip(case.outputs, case.reference(args)):
        args[index][...] = value


def test_fake_runner_runs_the_function_and_returns_the_outputs() -> None:
    runner = FakeRunner(_reference_kernel)
    kernel = runner.build(CASE, CASE.source.read_bytes(), "transpose_16x16/original")
    args = CASE.make_inputs(np.random.default_rng(0), 0.0)
    before = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    (out,) = runner.run(kernel, args)
    assert np.array_equal(out, np.asarray(args[1]).T)
    # Bytes, not values: the output buffer comes from np.empty and may hold NaNs.
    assert all(np.asarray(a).tobytes() == np.asarray(b).tobytes() for a, b in zip(args, before)), \
        "the caller's arguments are untouched"
    assert runner.launches == ["transpose_16x16/original"]


def test_outputs_are_poisoned_before_the_launch() -> None:
    runner = FakeRunner(lambda case, source, args: None)  # writes nothing
    kernel = runner.build(CASE, b"", "x")
    (out,) = runner.run(kernel, CASE.make_inputs(np.random.default_rng(0), 0.0))
    assert np.isnan(out).all()


def test_build_and_launch_failures_are_typed() -> None:
    def refuse(case, source):
        raise BuildError("no")

    with pytest.raises(BuildError):
        FakeRunner(_reference_kernel, build_hook=refuse).build(CASE, b"", "x")

    def crash(case, source, args):
        raise IndexError("out of bounds")

    runner = FakeRunner(crash)
    with pytest.raises(LaunchError, match="x: IndexError: out of bounds"):
        runner.run(runner.build(CASE, b"", "x"), CASE.make_inputs(np.random.default_rng(0), 0.0))


def test_fake_runner_times_with_the_wall_clock() -> None:
    runner = FakeRunner(_reference_kernel)
    kernel = runner.build(CASE, b"", "t")
    timing = runner.time(kernel, CASE.make_inputs(np.random.default_rng(0), 0.0), warmup=2, repeats=30)
    assert timing.runs == 30 and len(runner.launches) == 32
    assert 0 <= timing.min_ms <= timing.median_ms <= timing.max_ms


class _ScriptedTimer:
    def __init__(self, values: list[float]):
        self.values = values

    def elapsed_ms(self, launch) -> float:
        launch()
        return self.values.pop(0)


def test_timing_warms_up_then_takes_median_min_max() -> None:
    calls: list[str] = []
    synced: list[bool] = []
    [timing] = measure_interleaved([lambda: calls.append("x")], _ScriptedTimer([5.0, 1.0, 3.0]), warmup=4, repeats=3,
                                   warmup_ms=0.0, synchronize=lambda: synced.append(len(calls)))
    assert len(calls) == 7 and synced == [1, 2, 3, 4]
    assert (timing.median_ms, timing.min_ms, timing.max_ms, timing.samples) == (3.0, 1.0, 5.0, (5.0, 1.0, 3.0))
    assert Timing.from_json(json.loads(json.dumps(timing.to_json()))) == timing
    with pytest.raises(ValueError):
        measure_interleaved([lambda: None], WallTimer(), repeats=0)
    with pytest.raises(ValueError):
        summarize([])


def test_without_cupy_the_gpu_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(name: str):
        raise ImportError("No module named 'cupy'")

    monkeypatch.setattr(runner_mod.importlib, "import_module", fail)
    usable, why = runner_mod.cuda_status()
    assert not usable and why.startswith("CuPy cannot be imported")
    with pytest.raises(GpuUnavailable):
        runner_mod.CupyRunner()
