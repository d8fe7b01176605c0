"""What `rapcc-nvcc` decides before importing anything: the real nvcc, and
the commands that go to it untouched.

Most steps of a Make build that names `CC=rapcc-nvcc` compile no CUDA at all
(links, host files): each pays the interpreter's start, and on a cache hit
the rest is a few file reads. This module imports only `os` and `sys`, so
that a link step does not also pay for `dataclasses`, `pathlib`, `json` and
`subprocess` (issue 20: a wrapper that costs 90 ms a step on a slow host
makes a two-step build 7% slower warm).

`trivially_unchanged` is deliberately narrow: it answers True only where the
full path (`nvcc_compile.run`) would also run nvcc on the original command
with nothing printed, and anything it is unsure of goes the full way.
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Mapping, NoReturn, Sequence

STRICT_FLAG = "--rapcc-strict"
# Set in the environment of the nvcc that rapcc-nvcc runs.
WRAPPER_MARK = "RAPCC_WRAPPER_ACTIVE"
# rapcc settings that cannot make reading the configuration fail and that do
# nothing for a command without CUDA sources: any other RAPCC_* variable (a
# value to check, the wrapper's own mark) sends the command the full way.
_INERT_SETTINGS = frozenset({"RAPCC_CACHE_DIR", "RAPCC_NVCC", "RAPCC_REPORT_DIR", "RAPCC_PROJECT", "RAPCC_SCAN_LOG",
                             "RAPCC_SERVER", "RAPCC_SERVER_IDLE"})
# Arguments that could make an input CUDA without a `.cu` name: the language
# (`-x cu`, `--x=cu`) and options files, whose contents are not read here.
_MAY_NAME_CUDA = ("-x", "--x", "-optf", "--options-file")
CUDA_SUFFIXES = (".cu",)


def environ() -> "Mapping[str, str]":
    """The process environment (the one place rapcc's build layer reads it)."""
    return os.environ


def trivially_unchanged(argv: "Sequence[str]", env: "Mapping[str, str]") -> bool:
    """Whether the command certainly compiles no CUDA source and no rapcc
    setting needs a look: then it goes to nvcc as written. Conservative:
    an argument that merely ends in `.cu` (an output name, say) is enough to
    take the full path, which reads the command line as nvcc does."""
    for name in env:
        if name.startswith("RAPCC_") and name not in _INERT_SETTINGS:
            return False
    for arg in argv:
        if arg.endswith(CUDA_SUFFIXES) or arg.startswith(_MAY_NAME_CUDA):
            return False
    return True


def default_cache_folder(env: "Mapping[str, str]", platform: str = sys.platform) -> str:
    """The platform's per-user cache folder, as pip and CuPy choose it."""
    home = os.path.expanduser("~")
    if platform == "darwin":
        return os.path.join(home, "Library", "Caches", "rapcc")
    if platform.startswith("win"):
        return os.path.join(env.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local"), "rapcc", "Cache")
    return os.path.join(env.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "rapcc")


def cache_folder(env: "Mapping[str, str]") -> str:
    """RAPCC_CACHE_DIR as given (relative to the working folder), else the default."""
    return env.get("RAPCC_CACHE_DIR", "").strip() or default_cache_folder(env)


def _is_rapcc_wrapper(path: str) -> bool:
    """A console script of rapcc's (an `nvcc` symlink or copy of rapcc-nvcc)."""
    try:
        with open(path, "rb") as f:
            return b"rapcc.build" in f.read(4096)
    except OSError:
        return False


def _which(name: str, path_env: str) -> str | None:
    """`shutil.which(name)` for an executable (shutil loads bz2 and lzma)."""
    if os.path.dirname(name):
        return name if os.path.isfile(name) and os.access(name, os.X_OK) else None
    for folder in path_env.split(os.pathsep):
        candidate = os.path.join(folder or ".", name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_nvcc(explicit: str | None, path_env: str, self_path: str) -> str | None:
    """The real nvcc: RAPCC_NVCC, else the first `nvcc` on PATH that is not this wrapper."""
    if explicit:
        return _which(explicit, path_env) or (explicit if os.path.isfile(explicit) else None)
    me = os.path.realpath(self_path)
    for folder in path_env.split(os.pathsep):
        candidate = os.path.join(folder or ".", "nvcc")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK) \
                and os.path.realpath(candidate) != me and not _is_rapcc_wrapper(candidate):
            return candidate
    return None


def real_nvcc(env: "Mapping[str, str]", nvcc: str | None = None) -> str | None:
    """`nvcc` (rapcc-launch's compiler), else RAPCC_NVCC, else the PATH's nvcc."""
    return nvcc or find_nvcc(env.get("RAPCC_NVCC", "").strip() or None, env.get("PATH", os.defpath), sys.argv[0])


def child_env(env: "Mapping[str, str]") -> dict[str, str]:
    return {**env, WRAPPER_MARK: "1"}


def exec_compiler(command: "Sequence[str]", env: "Mapping[str, str]") -> "NoReturn":
    """Become the compiler: its output and exit status are the build's."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execvpe(command[0], list(command), child_env(env))


__all__ = ["STRICT_FLAG", "WRAPPER_MARK", "cache_folder", "child_env", "default_cache_folder", "environ", "exec_compiler", "find_nvcc", "real_nvcc",
           "trivially_unchanged"]
