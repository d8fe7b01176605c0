"""The caller's side: reach this installation's server (starting it when none
answers), hand it a command with the caller's standard streams, forward
signals, and return the command's exit status.

Every function returns None where the server cannot be used, before the command
started; the caller then runs the command itself, as without a server.
Standard library only (see `address.py`).
"""
from __future__ import annotations

import json
import os
import select
import signal
import socket
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from . import protocol
from .address import Address, address, import_path
from .policy import BUILD, CLI, server_wanted

START_TIMEOUT_S = 20.0  # the server's imports and warm-up; generous for a loaded -j build machine
TAKE_TIMEOUT_S = 10.0  # from connecting to the child's process id
DEFAULT_IDLE_S = 300.0
T = TypeVar("T")
_FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


class Ended:
    """How a served command ended: its exit status, or why there is none."""

    __slots__ = ("status", "timed_out", "lost")

    def __init__(self, status: int | None, timed_out: bool = False, lost: bool = False) -> None:
        self.status = status
        self.timed_out = timed_out  # killed after the caller's time limit
        self.lost = lost  # the child ended without a status (killed, or crashed in C code)


def idle_seconds(env: Mapping[str, str]) -> float:
    try:
        value = float(env.get("RAPCC_SERVER_IDLE", "") or DEFAULT_IDLE_S)
    except ValueError:
        return DEFAULT_IDLE_S
    return value if value > 0 else DEFAULT_IDLE_S


def _spawn(where: Address, env: Mapping[str, str]) -> bool:
    """Start a server for `where` and wait until it listens (or gives up)."""
    read_end, write_end = os.pipe()
    os.set_inheritable(write_end, True)
    config = {"folder": where.folder, "key": where.key, "path": import_path(), "ready_fd": write_end,
              "idle_s": idle_seconds(env)}
    boot = ("import json, os, sys; c = json.loads(sys.argv[1]); "
            # No descriptor of the caller's survives in a long-lived process
            # (a build's pipes would stay open until it exits).
            "os.closerange(3, c['ready_fd']); os.closerange(c['ready_fd'] + 1, 1 << 16); "
            "sys.path[:] = c['path']; from rapcc.server.daemon import serve; serve(c)")
    child_env = dict(env)
    # One BLAS thread: the server forks a child per request.
    child_env.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        try:
            os.unlink(where.socket)  # a dead server's socket (the lock is held)
        except FileNotFoundError:
            pass
        os.posix_spawn(sys.executable, [sys.executable, "-c", boot, json.dumps(config)], child_env,
                       file_actions=[(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                                     (os.POSIX_SPAWN_OPEN, 1, where.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
                                     (os.POSIX_SPAWN_DUP2, 1, 2)],
                       setsid=True)
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return False
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], START_TIMEOUT_S)
        return bool(ready) and os.read(read_end, 1) == b"R"
    finally:
        os.close(read_end)


def connection(env: Mapping[str, str], caller: str) -> socket.socket | None:
    """A connection to this installation's server, started if need be, where
    a `caller` process ("cli", "build": `policy.py`) may use one."""
    where = address(env) if server_wanted(env, caller) else None
    if where is None:
        return None
    return where.connect() or _started(where, env, where.connect)


def wake(env: Mapping[str, str]) -> bool:
    """Start this installation's server unless its socket is there already;
    whether one is there now. Without connecting: a connection with no
    request would cost the server a fork (rapcc-nvcc wakes it ahead of the
    build's first rewrite, nvcc_compile.py)."""
    where = address(env) if server_wanted(env, BUILD) else None
    if where is None:
        return False
    def there() -> bool | None:
        return os.path.exists(where.socket) or None
    return bool(there() or _started(where, env, there))


def _started(where: Address, env: Mapping[str, str], found: Callable[[], T | None]) -> T | None:
    """`found()`, or the server started and then `found()`; under the start
    lock, so that one caller starts it and the others wait for it."""
    import fcntl
    try:
        lock = os.open(where.lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        got = found()
        if got is None and _spawn(where, env):
            got = found()
        return got
    finally:
        os.close(lock)


def _stdio() -> list[list[str | None]] | None:
    """The encoding and error handler of each standard stream, or None where
    one is closed (the caller then runs the command itself)."""
    out = []
    for fd, stream in ((0, sys.stdin), (1, sys.stdout), (2, sys.stderr)):
        try:
            os.fstat(fd)
        except OSError:
            return None
        out.append([getattr(stream, "encoding", None), getattr(stream, "errors", None)])
    return out


def serve(op: str, argv: list[str], env: Mapping[str, str], fds: tuple[int, int, int] = (0, 1, 2),
          timeout_s: float | None = None, interrupt_raises: bool = False) -> Ended | None:
    """Run `op` ("cli": rapcc's command line with `argv`; "worker": the build
    hook's rewriting child, its request on `fds[0]`) in a server child.

    None: the command did not start (run it yourself). Signals the caller
    receives meanwhile go to the child; with `interrupt_raises`, Ctrl-C also
    raises KeyboardInterrupt here once forwarded.
    """
    stdio = _stdio() if fds == (0, 1, 2) else [[None, None]] * 3
    if stdio is None:
        return None
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    sock = connection(env, CLI if op == "cli" else BUILD)
    if sock is None:
        return None
    umask = os.umask(0o022)
    os.umask(umask)
    request: dict[str, Any] = {"op": op, "argv": argv, "cwd": cwd, "env": dict(env), "umask": umask,
                               "stdio": stdio}
    with sock:
        try:
            sock.settimeout(TAKE_TIMEOUT_S)
            protocol.send_request(sock, request, list(fds))
            pid = protocol.read_number(sock, protocol.STARTED)
        except (OSError, protocol.ProtocolError):
            return None
        return _wait(sock, pid, timeout_s, interrupt_raises)


def _wait(sock: socket.socket, pid: int, timeout_s: float | None, interrupt_raises: bool) -> Ended:
    """The child's status, forwarding the signals this process gets to it."""
    def forward(signum: int, frame: Any) -> None:
        try:
            os.kill(pid, signum)
        except OSError:
            pass
        if signum != signal.SIGINT:
            # Die of it as the one-shot process would: the child has it too.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        elif interrupt_raises:
            raise KeyboardInterrupt

    previous = {s: signal.signal(s, forward) for s in _FORWARDED}
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    try:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                _kill(pid)
                return Ended(None, timed_out=True)
            sock.settimeout(left)
            try:
                return Ended(protocol.read_number(sock, protocol.STATUS))
            except socket.timeout:
                continue
            except (OSError, protocol.ProtocolError):
                return Ended(None, lost=True)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
