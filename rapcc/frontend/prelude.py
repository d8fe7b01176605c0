"""The shim, precompiled: every parse force-includes `rapcc_cuda_shim.h`
(with the stand-in headers it reads, about 2,000 top-level declarations).
Parsing it took ~18 of each ~20 ms parse of a small file, twice per rewritten
file (the verification parses again); with a precompiled header of it the
parse takes ~3 ms and gives the same translation unit. (libclang's
`excludeDeclarationsFromPCH` would also drop the shim's declarations from the
unit's top level, but it lists instantiations there that a plain parse does
not, which changes what the front end sees: it is not used.)

The header is built once per distinct command line (the user's -D, -I, -std
and toolkit change what the shim declares) into rapcc's private per-user folder
(`userdir.py`: a header another user could write would change what rapcc
proves), under a name that hashes the command line, libclang's library and the
shim's files. clang itself refuses a header whose inputs or options changed
(an updated toolkit); any parse that reports a problem with the header is done
again without it, and the header is removed so that the next parse builds it
anew. Each is written whole (a temporary file, then a rename) and used as found,
so `make -j` steps building one at once each get a whole one; the folder keeps
the most recently used.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import clang.cindex as ci

from ..userdir import private_folder

SHIM_DIR = Path(__file__).resolve().parent / "include"
SHIM_HEADER = "rapcc_cuda_shim.h"
_DETAILED, _INCOMPLETE, _KEEP_GOING, _SKIP_BODIES = 0x01, 0x02, 0x200, 0x40
KEEP = 64  # precompiled headers kept in the folder (about 1 MB each); the oldest go first
ENABLED = True  # tests compare parses with and without it
# How this module builds a header (2: the toolkit's prelude without function
# bodies), in its key: a header built otherwise is not reused.
FORMAT = 2

_built: dict[str, str | None] = {}  # key -> file (None: this command line cannot be precompiled)


def _stamp() -> str:
    """The shim's files and libclang's (the bindings and the library the wheel
    ships beside them, or the one configured), by name, size and time: an
    upgraded libclang gets headers of its own instead of refusing the old ones
    forever."""
    h = hashlib.sha256(f"{FORMAT}\0".encode())
    lib = ci.conf.library_file or ci.conf.get_filename()
    h.update(f"{lib}\0".encode("utf-8", "surrogateescape"))
    folders = [str(SHIM_DIR), os.path.dirname(os.path.abspath(ci.__file__))]
    files = [lib] if os.path.isfile(lib) else []
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files += [os.path.join(root, n) for n in sorted(names)]
    for p in files:
        try:
            st = os.stat(p)
        except OSError:
            continue
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


_STAMP: list[str] = []


# What a parse force-includes first: rapcc's shim (the stand-ins), or clang's
# CUDA wrapper (the toolkit's headers, RAPCC_HEADERS=toolkit: clang's driver
# includes it too, and its include guard makes that second one free).
WRAPPER_HEADER = "__clang_cuda_runtime_wrapper.h"
PRELUDES = (SHIM_HEADER, WRAPPER_HEADER)


def _prelude_at(args: list[str]) -> int | None:
    for i in range(len(args) - 1):
        if args[i] == "-include" and args[i + 1] in PRELUDES:
            return i
    return None


def without_shim(args: list[str]) -> list[str] | None:
    """`args` without its `-include` of the shim (or of clang's CUDA wrapper); None where it has none."""
    i = _prelude_at(args)
    return None if i is None else args[:i] + args[i + 2:]


def precompiled(args: list[str]) -> list[str] | None:
    """`args` with the shim's `-include` replaced by its precompiled header,
    built if need be; None where there is none to be had."""
    base = without_shim(args)
    if not ENABLED or base is None:
        return None
    if not _STAMP:
        _STAMP.append(_stamp())
    key = hashlib.sha256("\0".join([_STAMP[0], *base]).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    if key not in _built:
        i = _prelude_at(args)
        assert i is not None
        _built[key] = _file(key, base, args[i + 1])
    found = _built[key]
    if found is None:
        return None
    i = _prelude_at(args)
    assert i is not None
    return args[:i] + ["-include-pch", found] + args[i + 2:]


def _file(key: str, base: list[str], header: str) -> str | None:
    folder = private_folder(tempfile.gettempdir())
    if folder is None:
        return None
    path = os.path.join(folder, f"prelude-{key}.pch")
    if _used(path):
        return path
    # One builder at a time (the first steps of `make -j` all want the same
    # header): the others wait for it and take its header instead of each
    # spending the half second. A lock that cannot be had in time is no
    # reason not to build: the rename below keeps any number of builders safe.
    with _lock(os.path.join(folder, f"prelude-{key}.lock")):
        if _used(path):
            return path
        return _build(folder, path, base, header)


def _used(path: str) -> bool:
    """Whether the header exists, marking it used now: the pruning keeps the
    most recently used (a build's own header is not pushed out by the tests'
    or other projects' dozens)."""
    try:
        os.utime(path)
        return True
    except OSError:
        return False


@contextlib.contextmanager
def _lock(path: str, wait_s: float = 60.0) -> Iterator[None]:
    try:
        import fcntl
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except (ImportError, OSError):
        yield
        return
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # releases the lock


def _build(folder: str, path: str, base: list[str], header: str) -> str | None:
    # The shim is included by a stub, not parsed as the main file: the main
    # file is never a system header, and rapcc tells the builtins (threadIdx,
    # min, atomicAdd) from the user's own functions by that.
    # (A file of no one's on disk: the parse reads it from memory, and rapcc's
    # list of the headers a file read leaves out the shim's folder.)
    stub = str(SHIM_DIR / "rapcc_prelude.h")
    options = _DETAILED | _INCOMPLETE | _KEEP_GOING
    # clang's CUDA wrapper and the toolkit it includes: their function bodies
    # left out (SkipFunctionBodies; clang keeps those of constexpr functions
    # and of functions whose return type is deduced, so constant evaluation and
    # types are as before). rapcc walks no function of a system header (a
    # call into one is an escape), and each parse loads the header in ~11 ms
    # of CPU instead of ~28 without them. Only where every file the header read is a system
    # header: a user's `-I` header that shadows a toolkit one keeps its bodies.
    skip = header == WRAPPER_HEADER
    tu = _prelude_unit(stub, base, header, options | _SKIP_BODIES if skip else options)
    if skip and tu is not None and not _only_system_headers(tu, stub, _user_folders(base)):
        tu = _prelude_unit(stub, base, header, options)
    if tu is None or any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
        return None  # the parse reports these itself, from the shim as written
    fd, tmp = tempfile.mkstemp(prefix=".prelude-", suffix=".pch", dir=folder)
    os.close(fd)
    try:
        tu.save(tmp)
        os.replace(tmp, path)  # whole or not at all, for a parse running beside this one
    except (OSError, ci.TranslationUnitSaveError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return None
    _prune(folder)
    return path


def _prelude_unit(stub: str, base: list[str], header: str, options: int) -> ci.TranslationUnit | None:
    try:
        return ci.Index.create().parse(stub, args=base, unsaved_files=[(stub, f"#include <{header}>\n")],
                                       options=options)
    except ci.TranslationUnitLoadError:
        return None


def _user_folders(args: list[str]) -> tuple[str, ...]:
    """The `-I`/`-iquote` folders of a command line (real paths, each ending in a separator)."""
    out = []
    for i, a in enumerate(args):
        for flag in ("-I", "-iquote"):
            if a == flag and i + 1 < len(args):
                out.append(args[i + 1])
            elif a.startswith(flag) and len(a) > len(flag) and not a.startswith("-isystem"):
                out.append(a[len(flag):])
    return tuple(os.path.join(os.path.realpath(d), "") for d in out)


def _only_system_headers(tu: ci.TranslationUnit, stub: str, user: tuple[str, ...]) -> bool:
    """Whether every file the prelude read (but its stub) is a system header:
    clang says so, and it is in none of the user's `-I` folders (clang calls a
    user's header that a system header includes by a quoted name a system one,
    rapcc's header kinds do not: headers.py)."""
    for inc in tu.get_includes():
        f = inc.include
        if f is None or f.name == stub:
            continue
        if os.path.realpath(f.name).startswith(user) \
                or not ci.SourceLocation.from_position(tu, f, 1, 1).is_in_system_header:
            return False
    return True


def discard(args: list[str]) -> None:
    """Forget the precompiled header `args` (from `precompiled`) names, which
    clang refused (a toolkit header changed since it was built): the next parse
    builds it again instead of parsing without it from then on."""
    if "-include-pch" not in args:
        return
    path = args[args.index("-include-pch") + 1]
    for key in [k for k, v in _built.items() if v == path]:
        del _built[key]
    try:
        os.unlink(path)  # another process may have written a good one since: it only builds it again
    except OSError:
        pass


def _prune(folder: str) -> None:
    try:
        found = sorted((e.stat().st_mtime, e.path) for e in os.scandir(folder)
                       if e.name.startswith("prelude-") and e.name.endswith(".pch"))
    except OSError:
        return
    for _, p in found[:-KEEP]:
        for name in (p, p[:-len(".pch")] + ".lock"):
            try:
                os.unlink(name)
            except OSError:
                pass


def refused(tu: ci.TranslationUnit) -> bool:
    """Whether clang could not use the precompiled header (its inputs changed,
    or another clang wrote it): the parse is then done without it."""
    for d in tu.diagnostics:
        if d.severity >= ci.Diagnostic.Error:
            text = d.spelling
            if "precompiled header" in text or "PCH file" in text or "AST file" in text \
                    or (d.location.file is None and "pch" in text.lower()):
                return True
    return False
