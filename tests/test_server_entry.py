"""The `rapcc` command line run in its own process, without rapcc's server
(server/entry.py, issue 29): what such a run pays that a server's child does
not, kept out."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rapcc.server.entry import run_frozen
from tests.conftest import ROOT

# What a plain `rapcc FILE -o OUT` (a file that includes no other kernel file,
# with no settings file above it) must not load: the wheel's metadata reader
# and what it brings (libclang's version is asked of the library), the build
# layer, the settings files' parser.
NOT_NEEDED = ("importlib.metadata", "email", "zipfile", "csv", "rapcc.build.worker", "rapcc.build", "tomllib")

RUN = """
import gc, json, os, sys
from rapcc.server.entry import main
sys.argv = ["rapcc", *sys.argv[1:]]
status = main()
from rapcc.frontend.parse import libclang_major
major = libclang_major()  # asked whether or not this machine's parse used the toolkit's headers
print(json.dumps({"status": status, "major": major, "loaded": sorted(m for m in %r if m in sys.modules),
                  "frozen": gc.get_freeze_count(), "tracked": len(gc.get_objects()),
                  "numpy": "numpy" in sys.modules, "blas": os.environ.get("OPENBLAS_NUM_THREADS"),
                  "threads": len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None}))
""" % (NOT_NEEDED,)


def _run(tmp_path: Path, *args: str, blas: str | None = None) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("RAPCC_") and k not in ("CI", "OPENBLAS_NUM_THREADS")}
    if blas is not None:
        env["OPENBLAS_NUM_THREADS"] = blas
    env.update({"RAPCC_SERVER": "0", "TMPDIR": str(tmp_path), "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)})
    proc = subprocess.run([sys.executable, "-c", RUN, *args], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def test_a_plain_run_loads_only_what_it_needs(tmp_path):
    work = tmp_path / "project"
    (work / ".git").mkdir(parents=True)  # the settings files' search ends here
    src = work / "transpose_32x8.cu"
    shutil.copy(ROOT / "examples" / "transpose_32x8.cu", src)
    got = _run(tmp_path, str(src), "-o", str(work / "out.cu"))
    assert got["status"] == 0 and got["major"] > 0
    assert "rapcc" in (work / "out.cu").read_text()  # the whole path ran: parse, plan, rewrite, re-proof
    assert got["loaded"] == []


def test_a_settings_file_is_still_read(tmp_path):
    """The twin: with a `.rapcc.toml` above the input, its parser is loaded and its settings apply."""
    work = tmp_path / "project"
    (work / ".git").mkdir(parents=True)
    (work / ".rapcc.toml").write_text('strategy = "none"\n')
    src = work / "transpose_32x8.cu"
    shutil.copy(ROOT / "examples" / "transpose_32x8.cu", src)
    got = _run(tmp_path, str(src), "-o", str(work / "out.cu"))
    assert got["status"] == 0 and "tomllib" in got["loaded"]
    assert (work / "out.cu").read_bytes() == src.read_bytes()  # strategy none: nothing rewritten


def test_the_collector_is_kept_off_what_outlives_the_run(tmp_path):
    """What the imports and the run leave is frozen when the run returns (the
    interpreter's exit then walks none of it), and the exit handlers still
    run: the layout searches' table is saved."""
    src = ROOT / "examples" / "transpose_32x8.cu"
    got = _run(tmp_path, str(src), "-o", str(tmp_path / "out.cu"))
    assert got["status"] == 0
    assert got["frozen"] > 10_000 and got["tracked"] < 1_000
    assert list((tmp_path / f"rapcc-{os.getuid()}").glob("searches-*.memo"))


def test_numpy_is_loaded_without_openblas_threads(tmp_path):
    """NumPy's OpenBLAS starts a thread per CPU at import, which rapcc never
    uses (~45 ms of CPU per process, blas_threads.py): the run's process has
    only its own thread, and the environment it passes on is the user's."""
    if not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2:
        pytest.skip("counts threads through Linux's /proc on a machine with several CPUs")
    src = ROOT / "examples" / "transpose_32x8.cu"
    got = _run(tmp_path, str(src), "-o", str(tmp_path / "out.cu"))
    assert got["status"] == 0 and got["numpy"]
    assert got["threads"] == 1
    assert got["blas"] is None  # set only around the import: nvcc and rapcc-launch's program never see it


def test_a_users_openblas_setting_is_kept(tmp_path):
    """The twin: a user's OPENBLAS_NUM_THREADS is theirs; OpenBLAS starts the threads it asks for."""
    if not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2:
        pytest.skip("counts threads through Linux's /proc on a machine with several CPUs")
    import numpy
    blas = numpy.__config__.CONFIG.get("Build Dependencies", {}).get("blas", {}).get("name", "")
    if "openblas" not in blas:
        pytest.skip(f"this NumPy's BLAS is {blas or 'unknown'}, not OpenBLAS: no pool to count")
    src = ROOT / "examples" / "transpose_32x8.cu"
    got = _run(tmp_path, str(src), "-o", str(tmp_path / "out.cu"), blas="2")
    assert got["status"] == 0 and got["blas"] == "2"
    assert got["threads"] == 2


def test_run_frozen_returns_what_the_run_returns_and_freezes_after_a_failure_too():
    import gc
    gc.unfreeze()
    try:
        assert run_frozen(lambda: 7) == 7 and gc.get_freeze_count() > 0
        gc.unfreeze()
        try:
            run_frozen(lambda: 1 // 0)
        except ZeroDivisionError:
            pass
        else:
            raise AssertionError("the run's exception was swallowed")
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # this test process keeps its collector
