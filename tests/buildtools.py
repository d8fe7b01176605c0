"""Helpers for the build-integration tests: run rapcc-nvcc / rapcc-launch from
this checkout (as `python -m`, so that the code under test is this tree's, not
an installed copy's)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

NVCC_CLI = [sys.executable, "-m", "rapcc.build.nvcc_cli"]

# A 32 x 32 float tile in PTX: 4096 bytes as written, 4224 once rapcc pads a row.
ORIGINAL_TILE, PADDED_TILE = "[4096]", "[4224]"

# The transpose example with a launch that asks for no dynamic shared memory, so
# that padding may grow its tile (issue 27 §7: every launch's bytes must be known).
TRANSPOSE_LAUNCHED = (ROOT / "examples" / "transpose_32x8.cu").read_bytes() + (
    b"void launch_transpose(float *o, const float *i, int n) "
    b"{ transpose_32x8<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(o, i, n); }\n")


def shared_size(ptx: str) -> str:
    """The `[bytes]` of the first shared array a PTX file declares."""
    m = re.search(r"\.shared \.align \d+ \.b8 \S+(\[\d+\])", ptx)
    assert m, ptx[:2000]
    return m.group(1)
LAUNCHER = [sys.executable, "-m", "rapcc.build.launcher"]


def build_env(cache: Path, **extra: str) -> dict[str, str]:
    """The environment of a wrapped compile: this checkout first on the path,
    a private cache, and no RAPCC_* settings from the caller's shell."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") or k == "RAPCC_REQUIRE_NVCC"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["RAPCC_CACHE_DIR"] = str(cache)
    env.update(extra)
    return env


def run_wrapped(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(NVCC_CLI + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def require_tool(name: str) -> str:
    """cmake / ninja (CI installs them with pip, the test extra) or make (on
    every CI machine): a missing one fails in CI and skips elsewhere."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("RAPCC_REQUIRE_NVCC") == "1":
            pytest.fail(f"{name} is required (RAPCC_REQUIRE_NVCC=1) but not on the PATH")
        hint = {"make": "install GNU make", "g++": "install a host C++ compiler (nvcc needs one too)",
                "nm": "install binutils"}.get(name, "the test extra installs it (pip install -e '.[test]')")
        pytest.skip(f"{name} not on the PATH; {hint}")
    return path


def require_host_oracle(gxx: str) -> str:
    """The g++ the host oracle (tests/fuzz/hostcheck.py) compiles kernels with:
    a missing one fails in CI and skips elsewhere, saying how to provide it."""
    if not Path(gxx).exists():
        if os.environ.get("RAPCC_REQUIRE_NVCC") == "1":
            pytest.fail(f"{gxx} is required (RAPCC_REQUIRE_NVCC=1): the oracle compiles the kernels as host C++")
        pytest.skip(f"{gxx} not found: the oracle runs each kernel as host C++ compiled by g++; install g++ "
                    "or point RAPCC_FUZZ_GXX at one")
    return gxx
