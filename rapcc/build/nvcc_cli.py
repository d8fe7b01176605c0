"""`rapcc-nvcc`: nvcc with rapcc's rewrite of every CUDA source it compiles.

The entry point. A command that certainly compiles no CUDA (a link, a host
file) goes to nvcc from here having imported only `os` and `sys`
(`passthrough.py`); one whose CUDA inputs the byte scan clears of shared
memory goes there before any record type is imported (`scan_exit.py`);
every other command takes the full path,
`nvcc_compile.run`, which reads the command line as nvcc does, rewrites each
CUDA input (or finds it in the cache) and compiles the rewrite in its place.
It never breaks a build nvcc alone would pass: see `nvcc_compile`.
"""
from __future__ import annotations

import os
import sys

from .passthrough import STRICT_FLAG, environ, exec_compiler, real_nvcc, trivially_unchanged

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Mapping, Sequence

EXIT_INTERRUPTED = 130


def run(argv: "Sequence[str]", env: "Mapping[str, str]", prefix: "Sequence[str]" = (), nvcc: str | None = None
        ) -> int:
    """Compile like `nvcc ARGV`; `prefix` goes in front (a chained launcher
    such as ccache), `nvcc` overrides RAPCC_NVCC (rapcc-launch's compiler)."""
    real = real_nvcc(env, nvcc)
    if real is not None:  # else the full path says that it cannot find nvcc
        if trivially_unchanged(argv, env):
            exec_compiler([*prefix, real, *(a for a in argv if a != STRICT_FLAG)], env)
        from .scan_exit import FULL_PATH, WAKE_THEN_NVCC, decide
        way = decide(argv, env, os.getcwd())
        if way == WAKE_THEN_NVCC:
            from .wake import wake_server_in_background
            wake_server_in_background(env)
        if way != FULL_PATH:
            exec_compiler([*prefix, real, *argv], env)
    from . import nvcc_compile
    return nvcc_compile.run(argv, env, prefix, real)  # found once (None: the full path says so)


def interruptible(body: "Callable[[], int]") -> int:
    """`body()`, with Ctrl-C ending it in one line and exit status 130 (as a
    shell reports SIGINT), not a traceback per compile of a `make -j` build."""
    try:
        return body()
    except KeyboardInterrupt:
        print("rapcc: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def main(argv: "Sequence[str] | None" = None) -> int:
    return interruptible(lambda: run(list(sys.argv[1:] if argv is None else argv), environ()))


if __name__ == "__main__":
    sys.exit(main())
