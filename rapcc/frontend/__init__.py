"""The libclang front end: the only package that imports `clang.cindex`."""
from __future__ import annotations

import os
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Protocol, Sequence

from ..build_macros import BuildMacros
from ..toolkit import HeaderMode
from ..diagnostics import Diagnostic, RapccError
from ..ir import TranslationUnitInfo
from . import clangext  # noqa: F401  (first: its visitors replace cindex's, which drop exceptions)
from .build_branches import refuse_unknown_macros
from .flag_branches import flag_spans
from .header_branches import HeaderFacts, UserHeader, unit_facts
from .collect import collect
from .encoding import refuse_undecodable, undecodable
from .errors import refuse_tainted
from .launches import UNREAD_SHAPE, bytes_entry, launch_bytes, launch_facts
from .preorder import Preorder
from .program import lower_program
from .parse import SHIM_DIR, ParseConfig, ParseError, direct_includes, folder_includes, header_kinds, parse, \
    parse_tolerant
from .tokens import file_tokens
from .toplevel import top_level
from .host_constants import defined_constants
from .defined import defined_kernels
from ..program_constants import ConstantDef, FileLaunchFacts, ProgramConstants


class _ParseOptions(Protocol):
    include_dirs: tuple[str, ...]
    defines: tuple[str, ...]
    undefines: tuple[str, ...]
    std: str
    cuda_path: str | None
    build: BuildMacros
    headers: HeaderMode
    extra_args: tuple[str, ...]
    rdc: bool
    unit: str | None
    verbose: bool  # every clang error in system headers, not one note for them all
    program_constants: ProgramConstants | None  # other files' constants (project mode; host_constants.py)


def _config(options: _ParseOptions) -> ParseConfig:
    return ParseConfig(tuple(options.include_dirs), tuple(options.defines), options.std, options.cuda_path,
                       tuple(options.extra_args), undefines=tuple(options.undefines), unit=options.unit,
                       build=options.build, headers=options.headers, constants=options.program_constants)


def _user_includes(tu) -> tuple[str, ...]:
    """The headers of the user's that the parse read (rapcc's stand-ins left out)."""
    shim = str(SHIM_DIR)
    names = (i.include.name for i in tu.get_includes() if i.include is not None)
    return tuple(dict.fromkeys(n for n in names if not n.startswith(shim)))


def _user_headers(tu, path: str, config: ParseConfig) -> tuple[UserHeader, ...]:
    """The user's headers this parse read (not the system's: see headers.py), with their bytes."""
    kinds = header_kinds(path, config)
    out = []
    for name in _user_includes(tu):
        if kinds.is_system(name):
            continue
        try:
            text = Path(name).read_bytes()
        except OSError:
            continue
        out.append(UserHeader(name, text, lambda name=name, text=text: file_tokens(tu, name, len(text), text)))
    return tuple(out)


def _header_facts(tu, path: str, source: bytes, options: _ParseOptions) -> HeaderFacts:
    """What the user's headers decide (header_branches.py) for the main file's analysis."""
    main = UserHeader(path, source, lambda: file_tokens(tu, path, len(source), source))
    return unit_facts(main, _user_headers(tu, path, _config(options)), options.build, options.defines)


def parse_file_with_includes(path: str, source: bytes, options: _ParseOptions, host_facts: bool = True
                             ) -> tuple[TranslationUnitInfo, list[Diagnostic], tuple[str, ...]]:
    """Parse and collect one file, and name the headers it includes (for build caches).

    clang's errors become notes, and the shared arrays declared, typed or used
    in code with an error are refused (an escape naming the error). Raises
    RapccError only when errors leave the file's structure untrustworthy.
    `host_facts=False` skips the host code's launches and the macro values
    (see `collect`): for parses that only check arrays and their uses."""
    try:
        parsed = parse_tolerant(path, source, _config(options))
    except ParseError as exc:
        raise RapccError(f"{path}: the input has errors", tuple(exc.diagnostics)) from exc
    unit = parsed.unit
    walks = Preorder()  # one walk of each subtree for the collection and the lowering
    info = refuse_tainted(collect(parsed.tu, path, source, rdc=options.rdc,
                                  unit=(unit.path, unit.referenced) if unit is not None else None,
                                  unit_launches=unit.launches if unit is not None else (),
                                  unit_unknown=unit.unknown if unit is not None else (),
                                  unit_smem=unit.smem if unit is not None else None,
                                  host_facts=host_facts, walks=walks,
                                  constants=options.program_constants), parsed.scopes)
    if info.arrays:  # the compiler's own macros (build_macros.COMPILER_MACROS) are unknown to every parse
        tokens = file_tokens(parsed.tu, path, len(source), source)
        # the user's headers get the main file's branch analysis (header_branches.py)
        info = refuse_unknown_macros(info, tokens, options.build, _header_facts(parsed.tu, path, source, options),
                                     flag_spans(tokens, source, options.build, path))
    if info.arrays and undecodable(source):
        info = refuse_undecodable(info, file_tokens(parsed.tu, path, len(source), source))
    info = replace(info, sound=_lazy_program(parsed.tu, path, source, options.rdc,
                                             frozenset(u.range.start for u in info.inactive),
                                             frozenset(a.key for a in info.arrays if a.provider is not None), walks))
    return info, list(parsed.warnings) + list(parsed.notes(path, options.verbose)), _user_includes(parsed.tu)


