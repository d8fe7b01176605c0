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
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ..program_constants import ProgramConstants, defs_from_json, merge_constants, spelled, to_json, wanted_by
from .cache import Cache, cache_key, sha256_bytes
from .launch_scope import file_runs, may_name, pieces
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


@dataclass(frozen=True, slots=True)
class ProjectFacts:
    """What the project's files say of launches: the shapes, why some are
    unknown (kernel -> "in 'a.cu', line 9: ..."), and the program's constants
    that some launch reads from another file (rapcc/program_constants.py)."""

    shapes: LaunchShapes = ()
    unknown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    constants: ProgramConstants = ProgramConstants()
    # The kernels these facts speak for (`Options.launch_scope`); None: every one.
    scope: tuple[str, ...] | None = None

    def digest(self) -> str:
        return sha256_bytes(json.dumps([self.shapes, self.unknown, to_json(self.constants), self.scope]).encode())


@dataclass(slots=True)
class ScanLog:
    """What one compile step spent on the project scan (RAPCC_SCAN_LOG):
    its own parses, its waits for files other steps were parsing, and how
    many of the database's CUDA files it read."""

    parsed: int = 0
    parse_s: float = 0.0
    waited_s: float = 0.0
    read: int = 0
    of: int = 0
    # Why the scan read every file rather than those that may name the step's kernels.
    whole: str | None = None
    parse_times: list[float] = field(default_factory=list)

    def patience_s(self) -> float:
        """How long to wait for a file another step parses: about what parsing it here takes."""
        return max(self.parse_times) if self.parse_times else DEFAULT_PATIENCE_S


def file_launch_key(path: str, source: bytes, flags: HonouredFlags, version: str, kind: str = "launches") -> str:
    return cache_key({"kind": kind, "path": path, "source": sha256_bytes(source), "flags": flags.to_json(),
                      "rapcc": version})


def store_file_launches(cache: Cache, key: str, found: Mapping[str, Any], note: str | None) -> None:
    """`found`: the file's record ({"launches", "unknown", "wanted", "constants"}, or {"failed": true})."""
    cache.put(key, "launches", None, dict(found), note, ())


def _cached(cache: Cache, key: str) -> dict[str, Any] | None:
    entry = cache.get(key)
    if entry is None or entry.report is None:
        return None
    return entry.report


# (key, path, source bytes, flags, what the worker is asked beyond the file's launches:
# {"what": "constants"} for a file read for its constants only, {"program_constants": ...}
# for launches read with other files' constants) of a file whose record is not cached yet.
Job = tuple[str, str, bytes, HonouredFlags, dict[str, Any]]


# Files claimed per call of `compute`: a `make -j` build's first compile steps
# share a project's files, a few at a time, instead of one step parsing them
# all while the others wait (issue 28); a batch keeps a worker's start (a
# Python process where no server runs) to a sixteenth of the files.
_BATCHES = 16


def _claim_path(root: Path, key: str) -> Path:
    return root / "launch-claims" / f"{key}.lock"


