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
# with no settings file above it, the server off) must not load: the wheel's
# metadata reader and what it brings (libclang's version is asked of the
# library), the build layer, the settings files' parser, the server's client.
NOT_NEEDED = ("importlib.metadata", "email", "zipfile", "csv", "rapcc.build.worker", "rapcc.build", "tomllib",
              "rapcc.server.client", "socket")  # the server's client, where the server is off

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


# A run whose process records each process it starts and each thread, and
# when: before or after rapcc's imports, with or without OPENBLAS_NUM_THREADS.
WATCHED = """
import json, os, subprocess, sys, threading
spawns, threads = [], []
popen_init, thread_start = subprocess.Popen.__init__, threading.Thread.start
def init(self, args, *a, **k):
    spawns.append({"program": os.path.basename(str(args[0])), "after_imports": "rapcc.cli" in sys.modules,
                   "blas": os.environ.get("OPENBLAS_NUM_THREADS")})
    popen_init(self, args, *a, **k)
def start(self):
    threads.append({"name": self.name, "after_imports": "rapcc.cli" in sys.modules,
                    "blas": os.environ.get("OPENBLAS_NUM_THREADS")})
    thread_start(self)
subprocess.Popen.__init__, threading.Thread.start = init, start
from rapcc.server import ahead
if os.environ.get("TEST_AHEAD_IMPORTS"):  # this script's own settings, not rapcc's
    ahead.FIRST_RUN_IMPORTS = tuple(os.environ["TEST_AHEAD_IMPORTS"].split(","))
spare = os.environ.get("TEST_SPARE_CPU", "1") == "1"  # whatever the machine's load, as the test says
ahead.spare_cpu = lambda read, cpus: spare
from rapcc.server.entry import main
sys.argv = ["rapcc", *sys.argv[1:]]
status = main()
print(json.dumps({"status": status, "spawns": spawns, "threads": threads, "jinja2": "jinja2" in sys.modules,
                  "alive": [t.name for t in threading.enumerate() if t is not threading.main_thread()]}))
"""


def _watched(tmp_path: Path, *args: str, path: str | None = None, extra: dict[str, str] | None = None
             ) -> tuple[dict, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("RAPCC_") and k not in ("CI", "OPENBLAS_NUM_THREADS", "CUDA_HOME", "CUDA_PATH")}
    env.update({"RAPCC_SERVER": "0", "TMPDIR": str(tmp_path), "HOME": str(tmp_path), "PYTHONPATH": str(ROOT),
                **(extra or {})})
    if path is not None:
        env["PATH"] = path
    proc = subprocess.run([sys.executable, "-c", WATCHED, *args], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1]), proc.stderr


def _fake_nvcc(tmp_path: Path) -> tuple[str, Path]:
    """PATH with an nvcc wrapper first that records the environment it was
    started with and points at no toolkit (the parse then uses the stand-ins)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    nvcc = folder / "nvcc"
    seen = tmp_path / "nvcc-saw"
    nvcc.write_text(f"#!/bin/sh\necho \"OPENBLAS_NUM_THREADS=${{OPENBLAS_NUM_THREADS-unset}}\" >> {seen}\n"
                    "echo '#$ TOP=/nonexistent-toolkit'\n")
    nvcc.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}", seen


def test_nvcc_is_asked_ahead_of_the_imports_without_the_openblas_setting(tmp_path):
    """A one-shot run starts nvcc's dry run for the toolkit before its imports
    (which it then overlaps: ahead.py), and no process rapcc starts sees the
    OPENBLAS_NUM_THREADS set around NumPy's import."""
    path, seen = _fake_nvcc(tmp_path)
    src = ROOT / "examples" / "transpose_32x8.cu"
    got, _ = _watched(tmp_path, str(src), "-o", str(tmp_path / "out.cu"), path=path)
    assert got["status"] == 0 and "rapcc" in (tmp_path / "out.cu").read_text()
    nvccs = [s for s in got["spawns"] if s["program"] == "nvcc"]
    assert nvccs and not nvccs[0]["after_imports"]  # the toolkit's probe, started ahead
    assert all(s["blas"] is None for s in got["spawns"])
    lines = seen.read_text().splitlines()
    assert len(lines) == len(nvccs) and set(lines) == {"OPENBLAS_NUM_THREADS=unset"}


