"""A folder of its own for rapcc's server during one timed build (benchmarks).

A cold build in CI starts with no server and an empty temporary folder: each
timed cold build gets a fresh folder as both `XDG_RUNTIME_DIR` and `TMPDIR`,
so the first rewrite of that build starts the server, and the first parse
builds the precompiled shim (frontend/prelude.py) and Jinja compiles the
templates, all timed; the server is stopped after the build's runs.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator


@contextlib.contextmanager
def fresh_server(env: dict[str, str], one_shot: bool = False) -> Iterator[dict[str, str]]:
    """`env` with a new, empty server and temporary folder (and RAPCC_SERVER=0 with `one_shot`)."""
    folder = tempfile.mkdtemp(prefix="rapcc-bench", dir="/tmp" if os.path.isdir("/tmp") else None)
    inner = {**env, "XDG_RUNTIME_DIR": folder, "TMPDIR": folder}
    if one_shot:
        inner["RAPCC_SERVER"] = "0"
    try:
        yield inner
    finally:
        subprocess.run([sys.executable, "-m", "rapcc.server", "stop"], env=inner, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
