"""Memo tables that outlive the process (issue 29): what a warm server
computes once and a run without it computed again each time (the compiled
methods of rapcc's dataclasses, the parsed index helpers).

A table is one file in rapcc's private per-user folder (`userdir.py`: a file
another user could write would change what rapcc computes, and these hold
code), named by the table and a stamp of everything its values depend on
besides their key. Keys are the full inputs (never a hash of them), so an
entry is never stale: a changed input is another key. The file is a header,
a CRC of the payload and the payload (a `marshal`ed dict): a file that is
short, corrupt, of another format or not a dict reads as empty and is written
again. Writers write a temporary file and rename it over the table, so a
reader sees a whole table, old or new; two writers at once lose at most one's
new entries, which the next run adds again. Standard library only: the
command line's entry loads it before rapcc's imports.
"""
from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import tempfile
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .userdir import private_folder

HEADER = b"rapcc-memo 1\n"
STAMPS_KEPT = 4  # tables of one name with other stamps kept (another rapcc or Python); the oldest go first


class DiskMemo:
    """A dict of marshal-able keys and values kept in `folder` (default:
    rapcc's private folder under the temporary folder), at most `keep`
    entries (the oldest go first)."""

    def __init__(self, name: str, stamp: str, keep: int, folder: str | None = None) -> None:
        self.name = name
        self.stamp = stamp
        self.keep = keep
        self._folder = folder
        self._path: str | None = None  # "" where there is no folder to use
        self._table: dict[Any, Any] | None = None
        self._new: dict[Any, Any] = {}

    def path(self) -> str | None:
        """The table's file, fixed at the first use: a process that changes
        TMPDIR later (a test) still saves where it read."""
        if self._path is None:
            folder = self._folder if self._folder is not None else private_folder(tempfile.gettempdir())
            self._path = "" if folder is None else os.path.join(folder, f"{self.name}-{self.stamp}.memo")
        return self._path or None

    def table(self) -> dict[Any, Any]:
        """The entries on disk when first asked, with those put since."""
        if self._table is None:
            path = self.path()
            self._table = read_table(path) if path is not None else {}
        return self._table

    def get(self, key: Any) -> Any:
        return self.table().get(key)

    def put(self, key: Any, value: Any) -> None:
        self.table()[key] = value
        self._new[key] = value

    def save(self) -> bool:
        """Add the entries put since the last save to the file (as it is now:
        another process may have added its own); whether it was written."""
        if not self._new:
            return False
        path = self.path()
        if path is None:
            return False
        merged = read_table(path)
        for key, value in self._new.items():
            merged.pop(key, None)  # to the end: the newest go last
            merged[key] = value
        if len(merged) > self.keep:
            merged = dict(list(merged.items())[len(merged) - self.keep:])
        written = write_table(path, merged)
        if written:
            self._new.clear()
            _prune(os.path.dirname(path), self.name, path)
        return written


class LazyTable:
    """A table opened at its first use in a process (its stamp is computed then,
    not at import) and saved when the process ends."""

    def __init__(self, name: str, stamp: Callable[[], str], keep: int) -> None:
        self._name, self._stamp, self._keep = name, stamp, keep
        self._memo: DiskMemo | None = None

    def memo(self) -> DiskMemo:
        if self._memo is None:
            self._memo = DiskMemo(self._name, self._stamp(), self._keep)
            atexit.register(self.save)
        return self._memo

    def save(self) -> None:
        if self._memo is not None:
            self._memo.save()


def files_stamp(parts: Sequence[str], files: Iterable[str]) -> str:
    """A stamp of `parts` and of each file's size and modification time (a
    missing file counts as such): another version of any is another table."""
    out = list(parts)
    for p in files:
        try:
            st = os.stat(p)
        except OSError:
            out.append(f"{p}:missing")
            continue
        out.append(f"{p}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(out).encode("utf-8", "surrogateescape")).hexdigest()[:24]


def read_table(path: str) -> dict[Any, Any]:
    """The table in `path`; empty where there is none or it is unreadable."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return {}
    return decode(data)


def decode(data: bytes) -> dict[Any, Any]:
    """The table a file's bytes hold; empty where they are not a whole table."""
    head = len(HEADER)
    if len(data) < head + 4 or not data.startswith(HEADER):
        return {}
    payload = data[head + 4:]
    if zlib.crc32(payload) != int.from_bytes(data[head:head + 4], "big"):
        return {}
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def write_table(path: str, table: dict[Any, Any]) -> bool:
    """Write `table` to `path` whole (a temporary file renamed over it)."""
    try:
        payload = marshal.dumps(table)
    except ValueError:  # a value marshal cannot write: nothing is kept
        return False
    folder = os.path.dirname(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".memo-", dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(HEADER + zlib.crc32(payload).to_bytes(4, "big") + payload)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    return True


def _prune(folder: str, name: str, current: str) -> None:
    """Remove the tables of `name` under other stamps beyond the newest `STAMPS_KEPT`."""
    try:
        others = sorted((e.stat().st_mtime, e.path) for e in os.scandir(folder)
                        if e.name.startswith(f"{name}-") and e.name.endswith(".memo") and e.path != current)
    except OSError:
        return
    for _, p in others[:max(0, len(others) - STAMPS_KEPT)]:
        try:
            os.unlink(p)
        except OSError:
            pass
