"""On a CUDA GPU: every example compiles with NVRTC, runs, and matches its reference.

Skipped where CuPy cannot be imported or sees no device (CI has no GPU).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rapcc.harness.case import load_cases
from rapcc.harness.compare import compare_all
from rapcc.harness.runner import BuildError, cuda_status
from rapcc.harness.suite import SuiteConfig, in_process, run_suite

pytestmark = pytest.mark.gpu

USABLE, WHY = cuda_status()
if not USABLE:
    pytest.skip(f"no CUDA GPU: {WHY}", allow_module_level=True)

from rapcc.harness.runner import CupyRunner  # noqa: E402  (needs the GPU check above)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASES = load_cases(EXAMPLES)
RUNNER = CupyRunner()
SCALE = 0.01


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_example_matches_its_reference_on_the_gpu(case) -> None:
    kernel = RUNNER.build(case, case.source.read_bytes(), case.name)
    args = case.make_inputs(np.random.default_rng(1), SCALE)
    outputs = RUNNER.run(kernel, args)
    result = compare_all(outputs, case.reference(args), bitwise=False, rtol=case.rtol)
    assert result.ok, result.message
    again = RUNNER.run(kernel, args)
    assert compare_all(again, outputs, bitwise=True).ok, "the kernel is not deterministic"


def test_unwritten_outputs_stay_poisoned() -> None:
    case = next(c for c in CASES if c.name == "transpose_16x16")
    source = case.source.read_bytes().replace(b"out[j * rows + i] =", b"if (threadIdx.x & 1) out[j * rows + i] =")
    outputs = RUNNER.run(RUNNER.build(case, source, "half"), case.make_inputs(np.random.default_rng(1), SCALE))
    assert np.isnan(outputs[0]).any() and not np.isnan(outputs[0]).all()


def test_compile_errors_carry_the_nvrtc_log() -> None:
    case = CASES[0]
    with pytest.raises(BuildError, match="NVRTC compilation failed"):
        RUNNER.build(case, b'extern "C" __global__ void broken() { int x = ; }', "broken")


def test_timing_on_the_gpu() -> None:
    case = next(c for c in CASES if c.name == "transpose_32x8")
    kernel = RUNNER.build(case, case.source.read_bytes(), case.name)
    timing = RUNNER.time(kernel, case.make_inputs(np.random.default_rng(2), SCALE), warmup=2, repeats=30)
    assert timing.runs == 30 and 0 < timing.min_ms <= timing.median_ms <= timing.max_ms


def test_rapcc_rewrites_of_the_transpose_are_bitwise_equal() -> None:
    case = next(c for c in CASES if c.name == "transpose_32x8")
    config = SuiteConfig(scale=SCALE, repeats=30)
    result = run_suite([case], in_process(RUNNER, config), config)
    assert all(r.correct for r in result.rows), [(r.strategy, r.check, r.error) for r in result.rows]
