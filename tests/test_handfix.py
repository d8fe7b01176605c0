"""Hand fixes, checked: recognised, judged on 32 banks, warned about when broken, never padded again when they work."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT, require_nvcc
from rapcc.analysis.handfix import detect
from rapcc.banks import DEFAULT_BANKS
from rapcc.pipeline import Options, rewrite_source

CASES = ROOT / "tests" / "handfix"


def _result(path: Path):
    return rewrite_source(path.read_bytes(), str(path), Options(strategy="auto"))


def _broken(result) -> list[str]:
    return [d.message for d in result.diagnostics if d.check_id == "rapcc-broken-fix"]


@pytest.mark.parametrize("name, kind, verdict", [
    ("pad16_rows", "padded-rows", "16-banks"),
    ("stride_noop", "spare-elements", "no-op"),
    ("scan_16banks", "padded-index", "partial"),
])
def test_broken_fix_fires(name: str, kind: str, verdict: str) -> None:
    result = _result(CASES / f"{name}.cu")
    fix = detect(result.plans[0].analysis, DEFAULT_BANKS)
    assert fix is not None and (fix.kind, fix.verdict) == (kind, verdict)
    messages = _broken(result)
    assert len(messages) == 1 and "does not work" in messages[0]
    assert result.report["arrays"][0]["hand_fix"]["verdict"] == verdict


def test_sixteen_bank_padding_is_named_and_replaced() -> None:
    result = _result(CASES / "pad16_rows.cu")
    [message] = _broken(result)
    assert "tuned for 16 banks" in message and "rows 16 -> 17" in message
    plan = result.plans[0]
    assert plan.rewritten  # every use is visible: auto may replace a broken fix
    assert sum(p.wavefronts for p in plan.after) < sum(p.wavefronts for p in plan.before)


def test_padded_index_compares_against_the_unpadded_layout() -> None:
    fix = detect(_result(CASES / "scan_16banks.cu").plans[0].analysis, DEFAULT_BANKS)
    assert fix is not None and fix.unfixed is not None
    assert fix.ideal < fix.fixed < fix.unfixed


@pytest.mark.parametrize("path", [CASES / "padded_works.cu", CASES / "xor_works.cu", EXAMPLES / "matmul_padded.cu"])
def test_working_fix_does_not_fire_and_is_not_padded_again(path: Path) -> None:
    result = _result(path)
    assert _broken(result) == []
    for plan in result.plans:
        fix = detect(plan.analysis, DEFAULT_BANKS)
        assert fix is not None and fix.verdict == "works"
        assert not plan.rewritten
    assert result.text == path.read_bytes()


def test_plain_arrays_have_no_hand_fix() -> None:
    for name in ("transpose_32x8", "transpose_16x16"):
        result = _result(EXAMPLES / f"{name}.cu")
        assert detect(result.plans[0].analysis, DEFAULT_BANKS) is None
        assert _broken(result) == []


@pytest.mark.parametrize("strategy", ["xor", "rap", "bvxor", "auto"])
def test_an_xor_that_still_conflicts_is_reported_without_an_unfixed_cost(strategy: str) -> None:
    """Issue 17: `s[(2 * t) ^ 64]` leaves a conflict and has no derivable
    unfixed layout; the report formatted that missing cost and crashed."""
    path = CASES / "xor_partial.cu"
    result = rewrite_source(path.read_bytes(), str(path), Options(strategy=strategy, whole_program=True))
    fix = detect(result.plans[0].analysis, DEFAULT_BANKS)
    assert fix is not None and (fix.kind, fix.verdict, fix.unfixed) == ("xor", "partial", None)
    [message] = _broken(result)
    assert message.startswith("hand fix of 's' does not work: the XOR in the subscript leaves conflicts: "
                              "1.50 wavefronts per request (ideal 1.00); rapcc replaces it")
    assert result.report["arrays"][0]["hand_fix"]["wavefronts_without"] is None
    assert result.plans[0].rewritten and b"__rapcc_s_" in result.text


@pytest.mark.nvcc
def test_the_rewrite_of_a_partial_xor_compiles(tmp_path: Path) -> None:
    nvcc = require_nvcc()
    path = CASES / "xor_partial.cu"
    for strategy in ("xor", "rap", "bvxor", "auto"):
        out = tmp_path / f"{strategy}.cu"
        out.write_bytes(rewrite_source(path.read_bytes(), str(path), Options(strategy=strategy)).text)
        proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
