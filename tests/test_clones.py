"""A `__device__` function called with different shared arrays (from
different kernels, or through another such function) is copied for each
array the rewrite changes; the original keeps serving the others. Where a
copy cannot be made, the arrays are left untouched with the reason."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, require_nvcc

CASES = ROOT / "tests" / "clones"


def _rewrite(run_cli, tmp_path: Path, name: str, strategy: str) -> tuple[str, dict]:
    out, rep = tmp_path / f"{name}.{strategy}.cu", tmp_path / f"{name}.{strategy}.json"
    code, _, err = run_cli(str(CASES / f"{name}.cu"), "-o", str(out), "--strategy", strategy,
                           "--report", str(rep), "--report-format", "json")
    assert code == 0, err
    return out.read_text(), {a["name"]: a for a in json.loads(rep.read_text())["arrays"]}


def test_each_rewritten_array_gets_its_own_copies(run_cli, tmp_path):
    text, by = _rewrite(run_cli, tmp_path, "two_kernels", "xor")
    assert by["tile_a"]["strategy"] == "xor" and by["tile_b"]["strategy"] == "xor"
    for arr in ("tile_a", "tile_b"):
        assert f"__device__ float cell__rapcc_{arr}(const float *t, int r, int c) {{ return t[__rapcc_{arr}_" in text
        assert f"acc += cell__rapcc_{arr}(t, r, c);" in text  # the nested call goes to the nested copy
        assert f"column_sum__rapcc_{arr}({arr}, threadIdx.x)" in text  # the kernel calls its copy
    # The originals are unchanged.
    assert "__device__ float cell(const float *t, int r, int c) { return t[r * 32 + c]; }" in text
    assert "acc += cell(t, r, c);" in text


def test_an_unchanged_array_keeps_the_original(run_cli, tmp_path):
    text, by = _rewrite(run_cli, tmp_path, "two_kernels", "auto")
    assert by["tile_a"]["strategy"] == "none" and by["tile_b"]["strategy"] != "none"
    assert "column_sum(tile_a, threadIdx.x)" in text and "cell__rapcc_tile_a" not in text
    assert "column_sum__rapcc_tile_b(tile_b, threadIdx.x)" in text


def test_copies_keep_the_users_line_numbers(run_cli, tmp_path):
    text, _ = _rewrite(run_cli, tmp_path, "two_kernels", "xor")
    # Each copy is announced as the original's lines, and the file resumes on its own line after it.
    assert text.count('#line 3 "') == 2 and text.count('#line 4 "') == 2
    assert text.count('#line 5 "') == 2 and text.count('#line 12 "') == 2


@pytest.mark.parametrize("array,needle", [
    ("la", "'late' is called at line 10, before its definition (line 22)"),
    ("lb", "'late' is called at line 10, before its definition (line 22)"),
    ("pa", "a call of 'pair' at line 34 passes it several shared arrays"),
])
def test_copies_it_cannot_make_leave_the_arrays_untouched(run_cli, tmp_path, array, needle):
    text, by = _rewrite(run_cli, tmp_path, "refused", "xor")
    assert by[array]["strategy"] == "none" and needle in by[array]["reason"]
    assert "__rapcc" not in text.split("*/", 1)[-1]


@pytest.mark.parametrize("strategy", ["xor", "pad", "rap", "auto"])
def test_copies_compile(run_cli, tmp_path, strategy):
    nvcc = require_nvcc()
    _rewrite(run_cli, tmp_path, "two_kernels", strategy)
    out = tmp_path / f"two_kernels.{strategy}.cu"
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[:800]
