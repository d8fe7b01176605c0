"""`rapcc-nvcc`'s second early exit: a compile whose CUDA inputs the byte scan
clears goes to nvcc before the full path (`nvcc_compile`) is imported.

Most CUDA files of a real program have no shared memory (host code, Thrust
calls, elementwise kernels). The full path hands them to nvcc unchanged too,
but only after importing `dataclasses` (with `inspect` and `ast`), `typing`
and `pathlib` for its records: about 14 ms a compile step on a 2-core
development machine and 30 ms on the GPU host (issue 20). This module uses
only `os` and the record-free readers (`nvcc_options`, `shared_scan`,
`passthrough`, `wake`).

`decide` is deliberately narrow, like `passthrough.trivially_unchanged`: it
answers "to nvcc" only where the full path would run nvcc on the original
command with nothing printed and nothing written, and it says to wake the
server exactly where the full path would. Anything else (a rapcc setting
that must be checked or that writes reports, `--rapcc-strict`, an input that
is not text, a command line nvcc must judge, any error) takes the full path.
`tests/test_scan_exit.py` compares the two on generated commands, files and
environments.
"""
from __future__ import annotations

from .nvcc_options import absolute_dirs, clang_extra_args, is_cuda_source, language_of, pre_include_paths, \
    read_command, scan_flags
from .passthrough import STRICT_FLAG, cache_folder
from .shared_scan import may_use_shared
from .wake import should_wake_server

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Mapping, Sequence

# What `decide` answers (plain numbers: an enum would import `enum`).
FULL_PATH = 0  # import nvcc_compile and take the full path
TO_NVCC = 1  # run nvcc on the original command
WAKE_THEN_NVCC = 2  # start rapcc's server in the background, then run nvcc on the original command

# rapcc settings that cannot make reading the configuration fail and that
# change nothing for a compile without shared memory. RAPCC_REPORT_DIR is not
# one: the full path writes a report for every CUDA input.
_INERT_HERE = frozenset({"RAPCC_CACHE_DIR", "RAPCC_NVCC", "RAPCC_PROJECT", "RAPCC_SCAN_LOG", "RAPCC_SERVER",
                         "RAPCC_SERVER_IDLE"})


def _clear(path: str, dirs: Sequence[str], pre: Sequence[str], defines: Sequence[str]) -> bool | None:
    """True: the input certainly uses no shared memory and the full path would
    say nothing of it (unreadable or empty: nvcc reports or compiles it).
    False: it may. None: it is not text (the full path gives a note)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return True
    if not data.strip():
        return True
    if b"\0" in data[:8192]:
        return None
    return not may_use_shared(path, data, dirs, pre, defines)


def decide(argv: Sequence[str], env: Mapping[str, str], cwd: str) -> int:
    """FULL_PATH, TO_NVCC or WAKE_THEN_NVCC for `rapcc-nvcc ARGV` run in `cwd`."""
    for name in env:
        if name.startswith("RAPCC_") and name not in _INERT_HERE:
            return FULL_PATH
    if STRICT_FLAG in argv:
        return FULL_PATH
    try:
        _, values, positional, no_compile, _ = read_command(argv)
        if no_compile is not None:
            return TO_NVCC
        language = language_of(values)
        cuda = [p for _, p in positional if is_cuda_source(p, language)]
        if not cuda:
            return TO_NVCC
        # As `nvcc_args.honoured_flags` makes them, then as the full path scans with them.
        extra = clang_extra_args(absolute_dirs(values.get("-isystem", ()), cwd), values.get("-U", ()),
                                 pre_include_paths(values.get("-include", ()), cwd))
        dirs, pre, defines = scan_flags(absolute_dirs(values.get("-I", ()), cwd), extra, values.get("-D", ()))
        for path in cuda:
            if _clear(path, dirs, pre, defines) is not True:
                return FULL_PATH
        return WAKE_THEN_NVCC if should_wake_server(cache_folder(env), env) else TO_NVCC
    except Exception:  # whatever went wrong, the full path meets it too and says so
        return FULL_PATH


__all__ = ["FULL_PATH", "TO_NVCC", "WAKE_THEN_NVCC", "decide"]
