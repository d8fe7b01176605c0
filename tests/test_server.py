"""rapcc's persistent server (rapcc/server): a served command behaves exactly
as the one-shot process, and the server goes away when it must."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from rapcc import userdir
from rapcc.server import address as addr
from rapcc.server import policy

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "transpose_32x8.cu"
ENTRY = "import sys; from rapcc.server.entry import main; sys.exit(main())"
posix_only = pytest.mark.skipif(not policy.can_fork(), reason="rapcc's server needs fork and Unix sockets, which this platform lacks (rapcc runs in-process there)")


def _env(run_dir: Path, **more: str) -> dict[str, str]:
    """A `rapcc` that asked for the server (RAPCC_SERVER=1), its files in `run_dir`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    env.update({"XDG_RUNTIME_DIR": str(run_dir), "RAPCC_SERVER_IDLE": "30", "RAPCC_SERVER": "1", **more})
    return env


def _rapcc(args: list[str], env: dict[str, str], cwd: Path | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], env=env, cwd=cwd, capture_output=True, timeout=120,
                          **kw)


def _servers(run_dir: Path) -> list[Path]:
    return sorted((run_dir / f"rapcc-{os.getuid()}").glob("*.sock"))


def _server_pid(run_dir: Path) -> int | None:
    if not Path("/proc").is_dir():
        return None
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"rapcc.server.daemon" in cmd and str(run_dir).encode() in cmd:
                return int(entry.name)
    return None


def _stop(run_dir: Path) -> None:
    """Stop the servers a test started (they would idle out anyway)."""
    pid = _server_pid(run_dir)
    while pid is not None:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            return
        time.sleep(0.05)
        pid = _server_pid(run_dir)


@pytest.fixture
def run_dir():
    # Short: a socket's path must fit in 100 bytes (pytest's tmp_path may not).
    d = Path(tempfile.mkdtemp(prefix="rapcc-t", dir="/tmp" if os.path.isdir("/tmp") else None))
    yield d
    _stop(d)
    shutil.rmtree(d, ignore_errors=True)


# --- the address -----------------------------------------------------------