def _try_claim(root: Path, key: str) -> IO[str] | None:
    """The open claim file of `key`, locked by this process; None where another holds it."""
    path = _claim_path(root, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    f = open(path, "a+")
    if fcntl is None:  # not POSIX: parallel compiles may parse the same files twice, harmlessly
        return f
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return None
    return f


def _release(root: Path, key: str, f: IO[str]) -> None:
    # Removed before the unlock: a process that opens the name afterwards gets a new file and finds the
    # launches cached (at worst it parses the file again, harmlessly); one blocked on this file wakes.
    with contextlib.suppress(OSError):
        _claim_path(root, key).unlink()
    f.close()


# Seconds a step waits for a file another step parses before it has timed a parse of its own.
DEFAULT_PATIENCE_S = 2.0
_POLL_S = 0.02


def _wait_for(root: Path, key: str, patience_s: float) -> bool:
    """Wait until the process that claimed `key` lets it go, at most
    `patience_s`; False when it still holds it then."""
    try:
        f = open(_claim_path(root, key))  # not created: a name already gone was let go
    except OSError:
        return True
    with f:
        if fcntl is None:
            return True
        deadline = time.monotonic() + patience_s
        while True:
            try:
                fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return True
            except OSError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(_POLL_S)


def _timed(compute: Callable[[list[Job]], None], log: ScanLog) -> Callable[[list[Job]], None]:
    def run(jobs: list[Job]) -> None:
        start = time.perf_counter()
        try:
            compute(jobs)
        finally:
            spent = time.perf_counter() - start
            log.parsed += len(jobs)
            log.parse_s += spent
            log.parse_times.append(spent / max(1, len(jobs)))
    return run


def _share(cache: Cache, missing: list[Job], compute: Callable[[list[Job]], None], log: ScanLog) -> None:
    """Compute the launches of `missing` together with the other compile steps
    that need them now: claim a batch of files no one is parsing, compute it,
    and so on; wait only for a file another step is parsing at that moment,
    and no longer than parsing it here would take: then parse it here too
    (both store the same record)."""
    batch = -(-len(missing) // _BATCHES)
    done: set[str] = set()  # parsed here: never again, even if the cache did not keep it
    while True:
        missing = [j for j in missing if j[0] not in done and _cached(cache, j[0]) is None]
        if not missing:
            return
        claimed: list[tuple[Job, IO[str]]] = []
        for job in missing:
            f = _try_claim(cache.root, job[0])
            if f is None:
                continue
            if _cached(cache, job[0]) is not None:  # another step finished it since
                _release(cache.root, job[0], f)
                continue
            claimed.append((job, f))
            if len(claimed) == batch:
                break
        if not claimed:
            start = time.perf_counter()
            released = _wait_for(cache.root, missing[0][0], log.patience_s())
            log.waited_s += time.perf_counter() - start
            if not released:
                try:
                    compute([missing[0]])
                finally:
                    done.add(missing[0][0])
            continue
        try:
            compute([j for j, _ in claimed])
        finally:
            for job, f in claimed:
                done.add(job[0])
                _release(cache.root, job[0], f)


def _records(jobs: Sequence[Job], cache: Cache, compute: Callable[[list[Job]], None], log: ScanLog
             ) -> dict[str, dict[str, Any]]:
    found = {j[0]: _cached(cache, j[0]) for j in jobs}
    if any(v is None for v in found.values()):
        _share(cache, [j for j in jobs if found[j[0]] is None], compute, log)
        found = {j[0]: _cached(cache, j[0]) for j in jobs}
    return {k: v for k, v in found.items() if v is not None}


def _sources(entries: Sequence[CompileEntry], cuda: bool) -> list[tuple[CompileEntry, bytes]]:
    out = []
    for e in entries:
        if e.is_cuda != cuda:
            continue
        try:
            out.append((e, Path(e.file).read_bytes()))
        except OSError:
            continue  # a file the database names but the disk lacks launches nothing
    return out


def _facts(records: Iterable[Mapping[str, Any]], constants: ProgramConstants = ProgramConstants(),
           scope: tuple[str, ...] | None = None) -> ProjectFacts:
    """The records merged in their order; with `scope`, of those kernels only."""
    keep = None if scope is None else set(scope)

    def mine(found: Mapping[str, Any]) -> dict[str, Any]:
        return dict(found) if keep is None else {k: v for k, v in found.items() if k in keep}
    records = list(records)
    unknown: dict[str, dict[str, None]] = {}
    for r in records:
        for name, reasons in mine(r.get("unknown", {})).items():
            unknown.setdefault(name, {}).update(dict.fromkeys(reasons))
    return ProjectFacts(merge_launches(mine(r.get("launches", {})) for r in records),
                        tuple((n, tuple(rs)) for n, rs in sorted(unknown.items())), constants, scope)


def _narrowed(jobs: list[Job], own: str, cache: Cache, compute: Callable[[list[Job]], None], log: ScanLog
              ) -> ProjectFacts | None:
    """The facts of the kernels `own` (a file of `jobs`) defines, read from
    the files that may name them (launch_scope.py): every other file's record
    has none of them, so they are what the whole scan gives of those kernels.
    None where the whole scan is needed (see `ScanLog.whole`)."""
    mine = next((j for j in jobs if os.path.normpath(j[1]) == own), None)
    if mine is None:
        log.whole = "the compiled file is not in the compile database"
        return None
    record = _records([mine], cache, compute, log).get(mine[0])
    if record is None or "kernels" not in record:
        log.whole = "the compiled file's kernels could not be read"
        return None
    names = tuple(record["kernels"])
    within = pieces(names)
    memo: dict[tuple, object] = {}
    runs = {j[0]: file_runs(j[1], j[2], j[3], within, memo) for j in jobs if j is not mine}
    picked = [j for j in jobs if j is mine or may_name(runs[j[0]], names)]
    records = _records(picked, cache, compute, log)
    if any(r.get("wanted") for r in records.values()):
        # A launch reads a constant another file defines: any file of the database may define it.
        log.whole = "a launch reads a constant another file defines"
        return None
    log.read = len(picked)
    # The compiled file's own launches are its rewrite's to read; another file that does not parse
    # may launch any kernel it can name, with any shape.
    return _facts([unread_record(j[1], [n for n in names if may_name(runs[j[0]], (n,))])
                   if j is not mine and records[j[0]].get("failed") else records[j[0]]
                   for j in picked if j[0] in records], scope=names)


# frontend/launches.py's UNREAD_SHAPE and `bytes_entry(None)`, without loading libclang here.
UNREAD_ENTRY = (0, 0, 0)
UNKNOWN_BYTES_ENTRY = (-1, -1, 0)


def unread_record(path: str, names: Sequence[str]) -> dict[str, Any]:
    """What a file rapcc cannot parse says of `names`, the kernels it may name:
    launches of any shape and dynamic bytes."""
    why = f"in '{os.path.basename(path)}', which rapcc cannot parse, a launch it may make"
    return {"launches": {n: [UNREAD_ENTRY, UNKNOWN_BYTES_ENTRY] for n in names},
            "unknown": {n: [why] for n in names}}


def cached_project_launches(entries: Sequence[CompileEntry], cache: Cache, version: str,
                            compute: Callable[[list[Job]], None], own: str | None = None,
                            log: ScanLog | None = None) -> ProjectFacts:
    """The project's launch facts; `compute` stores the records of the files
    not in the cache yet (in a child process, for rapcc-nvcc). As project
    mode does (build/project.py): a file whose launches read a constant it
    declares without defining is read again with the definitions of every
    file of the database, C++ files too, under a key of those definitions.
    `own`: the compiled file, whose kernels' facts alone are read where
    that is exact (`_narrowed`); `log`: what the scan spent."""
    log = log if log is not None else ScanLog()
    compute = _timed(compute, log)
    jobs: list[Job] = [(file_launch_key(e.file, src, e.flags, version), e.file, src, e.flags, {})
                       for e, src in _sources(entries, True)]
    log.of = len(jobs)
    if own is not None:
        narrowed = _narrowed(jobs, os.path.normpath(os.path.abspath(own)), cache, compute, log)
        if narrowed is not None:
            return narrowed
    log.read = len(jobs)
    records = _records(jobs, cache, compute, log)
    wanted = sorted({n for r in records.values() for n in r.get("wanted", ())})
    constants = ProgramConstants()
    if wanted:
        others: list[Job] = [(file_launch_key(e.file, src, e.flags, version, "constants"), e.file, src, e.flags,
                              {"what": "constants"}) for e, src in _sources(entries, False)]
        more = _records(others, cache, compute, log)
        everything = [(j, records.get(j[0])) for j in jobs] + [(j, more.get(j[0])) for j in others]
        defs = [d for _, r in everything if r for d in defs_from_json(r.get("constants", ()))]
        unread = [(n, j[1]) for j, r in everything if r is None or r.get("failed") for n in spelled(wanted, j[2])]
        constants = wanted_by(merge_constants(defs, unread), wanted)
        again: list[tuple[str, Job]] = []
        for j in jobs:
            asks = records.get(j[0], {}).get("wanted", ())
            if asks:
                mine = to_json(wanted_by(constants, asks))
                again.append((j[0], (cache_key({"kind": "launches-with", "base": j[0], "constants": mine}),
                                     j[1], j[2], j[3], {"program_constants": mine})))
        redone = _records([j for _, j in again], cache, compute, log)
        for base, j in again:  # a record not made keeps the first reading, where those names are unknown
            if j[0] in redone:
                records[base] = redone[j[0]]
    return _facts(_unread_records(jobs, records), constants)


def _unread_records(jobs: Sequence[Job], records: Mapping[str, Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every file's record in order, where a file that does not parse (or
    whose record was not made) says of each kernel another file defines and
    it may name (launch_scope.py) that it may launch it with any shape: its
    launches are unread, not absent."""
    names = tuple(dict.fromkeys(n for r in records.values() for n in r.get("kernels", ())))
    within = pieces(names)
    memo: dict[tuple, object] = {}
    out: list[Mapping[str, Any]] = []
    for j in jobs:
        r = records.get(j[0])
        if r is not None and not r.get("failed"):
            out.append(r)
            continue
        runs = file_runs(j[1], j[2], j[3], within, memo)
        out.append(unread_record(j[1], [n for n in names if may_name(runs, (n,))]))
    return out
