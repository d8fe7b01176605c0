"""Every rewritten example compiles with nvcc for sm_90 (fails in CI when nvcc is missing)."""
from __future__ import annotations

import functools
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import EXAMPLES, GOLDEN, require_nvcc
from rapcc.diagnostics import InternalError
from rapcc.pipeline import Options, rewrite_source_strategies

SOURCES = sorted(EXAMPLES.glob("*.cu")) + sorted(p for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))
STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor")


@functools.lru_cache(maxsize=None)
def _rewrites() -> dict[str, dict[str, bytes]]:
    """Each source's rewrite under every strategy: one parse and analysis per
    source (the CLI runs the same pipeline; tests/test_cli.py covers it)."""
    out: dict[str, dict[str, bytes]] = {}
    for src in SOURCES:
        results = rewrite_source_strategies(src.read_bytes(), str(src), Options(), STRATEGIES)
        for strategy, result in results.items():
            assert not isinstance(result, InternalError), f"{src.name} under {strategy}: {result}"
            out.setdefault(strategy, {})[str(src)] = result.text
    return out


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_rewritten_sources_compile(tmp_path, strategy):
    nvcc = require_nvcc()
    rewritten = []
    for src in SOURCES:
        text = _rewrites()[strategy][str(src)]
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
