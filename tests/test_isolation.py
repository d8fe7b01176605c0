"""Every test runs in folders of its own (conftest.private_folders): none reads
or writes the machine user's home, cache, temporary or runtime folder, so the
suite passes the same on a machine where rapcc-nvcc was used before."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from conftest import real_environment
from rapcc.build.passthrough import cache_folder


def _inside(path: str, folder: str) -> bool:
    return bool(folder) and os.path.commonpath([os.path.abspath(path), os.path.abspath(folder)]) == \
        os.path.abspath(folder)


def test_each_test_has_folders_of_its_own():
    real = real_environment()
    mine = {"HOME": os.environ["HOME"], "XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"],
            "TMPDIR": os.environ["TMPDIR"], "XDG_RUNTIME_DIR": os.environ["XDG_RUNTIME_DIR"]}
    for name, value in mine.items():
        assert value != real["real " + name] and os.path.isdir(value), name
    assert Path.home() != Path(real["real home"]) and str(Path.home()) == mine["HOME"]
    assert tempfile.gettempdir() == mine["TMPDIR"] != real["real tempdir"]
    # rapcc-nvcc's default cache (the one test_scan_exit once read for real) is this test's.
    assert _inside(cache_folder(os.environ), mine["XDG_CACHE_HOME"])
    assert not [n for n in os.environ if n.startswith("RAPCC_") and n != "RAPCC_REQUIRE_NVCC"]
    assert "CI" not in os.environ


def test_a_subprocess_sees_the_same_folders():
    out = subprocess.run([sys.executable, "-c", "import os, tempfile; print(os.path.expanduser('~')); "
                          "print(tempfile.gettempdir())"], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [os.environ["HOME"], os.environ["TMPDIR"]]