def test_files_stamp_changes_with_a_file(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")

    def stamp() -> str:
        import hashlib
        h = hashlib.sha256()
        addr._files_stamp(h, str(tmp_path))
        return h.hexdigest()
    before = stamp()
    assert stamp() == before
    (tmp_path / "a.py").write_text("x = 22\n")
    assert stamp() != before
    changed = stamp()
    (tmp_path / "b.py").write_text("")
    assert stamp() != changed


def test_key_depends_on_startup_environment_and_path():
    path = addr.import_path()
    base = addr.server_key({}, path)
    assert addr.server_key({}, path) == base
    assert addr.server_key({"LD_PRELOAD": "x.so"}, path) != base
    assert addr.server_key({"RAPCC_TIMEOUT": "5"}, path) == base  # read per request, not at start-up
    assert addr.server_key({}, path + ["/elsewhere"]) != base


def test_off_switch():
    for caller in (policy.CLI, policy.BUILD):
        assert not policy.server_wanted({"RAPCC_SERVER": "0"}, caller) \
            and not policy.server_wanted({"RAPCC_SERVER": "off"}, caller)


@posix_only
def test_private_folder_refuses_a_folder_others_can_write(tmp_path):
    folder = tmp_path / f"rapcc-{os.getuid()}"
    folder.mkdir(mode=0o700)
    assert userdir.private_folder(str(tmp_path)) == str(folder)
    folder.chmod(0o777)
    assert userdir.private_folder(str(tmp_path)) is None


def test_a_folder_too_deep_for_a_socket_is_passed_over(tmp_path):
    deep = tmp_path / ("d" * 120)
    deep.mkdir()
    found = addr.address({"XDG_RUNTIME_DIR": str(deep)})
    assert found is not None and len(found.socket.encode()) <= addr.SOCKET_PATH_MAX
    assert not found.folder.startswith(str(deep))


# --- a served command is the one-shot command --------------------------------

@posix_only
def test_served_run_is_identical_to_one_shot(tmp_path, run_dir):
    one = _rapcc([str(EXAMPLE), "-o", str(tmp_path / "one.cu")], _env(run_dir, RAPCC_SERVER="0"))
    assert _servers(run_dir) == []
    first = _rapcc([str(EXAMPLE), "-o", str(tmp_path / "first.cu")], _env(run_dir))
    assert len(_servers(run_dir)) == 1  # the first run started it
    second = _rapcc([str(EXAMPLE), "-o", str(tmp_path / "second.cu")], _env(run_dir))
    for served in (first, second):
        assert (served.returncode, served.stdout, served.stderr) == (one.returncode, one.stdout, one.stderr)
    assert (tmp_path / "one.cu").read_bytes() == (tmp_path / "first.cu").read_bytes() == \
        (tmp_path / "second.cu").read_bytes()
    assert b"bank conflict" in one.stderr


@posix_only
def test_served_run_keeps_status_streams_folder_and_umask(tmp_path, run_dir):
    (tmp_path / "in").mkdir()
    shutil.copy(EXAMPLE, tmp_path / "in" / "k.cu")
    results = {}
    for mode in ("0", "1"):
        env = _env(run_dir, RAPCC_SERVER=mode)
        out = f"out{mode}.cu"
        # The server starts with umask 022; the caller's 077 must still apply.
        assert _rapcc(["in/k.cu", "-o", "start.cu"], env, cwd=tmp_path, preexec_fn=lambda: os.umask(0o022)
                      ).returncode == 0
        relative = _rapcc(["in/k.cu", "-o", out], env, cwd=tmp_path,
                          preexec_fn=lambda: os.umask(0o077))
        to_stdout = _rapcc(["in/k.cu", "-o", "-"], env, cwd=tmp_path)
        usage = _rapcc(["--no-such-flag"], env, cwd=tmp_path)
        missing = _rapcc(["nowhere.cu", "-o", "x.cu"], env, cwd=tmp_path)
        results[mode] = [(p.returncode, p.stdout, p.stderr) for p in (relative, to_stdout, usage, missing)]
        results[mode].append(oct((tmp_path / out).stat().st_mode & 0o777))
    assert results["0"] == results["1"]
    assert results["1"][0][0] == 0 and results["1"][4] == "0o600"
    assert results["1"][1][1].startswith(b"/* rapcc")
    assert results["1"][2][0] == 2 and results["1"][3][0] == 1


@posix_only
def test_closed_standard_input_runs_in_process(tmp_path, run_dir):
    done = _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], _env(run_dir), stdin=subprocess.DEVNULL)
    assert done.returncode == 0
    closed = subprocess.run([sys.executable, "-c", "import os; os.close(0); " + ENTRY, str(EXAMPLE), "-o",
                             str(tmp_path / "c.cu")], env=_env(run_dir), capture_output=True, timeout=120)
    assert closed.returncode == 0 and (tmp_path / "c.cu").read_bytes() == (tmp_path / "o.cu").read_bytes()


def _many_kernels(path: Path, n: int) -> None:
    body = EXAMPLE.read_text()
    parts = [body.replace("transpose_32x8", f"transpose_32x8_{i}") for i in range(n)]
    path.write_text("\n".join(parts))


@posix_only
def test_ctrl_c_reaches_the_served_command(tmp_path, run_dir):
    env = _env(run_dir)
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "warm.cu")], env).returncode == 0  # the server is up
    big = tmp_path / "big.cu"
    _many_kernels(big, 150)
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, str(big), "-o", str(tmp_path / "big.out.cu")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.endswith(b"rapcc: interrupted\n")
    assert not (tmp_path / "big.out.cu").exists()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the server's children in /proc, which this system lacks")
