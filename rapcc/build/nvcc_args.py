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
import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

# nvcc 13's options that take a value (long and short spellings), from `nvcc --help`.
VALUE_OPTIONS = frozenset("""
--Ofast-compile --Werror --archive-options --archiver-binary --brief-diagnostics --compiler-bindir
--compiler-options --compress-mode --cudadevrt --cudart --default-stream --define-macro
--dependency-drive-prefix --dependency-output --dependency-target-name --device-entity-has-hidden-visibility
--device-stack-protector --diag-error --diag-suppress --diag-warn --dopt --drive-prefix --entries
--fdevice-time-trace --fmad --frandom-seed --ftemplate-backtrace-limit --ftemplate-depth --ftz
--generate-code --gpu-architecture --gpu-code --host-linker-script --include-path --input-drive-prefix
--jump-table-density --keep-dir --libdevice-directory --library --library-path --linker-options --machine
--maxrregcount --nvlink-options --optimization-info --optimize --options-file --output-directory
--output-file --pre-include --prec-div --prec-sqrt --ptxas-options --relocatable-device-code --run-args
--sanitize --split-compile --split-compile-extended --static-global-template-stub --std --system-include
--target-directory --threads --time --undefine-macro --x
-D -I -L -MF -MT -O -Ofc -U -Werror -Xarchive -Xcompiler -Xlinker -Xnvlink -Xptxas -arbin -arch
-brief-diag -ccbin -code -compress-mode -cudadevrt -cudart -ddp -default-stream
-device-entity-has-hidden-visibility -device-stack-protector -diag-error -diag-suppress -diag-warn -dopt
-dp -e -fdevice-time-trace -fmad -frandom-seed -ftemplate-backtrace-limit -ftemplate-depth -ftz -gencode
-hls -idp -include -isystem -jtd -keep-dir -l -ldir -m -maxrregcount -o -odir -opt-info -optf -prec-div
-prec-sqrt -rdc -run-args -sanitize -split-compile -split-compile-extended -static-global-template-stub
-std -t -target-dir -time -x
""".split())

# nvcc 13's options that take no value: known, so that `-lineinfo` is not `-l ineinfo`.
FLAG_OPTIONS = frozenset("""
--Wdefault-stream-launch --Wext-lambda-captures-this --Wmissing-launch-bounds --Wno-deprecated-declarations
--Wno-deprecated-gpu-targets --Wreorder --allow-unsupported-compiler --augment-host-linker-script --clean-
targets --compile --compile-as-tools-patch --cubin --cuda --debug --device-c --device-debug --device-link
--device-w --disable-warnings --display-error-number --dlink-time-opt --dont-use-profile --dryrun --expt-
extended-lambda --expt-relaxed-constexpr --extended-lambda --extensible-whole-program --extra-device-
vectorization --fatbin --fdevice-syntax-only --force-cl-env-setup --forward-unknown-opts --forward-unknown-to-
host-compiler --forward-unknown-to-host-linker --gen-opt-lto --generate-dependencies --generate-dependencies-
with-compile --generate-dependency-targets --generate-line-info --generate-nonsystem-dependencies --generate-
nonsystem-dependencies-with-compile --help --jobserver --keep --keep-device-functions --lib --link --list-gpu-
arch --list-gpu-code --lto --ltoir --m64 --no-align-double --no-compress --no-device-link --no-display-error-
number --no-exceptions --no-host-device-initializer-list --no-host-device-move-forward --objdir-as-tempdir
--optix-ir --preprocess --profile --ptx --qpp-config --relocatable-link --relocatable-ptx --resource-usage
--restrict --run --save-temps --shared --source-in-ptx --use-local-env --use_fast_math --verbose --version -E
-G -M -MD -MM -MMD -MP -V -Wdefault-stream-launch -Wext-lambda-captures-this -Wmissing-launch-bounds -Wno-
deprecated-declarations -Wno-deprecated-gpu-targets -Wreorder -allow-unsupported-compiler -arch-ls
-astoolspatch -aug-hls -c -clean -code-ls -cubin -cuda -dc -dlink -dlto -dryrun -dw -err-no -ewp -expt-
extended-lambda -expt-relaxed-constexpr -extended-lambda -extra-device-vectorization -fatbin -fdevice-syntax-
only -force-cl-env-setup -forward-unknown-opts -forward-unknown-to-host-compiler -forward-unknown-to-host-
linker -g -gen-opt-lto -h -jobserver -keep -keep-device-functions -lib -lineinfo -link -lto -ltoir -m64 -no-
compress -no-err-no -nodlink -noeh -nohdinitlist -nohdmoveforward -noprof -objtemp -optix-ir -pg -ptx -qpp-
config -r -reloc-ptx -res-usage -restrict -run -save-temps -shared -src-in-ptx -use-local-env -use_fast_math
-v -w
""".split())

