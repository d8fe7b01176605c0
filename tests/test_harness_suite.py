"""The suite driver on the CPU: FakeRunner kernels and a faked rapcc rewrite."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from rapcc.harness import suite as suite_mod
from rapcc.harness.case import load_case_file
from rapcc.harness.ncu import SharedCounters
from harness_fakes import FakeRunner, WallTimer
from rapcc.harness.runner import BuildError
from rapcc.harness.timing import measure_interleaved
from rapcc.harness.suite import (STRATEGIES, CaseOutcome, Rewritten, Row, SuiteConfig, Variant, in_process,
                                 input_rng, ncu_profiler, predicted_wavefronts, run_case, run_suite)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASES = [load_case_file(EXAMPLES / f"{n}.case.py") for n in ("transpose_16x16", "reduce_interleaved")]
CONFIG = SuiteConfig(scale=0.0, seed=5, warmup=1, repeats=30)


def _report(before: float, after: float) -> dict:
    access = {"line": 1, "col": 1, "kind": "load", "class": "stride", "stride": 16,
              "wavefronts_before": before, "wavefronts_after": after, "ideal_wavefronts": 1.0}
    unknown = dict(access, wavefronts_before=None, wavefronts_after=None)
    return {"file": "x.cu", "rapcc_version": "0", "arrays": [
        {"name": "tile", "function": "k", "line": 1, "elem_bytes": 4, "dims": [16, 16], "extern": False,
         "block_dim": [16, 16, 1], "strategy": "pad", "reason": "", "accesses": [access, dict(access), unknown]}]}


def fake_rewrite(source: bytes, path: str, strategy: str, dynamic_smem: int = 0) -> Rewritten:
    """auto: nothing to change; pad: a correct rewrite; xor: rapcc fails;
    rap: a rewrite whose kernel computes something else."""
    if strategy == "auto":
        return Rewritten(source, _report(8.0, 8.0))
    if strategy == "xor":
        raise RuntimeError("xor is not possible here")
    marker = b"CORRUPT" if strategy == "rap" else b"PADDED"
    return Rewritten(source + b"\n// " + marker + b"\n", _report(8.0, 1.0))


def fake_kernel(case, source: bytes, args: list) -> None:
    """The 'GPU': writes the reference outputs, one element off when the source says CORRUPT."""
    for index, value in zip(case.outputs, case.reference(args)):
        args[index][...] = value
        if b"CORRUPT" in source:
            args[index].reshape(-1)[0] += 1


def _run(config: SuiteConfig = CONFIG, runner: FakeRunner | None = None, **kwargs):
    runner = runner or FakeRunner(fake_kernel)
    return run_suite(CASES, in_process(runner, config, fake_rewrite), config, **kwargs)


def _row(rows: list[Row], case: str, strategy: str) -> Row:
    return next(r for r in rows if r.case == case and r.strategy == strategy)


def test_strategies_start_with_the_original() -> None:
    assert STRATEGIES[0] == "original" and {"auto", "pad", "xor", "rap"} <= set(STRATEGIES)


def test_rows_for_every_case_and_strategy_in_order() -> None:
    result = _run()
    assert [(r.case, r.strategy) for r in result.rows] == [(c.name, s) for c in CASES for s in STRATEGIES]


def test_original_is_checked_against_the_reference_and_rewrites_bitwise() -> None:
    rows = _run().rows
    original = _row(rows, "transpose_16x16", "original")
    assert original.correct and original.check == "matches the NumPy reference"
    auto = _row(rows, "transpose_16x16", "auto")
    assert auto.correct and not auto.changed and auto.check == "bitwise equal to the original"
    pad = _row(rows, "transpose_16x16", "pad")
    assert pad.correct and pad.changed


def test_a_wrong_rewrite_is_caught_with_the_first_difference() -> None:
    rap = _row(_run().rows, "reduce_interleaved", "rap")
    assert rap.correct is False and "element [0] differs" in rap.check and rap.changed


def test_a_failing_rewrite_becomes_an_error_row() -> None:
    xor = _row(_run().rows, "transpose_16x16", "xor")
    assert xor.correct is None and xor.timing is None
    assert xor.error == "rewrite failed: RuntimeError: xor is not possible here"


def test_build_failures_are_reported_and_others_still_run() -> None:
    def refuse_padded(case, source):
        if b"PADDED" in source:
            raise BuildError("NVRTC compilation failed: error: expected ';'")

    rows = _run(runner=FakeRunner(fake_kernel, build_hook=refuse_padded)).rows
    pad = _row(rows, "transpose_16x16", "pad")
    assert pad.correct is False and "expected ';'" in pad.error
    assert _row(rows, "transpose_16x16", "auto").correct


def test_timing_speedup_and_predictions() -> None:
    rows = _run().rows
    original = _row(rows, "transpose_16x16", "original")
    pad = _row(rows, "transpose_16x16", "pad")
    assert original.timing.runs == 30 and original.speedup == pytest.approx(1.0)
    assert pad.speedup == pytest.approx(original.timing.median_ms / pad.timing.median_ms)
    # Accesses the report could not predict (None) are left out of the mean.
    assert original.predicted_wavefronts == 8.0 and pad.predicted_wavefronts == 1.0
    assert original.options == ("fake",)


def test_each_measurement_set_gets_fresh_seeded_inputs() -> None:
    a = input_rng(1, "case", "time", "pad").integers(0, 1 << 30, 4)
    assert np.array_equal(a, input_rng(1, "case", "time", "pad").integers(0, 1 << 30, 4))
    assert not np.array_equal(a, input_rng(1, "case", "time", "rap").integers(0, 1 << 30, 4))
    assert not np.array_equal(a, input_rng(2, "case", "time", "pad").integers(0, 1 << 30, 4))


def test_seen_inputs_differ_between_check_and_timing() -> None:
    seen: list[tuple[str, bytes]] = []

    class Recording(FakeRunner):
        def _call(self, kernel, args):
            seen.append((kernel.label, np.asarray(args[1]).tobytes()))
            super()._call(kernel, args)

    config = SuiteConfig(strategies=("original", "pad"), scale=0.0, seed=5, warmup=0, repeats=30)
    run_case(CASES[0], Recording(fake_kernel), config, fake_rewrite)
    (l0, check_original), (l1, check_pad), *timed = seen
    assert l0.endswith("original") and l1.endswith("pad")
    assert check_original == check_pad, "variants are checked on the same inputs"
    assert len(timed) == 60 and all(data != check_original for _, data in timed), "timing draws fresh inputs"
    assert len({data for _, data in timed}) == 1, "the variants are timed on the same inputs"
    # Interleaved: round r starts at variant r mod 2.
    labels = [label.split("/")[-1] for label, _ in timed]
    assert labels[:4] == ["original", "pad", "pad", "original"]


def test_interleaved_rounds_rotate_and_warm_up_every_variant() -> None:
    calls: list[str] = []
    timings = measure_interleaved([lambda: calls.append("a"), lambda: calls.append("b"), lambda: calls.append("c")],
                                  WallTimer(), warmup=2, repeats=4, warmup_ms=0.0)
    assert calls[:6] == ["a", "b", "c"] * 2
    assert calls[6:] == ["a", "b", "c", "b", "c", "a", "c", "a", "b", "a", "b", "c"]
    assert [t.runs for t in timings] == [4, 4, 4]


def test_predicted_wavefronts_of_an_empty_report() -> None:
    assert predicted_wavefronts(None, "wavefronts_after") is None
    assert predicted_wavefronts({"arrays": []}, "wavefronts_after") is None


def test_a_case_that_cannot_run_becomes_error_rows() -> None:
    def explode(case):
        raise OSError("disk on fire")

    result = run_suite(CASES[:1], explode, CONFIG)
    assert len(result.rows) == len(STRATEGIES)
    assert all(r.error == "OSError: disk on fire" and r.correct is None for r in result.rows)


def test_counters_are_attached_with_excess_wavefronts() -> None:
    counters = SharedCounters(3932160, 0, 4063232, 131072, 131072, 131072)

    def profile(cases, variants):
        assert set(variants) == {c.name for c in CASES}
        return {"transpose_16x16/original": counters, "transpose_16x16/pad": "ncu could not run it"}

    rows = _run(profile=profile).rows
    original = _row(rows, "transpose_16x16", "original")
    assert original.counters == counters
    assert original.excess_wavefronts == 3932160
    assert original.wavefronts_per_instruction == pytest.approx(4194304 / 262144)
    assert original.sass_wavefronts_per_instruction is None  # not collected by this fake run
    assert "ncu: ncu could not run it" in _row(rows, "transpose_16x16", "pad").check


def test_results_serialise_and_outcomes_round_trip() -> None:
    result = _run(metadata={"device": "fake"})
    data = json.loads(json.dumps(result.to_json()))
    assert data["metadata"] == {"device": "fake"}
    assert data["reports"]["transpose_16x16"]["pad"]["arrays"][0]["name"] == "tile"
    outcome = CaseOutcome([r for r in result.rows if r.case == "transpose_16x16"], result.variants["transpose_16x16"])
    again = CaseOutcome.from_json(json.loads(json.dumps(outcome.to_json())))
    assert again == outcome
    assert SuiteConfig.from_json(CONFIG.to_json()) == CONFIG


def test_ncu_profiler_profiles_each_distinct_text_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    captured = []

    def fake_profile_jobs(jobs, workdir, ncu=None):
        captured.extend(jobs)
        return {j.key: SharedCounters(0, 0, 1, 1, 1, 1) for j in jobs}

    monkeypatch.setattr(suite_mod, "profile_jobs", fake_profile_jobs)
    case = CASES[0]
    source = case.source.read_bytes()
    variants = {case.name: [Variant("original", source), Variant("auto", source),
                            Variant("pad", source + b"//p"), Variant("xor", None, error="failed")]}
    got = ncu_profiler(tmp_path, 0.05, 3)({case.name: case}, variants)
    assert len(captured) == 2  # original and auto share one text
    assert set(got) == {f"{case.name}/{s}" for s in ("original", "auto", "pad")}
    assert captured[0].scale == 0.05 and captured[0].seed == 3 and captured[0].kernel == case.kernel
    assert Path(captured[0].source_file).read_bytes() == source
    assert (tmp_path / "variants" / f"{case.name}.pad.cu").read_bytes() == source + b"//p"


def test_predicted_wavefronts_weights_accesses_like_ncu() -> None:
    report = {"arrays": [{"accesses": [
        {"kind": "load", "wavefronts_after": 32.0, "executions": 8},
        {"kind": "store", "wavefronts_after": 1.0, "executions": 24},
        {"kind": "update", "wavefronts_after": 2.0, "executions": 4},
        {"kind": "atomic", "wavefronts_after": 9.0, "executions": 100},
    ]}]}
    # (32*8 + 1*24 + 2*4*2) / (8 + 24 + 8): atomics are not in the ld/st metrics.
    assert predicted_wavefronts(report, "wavefronts_after") == (256 + 24 + 16) / 40


def test_predicted_wavefronts_after_a_rewrite_counts_its_own_instructions() -> None:
    # Six adjacent words that ran as three LDS.64 run as six LDS once the rewritten
    # subscript hides their adjacency (stencil_rowptr under pad).
    report = {"arrays": [{"accesses": [
        {"kind": "store", "wavefronts_before": 1.0, "wavefronts_after": 1.25, "executions": 40,
         "executions_after": 40},
        {"kind": "load", "wavefronts_before": 4.0, "wavefronts_after": 4.0, "executions": 72,
         "executions_after": 144},
    ]}]}
    assert predicted_wavefronts(report, "wavefronts_before") == (40 + 4 * 72) / (40 + 72)
    assert predicted_wavefronts(report, "wavefronts_after") == (1.25 * 40 + 4 * 144) / (40 + 144)
