"""`rapcc analyze` over several files: each file's analysis (and, for SARIF
fixes, its auto rewrite) in a process of its own, results in the files' order
(parallel.py). The command prints; this module only computes."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator, Sequence

from .build.project import Unit
from .diagnostics import InternalError, RapccError
from .parallel import imap_files
from .pipeline import RewriteResult, analyze_source, rewrite_source


@dataclass(frozen=True, slots=True)
class Analysed:
    """One file's analysis, and its auto rewrite when asked for."""

    path: str
    source: bytes
    result: RewriteResult
    auto: RewriteResult | None = None
    auto_command: str = ""
    auto_failure: InternalError | None = None  # the auto rewrite failed verification


@dataclass(frozen=True, slots=True)
class _Job:
    unit: Unit
    read: Callable[[str], bytes]
    auto_command: str | None  # the auto rewrite's command line; None: no auto rewrite


def _analyse(job: _Job) -> Analysed | RapccError:
    path = job.unit.path
    try:
        source = job.read(path)
        result = analyze_source(source, path, job.unit.options)
        if job.auto_command is None:
            return Analysed(path, source, result)
        try:
            auto = rewrite_source(source, path, replace(job.unit.options, strategy="auto", command=job.auto_command))
        except InternalError as exc:
            return Analysed(path, source, result, None, job.auto_command, exc)
        return Analysed(path, source, result, auto, job.auto_command)
    except RapccError as exc:  # raised in the files' order by `analyse_all`
        return exc


def analyse_all(units: Sequence[Unit], read: Callable[[str], bytes], auto_command: Callable[[str], str] | None,
                jobs: int | None = None) -> Iterator[Analysed]:
    """Every unit analysed, yielded in order as soon as it and those before it
    are done; `auto_command(path)` gives the auto rewrite's command line when
    it is wanted. A file that is bad input raises its RapccError at its place
    in the order, as a loop over the files would."""
    for r in imap_files(_analyse, [_Job(u, read, auto_command(u.path) if auto_command else None) for u in units],
                        jobs):
        if isinstance(r, RapccError):
            raise r
        yield r
