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
from ..frontend import LaunchesUnread, file_constants, file_launch_facts, included_kernel_files
from ..output import write_outputs
from ..parallel import map_files
from ..pipeline import Options, RewriteResult
from ..program_constants import ConstantDef, FileLaunchFacts, ProgramConstants, merge_constants, spelled, wanted_by
from .compdb import CompileDatabaseError, CompileEntry, read_compile_database
from .launch_index import LaunchShapes, merge_launches, unread_record
from .launch_scope import file_runs, may_name, pieces
from .nvcc_args import HonouredFlags

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
    kernels: tuple[str, ...] | None = None  # a file whose launches do not parse: the kernels clang saw anyway


def _entry_options(entry: CompileEntry, base: Options) -> Options:
    """The database's flags for the file, then the command line's."""
    f = entry.flags
    return replace(base, include_dirs=f.include_dirs + base.include_dirs, defines=f.defines + base.defines,
                   std=f.std if base.std == "c++17" else base.std, extra_args=f.extra_args + base.extra_args,
                   rdc=f.rdc or base.rdc)


def _facts_of(job: tuple[Unit, Callable[[str], bytes]]) -> FileLaunchFacts | Failure:
    u, read = job
    try:
        return file_launch_facts(u.path, read(u.path), u.options)
    except RapccError as exc:
        return Failure(u.path, str(exc), exc.diagnostics, False,
                       exc.kernels if isinstance(exc, LaunchesUnread) else None)


def _constants_of(job: tuple[Unit, Callable[[str], bytes]]) -> tuple[ConstantDef, ...] | Failure:
    u, read = job
    try:
        return file_constants(u.path, read(u.path), u.options)
    except (RapccError, OSError) as exc:
        return Failure(u.path, str(exc), getattr(exc, "diagnostics", ()), False)


@dataclass(frozen=True, slots=True)
class ProjectLaunches:
    """What every unit's launches say (`project_launches`), for each unit's Options."""

    shapes: LaunchShapes
    unknown: tuple[tuple[str, tuple[str, ...]], ...]  # kernel -> why its unknown launches are
    constants: ProgramConstants  # the definitions of the names some launch reads from another file
    failures: tuple[Failure, ...]
    scope: tuple[str, ...] | None = None  # the kernels these speak for (`Options.launch_scope`); None: all


def project_launches(units: Sequence[Unit], read: Callable[[str], bytes], jobs: int | None = None,
                     others: Sequence[Unit] = ()) -> ProjectLaunches:
    """The launches of every unit (one process per file; `read` a module-level
    function), merged in the units' order; files that do not parse launch
    nothing (and are reported). A unit whose launches read a constant it
    declares without defining (`extern const int BLOCK;`) is read again with
    the definitions every unit and every file of `others` (the database's
    C++ files) makes (rapcc/program_constants.py)."""
    found = map_files(_facts_of, [(u, read) for u in units], jobs)
    wanted = sorted({n for f in found if not isinstance(f, Failure) for n in f.wanted})
    constants = ProgramConstants()
    if wanted:
        extra = map_files(_constants_of, [(u, read) for u in others], jobs)
        defs = [d for f in found if not isinstance(f, Failure) for d in f.constants] \
            + [d for e in extra if not isinstance(e, Failure) for d in e]
        # A file that does not parse may define a name it spells: that name is unknown.
        unread = [(n, f.path) for f in [*found, *extra] if isinstance(f, Failure)
                  for n in spelled(wanted, _bytes_or_empty(read, f.path))]
        constants = wanted_by(merge_constants(defs, unread), wanted)
        again = [(i, replace(u, options=replace(u.options, program_constants=wanted_by(constants, f.wanted))))
                 for i, (u, f) in enumerate(zip(units, found)) if not isinstance(f, Failure) and f.wanted]
        redone = map_files(_facts_of, [(u, read) for _, u in again], jobs)
        found = list(found)
        for (i, _), r in zip(again, redone):  # a failed rereading keeps the first, where those names are unknown
            if not isinstance(r, Failure):
                found[i] = r
    return _merged(list(found) + _unread_units(units, found, read), constants)


def _unread_units(units: Sequence[Unit], found: Sequence[FileLaunchFacts | Failure],
                  read: Callable[[str], bytes]) -> list[FileLaunchFacts | Failure]:
    """For each unit that does not parse, what it says of the kernels the
    other units define and it may name (launch_scope.py): launches of any
    shape (its failure itself stays reported)."""
    names = tuple(dict.fromkeys(n for f in found if not isinstance(f, Failure) for n in f.kernels or ()))
    within = pieces(names)
    memo: dict[tuple, object] = {}
    out: list[FileLaunchFacts | Failure] = []
    for u, f in zip(units, found):
        if isinstance(f, Failure):
            runs = file_runs(u.path, _bytes_or_empty(read, u.path), _flags(u.options), within, memo)
            out.append(_unread(f, [n for n in names if may_name(runs, (n,))]))
    return out


