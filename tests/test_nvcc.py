"""Every rewritten example compiles with nvcc for sm_90 (fails in CI when nvcc is missing)."""
from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import EXAMPLE_SOURCES as SOURCES, FORCED_STRATEGIES as STRATEGIES, example_rewrites, require_nvcc
from rapcc.diagnostics import InternalError


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_rewritten_sources_compile(tmp_path, strategy):
    nvcc = require_nvcc()
    rewritten = []
    for src in SOURCES:
        result = example_rewrites()[strategy][str(src)]
        assert not isinstance(result, InternalError), f"{src.name} under {strategy}: {result}"
        text = result.text  # type: ignore[union-attr]
        if text != src.read_bytes():  # unchanged output is the user's own bytes
            out = tmp_path / f"{src.stem}.{strategy}.cu"
            out.write_bytes(text)
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
