"""Block shapes of kernel launches across the translation units of a project.

Kernels are usually launched from another file than the one defining them; in
project mode the `<<<grid, block>>>` launches of every file in the compile
database give each kernel its block shapes (`pipeline.Options.launch_shapes`).
`rapcc-nvcc` keeps each file's launches in its cache under a key of the
file's bytes and flags, so a rebuild re-parses only the files that changed;
the files' launches are merged in database order. Standard library only.
"""
from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

from .cache import Cache, cache_key, sha256_bytes
from .nvcc_args import HonouredFlags

if TYPE_CHECKING:  # a project's compile database is read only in project mode
    from .compdb import CompileEntry

try:
    import fcntl
except ImportError:  # not POSIX: parallel compiles may parse the same files twice, harmlessly
    fcntl = None  # type: ignore[assignment]

Shape = tuple[int, int, int]
LaunchShapes = tuple[tuple[str, tuple[Shape, ...]], ...]


def merge_launches(per_file: Iterable[Mapping[str, Sequence[Sequence[int]]]]) -> LaunchShapes:
    """Kernel name -> its distinct block shapes, in the order the files and launches come."""
    merged: dict[str, dict[Shape, None]] = {}
    for found in per_file:
        for name, shapes in found.items():
            bucket = merged.setdefault(name, {})
            for s in shapes:
                bucket[(int(s[0]), int(s[1]), int(s[2]))] = None
    return tuple((name, tuple(shapes)) for name, shapes in sorted(merged.items()))


def launches_digest(shapes: LaunchShapes) -> str:
    return sha256_bytes(json.dumps(shapes).encode())


def file_launch_key(path: str, source: bytes, flags: HonouredFlags, version: str) -> str:
    return cache_key({"kind": "launches", "path": path, "source": sha256_bytes(source), "flags": flags.to_json(),
                      "rapcc": version})


def store_file_launches(cache: Cache, key: str, found: Mapping[str, Sequence[Shape]], note: str | None) -> None:
    cache.put(key, "launches", None, {"launches": {k: [list(s) for s in v] for k, v in found.items()}}, note, ())


def _cached(cache: Cache, key: str) -> dict[str, Any] | None:
    entry = cache.get(key)
    if entry is None or entry.report is None:
        return None
    return entry.report.get("launches")


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[None]:
    """One process at a time computes missing launches (the others then find them cached)."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "launch-index.lock", "a+") as f:
        if fcntl is not None:
            fcntl.flock(f, fcntl.LOCK_EX)
        yield


# (key, path, source bytes, flags) of a file whose launches are not cached yet.
Job = tuple[str, str, bytes, HonouredFlags]


def cached_project_launches(entries: Sequence[CompileEntry], cache: Cache, version: str,
                            compute: Callable[[list[Job]], None]) -> LaunchShapes:
    """The project's launch shapes; `compute` stores the launches of the files
    not in the cache yet (in a child process, for rapcc-nvcc)."""
    keyed: list[tuple[str, str, bytes, HonouredFlags]] = []
    for e in entries:
        if not e.is_cuda:
            continue
        try:
            source = Path(e.file).read_bytes()
        except OSError:
            continue  # a file the database names but the disk lacks launches nothing
        keyed.append((file_launch_key(e.file, source, e.flags, version), e.file, source, e.flags))
    found = {k: _cached(cache, k) for k, *_ in keyed}
    if any(v is None for v in found.values()):
        with _locked(cache.root):
            missing = [j for j in keyed if _cached(cache, j[0]) is None]
            if missing:
                compute(missing)
        found = {k: _cached(cache, k) for k, *_ in keyed}
    return merge_launches(v for v in found.values() if v)
