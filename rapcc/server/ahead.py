"""What a run in a process of its own starts ahead of its need, to overlap
what would otherwise wait in turn (issue 29). Standard library only, and
nothing here reads or changes what a run computes: a server's children have
all of it done already, and a run without any of it gives the same output.

- nvcc's dry run for the toolkit's root (`toolkit.start_nvcc_top`): a process
  of its own, started before rapcc's imports (~100 ms of CPU) and collected by
  the toolkit's discovery after them, instead of ~11 ms of waiting in turn.
- Jinja's import (`FIRST_RUN_IMPORTS`, ~12 ms of CPU), which a rewrite
  otherwise makes in turn after the analysis: a thread imports it while the
  main thread waits on libclang's parse, a foreign call that releases the
  interpreter's lock. Only where a CPU is idle (`spare_cpu`): a file with
  nothing to rewrite pays the import for nothing, and on a busy machine the
  thread would only take turns with the main thread. Python's per-module import locks make an import of the
  same module in the main thread wait for the thread's instead of running it
  twice; Jinja and rapcc import none of each other, so neither waits on a
  lock the other holds.

The thread starts after NumPy's import, so the environment variable set
around it (`blas_threads.py`) is never seen by a process started meanwhile;
a fork waits for it to end; and it swallows whatever its imports raise: the
main thread imports the module again where it needs it and meets the error
itself, as it would have.
"""
from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Mapping, Sequence

from .entry import NEVER_SERVED

# Modules a rewrite imports only when it reaches them (rewrite.py's `_env`), in that order.
FIRST_RUN_IMPORTS = ("jinja2",)
THREAD_NAME = "rapcc-imports-ahead"
# Subcommands that never parse a file (no toolkit to find), and those with no
# rewrite to render (`analyze` imports its report writers, Jinja's among them, before its parse).
NO_PARSE = frozenset({"simulate", "hash", "bench", "suite"})
NO_REWRITE = NO_PARSE | {"analyze", "analyse"}


def _command(argv: Sequence[str]) -> str | None:
    args = list(argv[1:])
    if not args or NEVER_SERVED.intersection(args) or "--print-completion" in args:
        return None
    return args[0]


def finds_toolkit(argv: Sequence[str]) -> bool:
    """Whether the command line `argv` (the program's name first) will look
    for a toolkit itself: it parses files and names no `--cuda-path` (nor any
    of the abbreviations argparse takes for it)."""
    command = _command(argv)
    return command is not None and command not in NO_PARSE and not any(a.startswith("--cu") for a in argv[1:])


def renders(argv: Sequence[str]) -> bool:
    """Whether the command line `argv` may render a template (a rewrite, or its HTML report)."""
    command = _command(argv)
    return command is not None and command not in NO_REWRITE


def start_probe(argv: Sequence[str], env: Mapping[str, str], which: Callable[[str], str | None],
                start: Callable[[Mapping[str, str], Callable[[str], str | None]], str | None]) -> str | None:
    """`start(env, which)` (toolkit.start_nvcc_top) where `argv` will look for a toolkit; the nvcc started."""
    return start(env, which) if finds_toolkit(argv) else None


def runnable(proc_stat: bytes) -> int | None:
    """How many tasks are runnable now (this one included), from the text of
    Linux's /proc/stat; None where it does not say."""
    for line in proc_stat.splitlines():
        if line.startswith(b"procs_running "):
            value = line.split()[1]
            return int(value) if value.isdigit() else None
    return None


def spare_cpu(read: Callable[[], bytes], cpus: int) -> bool:
    """Whether a CPU is idle now for a thread of this process (fewer runnable
    tasks than the CPUs this process may use), where `read` (/proc/stat's
    text) tells; where it does not, a 1-minute load average below them.
    A thread's imports cost CPU for a file with nothing to rewrite, and help
    only where they run beside the main thread: on a busy machine they would
    only take turns with it."""
    try:
        now = runnable(read())
    except OSError:
        now = None
    if now is not None:
        return now < cpus
    try:
        return os.getloadavg()[0] + 1 < cpus  # the average does not count this process yet
    except OSError:
        return False


def _proc_stat() -> bytes:
    with open("/proc/stat", "rb") as f:
        return f.read()


def cpus() -> int:
    """The CPUs this process may run on (as parallel.cores, without its
    concurrent.futures, whose import is ~12 ms)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def overlaps(argv: Sequence[str]) -> bool:
    """Whether the imports thread is worth starting for `argv`: a command that
    may render a template, with a CPU idle to run it beside the main thread."""
    return renders(argv) and spare_cpu(_proc_stat, cpus())


def _import_all(modules: Sequence[str]) -> None:
    for name in modules:
        try:
            importlib.import_module(name)
        except BaseException:  # noqa: BLE001  the main thread meets it again, where it imports the module
            return


def start_imports(modules: Sequence[str]) -> threading.Thread:
    """A daemon thread importing `modules` in order; a failure ends it quietly.

    A fork waits for it to end (`os.register_at_fork`): a child forked while
    it imports would inherit the module's import lock held by a thread the
    child does not have, and wait on it forever at its own import of the
    module (rapcc's process pool forks a worker per core: parallel.py)."""
    thread = threading.Thread(target=_import_all, args=(tuple(modules),), name=THREAD_NAME, daemon=True)
    thread.start()
    os.register_at_fork(before=lambda: _finish(thread))
    return thread


def _finish(thread: threading.Thread) -> None:
    if thread is not threading.current_thread():
        thread.join()
