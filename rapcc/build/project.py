"""Several files at once: `rapcc A.cu B.cu --out-dir DIR`, and project mode
(`rapcc -p BUILD_DIR --out-dir DIR | --in-place [FILES...]`, `rapcc analyze -p
BUILD_DIR [FILES...]`) over a compile database.

Every file is rewritten and verified in memory first; only when all of them
succeed is anything written (each file atomically), so a failure anywhere
leaves every file as it was. In project mode each file is parsed with its own
flags from the database, and the `<<<grid, block>>>` launches of every file in
the database give kernels their block shapes across translation units. With
no files named, a `.cu` file that one (and only one) unit of the database
#includes from its own folder is processed too, as that unit compiles it
(`Options.unit`); one that several units include stays as written, since
each unit may use its functions and arrays differently.
"""
from __future__ import annotations

import codecs
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

from ..diagnostics import Diagnostic, InternalError, RapccError
from ..frontend import included_kernel_files, launches_in_file
from ..output import write_outputs
from ..parallel import map_files
from ..pipeline import Options, RewriteResult
from .compdb import CompileDatabaseError, CompileEntry, read_compile_database
from .launch_index import LaunchShapes, merge_launches

BACKUP_SUFFIX = ".orig"
RAPCC_HEADER = b"/* rapcc "  # how rapcc's output begins (templates/header.j2)


@dataclass(frozen=True, slots=True)
class Unit:
    """One file to process and the options to process it with."""

    path: str  # as the user or the database names it
    options: Options


@dataclass(frozen=True, slots=True)
class Failure:
    path: str
    message: str
    diagnostics: tuple[Diagnostic, ...]
    internal: bool


def _entry_options(entry: CompileEntry, base: Options) -> Options:
    """The database's flags for the file, then the command line's."""
    f = entry.flags
    return replace(base, include_dirs=f.include_dirs + base.include_dirs, defines=f.defines + base.defines,
                   std=f.std if base.std == "c++17" else base.std, extra_args=f.extra_args + base.extra_args,
                   rdc=f.rdc or base.rdc)


def _launches_of(job: tuple[Unit, Callable[[str], bytes]]) -> dict[str, list[tuple[int, int, int]]] | Failure:
    u, read = job
    try:
        return launches_in_file(u.path, read(u.path), u.options)
    except RapccError as exc:
        return Failure(u.path, str(exc), exc.diagnostics, False)


def project_launch_shapes(units: Sequence[Unit], read: Callable[[str], bytes], jobs: int | None = None
                          ) -> tuple[LaunchShapes, list[Failure]]:
    """The launches of every unit (one process per file; `read` a module-level
    function), merged in the units' order; files that do not parse launch
    nothing (and are reported)."""
    found = map_files(_launches_of, [(u, read) for u in units], jobs)
    return merge_launches(f for f in found if not isinstance(f, Failure)), [f for f in found if isinstance(f, Failure)]


def _read_bytes(path: str) -> bytes:
    return Path(path).read_bytes()


def project_units(build_dir: str, files: Sequence[str], base: Options) -> list[Unit]:
    """The database's CUDA files (or `files`, each of which it must list), with their own flags
    and the launch shapes of the whole project."""
    try:
        entries = read_compile_database(Path(build_dir))
    except CompileDatabaseError as exc:
        raise RapccError(str(exc)) from None
    by_file = {e.file: e for e in entries}
    if files:
        chosen = []
        for f in files:
            entry = by_file.get(os.path.normpath(os.path.abspath(f)))
            if entry is None:
                raise RapccError(f"{f}: not in {Path(build_dir) / 'compile_commands.json'}")
            chosen.append(entry)
    else:
        chosen = [e for e in entries if e.is_cuda]
        if not chosen:
            raise RapccError(f"{build_dir}: the compile database lists no CUDA file")
    everyone = [Unit(e.file, _entry_options(e, base)) for e in entries if e.is_cuda]
    shapes, _ = project_launch_shapes(everyone, _read_bytes)
    units = [Unit(e.file, replace(_entry_options(e, base), launch_shapes=shapes)) for e in chosen]
    if files:
        return units
    return units + [replace(u, options=replace(u.options, launch_shapes=shapes)) for u in included_units(everyone)]


