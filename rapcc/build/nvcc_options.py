"""nvcc's options, and the reading of a command line that needs no record
types: which arguments are options with values, which are inputs, what
options files add. `nvcc_args.py` builds its `NvccCommand` from this; the
build hook's byte-scan exit (`scan_exit.py`) reads a command with it before
`dataclasses`, `typing` or `pathlib` are imported (issue 20: those cost a
compile step about 25 ms on the GPU host).
"""
from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
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
CUDA_SUFFIXES = (".cu",)


class NvccArgsError(ValueError):
    """The command line cannot be read (an option without its value, a missing options file)."""


def canonical(name: str) -> str:
    return _ALIASES.get(name, name)


def split_option(arg: str, following: str | None) -> tuple[str, str | None, int]:
    """(canonical option name, its value or None, arguments consumed)."""
    if arg in VALUE_OPTIONS:
        if following is None:
            raise NvccArgsError(f"option '{arg}' needs a value")
        return canonical(arg), following, 2
    if "=" in arg and arg.split("=", 1)[0] in VALUE_OPTIONS:
        name, value = arg.split("=", 1)
        return canonical(name), value, 1
    if arg[:2] in _ATTACHED and len(arg) > 2 and arg not in FLAG_OPTIONS:
        return arg[:2], arg[2:], 1
    return canonical(arg), None, 1


def _values(name: str, value: str) -> list[str]:
    return [v for v in value.split(",") if v] if name in _LISTS else [value]


def read_text(path: str) -> str:
    """An options file, read as `Path.read_text` reads it (the locale's encoding)."""
    with open(path) as f:
        return f.read()


def expand_options_files(args: Sequence[str], read: Callable[[str], str], depth: int = 0) -> list[str]:
    """`args` with every `--options-file F` / `-optf F` replaced by F's arguments, as nvcc does."""
    if depth > 8:
        raise NvccArgsError("options files include each other")
    out: list[str] = []
    i = 0
    while i < len(args):
        name, value, used = split_option(args[i], args[i + 1] if i + 1 < len(args) else None) \
            if args[i].startswith("-") else (args[i], None, 1)
        if name == "-optf" and value is not None:
            import shlex  # options files are rare: a compile step without one does not load it
            for f in _values(name, value):
                try:
                    text = read(f)
                except OSError as exc:
                    raise NvccArgsError(f"cannot read options file '{f}': {exc.strerror}") from None
                except UnicodeDecodeError:  # nvcc says what it makes of the file
                    raise NvccArgsError(f"cannot read options file '{f}': not text") from None
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


def read_command(argv: Sequence[str], read: Callable[[str], str] | None = None
                 ) -> tuple[list[str], dict[str, list[str]], list[tuple[int, str]], str | None, bool]:
    """An nvcc command line (without the program name), read: (the arguments
    with options files spliced in, each option's values by canonical name,
    the positional arguments with their positions, why it compiles nothing,
    whether it writes dependencies while compiling). Raises NvccArgsError."""
    args = expand_options_files(list(argv), read or read_text)
    values: dict[str, list[str]] = {}
    positional: list[tuple[int, str]] = []
    no_compile: str | None = None
    deps_with_compile = False
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-") or arg == "-":
            positional.append((i, arg))
            i += 1
            continue
        name, value, used = split_option(arg, args[i + 1] if i + 1 < len(args) else None)
        i += used
        if name in _NO_COMPILE and no_compile is None:
            no_compile = _NO_COMPILE[name]
        elif name in ("-MD", "-MMD"):
            deps_with_compile = True
        if value is not None:
            values.setdefault(name, []).extend(_values(name, value))
    return args, values, positional, no_compile, deps_with_compile


def language_of(values: dict[str, list[str]]) -> str | None:
    """The value of the last -x."""
    return values.get("-x", [None])[-1]


def absolute_dirs(dirs: Sequence[str], base: str) -> tuple[str, ...]:
    """Include folders relative to `base` made absolute (normalised, not resolved)."""
    return tuple(os.path.normpath(os.path.join(base, d)) for d in dirs)


def pre_include_paths(pre_includes: Sequence[str], base: str) -> tuple[str, ...]:
    """-include files: one found in `base` (the compile's folder) is taken from
    there, as the compilers do; the others stay as written."""
    return tuple(os.path.join(base, f) if os.path.isfile(os.path.join(base, f)) else f for f in pre_includes)


def clang_extra_args(system_include_dirs: Sequence[str], undefines: Sequence[str],
                     pre_includes: Sequence[str]) -> tuple[str, ...]:
    """What rapcc's parse needs beyond -I / -D / -std: -isystem, -U, -include."""
    return tuple(a for flag, values in (("-isystem", system_include_dirs), ("-U", undefines),
                                        ("-include", pre_includes)) for v in values for a in (flag, v))


# Files that mark a folder as a CUDA toolkit's own headers (`include`, and CCCL's `include/cccl`).
TOOLKIT_MARKS = (("cuda_runtime.h", "cuda_runtime_api.h", os.path.join("crt", "host_defines.h")),
                 (os.path.join("cub", "cub.cuh"), os.path.join("thrust", "version.h"),
                  os.path.join("cuda", "std", "version")))


def is_toolkit_headers(folder: str) -> bool:
    """Whether `folder` holds a CUDA toolkit's (or CCCL's) headers. Their only
    spellings of `__shared__` are its definition (`crt/host_defines.h`) and
    the arrays of the library's own kernels (CUB's); no macro of theirs
    expands to a shared array in the user's code."""
    return any(all(os.path.isfile(os.path.join(folder, m)) for m in marks) for marks in TOOLKIT_MARKS)


def scan_flags(include_dirs: Sequence[str], extra_args: Sequence[str], defines: Sequence[str]
               ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(the user's include folders, -include files, -D values) of honoured
    flags, for `shared_scan.may_use_shared`. An `-isystem` folder holding a
    CUDA toolkit's headers is left out: CMake names the toolkit's `include`
    so for every target that links CUDA::cudart, and following `<cuda_runtime.h>`
    into it reached `crt/host_defines.h`'s `#define __shared__`, so that every
    CUDA file of such a build took the full path (a parse) for nothing. nvcc
    searches that folder anyway, where the scan never looks (issue 28)."""
    extra = list(extra_args)
    system = tuple(extra[k + 1] for k in range(len(extra) - 1) if extra[k] == "-isystem"
                   and not is_toolkit_headers(extra[k + 1]))
    pre = tuple(extra[k + 1] for k in range(len(extra) - 1) if extra[k] == "-include")
    return tuple(include_dirs) + system, pre, tuple(defines)
