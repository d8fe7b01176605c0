"""Every rewritten example compiles with nvcc for sm_90 (fails in CI when nvcc is missing)."""
from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import EXAMPLES, GOLDEN, require_nvcc

SOURCES = sorted(EXAMPLES.glob("*.cu")) + sorted(p for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", ["auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor"])
def test_rewritten_sources_compile(run_cli, tmp_path, strategy):
    nvcc = require_nvcc()
    rewritten = []
    for src in SOURCES:
        out = tmp_path / f"{src.stem}.{strategy}.cu"
        code, _, err = run_cli(str(src), "-o", str(out), "--strategy", strategy)
        assert code == 0, err
        if out.read_bytes() != src.read_bytes():  # unchanged output is the user's own bytes
            rewritten.append((src, out))
    assert rewritten, "the strategy rewrote nothing"

    def compile_(job):
        src, out = job
        proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(out.with_suffix(".cubin")), str(out)],
                              capture_output=True, text=True)
        return None if proc.returncode == 0 else f"{src.name}: {proc.stderr.strip()[:400]}"

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        failures = [f for f in pool.map(compile_, rewritten) if f]
    assert not failures, "\n".join(failures)
