"""Reading a compile database (`compile_commands.json`), as clang tools do.

Each entry gives a file its own flags; rapcc keeps those it honours
(`nvcc_args.honoured_flags`) and drops the rest, nvcc-only ones included, as
hipify-clang does. Standard library only: `rapcc-nvcc` reads the database on
every compile when RAPCC_PROJECT is set.
"""
from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from .nvcc_args import HonouredFlags, NvccArgsError, honoured_flags, is_cuda_source, parse_nvcc_args

DATABASE = "compile_commands.json"
# Programs a build may put in front of the compiler.
_LAUNCHERS = ("rapcc-launch", "ccache", "sccache", "distcc")


class CompileDatabaseError(Exception):
    """The database is missing or malformed."""


@dataclass(frozen=True, slots=True)
class CompileEntry:
    file: str  # absolute, normalised
    directory: str
    flags: HonouredFlags
    is_cuda: bool


def _arguments(raw: dict) -> list[str]:
    if isinstance(raw.get("arguments"), list):
        args = [str(a) for a in raw["arguments"]]
    elif isinstance(raw.get("command"), str):
        args = shlex.split(raw["command"])
    else:
        raise CompileDatabaseError("an entry has neither 'arguments' nor 'command'")
    while args and os.path.basename(args[0]) in _LAUNCHERS:
        args = args[1:]
    return args[1:]  # drop the compiler itself


def read_compile_database(build_dir: Path) -> tuple[CompileEntry, ...]:
    """Every entry of BUILD_DIR/compile_commands.json, in the database's order
    (a file compiled twice keeps its first entry)."""
    path = Path(build_dir) / DATABASE
    try:
        raw = json.loads(path.read_text())
    except OSError as exc:
        raise CompileDatabaseError(f"{path}: {exc.strerror or exc} (configure with "
                                   "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or use bear for make)") from None
    except ValueError as exc:
        raise CompileDatabaseError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(raw, list):
        raise CompileDatabaseError(f"{path}: expected a list of compile commands")
    entries: dict[str, CompileEntry] = {}
    for item in raw:
        if not isinstance(item, dict) or "file" not in item or "directory" not in item:
            raise CompileDatabaseError(f"{path}: an entry lacks 'file' or 'directory'")
        directory = os.path.normpath(os.path.join(build_dir, str(item["directory"])))
        file = os.path.normpath(os.path.join(directory, str(item["file"])))
        try:
            cmd = parse_nvcc_args(_arguments(item), lambda p, d=directory: Path(d, p).read_text())
        except NvccArgsError as exc:
            raise CompileDatabaseError(f"{path}: the command of '{file}': {exc}") from None
        if file not in entries:
            entries[file] = CompileEntry(file, directory, honoured_flags(cmd, directory),
                                         is_cuda_source(file, cmd.language))
    return tuple(entries.values())
