"""`rapcc-nvcc`'s full path: nvcc with rapcc's rewrite of every CUDA source it compiles.

(`nvcc_cli` is the entry point; commands that certainly compile no CUDA go
to nvcc from there, `passthrough.py`, before this module is imported.)

It takes exactly nvcc's command line, finds the real nvcc (RAPCC_NVCC, else
the PATH, never itself), rewrites each `.cu` (or `-x cu`) input and compiles
the rewritten text in its place, with the original folder first on the
include path; the rewrite's `#line` directive keeps nvcc's messages and
`-lineinfo` on the user's file. A file the input #includes from its own
folder (`#include "kernel.cu"`, as many samples do) is rewritten as the input
compiles it (`rapcc kernel.cu --unit main.cu`) and its copy is put beside the
input's, where the #include finds it first. Dependency files (-MD / -MMD) are
edited to name the user's sources. Whatever rapcc does not handle goes to nvcc
as it is.

It never breaks a build nvcc alone would pass: when rapcc refuses a file or
fails, or the rewritten source does not compile, the original bytes are
compiled and one line says so (`rapcc: note: FILE: WHY; compiled unchanged`);
`--rapcc-strict` or RAPCC_STRICT=1 makes rapcc's own failures errors, but
never a file nvcc compiles and rapcc cannot parse (a note still). An input the byte scan
finds no shared memory in goes to nvcc without loading the cache
(`rewrites.py`, imported for the others); on a cache hit this reads a few
files and starts nvcc, and the rewrite runs in a child process (`worker`).
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from .. import __version__
from .config import BuildConfig, ConfigError, read_config
from .passthrough import STRICT_FLAG, child_env, exec_compiler, real_nvcc
from .nvcc_options import scan_flags
from .shared_scan import may_use_shared
from .wake import should_wake_server, wake_server_in_background
from .nvcc_args import Input, NvccArgsError, NvccCommand, dependency_file, honoured_flags, \
    parse_nvcc_args, substitute_inputs

EXIT_REFUSED = 1  # strict mode: rapcc refused a file
EXIT_NO_NVCC = 127


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happens to one CUDA input: compile `replacement` in its place, or
    the original (with a note when rapcc refused it)."""

    input: Input
    replacement: Path | None = None
    report: dict | None = None
    note: str | None = None
    # (copy compiled in its place, the user's file) of the files it #includes that were rewritten too.
    included: tuple[tuple[Path, str], ...] = ()
    unparsed: bool = False  # the note says rapcc cannot parse what nvcc compiles: never a strict error
    clang_errors: tuple[tuple[str, int, int, str], ...] = ()  # those the rewrite went past (cache.Entry)


def _say(kind: str, path: str, why: str) -> None:
    print(f"rapcc: {kind}: {path}: {why}; compiled unchanged" if kind == "note"
          else f"rapcc: {kind}: {path}: {why} (RAPCC_STRICT / --rapcc-strict)", file=sys.stderr)


def _readable_source(path: str) -> tuple[bytes | None, str | None]:
    """The input's bytes when rapcc should look at it: not empty, text (bytes
    that are not UTF-8 pass through the rewrite unchanged). Else None, and why
    it is compiled unchanged when the user could want to know: a file nvcc
    compiles but rapcc cannot read as text (an empty one has nothing to
    rewrite; a missing one nvcc reports)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None, None
    if b"\0" in data[:8192]:
        return None, "not a text file"
    return (data, None) if data.strip() else (None, None)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A file compiled as written, and why: a note, or under strict mode an
    error unless rapcc could not parse it (nvcc compiles it: not the user's
    error, and not one strict mode was asked to catch)."""

    path: str
    why: str
    unparsed: bool


def refusals(outcomes: Sequence[Outcome]) -> list[Refusal]:
    """Every file of the compile that rapcc refused: the inputs, then each
    file an input #includes (named with the input)."""
    out = [Refusal(o.input.path, o.note, o.unparsed) for o in outcomes if o.note is not None]
    for o in outcomes:
        for f in (o.report or {}).get("included_files", ()):
            if f.get("note"):
                out.append(Refusal(f"{f['file']} (included by {o.input.path})", f["note"], bool(f.get("unparsed"))))
    return out


