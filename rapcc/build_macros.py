"""The macros nvcc itself defines for a compile: its version and the target architecture.

`__CUDACC_VER_MAJOR__` decides which branch of `#if` or `if constexpr` the
compile takes, and `__CUDA_ARCH__` likewise. A parse that pins them (rapcc's
stand-in shim used to say 12 and 900) analyses code nvcc never compiles. So
the values come from the nvcc that will compile: its dry run (`nvcc --dryrun`)
prints the `-D` flags of every device pass, for the compile's own `-arch` /
`-gencode` flags. The answer is cached per (nvcc path, size, mtime, arch flags)
in rapcc's cache folder.

Where rapcc cannot know a value (no nvcc found, or the device passes of one
compile disagree, as `-gencode` for sm_80 and sm_90 do on `__CUDA_ARCH__`),
the macro is *unknown*: the parse still needs a value (the old pinned one),
but a shared array used where that value decides what is compiled is kept as
written (`frontend/build_branches.py`). Standard library only.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass

from .json_cache import store_json
from typing import Callable, Mapping, Sequence

# Defined by nvcc in every device pass; their values are the compile's.
VERSION_MACROS = ("__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__",
                  "__CUDA_API_VER_MAJOR__", "__CUDA_API_VER_MINOR__")
# Defined by the runtime headers from the toolkit's version: as unknown as the version without one.
RUNTIME_VERSION_MACROS = ("CUDART_VERSION", "CUDA_VERSION", "__CUDART_API_VERSION")
ARCH_MACROS = ("__CUDA_ARCH__", "__CUDA_ARCH_LIST__", "__CUDA_ARCH_SPECIFIC__", "__CUDA_ARCH_FAMILY_SPECIFIC__")
# Defined only for some targets (sm_90a: __CUDA_ARCH_FEAT_SM90_ALL): unknown even in whether they are defined.
ARCH_PREFIXES = ("__CUDA_ARCH_FEAT_",)
# Defined by the parse's own compiler with values of its own, or by the dialect the compile's -std
# picks: libclang in CUDA mode says __clang__, __CUDA__, __NVPTX__ and __GNUC__ 4, and answers
# __has_builtin(__builtin_assume) yes, where nvcc's front end says the host compiler's identity and
# version, never __CUDA__ or __NVPTX__, and has its own builtins and include paths. No nvcc dry run
# tells them, so they are unknown to every parse: code they decide is kept as for an unknown
# __CUDA_ARCH__.
COMPILER_MACROS = ("__clang__", "__clang_major__", "__clang_minor__", "__clang_patchlevel__", "__clang_version__",
                   "__llvm__", "__CUDA__", "__NVPTX__", "__nvptx__", "__nvptx64__", "__GNUC__", "__GNUC_MINOR__",
                   "__GNUC_PATCHLEVEL__", "__GNUG__", "__VERSION__", "__cplusplus", "__is_identifier")
# clang's feature queries (__has_builtin, __has_feature, __has_include, __has_attribute, ...) and the
# dialect's feature macros.
COMPILER_PREFIXES = ("__clang_", "__cpp_", "__has_")
# Always defined when nvcc compiles device code, whatever their value: `#ifdef __CUDA_ARCH__` is known
# (and `#ifdef __cplusplus`: nvcc compiles C++).
ALWAYS_DEFINED = VERSION_MACROS + ARCH_MACROS[:2] + RUNTIME_VERSION_MACROS[:2] + ("__cplusplus",)

# What the parse uses for a macro whose value is unknown (the shim's old pins).
PINNED = (("__CUDACC_VER_MAJOR__", "12"), ("__CUDACC_VER_MINOR__", "0"), ("__CUDACC_VER_BUILD__", "0"),
          ("__CUDA_ARCH__", "900"))

# The architectures libclang 18 accepts for --cuda-gpu-arch (clang's CudaArch), newest first.
_CLANG_ARCHES = (90, 89, 87, 86, 80, 75, 72, 70, 62, 61, 60, 53, 52, 50)
NO_NVCC = "no nvcc found"
DEFAULT_GPU_ARCH = "sm_70"  # the parse's target where the compile's is unknown (as before)

_DEFINE = re.compile(r"(?:^|\s)\"?-D(__CUDA[A-Z0-9_]*__|__CUDA_ARCH_FEAT_[A-Z0-9_]+|__NVCC__|__CUDACC__)"
                     r"(?:=([^\s\"]*))?\"?")
_CACHE_FORMAT = 1


@dataclass(frozen=True, slots=True)
class BuildMacros:
    """nvcc's predefined macros for one compile, as far as rapcc knows them."""

    defines: tuple[tuple[str, str], ...] = ()  # (name, value) every device pass of the compile agrees on
    unknown: tuple[str, ...] = VERSION_MACROS + RUNTIME_VERSION_MACROS + ARCH_MACROS
    unknown_prefixes: tuple[str, ...] = ARCH_PREFIXES
    source: str = NO_NVCC  # how they were found (and why some are unknown), for diagnostics

    def is_unknown(self, name: str) -> bool:
        return name in COMPILER_MACROS or name.startswith(COMPILER_PREFIXES) or name in self.unknown or \
            (name.startswith(self.unknown_prefixes) and name not in dict(self.defines))

    def value(self, name: str) -> str | None:
        return dict(self.defines).get(name)

    @property
    def arch(self) -> int | None:
        """`__CUDA_ARCH__` (e.g. 900) where it is known."""
        v = self.value("__CUDA_ARCH__")
        return int(v) if v is not None and v.isdigit() else None

    @property
    def version(self) -> tuple[int, int] | None:
        major, minor = self.value("__CUDACC_VER_MAJOR__"), self.value("__CUDACC_VER_MINOR__")
        if major is None or not major.isdigit():
            return None
        return int(major), int(minor) if minor is not None and minor.isdigit() else 0

    def gpu_arch(self) -> str:
        """The `--cuda-gpu-arch` clang parses for: the compile's own, or the
        newest libclang 18 knows below it (`__CUDA_ARCH__` itself is set apart)."""
        arch = self.arch
        if arch is None:
            return DEFAULT_GPU_ARCH
        sm = arch // 10
        if sm == 90 and any(n.startswith("__CUDA_ARCH_FEAT_SM90") for n, _ in self.defines):
            return "sm_90a"
        return f"sm_{next((a for a in _CLANG_ARCHES if a <= sm), 50)}"

    def clang_defines(self) -> tuple[str, ...]:
        """`-U`/`-D` flags that give the parse these values (and the pinned
        ones where unknown), before the user's own -D/-U."""
        out: list[str] = []
        given = dict(self.defines)
        for name, pinned in PINNED:
            value = given.get(name, pinned)
            if name == "__CUDA_ARCH__":
                out.append("-U__CUDA_ARCH__")  # clang defines it from --cuda-gpu-arch
            out.append(f"-D{name}={value}")
        for name, value in self.defines:
            if name not in dict(PINNED) and name not in ("__CUDACC__", "__NVCC__"):
                out.append(f"-D{name}={value}" if value else f"-D{name}")
        version = self.version
        if version is not None:  # the runtime headers' version is the toolkit's (the stand-ins pin 12000)
            number = version[0] * 1000 + version[1] * 10
            out += [f"-DCUDART_VERSION={number}", f"-DCUDA_VERSION={number}"]
        return tuple(out)

    def to_json(self) -> dict[str, object]:
        return {"defines": [list(d) for d in self.defines], "unknown": list(self.unknown),
                "unknown_prefixes": list(self.unknown_prefixes), "source": self.source}

    @staticmethod
    def from_json(o: Mapping[str, object]) -> "BuildMacros":
        defines = o.get("defines", [])
        unknown = o.get("unknown", [])
        prefixes = o.get("unknown_prefixes", [])
        assert isinstance(defines, list) and isinstance(unknown, list) and isinstance(prefixes, list)
        return BuildMacros(tuple((str(a), str(b)) for a, b in defines), tuple(str(u) for u in unknown),
                           tuple(str(p) for p in prefixes), str(o.get("source", "")))


