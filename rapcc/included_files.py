"""The kernel files a unit `#include`s from its own folder, processed as that
unit compiles them, for `rapcc FILE` and `rapcc analyze FILE`.

`rapcc-nvcc` rewrites such a file with the unit that includes it
(`build/worker.py`), and `rapcc -p` makes it a unit of its own; `rapcc FILE`
looked at FILE alone, so the three reported different arrays for one unit
(issue 28 item 5). This gives the single-file commands the same files, with
the report entries the build hook writes (`included_files`).
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from .diagnostics import InternalError, RapccError
from .pipeline import Options, RewriteResult

Process = Callable[[bytes, str, Options], RewriteResult]


@dataclass(frozen=True, slots=True)
class Included:
    """One kernel file the unit includes, and what processing it in the unit gave."""

    path: str  # the file (its real path, as the build hook's report names it)
    source: bytes | None
    result: RewriteResult | None  # None: refused (`note`)
    note: str | None = None
    unparsed: bool = False  # the refusal is a parse failure (worker.unparsed)

    @property
    def rewritten(self) -> bool:
        return self.result is not None and self.result.text != self.source


def included_results(path: str, result: RewriteResult, options: Options, process: Process) -> tuple[Included, ...]:
    """Each kernel file `path` includes from its own folder (among those its
    parse read), processed by `process` as `path` compiles it."""
    from .frontend import included_kernel_files
    try:
        beside = included_kernel_files(path, options, among=result.includes)
    except RapccError:
        return ()  # the unit's own parse already said why
    if not beside:
        return ()  # most units include no kernel file: a plain run never loads the build layer (issue 29)
    from .build.worker import _command, refusal, unparsed
    out = []
    for inc in beside:
        try:
            source = Path(inc).read_bytes()
            got = process(source, inc, replace(options, unit=path, command=_command(options.command, inc, path)))
        except (RapccError, InternalError, OSError) as exc:
            out.append(Included(inc, None, None, refusal(exc), unparsed(exc)))
            continue
        out.append(Included(inc, source, got))
    return tuple(out)


def with_included(report: dict, included: tuple[Included, ...]) -> dict:
    """`report` with the build hook's `included_files` entries, where there are any."""
    if not included:
        return report
    return {**report, "included_files": [{"file": i.path, "rewritten": i.rewritten, "note": i.note,
                                          "unparsed": i.unparsed,
                                          "report": i.result.report if i.result is not None else None}
                                         for i in included]}


def refused_lines(unit: str, included: tuple[Included, ...], outcome: str) -> list[str]:
    """`rapcc: note: FILE (included by UNIT): WHY; OUTCOME`, one per file rapcc refused."""
    return [f"rapcc: note: {i.path} (included by {unit}): {i.note}; {outcome}" for i in included
            if i.note is not None]


def unwritten_lines(unit: str, included: tuple[Included, ...]) -> list[str]:
    """What `rapcc UNIT -o OUT` says of each included file it rewrote but
    does not write (-o names one file), rather than skip it unsaid."""
    return [f"rapcc: note: {i.path}, which {unit} #includes, has arrays rapcc rewrites as {unit} compiles it; "
            f"-o writes {unit} alone (rapcc {shlex.quote(i.path)} --unit {shlex.quote(unit)} -o OUT writes it; "
            "rapcc-nvcc does both)" for i in included if i.rewritten]