def _lazy_program(tu, path: str, source: bytes, rdc: bool, inactive: frozenset[int], providers: frozenset[str],
                  walks: Preorder):
    """The file's `sound_ir.Program`, lowered on first call (it keeps the parse alive until then)."""
    kept = [walks]  # until the lowering: the program is kept with the file's facts, the walks need not be

    @cache
    def program():
        lowered = lower_program(tu, path, source, file_tokens(tu, path, len(source), source), rdc, inactive, providers,
                                kept[0] if kept else Preorder())
        kept.clear()
        return lowered
    return program


def parse_file(path: str, source: bytes, options: _ParseOptions, host_facts: bool = True
               ) -> tuple[TranslationUnitInfo, list[Diagnostic]]:
    """`parse_file_with_includes` without the headers."""
    info, warnings, _ = parse_file_with_includes(path, source, options, host_facts)
    return info, warnings


class LaunchesUnread(RapccError):
    """A file whose launches rapcc cannot read (clang's errors); `kernels`:
    those its user code defines as far as clang's parse shows (None: no parse)."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...], kernels: tuple[str, ...] | None):
        super().__init__(message, diagnostics)
        self.kernels = kernels


def file_launch_facts(path: str, source: bytes, options: _ParseOptions) -> FileLaunchFacts:
    """What the file's launches say, and the constants it defines and reads
    from other files (with `options.program_constants`, their values). Raises
    RapccError with clang's errors."""
    try:
        tu, _ = parse(path, source, _config(options))
    except ParseError as exc:
        raise LaunchesUnread(f"{path}: the input has errors", tuple(exc.diagnostics),
                             defined_kernels(exc.tu) if exc.tu is not None else None) from exc
    wanted: set[str] = set()
    found, unknown = launch_facts(tu, source, options.program_constants, wanted)
    for name in unknown:  # an unknown launch is every shape to the proof, in whichever file it is
        found.setdefault(name, []).append(UNREAD_SHAPE)
    for name, smem in launch_bytes(tu, source, options.program_constants).items():
        found.setdefault(name, []).extend(bytes_entry(b) for b in dict.fromkeys(smem))
    where = os.path.basename(path)
    return FileLaunchFacts(found, {k: tuple(f"in '{where}', {why}" for why in v) for k, v in unknown.items()},
                           tuple(sorted(wanted)), _defined(tu), defined_kernels(tu))


def file_constants(path: str, source: bytes, options: _ParseOptions) -> tuple[ConstantDef, ...]:
    """The constants a file of the program (C++ too) defines (host_constants.py).
    Raises RapccError with clang's errors."""
    try:
        tu, _ = parse(path, source, _config(options))
    except ParseError as exc:
        raise RapccError(f"{path}: the input has errors", tuple(exc.diagnostics)) from exc
    return _defined(tu)


def _defined(tu) -> tuple[ConstantDef, ...]:
    """The file's and its user headers' definitions (not the system's: see toplevel.py)."""
    return defined_constants(t.cursor for t in top_level(tu) if t.file is not None and not t.system)


def including_unit(path: str, candidates: list[str], options: _ParseOptions) -> str | None:
    """The first of `candidates` whose own text `#include`s `path` (for `Options.unit`), or None."""
    target = os.path.realpath(path)
    for c in candidates:
        if os.path.realpath(c) != target and target in direct_includes(c, _config(options)):
            return c
    return None


def included_kernel_files(unit: str, options: _ParseOptions, among: Sequence[str] | None = None) -> tuple[str, ...]:
    """The files `unit` #includes from its own folder (directly, or through
    other headers there) that declare shared memory (real paths): kernel
    files that are no unit of their own. `among`: the files a parse of `unit`
    already read; when none of them qualifies, the unit is not parsed again.
    The token test only spares a parse of files that cannot hold a
    `__shared__` array; what is in them is decided by parsing them in `unit`."""
    return tuple(p for p, _ in kernel_file_chains(unit, options, among))


def kernel_file_chains(unit: str, options: _ParseOptions, among: Sequence[str] | None = None
                       ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`included_kernel_files`, each with the headers of the unit's folder it
    is reached through (none for a direct #include): a file reached through
    another header (`main.cu` -> `variants.h` -> `kernels.h`) is a kernel
    file of the unit as a direct one is (issue 28)."""
    me = os.path.realpath(unit)
    folder = os.path.dirname(me)

    def beside(paths: Sequence[str]) -> list[str]:
        out = []
        for inc in dict.fromkeys(os.path.realpath(p) for p in paths):
            if inc == me or os.path.dirname(inc) != folder:
                continue
            try:
                with open(inc, "rb") as f:
                    if b"__shared__" in f.read():
                        out.append(inc)
            except OSError:
                continue
        return out

    wanted = beside(among) if among is not None else None
    if wanted is not None and not wanted:
        return ()
    try:
        reached = folder_includes(unit, _config(options))
    except ParseError as exc:
        raise RapccError(f"{unit}: the input has errors", tuple(exc.diagnostics)) from exc
    chains = dict(reached)
    return tuple((p, chains[p]) for p in beside([p for p, _ in reached]) if wanted is None or p in wanted)


__all__ = ["parse_file", "including_unit", "included_kernel_files", "kernel_file_chains", "parse_file_with_includes",
           "file_launch_facts", "file_constants", "LaunchesUnread", "ParseConfig"]