UNKNOWN = BuildMacros()


def from_dryrun(text: str, nvcc: str) -> BuildMacros | None:
    """The macros of `nvcc --dryrun`'s device passes (the preprocessing lines
    that define `__CUDA_ARCH__`); None where it printed none."""
    passes: list[dict[str, str]] = []
    for line in text.splitlines():
        if "-D__CUDA_ARCH__=" not in line or " -E " not in line:
            continue
        passes.append({m.group(1): m.group(2) or "" for m in _DEFINE.finditer(line)})
    if not passes:
        return None
    names = sorted(set().union(*passes))
    agreed = tuple((n, passes[0][n]) for n in names if all(p.get(n) == passes[0].get(n) for p in passes))
    differ = tuple(n for n in names if n not in dict(agreed))
    known = dict(agreed)
    unknown = tuple(n for n in differ if not n.startswith(ARCH_PREFIXES))
    if "__CUDA_ARCH__" in differ:  # the targets' feature macros differ with it
        unknown += tuple(n for n in ARCH_MACROS if n not in unknown)
    # Feature macros every pass defines are known; one some pass lacks is unknown by its prefix.
    prefixes = ARCH_PREFIXES if any(n.startswith(ARCH_PREFIXES) for n in differ) else ()
    where = nvcc if not differ else f"{nvcc}: the compile's {len(passes)} device passes give it different values"
    if "__CUDACC_VER_MAJOR__" not in known:
        unknown += tuple(n for n in VERSION_MACROS + RUNTIME_VERSION_MACROS if n not in unknown)
    return BuildMacros(agreed, unknown, prefixes, where)


