"""One process per file, on every core, with results in the order of the inputs.

`rapcc -p`, `rapcc IN... --out-dir`, `rapcc analyze` on several files and the
corpus runner have many independent files and no build system scheduling
them: rapcc spreads them itself (issue 20). The pass holds the GIL in Python
and NumPy, so threads would not help; processes do. Output order never
depends on which process finishes first. `rapcc-nvcc` has no such loop: the
build's own `-j` runs it once per file.

The function and every argument and result must be picklable: module-level
functions, frozen dataclasses.
"""
from __future__ import annotations

import concurrent.futures
import os
from typing import Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def workers_for(items: int, jobs: int | None = None) -> int:
    """Processes for `items` files: `jobs` (None: every core), at most one per file."""
    return max(1, min(items, jobs if jobs is not None else cores()))


def imap_files(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None) -> Iterator[R]:
    """`fn(item)` for each item, yielded in the order of `items` as soon as each
    and all before it are done. One item or one worker: in this process."""
    workers = workers_for(len(items), jobs)
    if workers == 1:
        yield from (fn(x) for x in items)
        return
    # Named through the package: concurrent.futures loads its process pool
    # (and multiprocessing, 15 to 30 ms) on first use, which a single-file
    # command never pays.
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        # chunksize 1: files differ in cost by orders of magnitude.
        yield from pool.map(fn, items, chunksize=1)


def map_files(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None) -> list[R]:
    """`imap_files` as a list."""
    return list(imap_files(fn, items, jobs))
