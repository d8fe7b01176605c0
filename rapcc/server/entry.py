"""The `rapcc` console script: the command line, run by this installation's
server where the user asked for one (`RAPCC_SERVER=1`, `policy.py`), else in
this process."""
from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import threading

EXIT_INTERNAL = 3  # rapcc.cli's, without importing it
# Answered at once by the command line: never worth a server.
NEVER_SERVED = frozenset({"--version", "--help", "-h"})


def served(argv: list[str]) -> bool:
    """Whether this command line may go to a server at all."""
    return len(argv) > 1 and not NEVER_SERVED.intersection(argv[1:])


def run_frozen(run: Callable[[], int]) -> int:
    """`run()`, with the collector kept off what outlives it, as a server's
    child has it (issue 29). What the imports made (modules, classes,
    functions) lives as long as the process, and so does whatever the run
    leaves when it returns. A full collection walks every container the
    process holds and all they refer to (~50 ms after a run of
    examples/transpose_32x8.cu on the development machine), and the
    interpreter's exit collects again: ~60 ms of CPU per run that a server's
    child, which ends with os._exit, never pays. Frozen objects are only
    freed as their references go, which is what an exit does anyway; exit
    handlers (the memo tables' saves), flushes and thread joins run as
    before."""
    gc.freeze()
    try:
        return run()
    finally:
        gc.freeze()


def run_here(argv: list[str]) -> int:
    """The command line `argv` in this process, with what its run needs
    started ahead where it overlaps the imports and the parse (`ahead.py`)."""
    import shutil

    from . import ahead
    # rapcc's dataclasses reuse the methods an earlier run compiled (~55 ms
    # of the imports a server would have spared).
    from rapcc.dataclass_code import compiled_once
    # NumPy's OpenBLAS without its thread pool (~45 ms of CPU; blas_threads.py).
    from rapcc.blas_threads import single_threaded_blas
    imports: threading.Thread | None = None
    stop_probes: Callable[[], None] = lambda: None
    collecting = gc.isenabled()
    # The imports make ~57,000 objects that live as long as the process and
    # next to no garbage: the ~80 collections they would set off found
    # nothing to free (~10 ms of CPU).
    gc.disable()
    try:
        try:
            with compiled_once():
                from rapcc import toolkit
                stop_probes = toolkit.stop_started
                # Before the imports, which it overlaps, and before
                # OPENBLAS_NUM_THREADS is set around them: nvcc sees the user's environment.
                ahead.start_probe(argv, os.environ, shutil.which, toolkit.start_nvcc_top)
                with single_threaded_blas():
                    from rapcc.cli import main as cli_main
        finally:
            gc.freeze()  # before the collector is back: nothing of the imports is left for it
            if collecting:
                gc.enable()
        # After the imports: the thread never runs while OPENBLAS_NUM_THREADS is set.
        if ahead.overlaps(argv):
            imports = ahead.start_imports(ahead.FIRST_RUN_IMPORTS)
        return run_frozen(cli_main)
    finally:
        if imports is not None:
            imports.join()  # a process of one thread when the run returns
        stop_probes()


def main() -> int:
    argv = list(sys.argv)
    if argv[1:] == ["--version"]:
        # What rapcc.cli's parser prints, without its imports (~0.3 s: the
        # whole pipeline, NumPy, libclang's bindings).
        from rapcc import __version__
        print(f"rapcc {__version__}")
        return 0
    ended = None
    if served(argv):
        from .policy import CLI, server_wanted
        if server_wanted(os.environ, CLI):  # the client's own first check, without its imports (socket)
            from .client import serve
            ended = serve("cli", argv, os.environ)
    if ended is None:
        return run_here(argv)
    if ended.status is not None:
        return ended.status
    print("rapcc: internal error: the rapcc server's process ended without an exit status (rerun with "
          "RAPCC_SERVER=0 to run rapcc in this process, and please report it)", file=sys.stderr)
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
