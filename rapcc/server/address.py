"""Where this installation's server listens, and whether its files changed.

Standard library only: every `rapcc` process computes this before it knows
whether it will import the rest of rapcc.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Mapping

from ..userdir import private_folder

TYPE_CHECKING = False  # `typing` costs every process its import: annotations only
if TYPE_CHECKING:
    import socket as _socket

# Read by the interpreter, the C libraries or Python's I/O when the server
# starts, so a server only serves callers that agree on them.
STARTUP_ENV = ("PYTHONHASHSEED", "PYTHONWARNINGS", "PYTHONUTF8", "PYTHONIOENCODING", "PYTHONMALLOC",
               "LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "LANG", "LC_ALL", "LC_CTYPE",
               "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "TMPDIR")
# The modules rapcc's server imports besides its own, whose upgrade must not
# be served by a server that loaded the old ones.
DEPENDENCIES = ("numpy", "jinja2", "markupsafe", "pycparser", "clang")
# The folder `rapcc` is imported from.
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Address:
    """A server's files: `KEY.sock` (where it listens), `KEY.lock` (held while
    one is started), `KEY.log` (its start-up errors), in a per-user folder.
    (A plain class: dataclasses and pathlib cost each rapcc process ~10 ms to import.)"""

    __slots__ = ("folder", "key")

    def __init__(self, folder: str, key: str) -> None:
        self.folder = folder  # per user, mode 0700
        self.key = key  # this installation's hash

    def __repr__(self) -> str:
        return f"Address({self.folder!r}, {self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Address) and (self.folder, self.key) == (other.folder, other.key)

    def __hash__(self) -> int:
        return hash((self.folder, self.key))

    @property
    def socket(self) -> str:
        return os.path.join(self.folder, self.key + ".sock")

    def connect(self) -> "_socket.socket | None":
        """A connection to the server listening here, or None where none answers."""
        import socket  # on use: most processes never connect
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(self.socket)
        except OSError:
            sock.close()
            return None
        return sock

    @property
    def lock(self) -> str:
        return os.path.join(self.folder, self.key + ".lock")

    @property
    def log(self) -> str:
        return os.path.join(self.folder, self.key + ".log")

    @property
    def info(self) -> str:
        return os.path.join(self.folder, self.key + ".json")


def import_path() -> list[str]:
    """`sys.path` for the server: rapcc's own folder first, then the caller's
    path without its first entry (the folder of the script or `-c`, which a
    long-lived process must not import from)."""
    # Absolute: the server runs in "/" (daemon.serve).
    return [str(PACKAGE_ROOT)] + [os.path.abspath(p) for p in sys.path[1:] if p]


def _stamp(h: "hashlib._Hash", path: str) -> None:
    try:
        st = os.stat(path)
    except OSError:
        h.update(f"{path}: absent\n".encode("utf-8", "surrogateescape"))
        return
    h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))


def _files_stamp(h: "hashlib._Hash", folder: str) -> None:
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".pyc", ".lock", ".sock", ".log")):
                continue
            _stamp(h, os.path.join(dirpath, name))


def code_stamp(path: list[str]) -> str:
    """A hash of rapcc's sources and templates and its dependencies' files, by
    name, size and modification time: it changes when any of them is edited,
    upgraded or removed. (A dependency is stamped by its package's
    `__init__.py`, which an install or upgrade writes anew.)"""
    h = hashlib.sha256()
    _files_stamp(h, os.path.join(PACKAGE_ROOT, "rapcc"))
    _files_stamp(h, os.path.join(PACKAGE_ROOT, "templates"))  # a source checkout's templates
    saved = sys.path[:]
    try:
        sys.path[:] = path
        for name in DEPENDENCIES:
            try:
                spec = importlib.util.find_spec(name)
            except (ImportError, ValueError):
                spec = None
            _stamp(h, (spec.origin if spec is not None else None) or name)
    finally:
        sys.path[:] = saved
    return h.hexdigest()


def server_key(env: Mapping[str, str], path: list[str]) -> str:
    h = hashlib.sha256()
    h.update(f"{sys.executable}\0{sys.version}\0{os.getuid()}\0".encode("utf-8", "surrogateescape"))
    h.update("\0".join(path).encode("utf-8", "surrogateescape"))
    for name in STARTUP_ENV:
        h.update(f"\0{name}={env.get(name)}".encode("utf-8", "surrogateescape"))
    h.update(code_stamp(path).encode())
    return h.hexdigest()[:24]


def bases(env: Mapping[str, str]) -> list[str]:
    """Where the per-user folder may go: `$XDG_RUNTIME_DIR`, then
    tempfile.gettempdir()'s choices (without importing tempfile, ~3 ms)."""
    found = [v for name in ("XDG_RUNTIME_DIR", "TMPDIR", "TEMP", "TMP") if (v := env.get(name)) and os.path.isdir(v)]
    return found + ["/tmp"]


SOCKET_PATH_MAX = 100  # sun_path holds 104 to 108 bytes


def folder_for(env: Mapping[str, str]) -> str | None:
    """This user's private folder in the first base folder where a socket's
    path fits; None where there is none."""
    for base in bases(env):
        if len(os.path.join(base, "rapcc-4294967295", "k" * 24 + ".sock").encode()) > SOCKET_PATH_MAX:
            continue
        folder = private_folder(base)
        if folder is not None:
            return folder
    return None


def address(env: Mapping[str, str]) -> Address | None:
    """The server's files for this installation (see `folder_for`)."""
    folder = folder_for(env)
    return None if folder is None else Address(folder, server_key(env, import_path()))
