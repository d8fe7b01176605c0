"""Shared fixtures: the repository root, and running the CLI in-process."""
from __future__ import annotations

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
