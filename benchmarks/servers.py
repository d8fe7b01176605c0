"""A folder of its own for rapcc's server during one timed build (benchmarks).

A cold build in CI starts with no server: each timed cold build gets a fresh
folder (`XDG_RUNTIME_DIR`), so the first rewrite of that build starts the
server and is timed doing it; the server is stopped after the build's runs.
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
    """`env` with a new, empty server folder (or RAPCC_SERVER=0 with `one_shot`)."""
    folder = tempfile.mkdtemp(prefix="rapcc-bench", dir="/tmp" if os.path.isdir("/tmp") else None)
    inner = {**env, "XDG_RUNTIME_DIR": folder}
    if one_shot:
        inner["RAPCC_SERVER"] = "0"
    try:
        yield inner
    finally:
        subprocess.run([sys.executable, "-m", "rapcc.server", "stop"], env=inner, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
