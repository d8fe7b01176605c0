"""The server: import rapcc once, then fork one child per request (see `__init__`).

The parent only accepts connections and forks; each child takes its caller's
standard streams, working folder, environment, umask and arguments, runs the
command exactly as the `rapcc` or worker process would, sends the exit status
and exits. Nothing a child does reaches the parent or the next child.
"""
from __future__ import annotations

import fcntl
import gc
import io
import os
import signal
import socket
import struct
import sys
import time
import traceback
from typing import Any

from . import protocol, registry
from .address import Address, code_stamp

CHECK_S = 2.0  # how often an idle server checks its files and its idle time
WARM_UP_PAUSE_S = 0.05  # no request for this long: time to warm up
# A kernel with a bank conflict the pass rewrites: the warm-up runs every
# stage once, so that libclang is loaded, the templates compiled and NumPy's
# lazily imported parts imported before the server listens.
WARM_UP = b"""
__global__ void rapcc_warm_up(float *out, const float *in, int n) {
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
void rapcc_warm_up_launch(float *out, const float *in, int n) {
    rapcc_warm_up<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n);
}
"""


def _preload() -> None:
    import rapcc.build.worker  # noqa: F401  (the build hook's child)
    import rapcc.cli  # noqa: F401
    import rapcc.pipeline  # noqa: F401


def _warm_up() -> None:
    from rapcc.pipeline import Options, rewrite_source
    try:
        rewrite_source(WARM_UP, "rapcc-warm-up.cu", Options())
    except Exception:  # the first request reports whatever is wrong, in its caller's terminal
        traceback.print_exc()
    # What the server holds is only read by its children: out of the
    # collector's sight, its pages stay shared instead of being copied when a
    # child's collection touches them.
    gc.collect()
    gc.freeze()


def serve(config: dict[str, Any]) -> None:
    """Run the server described by `config` (client._spawn) until it is idle,
    its files change, or it is told to stop (SIGTERM)."""
    where = Address(config["folder"], config["key"])
    path = list(config["path"])
    # A neutral folder: the caller's (a mount, a project) must not stay busy
    # for as long as the server lives. Each child takes its caller's.
    os.chdir("/")
    started = time.time()
    stamp = code_stamp(path)
    _preload()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(where.socket)
    listener.listen(128)
    inode = os.stat(where.socket).st_ino
    registry.write_info(where, started)  # before the caller is told: `status` and the cleaning below see it
    _clean(where)
    os.write(config["ready_fd"], b"R")
    os.close(config["ready_fd"])
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the system
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    idle_s = float(config["idle_s"])
    last = time.monotonic()
    stale = False
    warm = False
    try:
        while True:
            # The caller that started the server is served first; the warm-up
            # runs at the first pause (while nvcc compiles, in a build).
            listener.settimeout(CHECK_S if warm else WARM_UP_PAUSE_S)
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                if not warm:
                    _warm_up()
                    warm = True
                    continue
                if time.monotonic() - last > idle_s or not _still_ours(where, inode):
                    return
                if code_stamp(path) != stamp:
                    stale = True  # no caller will compute this key again
                    return
                continue
            last = time.monotonic()
            registry.touch(where)
            if os.fork() == 0:
                _child(conn, listener)  # never returns
            conn.close()
    except _Stop:
        return
    finally:
        if _still_ours(where, inode):
            # A stale server's key is never computed again; any other's lock
            # and log go too once no caller is starting it anew.
            registry.remove_files(where, with_lock=stale or registry.lock_free(where))


def _clean(where: Address) -> None:
    """Remove what dead servers left in this folder, and stale precompiled
    preludes in the one the parses use (`frontend/prelude.py`)."""
    import tempfile

    from ..userdir import private_folder
    registry.clean_dead(where.folder, where.key)
    prelude_folder = private_folder(tempfile.gettempdir())
    if prelude_folder is not None:
        registry.clean_preludes(prelude_folder)


class _Stop(Exception):
    pass