def plan_inputs(cmd: NvccCommand, config: BuildConfig, env: Mapping[str, str], nvcc: str | None = None
                ) -> list[Outcome]:
    """Rewrite (or find in the cache) every CUDA input of the command; `nvcc`:
    the real nvcc, whose toolkit's headers the parse reads."""
    cwd = os.getcwd()
    outcomes: list[Outcome] = []
    flags = honoured_flags(cmd, cwd)
    # Files without shared memory go to nvcc as they are, before any cache,
    # fingerprint or worker (shared_scan.py).
    sources = []
    for inp in cmd.cuda_inputs:
        source, skipped = _readable_source(inp.path)
        if source is None:
            if skipped is not None:  # nvcc compiles it; rapcc cannot read it as text: one note
                outcomes.append(Outcome(inp, note=skipped, unparsed=True))
            continue
        if may_use_shared(inp.path, source, *scan_flags(flags.include_dirs, flags.extra_args, flags.defines)):
            sources.append((inp, source))
        else:  # the report the pass gives a file without shared arrays
            outcomes.append(Outcome(inp, report={"file": inp.path, "rapcc_version": __version__, "arrays": []}))
    if cmd.cuda_inputs and should_wake_server(str(config.cache_dir), env):
        # Before the cache lookup too: the server imports while this process
        # hashes, looks up and finds the toolkit, instead of after.
        wake_server_in_background(env)
    if not sources:
        return outcomes
    from .rewrites import cached_rewrites  # the cache, hashing and the worker: only for these
    for inp, entry, why in cached_rewrites(cmd, config, env, nvcc, flags, sources):
        outcomes.append(Outcome(inp, note=why) if entry is None else
                        Outcome(inp, entry.source, entry.report, entry.note, entry.included, entry.unparsed,
                                entry.clang_errors))
    return outcomes


def report_name(path: str, variant: str = "") -> str:
    """`kernel.cu.1a2b3c4d.5e6f7a8b.json`: named after the source, unique per
    source path and per `variant` (what else decides the report: the flags
    and targets of the compile), so that one source compiled with several
    `-D` sets keeps a report for each (issue 28)."""
    import zlib
    full = os.path.abspath(path)
    return f"{os.path.basename(path)}.{zlib.crc32(full.encode()):08x}.{zlib.crc32(variant.encode()):08x}.json"


def compile_variant(cmd: NvccCommand) -> str:
    """What tells one compile of a source from another in the reports' names:
    the flags rapcc honours and the targets (canonical JSON)."""
    import json
    flags = honoured_flags(cmd, os.getcwd())
    return json.dumps({"flags": flags.to_json(), "targets": list(cmd.targets)}, sort_keys=True)


def write_reports(outcomes: Sequence[Outcome], folder: Path, variant: str = "") -> None:
    import json

    from ..output import write_output
    folder.mkdir(parents=True, exist_ok=True)
    for o in outcomes:
        if o.report is None:
            continue
        write_output(folder / report_name(o.input.path, variant), (json.dumps(o.report, indent=2) + "\n").encode())


def _make_escaped(path: str) -> str:
    return path.replace(" ", "\\ ")


def fix_dependency_file(dep_file: str, outcomes: Sequence[Outcome]) -> None:
    """Name the user's sources in nvcc's dependency file, not the cache's copies."""
    try:
        text = Path(dep_file).read_text()
    except OSError:
        return
    fixed = text
    for o in outcomes:
        if o.replacement is not None:
            for copy, user in ((o.replacement, o.input.path), *o.included):
                for form in (_make_escaped, lambda p: p):
                    fixed = fixed.replace(form(str(copy)), form(user))
    if fixed != text:
        from ..output import OutputError, write_output
        try:
            write_output(dep_file, fixed.encode())
        except OutputError as exc:  # the object is built; a stale dependency file must not fail the build
            print(f"rapcc: warning: {exc}", file=sys.stderr)


SIGNAL_EXIT_BASE = 128  # a shell's (and ccache's) status for a child killed by signal N: 128 + N
_DIED = re.compile(rb"died due to signal (\d+)")  # nvcc's words when cicc, ptxas or the host compiler is killed


def killed_by_signal(returncode: int, stderr: bytes) -> int | None:
    """The signal that ended the compile, None where it ended by itself: a
    negative status (nvcc itself killed), 128 + N (a launcher or shell in
    front reports it so), or nvcc saying a tool it ran 'died due to signal N'."""
    if returncode < 0:
        return -returncode
    if returncode == 0:
        return None
    if SIGNAL_EXIT_BASE < returncode <= SIGNAL_EXIT_BASE + 64:
        return returncode - SIGNAL_EXIT_BASE
    m = _DIED.search(stderr)
    return int(m.group(1)) if m else None


def _signal_name(signum: int) -> str:
    import signal
    try:
        return signal.Signals(signum).name
    except ValueError:
        return "unknown signal"


