"""Who the servers in a per-user folder are, and the files of dead ones.

Each server writes `KEY.json` (its installation, interpreter, process id and
start time) before it answers its first caller, and touches it at every
request: its modification time is the server's last request. `status` and
`stop` read these files; a starting server removes the files of servers that
are gone (a killed server leaves its socket, lock, log and record behind),
and the precompiled preludes nothing has written for a week.

Standard library only.
"""
from __future__ import annotations

import json
import os
import sys
import time

from .address import PACKAGE_ROOT, Address

KEY_LENGTH = 24  # address.server_key's
SUFFIXES = (".sock", ".lock", ".log", ".json")
PRELUDE_KEEP_S = 7 * 24 * 3600.0  # a precompiled prelude unwritten this long is rebuilt if wanted (~30 ms)
PARTIAL_KEEP_S = 3600.0  # a `.prelude-*.pch` being written this long ago belongs to a dead process


class ServerInfo:
    """One server's record (`KEY.json`), as `status` shows it."""

    __slots__ = ("key", "pid", "installation", "python", "prefix", "started", "last_request")

    def __init__(self, key: str, pid: int, installation: str, python: str, prefix: str, started: float,
                 last_request: float) -> None:
        self.key = key
        self.pid = pid
        self.installation = installation  # the folder `rapcc` is imported from
        self.python = python  # the interpreter it runs in
        self.prefix = prefix  # its sys.prefix: the virtual environment (`python` and `python3` are one)
        self.started = started  # time.time() at start
        self.last_request = last_request  # time.time() of its last request (its start when none)

    def is_this_installation(self) -> bool:
        return self.installation == PACKAGE_ROOT and self.prefix == sys.prefix


def write_info(where: Address, started: float) -> None:
    """The record of the server now running as this process."""
    record = {"pid": os.getpid(), "installation": PACKAGE_ROOT, "python": sys.executable, "prefix": sys.prefix,
              "started": started}
    tmp = where.info + ".tmp"
    with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
        json.dump(record, f)
    os.replace(tmp, where.info)


def touch(where: Address) -> None:
    """A request arrived: the server's idle clock starts again."""
    try:
        os.utime(where.info)
    except OSError:
        pass


def read_info(where: Address) -> ServerInfo | None:
    try:
        with open(where.info) as f:
            record = json.load(f)
        last = os.stat(where.info).st_mtime
        return ServerInfo(where.key, int(record["pid"]), str(record["installation"]), str(record["python"]),
                          str(record["prefix"]), float(record["started"]), last)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _is_server_process(pid: int) -> bool:
    """Whether `pid` is a live rapcc server (not a process that reused a dead one's id)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return False  # another user's: not a server of this folder
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"rapcc.server.daemon" in f.read()
    except OSError:
        return True  # no /proc: the signal check is all there is


def keys(folder: str) -> list[str]:
    """The server keys that have any file in `folder`."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = set()
    for name in names:
        stem, dot, suffix = name.partition(".")
        if dot and "." + suffix in SUFFIXES and len(stem) == KEY_LENGTH:
            found.add(stem)
    return sorted(found)


def running(folder: str) -> list[ServerInfo]:
    """The live servers with a record in `folder`, oldest first."""
    out = []
    for key in keys(folder):
        info = read_info(Address(folder, key))
        if info is not None and _is_server_process(info.pid) and os.path.exists(Address(folder, key).socket):
            out.append(info)
    return sorted(out, key=lambda i: i.started)


def _answers(where: Address) -> bool:
    sock = where.connect()
    if sock is not None:
        sock.close()
    return sock is not None


def _alive(where: Address) -> bool:
    info = read_info(where)
    if info is not None:
        return _is_server_process(info.pid)
    # No record: a server still starting (its lock is held, see `clean_dead`)
    # or one of an older rapcc, which only its socket can tell.
    return os.path.exists(where.socket) and _answers(where)


def lock_free(where: Address) -> bool:
    """Whether no caller holds `where`'s start lock now (none is starting it)."""
    import fcntl
    try:
        lock = os.open(where.lock, os.O_RDWR)
    except OSError:
        return True
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
    finally:
        os.close(lock)


def remove_files(where: Address, with_lock: bool) -> list[str]:
    """Remove a server's socket, record and log (and its lock with
    `with_lock`); the files removed."""
    removed = []
    for path in (where.socket, where.info) + ((where.log, where.lock) if with_lock else ()):
        try:
            os.unlink(path)
            removed.append(path)
        except OSError:
            pass
    return removed


def clean_dead(folder: str, own_key: str) -> list[str]:
    """Remove the files of every server in `folder` that is gone, except
    `own_key`'s; the files removed. A key whose start lock someone holds is
    being started and is left alone."""
    import fcntl
    removed = []
    for key in keys(folder):
        where = Address(folder, key)
        if key == own_key or _alive(where):
            continue
        try:
            lock = os.open(where.lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            continue
        try:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a caller is starting this server now
            removed += remove_files(where, with_lock=True)
        finally:
            os.close(lock)
    return removed


def clean_preludes(folder: str, now: float | None = None) -> list[str]:
    """Remove the precompiled preludes (`frontend/prelude.py`) unwritten for
    a week, and the partial ones a dead process left; the files removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for e in entries:
        if not e.name.endswith(".pch"):
            continue
        keep = PRELUDE_KEEP_S if e.name.startswith("prelude-") else \
            PARTIAL_KEEP_S if e.name.startswith(".prelude-") else None
        try:
            if keep is not None and now - e.stat().st_mtime > keep:
                os.unlink(e.path)
                removed.append(e.path)
        except OSError:
            pass
    return removed
