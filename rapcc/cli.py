"""`rapcc IN [-o OUT]` and its subcommands. Side effects (files, streams, exit codes) live here.

Without -o, --out-dir or --in-place rapcc is a dry run: the diagnostics on
stderr, the diff it would apply on stdout, nothing written. Exit codes: 0
success, 1 bad input or a file-system error (with the OS's message and the
path), 2 bad usage, 3 internal error (a bug in rapcc), 130 interrupted
(Ctrl-C). On any failure nothing is written; every output goes through
`output.write_output` (atomic for regular files, never destroying a device,
FIFO or link) and the input is never modified except by --in-place.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import shlex
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from . import __version__
from .cli_output import EXPLAIN_MODES, analyze_summary, explain, print_diagnostics, text_report, unified_diff, \
    verbose_line
from .color import MODES as COLOR_MODES
from .completion import SHELLS, bash_script
from .config_file import block_shape, find_config
from .diagnostics import Diagnostic, InternalError, RapccError
from .output import is_no_output, same_file, write_output
from .included_files import included_results, refused_lines, unwritten_lines, with_included
from .project_notes import Folder, file_diagnostics, own
from .reproduce import reproduce_command as reproduced
from .pipeline import STRATEGIES, Options, RewriteResult, analyze_source, rewrite_source
from .build_macros import BuildMacros, for_command_line as build_macros_for
from .toolkit import DISABLE_ENV, HeaderMode, find_toolkit, header_mode
from .verify_nvcc import FloatCheck
from .wording import count

EXIT_OK, EXIT_INPUT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_FINDINGS = 4  # `rapcc analyze --fail-on` found what it was told to fail on
FAIL_ON = {"conflict": "rapcc-bank-conflict", "escape": "rapcc-escape"}
SUBCOMMANDS = ("analyze", "simulate", "hash", "bench", "suite")
ANALYZE = ("analyze", "analyse")
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by Ctrl-C (128 + SIGINT)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 already; keep rapcc's prefix
        self.print_usage(sys.stderr)
        print(f"rapcc: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _block_dim(text: str) -> tuple[int, int, int]:
    try:
        return block_shape(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """`argv` parsed over the settings of the project's `.rapcc.toml` or
    `[tool.rapcc]` (config_file.py), found from the first input (or -p's
    folder): the command line's flags win, its lists add to the file's."""
    args = parser.parse_args(argv)
    start = args.inputs[0] if args.inputs else getattr(args, "project", None) or "."
    config = find_config(start)
    if config is None:
        return args
    parser.set_defaults(**config.defaults())
    return parser.parse_args(argv)


def _bytes(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a byte count") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is negative")
    return value


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--block-dim", type=_block_dim, metavar="XxYxZ", help="block shape of the kernels (e.g. 32x8); "
                   "otherwise the kernel's __attribute__((annotate(\"rapcc_block_dim(x, y, z)\"))), then launches; a kernel whose "
                   "launch rapcc cannot read is proved for every block shape (up to its __launch_bounds__), and "
                   "planned for the shapes the code makes plausible (subscripts, guards), which the report states")
    p.add_argument("--dynamic-smem", type=_bytes, metavar="BYTES", help="the most dynamic shared memory any launch of "
                   "the kernels asks for (the third <<<>>> argument); a layout that grows static shared memory needs "
                   "it of every launch, and without it only launches rapcc reads say")
    p.add_argument("--whole-program", action="store_true", help="the files given hold every launch of their kernels "
                   "(no other file of the program launches one). Without it, or a compile database (-p), a kernel "
                   "of external linkage may be launched elsewhere with any shape and dynamic shared memory: its "
                   "layout then applies only under the shapes proved, tested at run time, and keeps its size")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR", help="add an include directory")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]", help="define a macro")
    p.add_argument("-isystem", dest="system_dirs", action="append", default=[], metavar="DIR",
                   help="add a system include directory")
    p.add_argument("-U", dest="undefines", action="append", default=[], metavar="NAME", help="undefine a macro")
    p.add_argument("-include", dest="pre_includes", action="append", default=[], metavar="FILE",
                   help="include FILE before the source")
    p.add_argument("-std", "--std", dest="std", default="c++17", help="C++ standard to parse with (default c++17)")
    p.add_argument("--rdc", action="store_true", help="the build uses relocatable device code (nvcc -rdc=true / -dc): "
                   "arrays passed to device functions or declared at file scope with external linkage stay untouched, "
                   "since another file may reach them (rapcc-nvcc sets this from nvcc's flags)")
    p.add_argument("--unit", metavar="FILE", help="the translation unit that #includes the input (a kernel.cu that "
                   "is not compiled on its own): the input is analysed after FILE's text up to that #include, "
                   "with the types and macros it declares; functions and arrays FILE's own code uses stay as "
                   "written")
    p.add_argument("--cuda-path", metavar="DIR", help="a CUDA toolkit whose include/ supplies the headers rapcc's "
                   "stand-ins lack (default: found through CUDA_HOME, CUDA_PATH, then nvcc on PATH; set "
                   f"{DISABLE_ENV}=1 to parse with the stand-ins alone)")
    p.add_argument("--arch", metavar="SM", help="the architecture nvcc compiles the output for (sm_80): "
                   "__CUDA_ARCH__ and nvcc's version macros are asked from the nvcc on PATH for it (default: its "
                   "default target); without an nvcc, code they decide keeps its arrays as written")
    p.add_argument("--color", choices=COLOR_MODES, default="auto",
                   help="colour diagnostics as clang does (default auto: on a terminal, unless NO_COLOR is set)")


def _main_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rapcc", description="Rewrite the __shared__ arrays of a CUDA file to remove bank conflicts "
                "(padding, XOR swizzle, random address permute-shift), verified in bounds and injective.",
                epilog=f"subcommands: {', '.join(SUBCOMMANDS)} (run 'rapcc SUBCOMMAND --help'). "
                "RAPCC_SERVER=1 runs rapcc in a server that keeps its imports loaded (it exits after 5 idle "
                "minutes; 'python -m rapcc.server status' lists servers, 'python -m rapcc.server stop' stops it).")
    p.add_argument("inputs", nargs="*", metavar="INPUT", help="CUDA source files (with -p: files of the "
                   "compile database; none means all of its CUDA files)")
    p.add_argument("-o", "--output", help="output file, or '-' for stdout (one input); without -o, --out-dir "
                   "or --in-place rapcc writes nothing and prints the diff it would apply (a dry run)")
    p.add_argument("--out-dir", metavar="DIR", help="write each input's rewrite to DIR, below the inputs' common "
                   "folder (several inputs)")
    p.add_argument("--in-place", action="store_true", help="rewrite the inputs in place, keeping each original "
                   "as FILE.orig; nothing is written unless every file succeeds")
    p.add_argument("--no-backup", action="store_true", help="with --in-place: keep no FILE.orig")
    _project_flag(p)
    p.add_argument("--strategy", choices=STRATEGIES, default="auto",
                   help="layout strategy (default auto: per array, the cheapest predicted)")
    p.add_argument("--seed", type=int, default=1, help="seed of RAP's permutations (default 1)")
    p.add_argument("--report", nargs="?", const="-", metavar="PATH", help="write a report (to stderr, or PATH)")
    p.add_argument("--report-format", choices=("text", "json"), default="text")
    p.add_argument("--diff", action="store_true", help="print a unified diff of the rewrite to stdout (the "
                   "default without -o)")
    _explain_flag(p, "stderr")
    p.add_argument("-v", "--verbose", action="store_true", help="print one line per file: the arrays rewritten, "
                   "their layouts and the predicted gain; and list each clang error in a system or toolkit header "
                   "(the CUDA toolkit's, rapcc's stand-ins) instead of one note for them all")
    p.add_argument("--report-html", metavar="PATH", help="write a self-contained HTML report with bank heatmaps "
                   "of every access before and after the rewrite")
    p.add_argument("--version", action="version", version=f"rapcc {__version__}")
    p.add_argument("--print-completion", choices=SHELLS, metavar="bash", help="print a bash completion script "
                   "(eval \"$(rapcc --print-completion bash)\"; zsh takes it after bashcompinit) and exit")
    _common(p)
    return p


def _explain_flag(p: argparse.ArgumentParser, stream: str) -> None:
    p.add_argument("--explain", nargs="?", const="best", choices=EXPLAIN_MODES, metavar="all",
                   help="print each array's choice and the predicted cost of the best candidate of each strategy "
                   f"(--explain=all: of every candidate) to {stream}")


def _explain_argv(argv: list[str]) -> list[str]:
    """`--explain` takes an optional value; spelled alone before an input
    (`rapcc --explain k.cu`) argparse would read the input as its value."""
    return [a + "=best" if a == "--explain" else a for a in argv]


def _project_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("-p", dest="project", metavar="BUILD_DIR", help="read each file's flags from "
                   "BUILD_DIR/compile_commands.json, and kernels' block shapes from the launches of all its files")


def _extra_args(args: argparse.Namespace) -> tuple[str, ...]:
    # As build.nvcc_options.clang_extra_args, which would cost each run ~1.5 ms to import.
    return tuple(a for flag, values in (("-isystem", args.system_dirs), ("-U", args.undefines),
                                        ("-include", args.pre_includes)) for v in values for a in (flag, v))


def _options(args: argparse.Namespace, strategy: str, command: str) -> Options:
    return Options(strategy=strategy, block_dim=args.block_dim, seed=getattr(args, "seed", 1),
                   dynamic_smem=args.dynamic_smem, whole_program=args.whole_program,
                   include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                   cuda_path=_toolkit_root(args.cuda_path), build=_build_macros(args.arch), headers=_header_mode(),
                   command=command, float_check=_float_check(args.arch),
                   extra_args=_extra_args(args),
                   rdc=args.rdc, unit=args.unit,
                   # SARIF keeps one result for the system headers' errors however it is run.
                   verbose=args.verbose and getattr(args, "format", "text") != "sarif")


def _write_stdout(lines: list[str]) -> None:
    """Text that carries the input's bytes that are not UTF-8 (as surrogate
    escapes): written back as those bytes, whatever stdout's error handler."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # an in-memory stream (tests)
        sys.stdout.writelines(lines)
        return
    sys.stdout.flush()
    buffer.write("".join(lines).encode("utf-8", errors="surrogateescape"))
    buffer.flush()


