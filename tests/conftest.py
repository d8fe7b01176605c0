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


# rapcc's server (rapcc/server) for this test process alone: the `rapcc` and
# `rapcc-nvcc` subprocesses the tests start use it, as a user's would, without
# reaching the servers of the machine's user, and it is stopped at the end
# (a CI job need not wait for it to idle out).
_SERVER_DIR: list[str] = []


def pytest_configure(config):
    # The headers the parse reads: the stand-ins unless a test asks for the
    # toolkit's (tests/test_toolkit_headers.py), so outputs and speed do not
    # depend on the machine's toolkit. Subprocesses inherit it.
    os.environ.setdefault("RAPCC_HEADERS", "standin")

    import tempfile
    folder = tempfile.mkdtemp(prefix="rapcc-tests", dir="/tmp" if os.path.isdir("/tmp") else None)
    _SERVER_DIR.append(folder)
    os.environ["XDG_RUNTIME_DIR"] = folder


def pytest_unconfigure(config):
    if not _SERVER_DIR:
        return
    from rapcc.server.client import stop_all
    folder = _SERVER_DIR.pop()
    stop_all({"XDG_RUNTIME_DIR": folder})
    shutil.rmtree(folder, ignore_errors=True)
