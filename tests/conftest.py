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


# Each test runs with a home, cache, temporary and runtime folder of its own
# and none of the user's RAPCC_* settings or CI: nothing a test does reads or
# writes the machine user's files (`~/.cache/rapcc`, `TMPDIR/rapcc-UID`, their
# servers), and no test sees what another left. The runtime folders (where
# rapcc's servers listen) are short, under one folder per test process: a
# socket's path must fit in 100 bytes, which pytest's tmp_path may not.
_SESSION: dict[str, str] = {}
REAL_ENV_NAMES = ("HOME", "XDG_CACHE_HOME", "TMPDIR", "XDG_RUNTIME_DIR")


def pytest_configure(config):
    # The headers the parse reads: the stand-ins unless a test asks for the
    # toolkit's (tests/test_toolkit_headers.py), so outputs and speed do not
    # depend on the machine's toolkit. Subprocesses inherit it.
    os.environ.setdefault("RAPCC_HEADERS", "standin")

    import tempfile
    for name in REAL_ENV_NAMES:
        _SESSION["real " + name] = os.environ.get(name, "")
    _SESSION["real tempdir"] = tempfile.gettempdir()
    _SESSION["real home"] = os.path.expanduser("~")
    folder = tempfile.mkdtemp(prefix="rapcc-tests", dir="/tmp" if os.path.isdir("/tmp") else None)
    _SESSION["runtime"] = folder
    os.environ["XDG_RUNTIME_DIR"] = folder  # for anything that runs outside a test (collection)


def real_environment() -> dict[str, str]:
    """The folders the test process was started with (tests/test_isolation.py)."""
    return dict(_SESSION)


def _stop_servers(runtime: str) -> None:
    """End every rapcc server whose files are under `runtime` (a test's)."""
    import signal

    from rapcc.server.registry import running
    for sub in Path(runtime).glob("rapcc-*"):
        for info in running(str(sub)):
            try:
                os.kill(info.pid, signal.SIGTERM)
            except OSError:
                pass


@pytest.fixture(autouse=True)
def private_folders(monkeypatch, tmp_path_factory):
    """A HOME, XDG_CACHE_HOME, TMPDIR and XDG_RUNTIME_DIR of this test's own."""
    import tempfile
    base = tmp_path_factory.mktemp("env")
    for name in ("home", "cache", "tmp"):
        (base / name).mkdir()
    runtime = tempfile.mkdtemp(prefix="t", dir=_SESSION["runtime"])
    kept = ("RAPCC_REQUIRE_NVCC", "RAPCC_UPDATE_GOLDEN")  # CI's demand for nvcc; a request to rewrite golden files
    for name in [n for n in os.environ if n.startswith("RAPCC_") and n not in kept] + ["CI"]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(base / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    monkeypatch.setenv("TMPDIR", str(base / "tmp"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", runtime)
    monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir() reads TMPDIR again
    yield
    _stop_servers(runtime)
    # A server started after this (a build's background wake) finds its
    # folder gone and exits at its next check (server/daemon.py).
    shutil.rmtree(runtime, ignore_errors=True)


def pytest_unconfigure(config):
    folder = _SESSION.pop("runtime", None)
    if folder is None:
        return
    _stop_servers(folder)
    for sub in Path(folder).iterdir():
        _stop_servers(str(sub))
    shutil.rmtree(folder, ignore_errors=True)