# Short options whose value may be written right after them (`-Iinclude`, `-DN=4`, `-O3`).
_ATTACHED = ("-I", "-D", "-U", "-L", "-l", "-O", "-o")

_ALIASES = {
    "--include-path": "-I", "--system-include": "-isystem", "--define-macro": "-D", "--undefine-macro": "-U",
    "--std": "-std", "--pre-include": "-include", "--x": "-x", "--options-file": "-optf",
    "--gpu-architecture": "-arch", "--gpu-code": "-code", "--generate-code": "-gencode",
    "--output-file": "-o", "--dependency-output": "-MF", "--preprocess": "-E",
    "--generate-dependencies": "-M", "--generate-nonsystem-dependencies": "-MM",
    "--generate-dependencies-with-compile": "-MD", "--generate-nonsystem-dependencies-with-compile": "-MMD",
    "--version": "-V", "--help": "-h", "--dryrun": "-dryrun", "--list-gpu-code": "-code-ls",
    "--list-gpu-arch": "-arch-ls", "--relocatable-device-code": "-rdc", "--device-c": "-dc", "--device-w": "-dw",
}
# Options whose value nvcc splits at commas.
_LISTS = frozenset({"-I", "-isystem", "-D", "-U", "-include", "-optf", "-code"})
# What the command does instead of compiling CUDA: run nvcc on it as it is.
_NO_COMPILE = {"-E": "-E (preprocess only)", "-M": "-M (dependencies only)", "-MM": "-MM (dependencies only)",
               "-V": "--version", "-h": "--help", "-dryrun": "-dryrun", "-code-ls": "--list-gpu-code",
               "-arch-ls": "--list-gpu-arch"}
_TARGET = re.compile(r"\b(?:sm|compute|lto)_\d+[a-z]?\b")
CUDA_SUFFIXES = (".cu",)


class NvccArgsError(ValueError):
    """The command line cannot be read (an option without its value, a missing options file)."""


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

    @property
    def cuda_inputs(self) -> tuple[Input, ...]:
        return tuple(i for i in self.inputs if i.is_cuda)

    def clang_extra_args(self) -> tuple[str, ...]:
        """What rapcc's parse needs beyond -I / -D / -std: -isystem, -U, -include."""
        out: list[str] = []
        for d in self.system_include_dirs:
            out += ["-isystem", d]
        for u in self.undefines:
            out += ["-U", u]
        for f in self.pre_includes:
            out += ["-include", f]
        return tuple(out)


def _canonical(name: str) -> str:
    return _ALIASES.get(name, name)


def _split_option(arg: str, following: str | None) -> tuple[str, str | None, int]:
    """(canonical option name, its value or None, arguments consumed)."""
    if arg in VALUE_OPTIONS:
        if following is None:
            raise NvccArgsError(f"option '{arg}' needs a value")
        return _canonical(arg), following, 2
    if "=" in arg and arg.split("=", 1)[0] in VALUE_OPTIONS:
        name, value = arg.split("=", 1)
        return _canonical(name), value, 1
    if arg[:2] in _ATTACHED and len(arg) > 2 and arg not in FLAG_OPTIONS:
        return arg[:2], arg[2:], 1
    return _canonical(arg), None, 1


