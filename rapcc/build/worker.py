"""The child process that rewrites for `rapcc-nvcc`: `python -m rapcc.build.worker`.

It reads one JSON request on stdin, runs the pass on each file and stores each
outcome in the cache, where the wrapper reads it. It runs apart from the
wrapper for two reasons: the wrapper's cache hits then never load libclang,
NumPy or Jinja, and a crash or hang inside libclang ends this process, not the
build (the wrapper compiles the file unchanged).

Request: {"cache": DIR, "op": "rewrite", "jobs": [{"key", "path", "source_name",
"source", "options"}]} or {"cache": DIR, "op": "launches", "jobs": [{"key",
"path", "source", "options"}]}; `source` is the file's text (UTF-8, with
surrogate escapes for stray bytes), `options` the fields of pipeline.Options.
"""
from __future__ import annotations

import gc
import json
import os
import shlex
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..build_macros import UNKNOWN as UNKNOWN_BUILD, BuildMacros
from ..diagnostics import Diagnostic, InternalError, RapccError
from ..project_notes import PARSE_ERROR
from ..frontend import LaunchesUnread, ParseError, file_constants, file_launch_facts, kernel_file_chains
from ..interrupts import check as check_interrupted, install as install_interrupts
from ..pipeline import Options, rewrite_source
from ..program_constants import defs_to_json, from_json as constants_from_json
from ..toolkit import HeaderMode
from . import ptx_flags
from .cache import Cache, sha256_file
from .launch_index import store_file_launches


def options_from_json(o: dict[str, Any]) -> Options:
    return Options(
        strategy=o["strategy"], block_dim=tuple(o["block_dim"]) if o.get("block_dim") else None,
        dynamic_smem=o.get("dynamic_smem"),
        include_dirs=tuple(o.get("include_dirs", ())), defines=tuple(o.get("defines", ())),
        std=o.get("std") or "c++17", command=o.get("command", ""), extra_args=tuple(o.get("extra_args", ())),
        rdc=bool(o.get("rdc", False)), strip_pragmas=True, cuda_path=o.get("cuda_path"),
        build=BuildMacros.from_json(o["build"]) if o.get("build") else UNKNOWN_BUILD,
        headers=HeaderMode(o.get("headers", HeaderMode.AUTO.value)),
        launch_shapes=tuple((k, tuple(tuple(s) for s in v)) for k, v in o.get("launch_shapes", ())),
        launch_unknown=tuple((k, tuple(v)) for k, v in o.get("launch_unknown", ())),
        launch_scope=tuple(o["launch_scope"]) if o.get("launch_scope") is not None else None,
        whole_program=bool(o.get("whole_program", False)),
        float_check=ptx_flags.from_json(o["float_check"]) if o.get("float_check") else None,
        program_constants=constants_from_json(o["program_constants"]) if "program_constants" in o else None)


def refusal(exc: BaseException) -> str:
    """One line: why the file is compiled unchanged."""
    if isinstance(exc, RapccError):
        first = f" ({exc.diagnostics[0].format()})" if exc.diagnostics else ""
        return f"{exc.message}{first}"
    if isinstance(exc, InternalError):
        return f"internal error: {exc}"
    return f"internal error: {type(exc).__name__}: {exc}"


def unparsed(exc: BaseException) -> bool:
    """Whether rapcc refused the file because clang could not parse it in a
    way it can trust (errors.py's structural errors, libclang failing): code
    nvcc compiles, which strict mode must not fail on. Anything else (a
    timeout, a verifier failure, a bug) is rapcc's own error."""
    return isinstance(exc, RapccError) and isinstance(exc.__cause__, ParseError)


@dataclass(frozen=True, slots=True)
class IncludedRewrite:
    """A file the compiled unit #includes from its own folder, rewritten as
    that unit compiles it (`Options.unit`)."""

    name: str  # its file name, beside the unit
    path: str  # the user's file
    text: bytes | None  # None: unchanged
    report: dict[str, Any] | None
    note: str | None  # why it stays unchanged, when rapcc refused it
    includes: tuple[str, ...]
    unparsed: bool = False  # the refusal is a parse failure (see `unparsed`)
    diagnostics: tuple[Diagnostic, ...] = ()


def rewrite_included(path: str, included: str, options: Options) -> IncludedRewrite:
    name = os.path.basename(included)
    try:
        source = Path(included).read_bytes()
        result = rewrite_source(source, included, replace(options, unit=path, command=_command(options.command,
                                                                                                   included, path)))
    except Exception as exc:  # refused: that file is compiled as written
        return IncludedRewrite(name, included, None, None, refusal(exc), (), unparsed(exc))
    text = result.text if result.text != source else None
    return IncludedRewrite(name, included, text, result.report, None, result.includes,
                           diagnostics=tuple(result.diagnostics))