def _write_report(dest: str, body: str) -> None:
    """--report's text: to stderr for '-', else to the file."""
    if dest == "-":
        sys.stderr.write(body)
    else:
        write_output(dest, body.encode())


def _toolkit_root(explicit: str | None) -> str | None:
    toolkit = find_toolkit(explicit, os.environ, shutil.which)
    return toolkit.root if toolkit else None


def _float_check(arch: str | None) -> FloatCheck:
    """How the rewrite's floating point is compared with the input's
    (verify_float.py): the nvcc on PATH (or RAPCC_NVCC) for `--arch` or its
    default target, with the options' flags; none under RAPCC_NO_CUDA_DISCOVERY."""
    nvcc = None if os.environ.get(DISABLE_ENV) else shutil.which(os.environ.get("RAPCC_NVCC", "").strip() or "nvcc")
    return FloatCheck(nvcc, archs=(arch,) if arch else ())


def _header_mode() -> HeaderMode:
    try:
        return header_mode(os.environ)
    except ValueError as exc:
        raise RapccError(str(exc)) from None


def _build_macros(arch: str | None) -> BuildMacros:
    # Not the build cache's default folder: creating it would tell the build
    # hook that a server already ran (build/wake.py). The precompiled
    # prelude's private folder instead, unless RAPCC_CACHE_DIR names one.
    import tempfile

    from .userdir import private_folder
    cache = os.environ.get("RAPCC_CACHE_DIR", "").strip() or private_folder(tempfile.gettempdir())
    if cache is None:
        return build_macros_for(arch, {}, lambda _: None, "", disabled=True)
    return build_macros_for(arch, os.environ, shutil.which, cache, disabled=bool(os.environ.get(DISABLE_ENV)))


