"""What a run over many files prints once (issue 28: `rapcc analyze -p` on
141 files printed the same 13 header errors once per file, 97% of its output).

A clang error in a header is a fact about the header, not about each file
that includes it: it is printed once per run, after every file's own
diagnostics, with the number of files whose parse met it. The one note a
file gets for the errors in system or toolkit headers (errors.py, without
`-v`) becomes one line for the run. A file with no shared memory prints no
clang note or warning at all: nothing in it can be rewritten, so what clang
thought of it or its headers changes nothing rapcc does. "No shared memory"
is decided as the build hook decides it, on bytes (`build/shared_scan.py`):
an empty report alone could be a clang error hiding an array's
declaration, which must not go unsaid.

Text decisions only; what is kept and rewritten is the pipeline's.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .pipeline import Options, RewriteResult

PARSE_ERROR = "rapcc-parse-error"
# clang's own warnings, and rapcc's notes of clang's errors: what a file without shared memory does not print.
CLANG_CHECKS = frozenset({PARSE_ERROR, "clang-diagnostic"})
# errors.error_notes' one note per file for the system and toolkit headers' errors.
_SYSTEM = re.compile(r"(\d+) clang errors? in \d+ system or toolkit headers?, first (.+?):(\d+): (.*); "
                     r"the analysis goes on without that code \(-v lists each\)$", re.S)


@dataclass(frozen=True, slots=True)
class FileDiagnostics:
    """One file of the run and what its analysis said."""

    path: str  # the file analysed (its diagnostics name it so)
    diagnostics: tuple[Diagnostic, ...]
    shared: bool  # it may hold shared memory: arrays in its report, or bytes the scan cannot clear


def file_diagnostics(path: str, source: bytes, result: "RewriteResult", options: "Options") -> FileDiagnostics:
    """A processed file's diagnostics, and whether it may hold shared memory."""
    shared = may_hold_shared(path, source, len(result.report["arrays"]), options.include_dirs, options.extra_args,
                             options.defines)
    return FileDiagnostics(path, tuple(result.diagnostics), shared)


def may_hold_shared(path: str, source: bytes, arrays: int, include_dirs: Sequence[str],
                    extra_args: Sequence[str], defines: Sequence[str]) -> bool:
    """Whether a file analysed with these flags may hold shared memory: it
    has arrays, or its bytes (and those of the user's headers it may
    include) spell `__shared__` (the build hook's scan, which answers "no"
    only where no array can be)."""
    if arrays:
        return True
    from .build.nvcc_options import scan_flags
    from .build.shared_scan import may_use_shared
    return may_use_shared(path, source, *scan_flags(include_dirs, extra_args, defines))


def _same(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def _header_note(d: Diagnostic, path: str) -> bool:
    return d.check_id == PARSE_ERROR and bool(d.file) and not _same(d.file, path)


def own(f: FileDiagnostics) -> tuple[Diagnostic, ...]:
    """What one file prints on its own: everything, but no clang note or
    warning where it has no shared memory."""
    return tuple(d for d in f.diagnostics if f.shared or d.check_id not in CLANG_CHECKS)


class Folder:
    """The run's files' diagnostics, one file at a time, so that a long run
    prints each file's own diagnostics as it is done: `add` answers what the
    file prints now, `once` what the run prints at its end (a header's notes,
    once with their count of files)."""

    def __init__(self) -> None:
        self._headers: dict[tuple[str, int, int, str], tuple[Diagnostic, set[str]]] = {}
        self._system: list[tuple[Diagnostic, re.Match[str]]] = []

    def add(self, f: FileDiagnostics) -> tuple[Diagnostic, ...]:
        out: list[Diagnostic] = []
        for d in own(f):
            if _header_note(d, f.path):
                key = (os.path.realpath(d.file), d.line, d.col, d.message)
                self._headers.setdefault(key, (d, set()))[1].add(os.path.realpath(f.path))
                continue
            m = _SYSTEM.match(d.message) if d.check_id == PARSE_ERROR else None
            if m is not None:
                self._system.append((d, m))
                continue
            out.append(d)
        return tuple(out)

    def once(self) -> tuple[Diagnostic, ...]:
        out = [_counted(d, len(paths)) for d, paths in self._headers.values()]
        if len(self._system) == 1:
            out.append(self._system[0][0])  # one file: its note as the file's analysis wrote it
        elif self._system:
            # At the first file's #include that reaches them; not summed, since
            # files that include one header meet the same errors.
            d, first = self._system[0]
            out.append(Diagnostic("note", d.file, d.line, d.col,
                                  f"clang errors in system or toolkit headers, in the parse of "
                                  f"{len(self._system)} files, first {first.group(2)}:{first.group(3)}: "
                                  f"{first.group(4)}; the analysis goes on without that code (-v lists each)",
                                  PARSE_ERROR))
        return tuple(out)


def _counted(d: Diagnostic, files: int) -> Diagnostic:
    if files < 2:
        return d
    return Diagnostic(d.level, d.file, d.line, d.col, f"{d.message} (in the parse of {files} files)", d.check_id)