def _stop(signum: int, frame: Any) -> None:
    raise _Stop


def _still_ours(where: Address, inode: int) -> bool:
    try:
        return os.stat(where.socket).st_ino == inode
    except OSError:
        return False


def _peer_uid(conn: socket.socket) -> int | None:
    if not hasattr(socket, "SO_PEERCRED"):
        return None  # the folder's mode keeps other users out
    _, uid, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    return uid


def _child(conn: socket.socket, listener: socket.socket) -> None:
    """Take one request and run it; exits the process."""
    try:
        listener.close()
        for s in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_DFL)
        from ..interrupts import install
        install()  # SIGINT raises KeyboardInterrupt, and is remembered where a callback drops it
        uid = _peer_uid(conn)
        if uid is not None and uid != os.getuid():
            os._exit(0)
        conn.settimeout(10.0)  # a caller that connects and sends nothing
        request, fds = protocol.receive_request(conn)
        conn.settimeout(None)
        if len(fds) != 3:
            os._exit(0)
        _take_caller(request, fds)
    except BaseException:  # nothing started: the caller runs the command itself
        os._exit(0)
    status = 1
    try:
        protocol.send_number(conn, protocol.STARTED, os.getpid())
        _watch_caller(conn)
        status = _run(request["op"])
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        signal.signal(signal.SIGIO, signal.SIG_IGN)
        try:
            protocol.send_number(conn, protocol.STATUS, status)
        except OSError:
            pass
        os._exit(0)


def _take_caller(request: dict[str, Any], fds: list[int]) -> None:
    """Become the caller's process: its streams, folder, umask, environment and arguments."""
    for target, fd in enumerate(fds):
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)
    os.chdir(request["cwd"])
    os.umask(int(request["umask"]))
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = list(request["argv"])
    (in_enc, in_err), (out_enc, out_err), (err_enc, err_err) = request["stdio"]
    sys.stdin = sys.__stdin__ = _stream(0, "r", in_enc, in_err)
    sys.stdout = sys.__stdout__ = _stream(1, "w", out_enc, out_err)
    sys.stderr = sys.__stderr__ = _stream(2, "w", err_enc, err_err or "backslashreplace")


def _stream(fd: int, mode: str, encoding: str | None, errors: str | None) -> io.TextIOWrapper:
    # As Python makes them: stdout line-buffered on a terminal, stderr always.
    line = fd == 2 or (fd == 1 and os.isatty(fd))
    raw = io.FileIO(fd, mode, closefd=False)
    buffered = io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
    return io.TextIOWrapper(buffered, encoding=encoding or "utf-8", errors=errors or "strict", line_buffering=line)


def _watch_caller(conn: socket.socket) -> None:
    """End this child when its caller goes away (killed, or gave up): the
    kernel signals SIGIO when the connection closes."""
    def gone(signum: int, frame: Any) -> None:
        try:
            data = conn.recv(1, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            os._exit(1)

    signal.signal(signal.SIGIO, gone)
    signal.siginterrupt(signal.SIGIO, False)  # restart system calls libclang is in
    fcntl.fcntl(conn.fileno(), fcntl.F_SETOWN, os.getpid())
    fcntl.fcntl(conn.fileno(), fcntl.F_SETFL, fcntl.fcntl(conn.fileno(), fcntl.F_GETFL) | os.O_ASYNC)
    gone(signal.SIGIO, None)  # the caller may have left before the signal was armed


def _run(op: str) -> int:
    """The command's exit status, as the one-shot process would end with it."""
    try:
        if op == "cli":
            from rapcc.cli import main
            return int(main())
        if op == "worker":
            from rapcc.build.worker import main as worker_main
            return int(worker_main())
        if op == "stop":  # `python -m rapcc.server stop`: the server is this child's parent
            os.kill(os.getppid(), signal.SIGTERM)
            return 0
        print(f"rapcc: server: unknown request {op!r}", file=sys.stderr)
        return 2
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return int(exc.code or 0)
        print(exc.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        traceback.print_exc()
        return 130