def _read_input(path: str) -> bytes:
    p = Path(path)
    if not p.exists():
        raise RapccError(f"{path}: no such file")
    if p.is_dir():
        raise RapccError(f"{path}: is a directory")
    data = p.read_bytes()  # an empty file is valid: nothing to do, an identical (empty) output
    if b"\0" in data[:8192]:
        raise RapccError(f"{path}: not a text file")
    # Bytes that are not UTF-8 (Latin-1 in a comment) pass through unchanged: see frontend/encoding.py.
    return data


def reproduce_command(args: argparse.Namespace) -> str:
    """The command line that recreates the output (reproduce.py)."""
    more = list(_extra_args(args))
    more += ["--cuda-path", args.cuda_path] if args.cuda_path else []
    more += ["--arch", args.arch] if args.arch else []
    more += ["--rdc"] if args.rdc else []
    more += ["--unit", args.unit] if args.unit else []
    return reproduced(args.inputs[0], args.strategy, args.seed, args.block_dim, args.dynamic_smem, args.whole_program,
                      args.include_dirs, args.defines, args.std, more)


def _many_main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Several inputs, or project mode: all verified before anything is written.
    With neither --out-dir nor --in-place, a dry run: each file's diff on stdout."""
    if args.out_dir is not None and args.in_place:
        parser.error("--out-dir and --in-place exclude each other")
    dry = args.out_dir is None and not args.in_place
    from .build import project  # here, not at the top: a one-file rewrite does not load it (issue 20)
    base = _options(args, args.strategy, "")
    base = replace(base, line_directives=not args.in_place)  # the file written in place *is* the source
    if args.project:
        units = project.project_units(args.project, args.inputs, base)
    else:
        units = [project.Unit(f, base) for f in args.inputs]

    def command(path: str) -> str:
        ns = argparse.Namespace(**{**vars(args), "inputs": [path]})
        return reproduce_command(ns) + (f" -p {shlex.quote(args.project)}" if args.project else "")
    units = [replace(u, options=replace(u.options, command=command(u.path))) for u in units]
    done, failures = project.run_units(units, rewrite_source, _read_input)  # one process per file
    folder = Folder()  # a header's errors once for the run (project_notes.py)
    for u, source, result in done:
        print_diagnostics(folder.add(file_diagnostics(u.path, source, result, u.options)), args.color)
    print_diagnostics(folder.once(), args.color)
    if failures:
        for f in failures:
            print_diagnostics(f.diagnostics, args.color)
            print(f"rapcc: error: {f.message}", file=sys.stderr)
        print(f"rapcc: error: {len(failures)} of {count(len(units), 'file')} failed; nothing was written",
              file=sys.stderr)
        return EXIT_INTERNAL if any(f.internal for f in failures) else EXIT_INPUT
    for _, _, result in done:
        if args.explain:
            sys.stderr.write(explain(result, args.explain))
        if args.verbose:
            print(verbose_line(result), file=sys.stderr)
    if args.report is not None:
        results = [r for _, _, r in done]
        _write_report(args.report, json.dumps([r.report for r in results], indent=2) + "\n"
                      if args.report_format == "json" else "".join(text_report(r) for r in results))
    if dry or args.diff:
        for u, source, result in done:
            _write_stdout(unified_diff(u.path, source, result.text))
    if args.in_place:
        project.write_in_place(done, backup=not args.no_backup)
    elif not dry:
        targets = project.write_out_dir(done, args.out_dir)
        _suggest_include(done, targets)
    return EXIT_OK