def run(argv: Sequence[str], env: Mapping[str, str], prefix: Sequence[str] = (), nvcc: str | None = None) -> int:
    """Compile like `nvcc ARGV`; `prefix` goes in front (a chained launcher
    such as ccache), `nvcc` overrides RAPCC_NVCC (rapcc-launch's compiler)."""
    strict_flag = STRICT_FLAG in argv
    argv = [a for a in argv if a != STRICT_FLAG]
    real = real_nvcc(env, nvcc)
    if real is None:
        print("rapcc: error: cannot find the real nvcc (set RAPCC_NVCC or put nvcc on the PATH)", file=sys.stderr)
        return EXIT_NO_NVCC
    original = [*prefix, real, *argv]
    try:
        config = read_config(env, strict_flag)
    except ConfigError as exc:
        if strict_flag or env.get("RAPCC_STRICT", "").strip() == "1":
            print(f"rapcc: error: {exc}", file=sys.stderr)
            return EXIT_REFUSED
        print(f"rapcc: note: {exc}; compiled unchanged", file=sys.stderr)
        exec_compiler(original, env)
    if config.inside_wrapper:
        print("rapcc: error: rapcc-nvcc was started as the real nvcc (set RAPCC_NVCC to nvcc's path)",
              file=sys.stderr)
        return EXIT_NO_NVCC
    if config.disabled:
        exec_compiler(original, env)
    try:
        cmd = parse_nvcc_args(argv)
    except NvccArgsError:
        exec_compiler(original, env)  # nvcc says what is wrong with its command line
    if cmd.no_compile is not None or not cmd.cuda_inputs:
        exec_compiler(original, env)
    try:
        outcomes = plan_inputs(cmd, config, env, real)
    except Exception as exc:  # a bug in the wrapper must not break the build either
        outcomes = [Outcome(i, note=f"internal error: {type(exc).__name__}: {exc}") for i in cmd.cuda_inputs]
    # A file the unit #includes that rapcc refused is compiled as written too: one note each.
    refused = refusals(outcomes)
    failed = [r for r in refused if config.strict and not r.unparsed]
    for r in refused:
        _say("error" if r in failed else "note", r.path, r.why)
    if failed:
        return EXIT_REFUSED
    if config.report_dir is not None:
        from ..output import OutputError
        try:
            write_reports(outcomes, config.report_dir, compile_variant(cmd))
        except (OSError, OutputError) as exc:
            print(f"rapcc: warning: cannot write the reports to {config.report_dir}: {exc}", file=sys.stderr)
    if config.verbose:
        from ..summary import clang_errors_line, compile_line, verbose_lines
        for o in outcomes:
            for line in verbose_lines(o.report) if o.report is not None else ():
                print(line, file=sys.stderr)
        went_past = clang_errors_line([i.path for i in cmd.cuda_inputs],
                                      list(dict.fromkeys(e for o in outcomes for e in o.clang_errors)))
        if went_past is not None:
            print(went_past, file=sys.stderr)
        print(compile_line([i.path for i in cmd.cuda_inputs], [o.report for o in outcomes if o.report is not None],
                           sum(1 for o in outcomes if o.replacement is None)), file=sys.stderr)
    replaced = {o.input.index: str(o.replacement) for o in outcomes if o.replacement is not None}
    if not replaced:
        exec_compiler(original, env)
    first_dirs = [os.path.dirname(os.path.abspath(o.input.path)) for o in outcomes if o.replacement is not None]
    command = [*prefix, real, *substitute_inputs(cmd, replaced, first_dirs)]
    dep_files = {f for o in outcomes if o.replacement is not None if (f := dependency_file(cmd, o.input.path))}
    # The rewrite's compile is captured: should it fail where the original
    # would not (an include structure rapcc misread), the original is compiled
    # instead and the build goes on.
    import subprocess  # only a compile of a rewrite: the others become nvcc (exec)
    proc = subprocess.run(command, env=child_env(env), capture_output=True)
    signalled = killed_by_signal(proc.returncode, proc.stderr)
    names = ", ".join(o.input.path for o in outcomes if o.replacement is not None)
    if signalled is not None:
        # The OOM killer in a `make -j`, a Ctrl-C, a time limit: the original
        # would meet the same end, so it is not compiled again; the build sees
        # the compiler's failure.
        sys.stdout.buffer.write(proc.stdout)
        sys.stderr.buffer.write(proc.stderr)
        sys.stdout.flush()
        print(f"rapcc: error: {names}: the compiler was killed by signal {signalled} "
              f"({_signal_name(signalled)}); not retried with the original source", file=sys.stderr)
        return proc.returncode if proc.returncode > 0 else 128 + signalled
    if proc.returncode != 0 and not config.strict:
        first = next((line for line in proc.stderr.decode(errors="replace").splitlines() if "error" in line), "")
        why = f"the rewritten source did not compile ({first.strip()[:200]})" if first else \
            f"the rewritten source did not compile (nvcc exit status {proc.returncode})"
        _say("note", names, why)
        exec_compiler(original, env)
    sys.stdout.buffer.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    if proc.returncode == 0:
        for f in dep_files:
            fix_dependency_file(f, outcomes)
    return proc.returncode