def _values(name: str, value: str) -> list[str]:
    return [v for v in value.split(",") if v] if name in _LISTS else [value]


def expand_options_files(args: Sequence[str], read: Callable[[str], str], depth: int = 0) -> list[str]:
    """`args` with every `--options-file F` / `-optf F` replaced by F's arguments, as nvcc does."""
    if depth > 8:
        raise NvccArgsError("options files include each other")
    out: list[str] = []
    i = 0
    while i < len(args):
        name, value, used = _split_option(args[i], args[i + 1] if i + 1 < len(args) else None) \
            if args[i].startswith("-") else (args[i], None, 1)
        if name == "-optf" and value is not None:
            for f in _values(name, value):
                try:
                    text = read(f)
                except OSError as exc:
                    raise NvccArgsError(f"cannot read options file '{f}': {exc.strerror}") from None
                out += expand_options_files(shlex.split(text), read, depth + 1)
        else:
            out += args[i:i + used]
        i += used
    return out


def is_cuda_source(path: str, language: str | None) -> bool:
    """Whether nvcc (`-x cu`) or clang (`-x cuda`) compiles the input as CUDA."""
    if language is not None:
        return language in ("cu", "cuda")
    return path.endswith(CUDA_SUFFIXES)


def parse_nvcc_args(argv: Sequence[str], read: Callable[[str], str] | None = None) -> NvccCommand:
    """Read an nvcc command line (without the program name). Raises NvccArgsError."""
    args = expand_options_files(list(argv), read or (lambda p: Path(p).read_text()))
    found: dict[str, list[str]] = {}
    positional: list[tuple[int, str]] = []
    cmd = NvccCommand(tuple(args))
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-") or arg == "-":
            positional.append((i, arg))
            i += 1
            continue
        name, value, used = _split_option(arg, args[i + 1] if i + 1 < len(args) else None)
        i += used
        if name in _NO_COMPILE and cmd.no_compile is None:
            cmd = replace(cmd, no_compile=_NO_COMPILE[name])
        elif name in ("-MD", "-MMD"):
            cmd = replace(cmd, deps_with_compile=True)
        if value is not None:
            found.setdefault(name, []).extend(_values(name, value))
    language = found.get("-x", [None])[-1]
    targets: list[str] = []
    for name in ("-arch", "-code", "-gencode"):
        for v in found.get(name, []):
            targets += _TARGET.findall(v) or ([v] if name == "-arch" else [])
    return replace(
        cmd,
        inputs=tuple(Input(i, p, is_cuda_source(p, language)) for i, p in positional),
        include_dirs=tuple(found.get("-I", ())), system_include_dirs=tuple(found.get("-isystem", ())),
        defines=tuple(found.get("-D", ())), undefines=tuple(found.get("-U", ())),
        pre_includes=tuple(found.get("-include", ())), std=found.get("-std", [None])[-1], language=language,
        targets=tuple(dict.fromkeys(targets)), output=found.get("-o", [None])[-1],
        dependency_file=found.get("-MF", [None])[-1],
        rdc=any(v.lower() in ("true", "1") for v in found.get("-rdc", ())) or any(
            _canonical(a) in ("-dc", "-dw") for a in args))


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


def absolute_dirs(dirs: Sequence[str], base: str) -> tuple[str, ...]:
    """Include folders relative to `base` made absolute (normalised, not resolved)."""
    return tuple(os.path.normpath(os.path.join(base, d)) for d in dirs)


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
    pre = tuple(os.path.join(base, f) if os.path.isfile(os.path.join(base, f)) else f for f in cmd.pre_includes)
    cmd = replace(cmd, system_include_dirs=absolute_dirs(cmd.system_include_dirs, base), pre_includes=pre)
    return HonouredFlags(absolute_dirs(cmd.include_dirs, base), cmd.defines, cmd.std or "c++17", cmd.clang_extra_args(),
                         cmd.rdc)
