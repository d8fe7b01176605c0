"""`rapcc-launch`: a compiler launcher (`-DCMAKE_CUDA_COMPILER_LAUNCHER=rapcc-launch`).

CMake runs `rapcc-launch COMPILER ARGS...`. When the compiler is nvcc this
behaves as `rapcc-nvcc ARGS...` with that nvcc; any other compiler (clang as
the CUDA compiler, say) runs unchanged. Launchers may be chained
(`rapcc-launch;ccache`): programs before the nvcc are kept in front of it.
"""
from __future__ import annotations

import os
import sys

# As light as `rapcc-nvcc`'s entry: a CMake build's link steps and compiles
# without shared memory take its early exits (`passthrough`, `scan_exit`).
from .nvcc_cli import exec_compiler, interruptible, run
from .passthrough import environ

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Sequence

EXIT_USAGE = 2


def split_launch(argv: "Sequence[str]") -> tuple[list[str], str | None, list[str]]:
    """(programs in front of nvcc, nvcc, nvcc's arguments); nvcc None when there is none."""
    for i, arg in enumerate(argv):
        name = os.path.basename(arg)
        if name == "nvcc" or name.startswith("nvcc.") or name.startswith("nvcc-"):
            return list(argv[:i]), arg, list(argv[i + 1:])
    return list(argv), None, []


def main(argv: "Sequence[str] | None" = None) -> int:
    return interruptible(lambda: _launch(list(sys.argv[1:] if argv is None else argv)))


def _launch(args: list[str]) -> int:
    if not args or args[0] in ("-h", "--help"):
        print("usage: rapcc-launch COMPILER ARGS...  (as CMAKE_CUDA_COMPILER_LAUNCHER: nvcc commands are compiled "
              "through rapcc-nvcc, anything else runs unchanged)", file=sys.stderr)
        return EXIT_USAGE if not args else 0
    prefix, nvcc, rest = split_launch(args)
    if nvcc is None:
        exec_compiler(args, environ())
    return run(rest, environ(), prefix=prefix, nvcc=nvcc)


if __name__ == "__main__":
    sys.exit(main())
