"""Whether a compile can involve shared memory at all, decided on bytes alone.

`rapcc-nvcc` hands a file with no shared memory straight to nvcc, before
anything loads libclang, NumPy or Jinja: most `.cu` files of a project (host
code, thrust calls, elementwise kernels) have none, and parsing them would
only add to the build (issue 20: a no-op compile costs under 50 ms on top of
nvcc).

The test is conservative: a file counts as having shared memory when its
bytes, or those of any file it may `#include` from the user's folders (its
own folder, `-I`, `-isystem`, `-include`, followed transitively), or a `-D`
value, spell `__shared__` (or the attribute forms the toolkit defines it as).
That covers every way rapcc finds an array: one declared in the file, one in
a kernel file it includes (`worker.py` rewrites those too), a macro from a
header that expands to `__shared__`, and a provider helper such as the CUDA
samples' `SharedMemory<T>` defined in a header. A header not found in those
folders is the toolkit's or the system's, where no user array lives. An
`#include` whose name is a macro cannot be followed, so it counts as shared
memory. Comments and `#if 0` blocks are not skipped: they can only make the
answer "maybe", never "no" where it should be "maybe".
"""
from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable, Sequence

# `__shared__` is `__location__(shared)`, i.e. `__attribute__((shared))`.
SHARED_MARKS = (b"__shared__", b"__location__", b"((shared))")
MAX_FILES = 2000  # files followed before giving up (and answering "maybe")


def mentions_shared(data: bytes) -> bool:
    return any(m in data for m in SHARED_MARKS)


def include_names(data: bytes) -> list[tuple[str, bool]] | None:
    """The names the text's `#include` lines name, each with whether it is
    quoted ("x") rather than bracketed (<x>); None when one is a macro."""
    if b"include" not in data:
        return []
    out: list[tuple[str, bool]] = []
    for line in data.split(b"\n"):
        s = line.lstrip()
        if not s.startswith(b"#"):
            continue
        s = s[1:].lstrip()
        if not s.startswith(b"include"):
            continue
        rest = s[len(b"include"):]
        if rest.startswith(b"_next"):
            rest = rest[len(b"_next"):]
        rest = rest.lstrip()
        close = {b'"': b'"', b"<": b">"}.get(rest[:1])
        if close is None:
            return None  # `#include MACRO`: the name is known only after preprocessing
        end = rest.find(close, 1)
        if end < 0:
            return None
        out.append((rest[1:end].decode("utf-8", errors="surrogateescape"), close == b'"'))
    return out


def _resolve(name: str, quoted: bool, includer_dir: str, dirs: Sequence[str]) -> str | None:
    search: Iterable[str] = ([includer_dir] if quoted else []) + list(dirs)
    for d in search:
        candidate = os.path.join(d, name)
        if os.path.isfile(candidate):
            return os.path.realpath(candidate)
    return None


def first_files(path: str, pre_includes: Sequence[str], include_dirs: Sequence[str]) -> list[str]:
    """Where a compile of `path` starts reading: the file itself, then each
    `-include` file found (as a quoted include from the file's folder), as real paths."""
    here = os.path.dirname(os.path.realpath(path))
    out = [os.path.realpath(path)]
    for f in pre_includes:
        found = f if os.path.isabs(f) and os.path.isfile(f) else _resolve(f, True, here, include_dirs)
        if found is not None:
            out.append(os.path.realpath(found))
    return out


def may_use_shared(path: str, source: bytes, include_dirs: Sequence[str] = (), pre_includes: Sequence[str] = (),
                   defines: Sequence[str] = ()) -> bool:
    """Whether compiling `path` (whose bytes are `source`) can involve a
    `__shared__` array (see module docstring). `include_dirs`: the user's
    `-I` and `-isystem` folders, in order; `pre_includes`: `-include` files."""
    if any(mentions_shared(d.encode("utf-8", errors="surrogateescape")) for d in defines):
        return True
    main, *forced = first_files(path, pre_includes, include_dirs)
    pending: list[tuple[str, bytes | None]] = [(main, source)] + [(f, None) for f in forced]
    seen: set[str] = set()
    while pending:
        name, data = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        if len(seen) > MAX_FILES:
            return True
        if data is None:
            try:
                with open(name, "rb") as fh:
                    data = fh.read()
            except OSError:
                continue  # the compiler reports it
        if mentions_shared(data):
            return True
        names = include_names(data)
        if names is None:
            return True
        folder = os.path.dirname(name)
        for inc, quoted in names:
            found = _resolve(inc, quoted, folder, include_dirs)
            if found is not None and found not in seen:
                pending.append((found, None))
    return False