def rewrite_job(cache: Cache, job: dict[str, Any]) -> None:
    source = job["source"].encode("utf-8", errors="surrogateescape")
    options = options_from_json(job["options"])
    try:
        result = rewrite_source(source, job["path"], options)
    except Exception as exc:  # any failure of the pass: the file is compiled unchanged
        cache.put(job["key"], job["source_name"], None, None, refusal(exc), (), unparsed=unparsed(exc))
        return
    # Only a file beside the unit can be compiled in the user's place: the
    # rewritten unit is compiled from the cache, where an #include "NAME" finds
    # a copy beside it first, while the user's folder stays first for the rest.
    try:
        chains = dict(kernel_file_chains(job["path"], options, among=result.includes))
    except RapccError:
        chains = {}
    others = [rewrite_included(job["path"], inc, options) for inc in chains]
    read = list(result.includes) + [p for o in others for p in o.includes]
    includes = tuple(dict.fromkeys((p, d) for p in read if (d := sha256_file(p)) is not None))
    rewritten = tuple((o.name, o.path, o.text) for o in others if o.text is not None)
    rewritten += _between(rewritten, [chains[o.path] for o in others if o.text is not None])
    text = result.text if result.text != source else None
    if text is None and rewritten:
        # The unit is unchanged but must be compiled from beside its rewritten includes.
        text = f'#line 1 "{_quoted(job["path"])}"\n'.encode() + source
    report = dict(result.report)
    if others:
        report["included_files"] = [{"file": o.path, "rewritten": o.text is not None, "note": o.note,
                                     "unparsed": o.unparsed, "report": o.report} for o in others]
    check_interrupted()  # a Ctrl-C Python dropped (rapcc.interrupts): nothing is kept
    errors = clang_errors([*result.diagnostics, *(d for o in others for d in o.diagnostics)])
    cache.put(job["key"], job["source_name"], text, report, None, includes, rewritten, clang_errors=errors)


def clang_errors(diagnostics: list[Diagnostic]) -> tuple[tuple[str, int, int, str], ...]:
    """(file, line, col, message) of each clang error the pass went past
    (errors.error_notes' notes), once each."""
    return tuple(dict.fromkeys((d.file, d.line, d.col, d.message) for d in diagnostics
                               if d.check_id == PARSE_ERROR))


def _between(rewritten: tuple[tuple[str, str, bytes], ...], chains: list[tuple[str, ...]]
             ) -> tuple[tuple[str, str, bytes], ...]:
    """Unchanged copies of the headers a rewritten file is reached through
    (`main.cu` -> `variants.h` -> `kernels.h`): nvcc finds a quoted #include
    beside the including file first, so the copy of `variants.h` beside the
    unit's copy is what includes the rewritten `kernels.h`. Every one of them
    is in the unit's folder (`parse.folder_includes`), where the original's
    quoted #includes resolve first too."""
    have = {name for name, _, _ in rewritten}
    out = []
    for chain in chains:
        for header in chain:
            name = os.path.basename(header)
            if name not in have:
                have.add(name)
                # `#line`: nvcc's messages and -lineinfo name the user's header, not the copy.
                out.append((name, header, f'#line 1 "{_quoted(header)}"\n'.encode() + Path(header).read_bytes()))
    return tuple(out)


def _command(unit_command: str, included: str, unit: str) -> str:
    """The `rapcc` command that rewrites `included` as `unit` compiles it."""
    parts = shlex.split(unit_command)
    if len(parts) < 4 or parts[-2:] != ["-o", "OUTPUT"]:
        return unit_command
    parts[1] = included
    return " ".join(shlex.quote(p) for p in parts[:-2] + ["--unit", unit, "-o", "OUTPUT"])


def _quoted(path: str) -> str:
    return path.replace("\\", "\\\\").replace('"', '\\"')


def launches_job(cache: Cache, job: dict[str, Any]) -> None:
    """The file's launch record (build/launch_index.py), or, for a file read
    for the program's constants only (`"what": "constants"`), its definitions."""
    source = job["source"].encode("utf-8", errors="surrogateescape")
    options = options_from_json(job["options"])
    try:
        if job.get("what") == "constants":
            record: dict[str, Any] = {"constants": defs_to_json(file_constants(job["path"], source, options))}
        else:
            facts = file_launch_facts(job["path"], source, options)
            record = {"launches": {k: [list(s) for s in v] for k, v in facts.launches.items()},
                      "unknown": {k: list(v) for k, v in facts.unknown.items()}, "wanted": list(facts.wanted),
                      "constants": defs_to_json(facts.constants), "kernels": list(facts.kernels)}
    except Exception as exc:  # a file rapcc cannot parse launches nothing it can see (and may define anything)
        # The kernels clang's parse shows anyway: what a step compiling this file needs the launches of.
        kernels = exc.kernels if isinstance(exc, LaunchesUnread) else None
        store_file_launches(cache, job["key"], {"failed": True, **({"kernels": list(kernels)} if kernels is not None
                                                                   else {})}, refusal(exc))
        return
    check_interrupted()  # as rewrite_job
    store_file_launches(cache, job["key"], record, None)


def main() -> int:
    gc.set_threshold(10_000, 20, 20)  # as rapcc's command line does (cli.GC_THRESHOLDS)
    install_interrupts()
    request = json.loads(sys.stdin.read())
    cache = Cache(request["cache"])
    run = rewrite_job if request["op"] == "rewrite" else launches_job
    for job in request["jobs"]:
        run(cache, job)
    return 0


if __name__ == "__main__":
    # A worker without rapcc's server: the collector kept off what outlives
    # the run, as a server's child has it (server/entry.py, issue 29).
    from ..server.entry import run_frozen
    sys.exit(run_frozen(main))
