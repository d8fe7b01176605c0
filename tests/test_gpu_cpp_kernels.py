"""On a CUDA GPU: a C++ template kernel through the harness (name expressions)
and through `rapcc.cupy.RawModule`, bit for bit against plain CuPy.

Skipped where CuPy cannot be imported or sees no device (CI has no GPU).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rapcc.harness.case import load_cases
from rapcc.harness.runner import cuda_status

pytestmark = pytest.mark.gpu

USABLE, WHY = cuda_status()
if not USABLE:
    pytest.skip(f"no CUDA GPU: {WHY}", allow_module_level=True)

import cupy  # noqa: E402  (needs the GPU check above)

from rapcc.cupy import RawModule  # noqa: E402
from rapcc.harness.runner import CupyRunner  # noqa: E402
from rapcc.harness.suite import SuiteConfig, in_process, run_suite  # noqa: E402

CASES_CPP = Path(__file__).resolve().parent / "cases_cpp"
KERNEL = "tiles::transpose<2>"


def test_cpp_case_runs_in_the_harness_bit_for_bit() -> None:
    (case,) = load_cases(CASES_CPP)
    config = SuiteConfig(strategies=("auto", "pad", "xor"), scale=0.05, repeats=3)
    result = run_suite([case], in_process(CupyRunner(), config), config)
    assert all(r.correct for r in result.rows), [r for r in result.rows if not r.correct]


def test_cupy_rawmodule_drop_in_matches_plain_cupy_bitwise() -> None:
    code = (CASES_CPP / "transpose_tmpl.cu").read_text()
    plain = cupy.RawModule(code=code, options=("-std=c++17",), name_expressions=(KERNEL,))
    ours = RawModule(code=code, options=("-std=c++17",), name_expressions=(KERNEL,))
    assert ours.rapcc.changed
    n = 1024
    src = cupy.asarray(np.random.default_rng(3).standard_normal((n, n), dtype=np.float32))
    outs = []
    for mod in (plain, ours):
        out = cupy.full((n, n), np.nan, dtype=np.float32)
        mod.get_function(KERNEL)((n // 32, n // 32), (32, 8), (out, src, np.int32(n)))
        outs.append(cupy.asnumpy(out))
    assert outs[0].tobytes() == outs[1].tobytes()
    assert np.array_equal(outs[0], cupy.asnumpy(src).T * 2)