def included_units(units: Sequence[Unit]) -> list[Unit]:
    """The kernel files that exactly one of `units` #includes from its own
    folder, each to be processed inside that unit; files the database
    compiles on their own are units already, and are left out."""
    compiled = {os.path.realpath(u.path) for u in units}
    includers: dict[str, list[Unit]] = {}
    for u in units:
        try:
            found = included_kernel_files(u.path, u.options)
        except RapccError:
            continue  # the unit's own parse reports it
        for f in found:
            if f not in compiled:
                includers.setdefault(f, []).append(u)
    return [Unit(f, replace(us[0].options, unit=us[0].path)) for f, us in includers.items() if len(us) == 1]


Process = Callable[[bytes, str, Options], RewriteResult]


def _run_unit(job: tuple[Unit, Process, Callable[[str], bytes]]) -> tuple[Unit, bytes, RewriteResult] | Failure:
    u, process, read = job
    try:
        source = read(u.path)
        return u, source, process(source, u.path, u.options)
    except RapccError as exc:
        return Failure(u.path, str(exc), exc.diagnostics, False)
    except InternalError as exc:
        return Failure(u.path, f"internal error: {exc}", (), True)


def run_units(units: Sequence[Unit], process: Process, read: Callable[[str], bytes], jobs: int | None = None
              ) -> tuple[list[tuple[Unit, bytes, RewriteResult]], list[Failure]]:
    """Process every unit, one process per file on every core (`jobs`: how
    many; `process` and `read` must be module-level functions); failures are
    collected, not raised, so all of them are reported, in the units' order."""
    done = []
    failures = []
    for r in map_files(_run_unit, [(u, process, read) for u in units], jobs):
        if isinstance(r, Failure):
            failures.append(r)
        else:
            done.append(r)
    return done, failures


def out_dir_paths(paths: Sequence[str], out_dir: str) -> list[Path]:
    """Where each input goes under `out_dir`: its path below the inputs' common folder."""
    absolute = [os.path.abspath(p) for p in paths]
    common = os.path.commonpath([os.path.dirname(p) for p in absolute])
    return [Path(out_dir) / os.path.relpath(p, common) for p in absolute]


def write_out_dir(done: Sequence[tuple[Unit, bytes, RewriteResult]], out_dir: str) -> list[Path]:
    targets = out_dir_paths([u.path for u, _, _ in done], out_dir)
    if len(set(targets)) != len(targets):
        raise RapccError("two inputs would be written to the same output file")
    for target, (u, _, _) in zip(targets, done):
        if target.resolve() == Path(u.path).resolve():
            raise RapccError(f"{target}: refusing to overwrite the input (use --in-place)")
    for target in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
    write_outputs([(target, result.text) for target, (_, _, result) in zip(targets, done)])
    return targets


def _keeps_backup(source: bytes, backup: Path) -> bool:
    """Whether an existing FILE.orig is the source from before rapcc: the file
    rewritten again is rapcc's own output (its header comes first), so the
    backup a first run made holds what the user wrote (issue 29: a rerun
    overwrote it with rapcc's output). A file that is not rapcc's output is
    the user's again: its backup is made anew."""
    return source.removeprefix(codecs.BOM_UTF8).startswith(RAPCC_HEADER) and backup.is_file()


def write_in_place(done: Sequence[tuple[Unit, bytes, RewriteResult]], backup: bool) -> list[Path]:
    """Replace each changed file; the original goes to FILE.orig (unless `backup` is off,
    or FILE.orig already holds the source from before rapcc's first run).
    Every new text is staged next to its file before any file is replaced."""
    changed = [(Path(u.path), source, r.text) for u, source, r in done if r.text != source]
    files: list[tuple[Path, bytes]] = []
    for path, source, text in changed:
        orig = path.with_name(path.name + BACKUP_SUFFIX)
        if backup and not _keeps_backup(source, orig):
            files.append((orig, source))
        files.append((path, text))
    write_outputs(files)
    return [p for p, _, _ in changed]