def _suggest_include(done, targets: list[Path]) -> None:
    """`--out-dir` writes the rewritten files only: a file that includes a
    header by a quoted path relative to its own folder needs that folder on
    the include path (rapcc-nvcc puts it first). rapcc prints the flag rather
    than copying headers, so that there is one copy of each header to edit."""
    folders: dict[str, list[str]] = {}
    for (u, _, result), target in zip(done, targets):
        origin = os.path.dirname(os.path.abspath(u.path))
        if os.path.dirname(os.path.abspath(target)) == origin:
            continue
        local = [h for h in result.includes if os.path.dirname(os.path.abspath(h)) == origin]
        if local:
            folders.setdefault(origin, []).extend(os.path.basename(h) for h in local)
    for origin, headers in folders.items():
        names = ", ".join(f"'{h}'" for h in dict.fromkeys(headers))
        print(f"rapcc: note: the rewritten files include {names} from their original folder; compile them with "
              f"-I {shlex.quote(origin)}", file=sys.stderr)


def _rewrite_main(argv: list[str]) -> int:
    parser = _main_parser()
    args = _parse(parser, argv)
    if args.print_completion:
        sys.stdout.write(bash_script(parser, _subcommand_parsers()))
        return EXIT_OK
    if args.no_backup and not args.in_place:
        parser.error("--no-backup goes with --in-place")
    if args.project or args.out_dir or args.in_place or len(args.inputs) > 1:
        if args.output is not None:
            parser.error("-o takes one input; use --out-dir or --in-place for several")
        if not args.inputs and not args.project:
            parser.error("no input file")
        return _many_main(args, parser)
    if len(args.inputs) != 1:
        parser.error("no input file (rapcc INPUT [-o OUTPUT]; several inputs with --out-dir / --in-place, "
                     "or -p BUILD_DIR)")
    args.input = args.inputs[0]
    dry = args.output is None
    if not dry and args.output != "-" and not is_no_output(args.output) and same_file(args.output, args.input):
        raise RapccError(f"{args.output}: refusing to overwrite the input (use --in-place)")
    source = _read_input(args.input)
    command = reproduce_command(args)
    options = _options(args, args.strategy, command)
    result = rewrite_source(source, args.input, options)
    # The kernel files it #includes from its folder, as the build hook rewrites them (included_files.py).
    included = included_results(args.input, result, options, rewrite_source)
    result = replace(result, report=with_included(result.report, included))
    print_diagnostics(own(file_diagnostics(args.input, source, result, options)), args.color)
    for inc in included:
        print_diagnostics(inc.result.diagnostics if inc.result is not None else (), args.color)
    for line in refused_lines(args.input, included, "left as written"):
        print(line, file=sys.stderr)
    if args.verbose:
        print(verbose_line(result), file=sys.stderr)
        for inc in included:
            if inc.result is not None:
                print(verbose_line(inc.result), file=sys.stderr)
    if args.report_html:
        from .report_html import render_html
        write_output(args.report_html, render_html(args.input, source, result.plans, command).encode())
    if args.report is not None:
        _write_report(args.report, json.dumps(result.report, indent=2) + "\n" if args.report_format == "json"
                      else text_report(result))
    if args.explain:
        sys.stderr.write(explain(result, args.explain))
    if args.diff or dry:
        _write_stdout(unified_diff(args.input, source, result.text, None if dry else args.output))
        for inc in included:
            if inc.rewritten and dry:
                assert inc.source is not None and inc.result is not None
                _write_stdout(unified_diff(inc.path, inc.source, inc.result.text))
    if dry:
        return EXIT_OK
    for line in unwritten_lines(args.input, included):  # -o names one file: say how to write the others
        print(line, file=sys.stderr)
    if args.output == "-":
        if not args.diff:
            _write_stdout([result.text.decode("utf-8", errors="surrogateescape")])
    else:
        write_output(args.output, result.text)
    return EXIT_OK