@posix_only
def test_a_killed_caller_ends_its_served_command(tmp_path, run_dir):
    env = _env(run_dir)
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "warm.cu")], env).returncode == 0
    server = _server_pid(run_dir)
    assert server is not None
    big = tmp_path / "big.cu"
    _many_kernels(big, 150)
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, str(big), "-o", str(tmp_path / "big.out.cu")], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not _children(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _children(server), "the request never reached the server"
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 30
    while _children(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _children(server) == []
    assert not (tmp_path / "big.out.cu").exists()


@posix_only
def test_a_server_whose_files_change_exits(tmp_path, run_dir):
    # A copy of rapcc: editing it must retire the server that loaded it.
    pkg = tmp_path / "pkg"
    shutil.copytree(ROOT / "rapcc", pkg / "rapcc", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "templates", pkg / "templates")
    entry = f"import sys; sys.path.insert(0, {str(pkg)!r}); " + ENTRY
    env = _env(run_dir)
    done = subprocess.run([sys.executable, "-c", entry, str(EXAMPLE), "-o", str(tmp_path / "o.cu")], env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    [sock] = _servers(run_dir)
    time.sleep(0.05)
    (pkg / "rapcc" / "cli.py").write_text((pkg / "rapcc" / "cli.py").read_text() + "\n# edited\n")
    deadline = time.monotonic() + 20
    while sock.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not sock.exists()
    again = subprocess.run([sys.executable, "-c", entry, str(EXAMPLE), "-o", str(tmp_path / "o2.cu")], env=env,
                           capture_output=True, timeout=120)
    assert again.returncode == 0 and (tmp_path / "o2.cu").read_bytes() == (tmp_path / "o.cu").read_bytes()
    [new] = _servers(run_dir)
    assert new != sock


@posix_only
def test_stop_command_stops_the_server(tmp_path, run_dir):
    env = _env(run_dir)
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], env).returncode == 0
    [sock] = _servers(run_dir)
    done = subprocess.run([sys.executable, "-m", "rapcc.server", "stop"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout == "rapcc: stopped 1 server\n"
    deadline = time.monotonic() + 20
    while sock.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sock.exists()
    again = subprocess.run([sys.executable, "-m", "rapcc.server", "stop"], env=env, capture_output=True, text=True,
                           timeout=60)
    assert again.stdout == "rapcc: stopped 0 servers\n"
    assert subprocess.run([sys.executable, "-m", "rapcc.server", "start"], env=env, capture_output=True,
                          timeout=60).returncode == 2


@posix_only
def test_idle_server_exits(tmp_path, run_dir):
    env = _env(run_dir, RAPCC_SERVER_IDLE="1")
    assert _rapcc([str(EXAMPLE), "-o", str(tmp_path / "o.cu")], env).returncode == 0
    [sock] = _servers(run_dir)
    deadline = time.monotonic() + 20
    while sock.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not sock.exists()


# --- woken ahead of the build's first rewrite (build/wake.py) ---------------

NO_SHARED = b"__global__ void add(float *a) { a[threadIdx.x] += 1.0f; }\n"


def test_waking_only_while_the_cache_is_missing_and_the_server_on(tmp_path):
    from rapcc.build.wake import should_wake_server
    missing = str(tmp_path / "cache")
    assert should_wake_server(missing, {}) == hasattr(os, "fork")
    assert not should_wake_server(missing, {"RAPCC_SERVER": "0"})
    assert not should_wake_server(missing, {"CI": "true"})
    (tmp_path / "cache").mkdir()
    assert not should_wake_server(missing, {})


@posix_only
def test_a_compile_needing_no_rewrite_wakes_the_server_and_goes_on(tmp_path, run_dir):
    (tmp_path / "k.cu").write_bytes(NO_SHARED)
    env = _env(run_dir, RAPCC_NVCC="/bin/true", RAPCC_CACHE_DIR=str(tmp_path / "cache"))
    started = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "rapcc.build.nvcc_cli", "-c", "k.cu", "-o", "k.o"], cwd=tmp_path,
                       env=env, capture_output=True, timeout=60)
    took = time.monotonic() - started
    assert p.returncode == 0 and p.stdout == b"" and p.stderr == b""
    deadline = time.monotonic() + 30
    while not _servers(run_dir) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _servers(run_dir), "no server was started"
    assert took < 10  # the compile did not wait for the server's start
    assert not (tmp_path / "cache").exists()  # nothing was rewritten or cached