def test_a_cuda_path_starts_no_probe(tmp_path):
    """The twin: with --cuda-path discovery asks no nvcc for its root, and none is started for it."""
    path, seen = _fake_nvcc(tmp_path)
    src = ROOT / "examples" / "transpose_32x8.cu"
    got, _ = _watched(tmp_path, str(src), "-o", str(tmp_path / "out.cu"), "--cuda-path", str(tmp_path / "none"),
                      path=path)
    assert got["status"] == 1  # clang finds no CUDA installation there: the user's to fix
    assert all(s["after_imports"] for s in got["spawns"])  # only the build macros' dry run, in turn


def test_a_one_shot_run_imports_jinja_in_a_thread_after_numpy(tmp_path):
    """A rewrite's run starts the imports thread once rapcc is imported (the
    OPENBLAS_NUM_THREADS window closed), and it has ended when the run returns."""
    src = ROOT / "examples" / "transpose_32x8.cu"
    got, _ = _watched(tmp_path, str(src), "-o", str(tmp_path / "out.cu"), extra={"RAPCC_NO_CUDA_DISCOVERY": "1"})
    assert got["status"] == 0 and got["jinja2"]
    ahead_threads = [t for t in got["threads"] if t["name"] == "rapcc-imports-ahead"]
    assert ahead_threads == [{"name": "rapcc-imports-ahead", "after_imports": True, "blas": None}]
    assert got["alive"] == []


def test_a_busy_machine_starts_no_imports_thread(tmp_path):
    """The twin: with no CPU idle the thread would only take turns with the
    main thread: none is started, and Jinja is imported in turn, by the rewrite."""
    src = ROOT / "examples" / "transpose_32x8.cu"
    got, _ = _watched(tmp_path, str(src), "-o", str(tmp_path / "out.cu"),
                      extra={"RAPCC_NO_CUDA_DISCOVERY": "1", "TEST_SPARE_CPU": "0"})
    assert got["status"] == 0 and got["jinja2"] and got["threads"] == []


def test_analyze_starts_no_imports_thread(tmp_path):
    """The twin: `rapcc analyze` rewrites nothing, and loads its report
    writers (Jinja's HTML page among them) before its parse, in turn: no thread."""
    src = ROOT / "examples" / "transpose_32x8.cu"
    got, _ = _watched(tmp_path, "analyze", str(src), extra={"RAPCC_NO_CUDA_DISCOVERY": "1"})
    assert got["status"] == 0 and got["threads"] == []


def test_a_failure_in_the_imports_thread_changes_nothing(tmp_path):
    """The thread's import fails (a module that raises): the run's output and
    messages are those of a run whose thread imported Jinja."""
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "rapcc_test_raises.py").write_text("raise RuntimeError('broken at import')\n")
    src = ROOT / "examples" / "transpose_32x8.cu"
    extra = {"RAPCC_NO_CUDA_DISCOVERY": "1"}
    good, good_err = _watched(tmp_path, str(src), "-o", str(tmp_path / "good.cu"), extra=extra)
    extra.update({"TEST_AHEAD_IMPORTS": "rapcc_test_raises,jinja2",
                  "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path / 'mods'}"})
    bad, bad_err = _watched(tmp_path, str(src), "-o", str(tmp_path / "bad.cu"), extra=extra)
    assert good["status"] == bad["status"] == 0
    assert "rapcc-imports-ahead" in [t["name"] for t in bad["threads"]]
    assert (tmp_path / "bad.cu").read_bytes() == (tmp_path / "good.cu").read_bytes()
    assert bad_err == good_err and "broken" not in bad_err


def test_a_served_run_starts_nothing_ahead(monkeypatch):
    """Under the server nothing changes: a served command starts no probe and no thread here."""
    from rapcc import toolkit
    from rapcc.server import ahead, client, entry
    started = []
    monkeypatch.setattr(toolkit, "start_nvcc_top", lambda *a: started.append("probe"))
    monkeypatch.setattr(ahead, "start_imports", lambda *a: started.append("imports"))
    monkeypatch.setattr(ahead, "spare_cpu", lambda read, cpus: True)
    monkeypatch.setattr(client, "serve", lambda op, argv, env: client.Ended(0))
    monkeypatch.setattr(sys, "argv", ["rapcc", "k.cu", "-o", "out.cu"])
    monkeypatch.setenv("RAPCC_SERVER", "1")
    monkeypatch.delenv("CI", raising=False)
    assert entry.main() == 0 and started == []
    monkeypatch.setattr(client, "serve", lambda op, argv, env: None)  # no server: run here
    monkeypatch.setattr(entry, "run_frozen", lambda run: 0)
    assert entry.main() == 0 and started == ["probe", "imports"]