def _read_results(path: str) -> dict:
    try:
        data = json.loads(_read_input(path))
    except json.JSONDecodeError as exc:
        raise RapccError(f"{path}: not a results.json of 'rapcc suite' ({exc})")
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise RapccError(f"{path}: not a results.json of 'rapcc suite' (no 'rows')")
    return data


def _analyze_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rapcc analyze", description="Report the bank conflicts of every shared-memory access; rewrite nothing.")
    p.add_argument("inputs", nargs="*", metavar="INPUT", help="CUDA source files (with -p: files of the "
                   "compile database; none means all of its CUDA files)")
    p.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                   help="text: compiler-style diagnostics on stdout; json: the report on stdout; sarif: a SARIF "
                        "2.1.0 log on stdout, with the auto rewrite's edits as fixes")
    p.add_argument("--html", metavar="PATH", help="also write a self-contained HTML report with bank heatmaps "
                   "before and after the auto rewrite (several inputs: one page, with a table of contents)")
    p.add_argument("--fail-on", action="append", choices=tuple(FAIL_ON), default=[],
                   help=f"exit {EXIT_FINDINGS} if a diagnostic of this kind is not suppressed in the source "
                        "(repeatable; for CI and pre-commit)")
    p.add_argument("--seed", type=int, default=1, help="seed of RAP's permutations, for --html and SARIF fixes")
    p.add_argument("--measured", metavar="RESULTS_JSON", help="with --html: show this GPU suite run's measured "
                   "wavefronts and speed-ups (rapcc suite's results.json) for the case named like the input")
    p.add_argument("--src-root", metavar="DIR", default=".", help="with --format sarif: the folder file URIs are "
                   "relative to, as %%SRCROOT%% (default: the current folder; the repository's root for code "
                   "scanning)")
    _explain_flag(p, "stdout (stderr with --format json or sarif)")
    _project_flag(p)
    p.add_argument("-v", "--verbose", action="store_true", help="list each clang error in a system or toolkit header "
                   "(the CUDA toolkit's, rapcc's stand-ins) instead of one note for them all (not in SARIF)")
    _common(p)
    return p


