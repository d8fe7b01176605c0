"""Every rewritten example compiles with nvcc for sm_90 (fails in CI when nvcc is missing)."""
from __future__ import annotations

import subprocess

import pytest

from conftest import EXAMPLES, GOLDEN, require_nvcc

SOURCES = sorted(EXAMPLES.glob("*.cu")) + sorted(p for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", ["auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor"])
def test_rewritten_sources_compile(run_cli, tmp_path, strategy):
    nvcc = require_nvcc()
    failures = []
    for src in SOURCES:
        out = tmp_path / f"{src.stem}.{strategy}.cu"
        code, _, err = run_cli(str(src), "-o", str(out), "--strategy", strategy)
        assert code == 0, err
        proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            failures.append(f"{src.name}: {proc.stderr.strip()[:400]}")
    assert not failures, "\n".join(failures)
