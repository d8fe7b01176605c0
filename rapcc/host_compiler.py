"""The host compiler's C++ include folders, asked from the compiler itself
(`gcc -E -Wp,-v -x c++ /dev/null`, as hawkmoth does), for the parse against the
toolkit's headers (issue 28, item 1).

nvcc preprocesses a `.cu` file with its host compiler (`gcc -x c++` unless
`-ccbin` names another), so `<mutex>` or `<unordered_map>` are that compiler's.
clang's driver finds a GCC installation on its own: the newest on the machine,
which need not be the one nvcc runs. So the parse gets:

- `--gcc-install-dir=` the host GCC's own folder (`lib/gcc/<triple>/<version>`,
  the parent of the `include` folder it lists): clang's driver then searches
  that GCC's C++ library, in the order it always does;
- every other folder it lists, with `-idirafter`: searched after clang's and
  the driver's own (a folder both name is searched once, where the driver puts
  it), so a folder only the host compiler knows (its `CPLUS_INCLUDE_PATH`, a
  cross compiler's sysroot) fills in what clang would not find, and nothing
  shadows clang's CUDA wrappers.

Left out: a compiler's own builtin headers (GCC's `include`, `include-fixed`;
another clang's `lib/clang/N/include`), which clang's resource headers replace.

The answer is cached per (compiler path, size, modification time) in rapcc's
private folder, written whole with a rename (`make -j`).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from dataclasses import dataclass

from .json_cache import store_json
from typing import Callable, Sequence

DEFAULT = "gcc"  # what nvcc runs on Linux (`nvcc --dryrun`: `gcc ... -x c++`)
_CACHE_FORMAT = 1
_GCC_OWN = re.compile(r"/lib(?:64)?/gcc(?:-cross)?/[^/]+/[^/]+/include(?:-fixed)?$")
_CLANG_OWN = re.compile(r"/lib(?:64)?/clang/[^/]+/include$")


@dataclass(frozen=True, slots=True)
class HostIncludes:
    compiler: str
    gcc_install_dir: str | None  # the GCC whose C++ library the compiler uses; None for another compiler
    folders: tuple[str, ...]  # its search list, in order, without its own builtin headers

    def clang_args(self) -> tuple[str, ...]:
        out: list[str] = []
        if self.gcc_install_dir is not None:
            out.append(f"--gcc-install-dir={self.gcc_install_dir}")
        for folder in self.folders:
            out += ["-idirafter", folder]
        return tuple(out)


def search_list(text: str) -> tuple[str, ...]:
    """The folders of a `-Wp,-v` report (its `"..."` list, then its `<...>` list)."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith(('#include "..." search starts here:', "#include <...> search starts here:")):
            inside = True
        elif line.startswith("End of search list."):
            inside = False
        elif inside and line.startswith(" "):
            folder = line.strip()
            if folder.endswith(" (framework directory)"):
                continue
            out.append(os.path.normpath(folder))
    return tuple(dict.fromkeys(out))


def from_search_list(compiler: str, folders: Sequence[str]) -> HostIncludes:
    gcc = None
    kept = []
    for folder in folders:
        real = os.path.realpath(folder)
        if _GCC_OWN.search(real):
            if gcc is None and real.endswith("/include"):
                gcc = os.path.dirname(real)
            continue
        if _CLANG_OWN.search(real):
            continue
        kept.append(folder)
    return HostIncludes(compiler, gcc, tuple(kept))


def host_compiler(args: Sequence[str], which: Callable[[str], str | None]) -> str | None:
    """The host compiler of an nvcc command line (`-ccbin`/`--compiler-bindir`,
    a program or a folder holding `gcc`), else nvcc's default on PATH."""
    named = None
    for i, a in enumerate(args):
        for flag in ("-ccbin", "--compiler-bindir"):
            if a == flag and i + 1 < len(args):
                named = args[i + 1]
            elif a.startswith(flag + "="):
                named = a[len(flag) + 1:]
    if named is None:
        return which(DEFAULT)
    if os.path.isdir(named):
        named = os.path.join(named, DEFAULT)
    return named if os.sep in named else which(named)


Run = Callable[[list[str]], str | None]


def _run(argv: list[str]) -> str | None:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stderr if proc.returncode == 0 else None


def _cache_file(folder: str, compiler: str) -> str | None:
    try:
        st = os.stat(compiler)
    except OSError:
        return None
    key = json.dumps([_CACHE_FORMAT, os.path.realpath(compiler), st.st_size, st.st_mtime_ns])
    return os.path.join(folder, "host-includes", hashlib.sha256(key.encode("utf-8", "surrogateescape"))
                        .hexdigest()[:32] + ".json")


def ask(compiler: str, cache_folder: str | None, run: Run = _run) -> HostIncludes | None:
    """The include folders `compiler` searches for C++ (cached); None where it does not say."""
    path = _cache_file(cache_folder, compiler) if cache_folder else None
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                o = json.load(f)
            return HostIncludes(compiler, o["gcc_install_dir"], tuple(o["folders"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    text = run([compiler, "-E", "-Wp,-v", "-x", "c++", os.devnull])
    folders = search_list(text) if text is not None else ()
    if not folders:
        return None
    found = from_search_list(compiler, folders)
    if path is not None:
        _store(path, found)
    return found


def _store(path: str, found: HostIncludes) -> None:
    store_json(path, {"gcc_install_dir": found.gcc_install_dir, "folders": list(found.folders)}, ".host-")