def _analyze_main(argv: list[str]) -> int:
    # The report writers and the batch runner load only for `analyze` (issue 20: start-up).
    from .batch import analyse_all
    from .build import project
    from .report_html import HtmlInput, measured_view, render_pages
    from .sarif import FileFindings, build_sarif
    p = _analyze_parser()
    args = _parse(p, argv)
    if not args.inputs and not args.project:
        p.error("no input file")
    base = _options(args, "none", "")
    units = project.project_units(args.project, args.inputs, base) if args.project \
        else [project.Unit(f, base) for f in args.inputs]
    reports: list[dict] = []
    findings: list[FileFindings] = []
    shown: list[Diagnostic] = []
    analysed: list[RewriteResult] = []
    pages: list[HtmlInput] = []

    def auto_command(path: str) -> str:
        return f"rapcc {shlex.quote(path)} --strategy auto --seed {args.seed} -o OUTPUT"
    wants_auto = args.format == "sarif" or bool(args.html) or bool(args.explain)
    # Over several files a header's errors print once, and a file without shared memory prints
    # no clang notes (project_notes.py); one file prints all it has.
    folder = Folder() if len(units) > 1 else None
    printed: list[Diagnostic] = []
    # One process per file (batch.py), printed in the files' order.
    for unit, done in zip(units, analyse_all(units, _read_input, auto_command if wants_auto else None)):
        path, source, result = done.path, done.source, done.result
        # Without -p, the kernel files it #includes from its folder, as the build hook and -p see them
        # (-p makes them units of their own).
        included = () if args.project else included_results(path, result, unit.options, analyze_source)
        analysed.append(result)
        shown.extend(result.diagnostics)
        for inc in included:
            shown.extend(inc.result.diagnostics if inc.result is not None else ())
        if args.format == "json":
            reports.append(with_included(result.report, included))
        elif args.format == "text":
            files = [(path, source, result)] + [(i.path, i.source, i.result) for i in included
                                                if i.result is not None and i.source is not None]
            for f_path, f_source, f_result in files:
                mine = file_diagnostics(f_path, f_source, f_result, unit.options)
                kept = own(mine) if folder is None else folder.add(mine)
                printed.extend(kept)
                print_diagnostics(kept, args.color, sys.stdout)
            for line in refused_lines(path, included, "not analysed"):
                print(line)
        if wants_auto:
            command = done.auto_command
            if done.auto is not None:
                plans, broken, guards = done.auto.plans, None, done.auto.macro_guards
            else:
                plans, broken, guards = (), f"the auto rewrite of {path} failed verification: {done.auto_failure}", ()
                if args.html or args.explain:
                    assert done.auto_failure is not None
                    raise done.auto_failure
            if args.explain and done.auto is not None:
                # The findings are analyze's output (`rapcc analyze *.cu --explain | less`); beside a
                # JSON or SARIF log on stdout they go to stderr.
                (sys.stdout if args.format == "text" else sys.stderr).write(explain(done.auto, args.explain))
            findings.append(FileFindings(path, source, result.diagnostics, result.suppressed, plans, broken,
                                         command, guards))
            if args.html:
                measured = None
                if args.measured:
                    measured = measured_view(_read_results(args.measured), Path(path).stem, args.measured)
                pages.append(HtmlInput(path, source, plans, command, measured))
    if args.html:
        write_output(args.html, render_pages(pages).encode())
    if args.format == "json":
        single = len(units) == 1 and not args.project
        print(json.dumps(reports[0] if single else reports, indent=2))
    if args.format == "sarif":
        print(json.dumps(build_sarif(findings, args.src_root), indent=2))
    if args.format == "text" and folder is not None:
        once = folder.once()
        print_diagnostics(once, args.color, sys.stdout)
        print(analyze_summary(analysed, printed + list(once)))
    failing = {FAIL_ON[k] for k in args.fail_on}
    if any(d.check_id in failing for d in shown):
        return EXIT_FINDINGS
    return EXIT_OK


