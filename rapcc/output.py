"""The one place rapcc writes a file the user named (`-o`, `--report PATH`,
`--html`, `--out-dir`, `--in-place`, the build hook's reports).

What the path is decides how it is written:
- `/dev/null` means "no output": nothing is opened, no temporary file is made;
- another character device, a FIFO, a socket, or a path under `/proc` or
  `/dev/fd` (`-o /proc/self/fd/1`) is opened and written directly: renaming a
  file over it would destroy a device node, leave a FIFO's reader waiting, or
  detach a shell redirection;
- a symbolic link is followed, and its target is replaced: the link stays a link;
- a regular file (or a new one) is written to a temporary file in the same
  folder and renamed over it, so a reader never sees half a file. A new
  file's mode follows the umask, as `open()` would make it; an existing
  file keeps its mode.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Sequence

from .diagnostics import RapccError

NO_OUTPUT = os.devnull
_DIRECT_PREFIXES = ("/proc/", "/dev/fd/")


class OutputError(RapccError):
    """The file system refused a write: the user's problem (exit 1), not rapcc's."""


def _umask() -> int:
    # os.umask can only be read by setting it; the two calls are back to back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _direct(path: str) -> bool:
    """Whether `path` is to be opened and written, not replaced."""
    if any(path.startswith(p) for p in _DIRECT_PREFIXES):
        return True
    try:
        mode = os.stat(path).st_mode  # follows symlinks: a link to a FIFO is a FIFO
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def is_no_output(path: str) -> bool:
    """`/dev/null` itself or a link to it: nothing needs writing."""
    return path == NO_OUTPUT or os.path.realpath(path) == NO_OUTPUT


def _target(name: str) -> str:
    """The file to replace for `name`: a symlink's final target, so the link stays a link."""
    target = os.path.realpath(name) if os.path.islink(name) else name
    if os.path.isdir(target):
        raise OutputError(f"{name}: is a directory")
    return target


def _stage(target: str, data: bytes) -> str:
    """A temporary file beside `target` holding `data`, with the mode `target` will have."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".rapcc.tmp",
                               dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), mode)  # mkstemp makes 0600
            f.write(data)
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_outputs(files: Sequence[tuple[str | os.PathLike[str], bytes]]) -> None:
    """Write each (path, data) as the module's docstring says. Every regular
    file is staged before any is replaced, so a failure (a full disk, a
    read-only folder) leaves all of them as they were.

    Raises OutputError, naming the path and the OS's reason, when it cannot."""
    plan: list[tuple[str, bytes, str | None]] = []  # (the user's name, data, staged file or None: write directly)
    try:
        for path, data in files:
            name = os.fspath(path)
            if is_no_output(name):
                continue
            try:
                plan.append((name, data, None if _direct(name) else _stage(_target(name), data)))
            except OSError as exc:
                raise OutputError(f"{name}: cannot write: {exc.strerror or exc}") from exc
        for name, data, tmp in plan:
            try:
                if tmp is None:
                    with open(name, "wb") as f:
                        f.write(data)
                else:
                    os.replace(tmp, _target(name))
            except OSError as exc:
                raise OutputError(f"{name}: cannot write: {exc.strerror or exc}") from exc
    finally:
        for _, _, tmp in plan:
            if tmp is not None and os.path.lexists(tmp):
                os.unlink(tmp)


def write_output(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to the file the user named `path` (see the module's docstring)."""
    write_outputs([(path, data)])


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file (through links), so an output would overwrite an input."""
    return Path(a).resolve() == Path(b).resolve()
