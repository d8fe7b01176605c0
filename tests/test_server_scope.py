"""rapcc's server is a visible, scoped accelerator (issue 29): what starts one
(`policy.py`), what stays running after a command, `status` and `stop`
(`control.py`), and the files of dead servers (`registry.py`)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from buildtools import build_env
from rapcc.server import control, policy, registry
from rapcc.server.address import PACKAGE_ROOT, Address
from test_server import EXAMPLE, ENTRY, ROOT, _server_pid, _servers, posix_only, run_dir  # noqa: F401

SERVER_MODULE = [sys.executable, "-m", "rapcc.server"]


# --- when a server may start -------------------------------------------------

@pytest.mark.parametrize("env, cli, build", [
    ({}, False, True),  # sccache's way: the build hook by default, the command line when asked
    ({"RAPCC_SERVER": "1"}, True, True),
    ({"RAPCC_SERVER": "0"}, False, False),
    ({"CI": "true"}, False, False),
    ({"CI": "1", "RAPCC_SERVER": "1"}, False, False),  # CI always wins: a job's processes end with it
    ({"CI": "false"}, False, True),
    ({"CI": ""}, False, True),
])
def test_who_may_use_a_server(env, cli, build):
    if not policy.can_fork():  # without fork and Unix sockets rapcc always runs in-process
        cli = build = False
    assert policy.server_wanted(env, policy.CLI) == cli
    assert policy.server_wanted(env, policy.BUILD) == build


def test_version_and_help_are_never_served():
    from rapcc.server.entry import served
    assert not served(["rapcc", "--version"]) and not served(["rapcc", "k.cu", "--help"])
    assert not served(["rapcc", "-h"]) and not served(["rapcc"])
    assert served(["rapcc", "k.cu"])


# --- what stays running -------------------------------------------------------

def _env(run_dir: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    env.update({"XDG_RUNTIME_DIR": str(run_dir), "RAPCC_SERVER_IDLE": "60", **more})
    return env


def _rapcc(args: list[str], env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], env=env, cwd=cwd, capture_output=True, timeout=120)


def _build(tmp_path: Path, run_dir: Path, **more: str) -> subprocess.CompletedProcess:
    """`rapcc-nvcc -c k.cu` of a kernel rapcc rewrites, with /bin/true as nvcc."""
    shutil.copy(EXAMPLE, tmp_path / "k.cu")
    env = build_env(tmp_path / "cache", RAPCC_NVCC="/bin/true", XDG_RUNTIME_DIR=str(run_dir),
                    RAPCC_SERVER_IDLE="60", **more)
    env.pop("CI", None)
    env.update(more)
    return subprocess.run([sys.executable, "-m", "rapcc.build.nvcc_cli", "-c", "k.cu", "-o", "k.o"], cwd=tmp_path,
                          env=env, capture_output=True, timeout=120)


def _nothing_running(run_dir: Path) -> None:
    time.sleep(0.5)  # a background start would have shown by now
    assert _server_pid(run_dir) is None and _servers(run_dir) == []


@posix_only
def test_version_leaves_nothing_running(run_dir):
    for env in (_env(run_dir), _env(run_dir, RAPCC_SERVER="1")):
        done = _rapcc(["--version"], env)
        assert done.returncode == 0 and done.stdout.startswith(b"rapcc ")
        assert _rapcc(["--help"], env).returncode == 0
    _nothing_running(run_dir)


@posix_only
def test_a_command_line_run_starts_a_server_only_when_asked(tmp_path, run_dir):
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], _env(run_dir)).returncode == 0
    _nothing_running(run_dir)
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], _env(run_dir, RAPCC_SERVER="1")).returncode == 0
    assert len(_servers(run_dir)) == 1


@posix_only
def test_a_ci_run_leaves_nothing_running(tmp_path, run_dir):
    done = _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], _env(run_dir, CI="true", RAPCC_SERVER="1"))
    assert done.returncode == 0 and (tmp_path / "o.cu").exists()
    built = _build(tmp_path, run_dir, CI="1")
    assert built.returncode == 0 and built.stderr == b"", built.stderr
    assert (tmp_path / "cache").is_dir()  # it did rewrite, in a process of its own
    _nothing_running(run_dir)


@pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="reads the server's working folder through Linux's /proc, which this system lacks")
@posix_only
def test_a_build_leaves_one_visible_server_in_a_neutral_folder(tmp_path, run_dir):
    built = _build(tmp_path, run_dir)
    assert built.returncode == 0 and built.stderr == b"", built.stderr
    pid = _server_pid(run_dir)
    assert pid is not None and len(_servers(run_dir)) == 1
    assert os.readlink(f"/proc/{pid}/cwd") == "/"  # the build's folder is not kept busy
    shown = subprocess.run(SERVER_MODULE + ["status"], env=_env(run_dir), capture_output=True, text=True, timeout=60)
    [header, line] = shown.stdout.splitlines()
    assert header.split() == ["PID", "AGE", "IDLE", "INSTALLATION"]
    assert line.split()[0] == str(pid) and PACKAGE_ROOT in line and line.endswith("(this installation)")
    stopped = subprocess.run(SERVER_MODULE + ["stop"], env=_env(run_dir), capture_output=True, text=True, timeout=60)
    assert stopped.stdout == "rapcc: stopped 1 server\n"
    deadline = time.monotonic() + 20
    while _server_pid(run_dir) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    _nothing_running(run_dir)
    # A clean exit takes its files along: socket, record, lock and log.
    assert list((run_dir / f"rapcc-{os.getuid()}").glob("*.*")) == []


@posix_only
def test_stop_stops_this_installation_and_stop_all_the_others(tmp_path, run_dir):
    pkg = tmp_path / "pkg"  # another installation: a copy of rapcc
    shutil.copytree(ROOT / "rapcc", pkg / "rapcc", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "templates", pkg / "templates")
    other = f"import sys; sys.path.insert(0, {str(pkg)!r}); " + ENTRY
    env = _env(run_dir, RAPCC_SERVER="1")
    for entry in (ENTRY, other):
        done = subprocess.run([sys.executable, "-c", entry, str(EXAMPLE), "-o", str(tmp_path / "o.cu")], env=env,
                              capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr
    assert len(_servers(run_dir)) == 2
    shown = subprocess.run(SERVER_MODULE + ["status"], env=env, capture_output=True, text=True, timeout=60).stdout
    assert len(shown.splitlines()) == 3 and shown.count("(this installation)") == 1 and str(pkg) in shown
    mine = subprocess.run(SERVER_MODULE + ["stop"], env=env, capture_output=True, text=True, timeout=60)
    assert mine.stdout == ("rapcc: stopped 1 server; 1 server of other installations left running "
                           "('stop --all' stops them)\n")
    deadline = time.monotonic() + 20
    while len(_servers(run_dir)) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    [left] = registry.running(str(run_dir / f"rapcc-{os.getuid()}"))
    assert left.installation == str(pkg)
    rest = subprocess.run(SERVER_MODULE + ["stop", "--all"], env=env, capture_output=True, text=True, timeout=60)
    assert rest.stdout == "rapcc: stopped 1 server\n"


# --- the files of dead servers -------------------------------------------------

def _record(folder: Path, key: str, pid: int) -> Address:
    where = Address(str(folder), key)
    for path in (where.socket, where.lock, where.log):
        Path(path).write_text("")
    Path(where.info).write_text(json.dumps({"pid": pid, "installation": PACKAGE_ROOT, "python": sys.executable,
                                            "prefix": sys.prefix, "started": time.time()}))
    return where


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


@posix_only
def test_a_starting_server_removes_dead_servers_files_only(tmp_path):
    import fcntl
    dead = _record(tmp_path, "a" * 24, _dead_pid())
    starting = _record(tmp_path, "b" * 24, _dead_pid())  # its start lock is held: being started
    own = _record(tmp_path, "c" * 24, _dead_pid())
    # A live process that is not a server reused a dead server's id: still dead.
    reused = _record(tmp_path, "d" * 24, os.getpid())
    (tmp_path / "unrelated.txt").write_text("kept")
    held = os.open(starting.lock, os.O_RDWR)
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        removed = registry.clean_dead(str(tmp_path), own.key)
    finally:
        os.close(held)
    assert sorted(Path(p).name for p in removed) == sorted(
        Path(p).name for w in (dead, reused) for p in (w.socket, w.lock, w.log, w.info))
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["unrelated.txt"] + [Path(p).name for w in (starting, own)
                                               for p in (w.socket, w.lock, w.log, w.info)])


@posix_only
def test_a_live_server_is_listed_and_kept(tmp_path):
    # A stand-in whose command line names the server module, as a real one's does.
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "rapcc.server.daemon"])
    try:
        deadline = time.monotonic() + 10
        while b"rapcc.server.daemon" not in Path(f"/proc/{proc.pid}/cmdline").read_bytes() \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        live = _record(tmp_path, "e" * 24, proc.pid)
        assert registry.clean_dead(str(tmp_path), "f" * 24) == []
        [info] = registry.running(str(tmp_path))
        assert (info.key, info.pid) == (live.key, proc.pid) and info.is_this_installation()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert registry.running(str(tmp_path)) == []


def test_old_and_partial_preludes_are_removed(tmp_path):
    now = time.time()
    for name, age in (("prelude-old.pch", 8 * 86400), ("prelude-new.pch", 3600), (".prelude-x.pch", 7200),
                      (".prelude-y.pch", 60), ("other.pch", 30 * 86400)):
        p = tmp_path / name
        p.write_bytes(b"x")
        os.utime(p, (now - age, now - age))
    removed = registry.clean_preludes(str(tmp_path), now)
    assert sorted(Path(p).name for p in removed) == [".prelude-x.pch", "prelude-old.pch"]


def test_status_lines_say_age_and_idle_time():
    info = registry.ServerInfo("k" * 24, 4242, PACKAGE_ROOT, sys.executable, sys.prefix, 1000.0, 1190.0)
    lines = control.status_lines([info], "/run/x", now=1200.0)
    assert lines[1].split()[:3] == ["4242", "3m20s", "10s"] and lines[1].endswith("(this installation)")
    assert control.status_lines([], "/run/x") == ["rapcc: no server running (folder /run/x)"]
    assert [control.duration(s) for s in (5, 65, 7300)] == ["5s", "1m05s", "2h01m"]


def test_version_answers_without_importing_the_pipeline(run_cli):
    code = ("import sys; sys.argv = ['rapcc', '--version']; from rapcc.server.entry import main; "
            "status = main(); print(status, 'rapcc.cli' in sys.modules, 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    version, verdict = out.splitlines()
    assert verdict == "0 False False"
    code, printed, _ = run_cli("--version")  # the command line's own answer
    assert (code, printed) == (0, version + "\n")