def _subcommand_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser, for the completion script."""
    holder = _Parser(prog="rapcc")
    sub = holder.add_subparsers(dest="command")
    for name in SUBCOMMANDS[1:]:
        __import__(f"rapcc.commands.{name}", fromlist=["add_parser"]).add_parser(sub)
    return {"analyze": _analyze_parser(), **{n: sub.choices[n] for n in SUBCOMMANDS[1:]}}


def _subcommand_main(name: str, argv: list[str]) -> int:
    module = __import__(f"rapcc.commands.{name}", fromlist=["add_parser", "run"])
    p = _Parser(prog="rapcc")
    sub = p.add_subparsers(dest="command")
    module.add_parser(sub)
    args = p.parse_args([name] + argv)
    return int(module.run(args))


# The pass allocates millions of short-lived objects with few cycles: the
# collector's default thresholds spent ~15% of a 100-kernel file collecting
# (issue 20). Set by the commands only, not by the library.
GC_THRESHOLDS = (10_000, 20, 20)


def main(argv: list[str] | None = None) -> int:
    gc.set_threshold(*GC_THRESHOLDS)
    if argv is None:  # the process's own command line: its Ctrl-C (rapcc.interrupts)
        from .interrupts import install
        install()
    argv = _explain_argv(list(sys.argv[1:] if argv is None else argv))
    try:
        if argv and argv[0] in ANALYZE:
            return _analyze_main(argv[1:])
        if argv and argv[0] in SUBCOMMANDS:
            return _subcommand_main(argv[0], argv[1:])
        return _rewrite_main(argv)
    except RapccError as exc:
        for d in exc.diagnostics:
            print(d.format(), file=sys.stderr)
        print(f"rapcc: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except InternalError as exc:
        print(f"rapcc: internal error: {exc} (nothing was written; please report this)", file=sys.stderr)
        return EXIT_INTERNAL
    except SystemExit as exc:
        return int(exc.code or 0)
    except KeyboardInterrupt:
        print("rapcc: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # the file system's answer (permissions, a read-only disk): the user's to fix
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rapcc: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    except Exception as exc:  # a bug in rapcc: report it like one, write nothing
        if os.environ.get("RAPCC_DEBUG"):
            raise
        print(f"rapcc: internal error: {type(exc).__name__}: {exc} (nothing was written; rerun with "
              "RAPCC_DEBUG=1 for a traceback and please report it)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