def from_arch_option(arch: str) -> BuildMacros:
    """Without an nvcc to ask: `--arch sm_80` still gives `__CUDA_ARCH__`; the version stays unknown."""
    m = re.fullmatch(r"(?:sm|compute)_(\d+)([af]?)", arch.strip())
    if m is None:
        return UNKNOWN
    value = str(int(m.group(1)) * 10)
    defines = (("__CUDA_ARCH__", value), ("__CUDA_ARCH_LIST__", value))
    # sm_90a and friends define feature macros nvcc's tables name: unknown here.
    return BuildMacros(defines, VERSION_MACROS + RUNTIME_VERSION_MACROS + ARCH_MACROS[2:], ARCH_PREFIXES,
                       f"no nvcc found, only --arch {arch}")


def arch_flags(args: Sequence[str]) -> tuple[str, ...]:
    """The arguments of an nvcc command line that choose its targets (-arch,
    -code, -gencode and their long names), as written."""
    from .build.nvcc_options import split_option  # the build layer's table of nvcc's options
    out: list[str] = []
    i = 0
    while i < len(args):
        try:
            name, _value, used = split_option(args[i], args[i + 1] if i + 1 < len(args) else None)
        except Exception:  # an option without its value: not a target flag rapcc can pass on
            name, used = "", 1
        if name in ("-arch", "-code", "-gencode"):
            out += args[i:i + used]
        i += used
    return tuple(out)


def _cache_file(cache_dir: str, nvcc: str, flags: tuple[str, ...]) -> str | None:
    try:
        st = os.stat(nvcc)
    except OSError:
        return None
    key = json.dumps([_CACHE_FORMAT, os.path.realpath(nvcc), st.st_size, st.st_mtime_ns, list(flags)])
    return os.path.join(cache_dir, "nvcc-macros", hashlib.sha256(key.encode("utf-8", "surrogateescape"))
                        .hexdigest()[:32] + ".json")


Run = Callable[[list[str]], str | None]


def _dry_run(argv: list[str]) -> str | None:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=tempfile.gettempdir())
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout + proc.stderr


def ask_nvcc(nvcc: str, flags: Sequence[str], cache_dir: str, run: Run = _dry_run) -> BuildMacros:
    """The macros `nvcc` defines for a compile with the target flags `flags`
    (cached in `cache_dir`); UNKNOWN where nvcc does not say."""
    flags = tuple(flags)
    path = _cache_file(cache_dir, nvcc, flags)
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                return BuildMacros.from_json(json.load(f))
        except (OSError, ValueError, AssertionError, TypeError):
            pass
    text = run([nvcc, "--dryrun", "-c", "-x", "cu", os.devnull, "-o", os.devnull, *flags])
    found = from_dryrun(text, nvcc) if text is not None else None
    if found is None:
        return UNKNOWN
    if path is not None:
        _store(path, found)
    return found


def _store(path: str, found: BuildMacros) -> None:
    """Whole or not at all, for a compile running beside this one (make -j)."""
    store_json(path, found.to_json(), ".macros-")


def for_command_line(arch: str | None, env: Mapping[str, str], which: Callable[[str], str | None],
                     cache_dir: str, disabled: bool) -> BuildMacros:
    """Plain `rapcc`: the nvcc on PATH (or `RAPCC_NVCC`), asked with `--arch`
    when given, else for its default target; `--arch` alone without one."""
    nvcc = None if disabled else (env.get("RAPCC_NVCC") or which("nvcc"))
    if nvcc:
        found = ask_nvcc(nvcc, ("-arch", arch) if arch else (), cache_dir)
        if found is not UNKNOWN:
            return found
    return from_arch_option(arch) if arch else UNKNOWN
