"""`rapcc IN -o OUT` and its subcommands. Side effects (files, streams, exit codes) live here.

Exit codes: 0 success, 1 bad input, 2 bad usage, 3 internal error. On any
failure nothing is written; output files are written atomically and the input
is never modified.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, InternalError, RapccError
from .pipeline import STRATEGIES, Options, RewriteResult, analyze_source, rewrite_source

EXIT_OK, EXIT_INPUT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
SUBCOMMANDS = ("analyze", "simulate", "hash", "bench", "suite")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 already; keep rapcc's prefix
        self.print_usage(sys.stderr)
        print(f"rapcc: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _block_dim(text: str) -> tuple[int, int, int]:
    parts = text.lower().replace(",", "x").split("x")
    try:
        vals = [int(p) for p in parts if p.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid block shape '{text}' (expected e.g. 32x8)")
    if not 1 <= len(vals) <= 3 or any(v <= 0 for v in vals) or vals[0] * (vals + [1, 1])[1] * (vals + [1, 1])[2] > 1024:
        raise argparse.ArgumentTypeError(f"invalid block shape '{text}' (1 to 3 positive sizes, at most 1024 threads)")
    return tuple(vals + [1] * (3 - len(vals)))  # type: ignore[return-value]


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--block-dim", type=_block_dim, metavar="XxYxZ", help="block shape of the kernels (e.g. 32x8); "
                   "otherwise '#pragma rapcc block_dim', then __launch_bounds__, then an assumption the report states")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR", help="add an include directory")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]", help="define a macro")
    p.add_argument("-std", "--std", dest="std", default="c++17", help="C++ standard to parse with (default c++17)")
    p.add_argument("--cuda-path", metavar="DIR", help="a CUDA toolkit whose include/ is searched after rapcc's stand-ins")


def _main_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rapcc", description="Rewrite the __shared__ arrays of a CUDA file to remove bank conflicts "
                "(padding, XOR swizzle, random address permute-shift), verified in bounds and injective.",
                epilog=f"subcommands: {', '.join(SUBCOMMANDS)} (run 'rapcc SUBCOMMAND --help')")
    p.add_argument("input", help="CUDA source file")
    p.add_argument("-o", "--output", required=True, help="output file, or '-' for stdout")
    p.add_argument("--strategy", choices=STRATEGIES, default="auto",
                   help="layout strategy (default auto: per array, the cheapest predicted)")
    p.add_argument("--seed", type=int, default=1, help="seed of RAP's permutations (default 1)")
    p.add_argument("--report", nargs="?", const="-", metavar="PATH", help="write a report (to stderr, or PATH)")
    p.add_argument("--report-format", choices=("text", "json"), default="text")
    p.add_argument("--diff", action="store_true", help="print a unified diff of the rewrite to stdout")
    p.add_argument("--explain", action="store_true", help="print every candidate's predicted cost per array")
    p.add_argument("--version", action="version", version=f"rapcc {__version__}")
    _common(p)
    return p


def _options(args: argparse.Namespace, strategy: str, command: str) -> Options:
    return Options(strategy=strategy, block_dim=args.block_dim, seed=getattr(args, "seed", 1),
                   include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                   cuda_path=args.cuda_path, command=command)


def _read_input(path: str) -> bytes:
    p = Path(path)
    if not p.exists():
        raise RapccError(f"{path}: no such file")
    if p.is_dir():
        raise RapccError(f"{path}: is a directory")
    data = p.read_bytes()
    if not data.strip():
        raise RapccError(f"{path}: the file is empty")
    if b"\0" in data[:8192]:
        raise RapccError(f"{path}: not a text file")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RapccError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    return data


def write_atomic(path: str, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RapccError(f"{path}: folder '{folder}' does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _print_diagnostics(diags: tuple[Diagnostic, ...]) -> None:
    for d in diags:
        print(d.format(), file=sys.stderr)


def text_report(result: RewriteResult) -> str:
    lines = [f"rapcc {__version__}: {result.report['file']}"]
    for a in result.report["arrays"]:
        dims = "".join(f"[{d}]" for d in a["dims"]) or "[]"
        lines.append(f"  {a['function'] or '<file scope>'}: {a['name']}{dims} ({a['elem_bytes']}-byte elements, block "
                     f"{'x'.join(map(str, a['block_dim']))} from {a['block_dim_source']})")
        lines.append(f"    strategy: {a['strategy']}" + (f" [{a['mapping']}]" if a.get("mapping") else "") + f" - {a['reason']}")
        for x in a["accesses"]:
            wb, wa = x["wavefronts_before"], x["wavefronts_after"]
            pred = "unpredictable" if wb is None else f"{wb:.2f} -> {wa:.2f} wavefronts (ideal {x['ideal_wavefronts']:.2f})"
            stride = f" S={x['stride']}" if x["stride"] not in (None, 0, 1) else ""
            lines.append(f"    line {x['line']}:{x['col']} {x['kind']:6s} {x['class']}{stride}: {pred}")
    return "\n".join(lines) + "\n"


def _explain(result: RewriteResult) -> str:
    lines = []
    for p in result.plans:
        a = p.analysis.array
        lines.append(f"'{a.name}' in '{a.function}': chose {p.mapping.strategy} ({p.reason})")
        for c in sorted(p.candidates, key=lambda c: c.cost):
            lines.append(f"    {c.cost:10.1f}  {c.mapping.strategy:6s} {c.mapping.description} (+{c.mapping.ops} instr)")
    return "\n".join(lines) + "\n"


def reproduce_command(args: argparse.Namespace) -> str:
    """The command line that recreates the output, from the effective options
    (not argv, so that where the output goes does not change its bytes)."""
    parts = ["rapcc", args.input, "--strategy", args.strategy, "--seed", str(args.seed)]
    if args.block_dim:
        parts += ["--block-dim", "x".join(map(str, args.block_dim))]
    for d in args.include_dirs:
        parts += ["-I", d]
    for d in args.defines:
        parts += ["-D", d]
    if args.std != "c++17":
        parts += ["-std", args.std]
    if args.cuda_path:
        parts += ["--cuda-path", args.cuda_path]
    return " ".join(shlex.quote(p) for p in parts) + " -o OUTPUT"


def _rewrite_main(argv: list[str]) -> int:
    args = _main_parser().parse_args(argv)
    source = _read_input(args.input)
    command = reproduce_command(args)
    result = rewrite_source(source, args.input, _options(args, args.strategy, command))
    _print_diagnostics(result.diagnostics)
    if args.report is not None:
        body = json.dumps(result.report, indent=2) + "\n" if args.report_format == "json" else text_report(result)
        if args.report == "-":
            sys.stderr.write(body)
        else:
            write_atomic(args.report, body.encode())
    if args.explain:
        sys.stderr.write(_explain(result))
    if args.diff:
        diff = difflib.unified_diff(source.decode().splitlines(True), result.text.decode().splitlines(True),
                                    fromfile=args.input, tofile=args.output)
        sys.stdout.writelines(diff)
    if args.output == "-":
        if not args.diff:
            stream = getattr(sys.stdout, "buffer", None)
            if stream is not None:
                stream.write(result.text)
            else:
                sys.stdout.write(result.text.decode("utf-8", errors="surrogateescape"))
            sys.stdout.flush()
    else:
        if Path(args.output).resolve() == Path(args.input).resolve():
            raise RapccError(f"{args.output}: refusing to overwrite the input")
        write_atomic(args.output, result.text)
    return EXIT_OK


def _analyze_main(argv: list[str]) -> int:
    p = _Parser(prog="rapcc analyze", description="Report the bank conflicts of every shared-memory access; rewrite nothing.")
    p.add_argument("input", help="CUDA source file")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text: compiler-style diagnostics on stderr; json: the report on stdout")
    _common(p)
    args = p.parse_args(argv)
    source = _read_input(args.input)
    result = analyze_source(source, args.input, _options(args, "none", ""))
    if args.format == "json":
        print(json.dumps(result.report, indent=2))
    else:
        _print_diagnostics(result.diagnostics)
    return EXIT_OK


def _subcommand_main(name: str, argv: list[str]) -> int:
    module = __import__(f"rapcc.commands.{name}", fromlist=["add_parser", "run"])
    p = _Parser(prog="rapcc")
    sub = p.add_subparsers(dest="command")
    module.add_parser(sub)
    args = p.parse_args([name] + argv)
    return int(module.run(args))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "analyze":
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
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug in rapcc: report it like one, write nothing
        if os.environ.get("RAPCC_DEBUG"):
            raise
        print(f"rapcc: internal error: {type(exc).__name__}: {exc} (nothing was written; rerun with "
              "RAPCC_DEBUG=1 for a traceback and please report it)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