def _merged(found: Sequence[FileLaunchFacts | Failure], constants: ProgramConstants,
            scope: tuple[str, ...] | None = None) -> ProjectLaunches:
    """The files' facts merged in their order; with `scope`, of those kernels only."""
    keep = None if scope is None else set(scope)
    facts = [f for f in found if not isinstance(f, Failure)]
    unknown: dict[str, dict[str, None]] = {}
    for f in facts:
        for name, reasons in f.unknown.items():
            if keep is None or name in keep:
                unknown.setdefault(name, {}).update(dict.fromkeys(reasons))
    return ProjectLaunches(merge_launches({k: v for k, v in f.launches.items() if keep is None or k in keep}
                                          for f in facts),
                           tuple((n, tuple(rs)) for n, rs in sorted(unknown.items())), constants,
                           tuple(f for f in found if isinstance(f, Failure)), scope)


def _flags(o: Options) -> HonouredFlags:
    return HonouredFlags(o.include_dirs, o.defines, o.std, o.extra_args)


def narrowed_launches(own: Unit, units: Sequence[Unit], read: Callable[[str], bytes], jobs: int | None = None
                      ) -> ProjectLaunches | None:
    """What `project_launches(units)` says of the kernels `own` (one of
    `units`) defines, reading only `own` and the units that may name them
    (build/launch_scope.py: no other unit's launches name them). None where
    the whole scan is needed: `own` does not parse, or a launch reads a
    constant that any file of the database may define."""
    first = _facts_of((own, read))
    names = first.kernels
    if names is None or (not isinstance(first, Failure) and first.wanted):
        return None
    # The same file compiled again with other flags is another unit: read if it may name them.
    within = pieces(names)
    memo: dict[tuple, object] = {}
    runs = {i: file_runs(u.path, _bytes_or_empty(read, u.path), _flags(u.options), within, memo)
            for i, u in enumerate(units) if u != own}
    others = [i for i in runs if may_name(runs[i], names)]
    found = dict(zip(others, map_files(_facts_of, [(units[i], read) for i in others], jobs)))
    if any(not isinstance(f, Failure) and f.wanted for f in found.values()):
        return None
    # The named file's own launches are its rewrite's to read; another unit that does not parse
    # may launch any kernel it can name, with any shape (build/launch_index.unread_record).
    ordered = [first if u == own else _unread(found[i], [n for n in names if may_name(runs[i], (n,))])
               for i, u in enumerate(units) if u == own or i in found]
    return _merged(ordered, ProgramConstants(), names)


def _unread(found: FileLaunchFacts | Failure, names: Sequence[str]) -> FileLaunchFacts | Failure:
    if not isinstance(found, Failure):
        return found
    record = unread_record(found.path, names)
    return FileLaunchFacts({n: [tuple(e) for e in v] for n, v in record["launches"].items()},
                           {n: tuple(v) for n, v in record["unknown"].items()}, (), ())


def _bytes_or_empty(read: Callable[[str], bytes], path: str) -> bytes:
    try:
        return read(path)
    except OSError:
        return b""


def with_project(options: Options, found: ProjectLaunches) -> Options:
    """`options` with what the other units' launches say (and the program's
    constants: an empty set says that no file of the project defines a name)."""
    return replace(options, launch_shapes=found.shapes, launch_unknown=found.unknown,
                   program_constants=found.constants, launch_scope=found.scope, whole_program=True)


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
    whole: list[ProjectLaunches] = []

    def every_file() -> ProjectLaunches:
        if not whole:
            whole.append(project_launches(everyone, _read_bytes, others=[Unit(e.file, _entry_options(e, base))
                                                                        for e in entries if not e.is_cuda]))
        return whole[0]
    if files:
        # Each named file reads the launches of the units that may name its kernels (issue 28:
        # `analyze -p BUILD one.cu` parsed all 141 units of a database first).
        units = []
        for e in chosen:
            own = Unit(e.file, _entry_options(e, base))
            found = narrowed_launches(own, everyone, _read_bytes) if e.is_cuda else None
            units.append(Unit(e.file, with_project(own.options, found if found is not None else every_file())))
        return units
    found = every_file()
    units = [Unit(e.file, with_project(_entry_options(e, base), found)) for e in chosen]
    return units + [replace(u, options=with_project(u.options, found)) for u in included_units(everyone)]


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
