"""nvcc's command line, read the way nvcc reads it, for what changes what rapcc sees.

rapcc honours `-I`, `-isystem`, `-D`, `-U`, `-std`, `-include`, `-x`, options
files, and the target architectures; it finds the inputs, the output, the
dependency file and whether the command compiles CUDA at all. Everything else
is nvcc's business and goes to nvcc untouched. To tell an option's value from
an input file this module knows which of nvcc 13's options take a value
(`nvcc --help`); an option it does not know (forwarded to the host compiler
under `-forward-unknown-to-host-compiler`) is taken as a flag.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence

# The option tables and the reading itself live in `nvcc_options` (no record
# types, for the build hook's early exits); re-exported for their users here.
from .nvcc_options import (CUDA_SUFFIXES, FLAG_OPTIONS, VALUE_OPTIONS, NvccArgsError, absolute_dirs, canonical,
                           clang_extra_args, expand_options_files, is_cuda_source, language_of, pre_include_paths,
                           read_command)

_TARGET = re.compile(r"\b(?:sm|compute|lto)_\d+[a-z]?\b")


@dataclass(frozen=True, slots=True)
class Input:
    index: int  # position in NvccCommand.args
    path: str
    is_cuda: bool


@dataclass(frozen=True, slots=True)
class NvccCommand:
    """An nvcc command line: the arguments (options files spliced in) and what rapcc reads from them."""

    args: tuple[str, ...]
    inputs: tuple[Input, ...] = ()
    include_dirs: tuple[str, ...] = ()
    system_include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()
    pre_includes: tuple[str, ...] = ()
    std: str | None = None
    language: str | None = None  # the value of -x
    targets: tuple[str, ...] = ()  # sm_90, compute_90, native, ...
    output: str | None = None
    dependency_file: str | None = None  # -MF
    deps_with_compile: bool = False  # -MD / -MMD
    no_compile: str | None = None  # why the command compiles nothing (e.g. '--version')
    rdc: bool = False  # relocatable device code: device functions are linked across files
    host_compiler: str | None = None  # -ccbin / --compiler-bindir: whose C++ library the parse reads

    @property
    def cuda_inputs(self) -> tuple[Input, ...]:
        return tuple(i for i in self.inputs if i.is_cuda)

    def clang_extra_args(self) -> tuple[str, ...]:
        """What rapcc's parse needs beyond -I / -D / -std: -isystem, -U, -include."""
        return clang_extra_args(self.system_include_dirs, self.undefines, self.pre_includes)


def parse_nvcc_args(argv: Sequence[str], read: Callable[[str], str] | None = None) -> NvccCommand:
    """Read an nvcc command line (without the program name). Raises NvccArgsError."""
    args, found, positional, no_compile, deps_with_compile = read_command(argv, read)
    language = language_of(found)
    targets: list[str] = []
    for name in ("-arch", "-code", "-gencode"):
        for v in found.get(name, []):
            targets += _TARGET.findall(v) or ([v] if name == "-arch" else [])
    return NvccCommand(
        tuple(args), no_compile=no_compile, deps_with_compile=deps_with_compile,
        inputs=tuple(Input(i, p, is_cuda_source(p, language)) for i, p in positional),
        include_dirs=tuple(found.get("-I", ())), system_include_dirs=tuple(found.get("-isystem", ())),
        defines=tuple(found.get("-D", ())), undefines=tuple(found.get("-U", ())),
        pre_includes=tuple(found.get("-include", ())), std=found.get("-std", [None])[-1], language=language,
        targets=tuple(dict.fromkeys(targets)), output=found.get("-o", [None])[-1],
        dependency_file=found.get("-MF", [None])[-1],
        host_compiler=(found.get("-ccbin", []) + found.get("--compiler-bindir", []) or [None])[-1],
        rdc=any(v.lower() in ("true", "1") for v in found.get("-rdc", ())) or any(
            canonical(a) in ("-dc", "-dw") for a in args))


def dependency_file(cmd: NvccCommand, source: str) -> str | None:
    """Where nvcc writes the dependency file of a compile with -MD / -MMD: -MF,
    else the output's name with `.d`, else the source's stem with `.d` here."""
    if not cmd.deps_with_compile:
        return None
    if cmd.dependency_file:
        return cmd.dependency_file
    if cmd.output:
        return os.path.splitext(cmd.output)[0] + ".d"
    return os.path.splitext(os.path.basename(source))[0] + ".d"


def substitute_inputs(cmd: NvccCommand, replacements: dict[int, str], first_include_dirs: Sequence[str]) -> list[str]:
    """The command with the inputs at the given positions replaced by other
    files, and `first_include_dirs` searched before every other -I."""
    args = [replacements.get(i, a) for i, a in enumerate(cmd.args)]
    front: list[str] = []
    for d in dict.fromkeys(first_include_dirs):
        front += ["-I", d]
    return front + args


@dataclass(frozen=True, slots=True)
class HonouredFlags:
    """What of a command line reaches rapcc's parse, with paths made absolute."""

    include_dirs: tuple[str, ...]
    defines: tuple[str, ...]
    std: str
    extra_args: tuple[str, ...]  # -isystem DIR, -U NAME, -include FILE
    rdc: bool = False  # -rdc=true / -dc: other files may call this file's device functions

    def to_json(self) -> dict[str, object]:
        return {"include_dirs": list(self.include_dirs), "defines": list(self.defines), "std": self.std,
                "extra_args": list(self.extra_args), "rdc": self.rdc}


def honoured_flags(cmd: NvccCommand, base: str) -> HonouredFlags:
    """The flags rapcc honours, relative paths taken from `base` (the compile's folder).
    A pre-included file is looked up in `base` first, as the compilers do."""
    cmd = replace(cmd, system_include_dirs=absolute_dirs(cmd.system_include_dirs, base),
                  pre_includes=pre_include_paths(cmd.pre_includes, base))
    extra = cmd.clang_extra_args()
    if cmd.host_compiler:
        # Read by the parse (host_compiler.py) and never given to clang; a bare name is looked up on PATH.
        named = cmd.host_compiler
        extra += (f"--compiler-bindir={os.path.join(base, named) if os.sep in named else named}",)
    return HonouredFlags(absolute_dirs(cmd.include_dirs, base), cmd.defines, cmd.std or "c++17", extra, cmd.rdc)


__all__ = ["CUDA_SUFFIXES", "FLAG_OPTIONS", "VALUE_OPTIONS", "HonouredFlags", "Input", "NvccArgsError",
           "NvccCommand", "absolute_dirs", "dependency_file", "expand_options_files", "honoured_flags",
           "is_cuda_source", "parse_nvcc_args", "substitute_inputs"]
