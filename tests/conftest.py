"""Shared fixtures: the repository root, and running the CLI in-process."""
from __future__ import annotations

import functools
import io
import os
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from rapcc.cli import main
from rapcc.toolkit import DISABLE_ENV

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ROOT / "examples"


@pytest.fixture
def run_cli(monkeypatch):
    """Run `rapcc ARGS` from the repository root; returns (code, stdout, stderr).
    Hermetic: the stand-in headers alone, whether or not a CUDA toolkit is installed."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv(DISABLE_ENV, "1")

    def run(*args: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(args))
        return code, out.getvalue(), err.getvalue()
    return run


def require_nvcc() -> str:
    """nvcc's path. CI sets RAPCC_REQUIRE_NVCC=1 so a missing nvcc fails instead of skipping."""
    path = shutil.which("nvcc")
    if path is None:
        if os.environ.get("RAPCC_REQUIRE_NVCC") == "1":
            pytest.fail("nvcc is required (RAPCC_REQUIRE_NVCC=1) but not on the PATH")
        pytest.skip("nvcc not on the PATH")
    return path


EXAMPLE_SOURCES = sorted(EXAMPLES.glob("*.cu")) + sorted(p for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))
FORCED_STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor")


@functools.lru_cache(maxsize=None)
def example_rewrites() -> dict[str, dict[str, object]]:
    """strategy -> example path -> its RewriteResult (or the InternalError its
    verification raised), with the stand-in headers alone: one parse and
    analysis per example for every strategy, shared by the tests that force
    strategies on every example (tests/test_nvcc.py, tests/test_strategy_hashes.py)."""
    from rapcc.pipeline import Options, rewrite_source_strategies
    out: dict[str, dict[str, object]] = {}
    for src in EXAMPLE_SOURCES:
        for strategy, result in rewrite_source_strategies(src.read_bytes(), str(src), Options(),
                                                          FORCED_STRATEGIES).items():
            out.setdefault(strategy, {})[str(src)] = result
    return out
