"""NumPy's linear-algebra library loaded without its thread pool, in the
processes that run rapcc once (issue 29). Standard library only.

NumPy's wheels bundle OpenBLAS, whose library starts a pool of threads as it
is loaded (at `import numpy`), one per CPU, that spin for a while before they
sleep. rapcc's arrays are a warp's lanes and a few hundred addresses: no call
of rapcc's reaches a size at which OpenBLAS splits work over threads, so the
pool only costs its start and its spinning: ~45 ms of CPU per process on the
2-CPU development machine, more wall time where the CPUs are shared, out of a
~300 ms run (`python -c "import numpy"`: 124 ms of CPU, 72 ms with
`OPENBLAS_NUM_THREADS=1`). Results do not depend on it: OpenBLAS gives the
same numbers with one thread as with many for rapcc's sizes, and the one
floating-point use (`analysis/classify.py`'s least squares) is checked
exactly afterwards.

OpenBLAS reads its setting once, when the library is loaded, so the variable
is set only around the import and taken back after it: the processes rapcc
starts (nvcc, the host compiler, a program under `rapcc-launch`) see the
user's environment as it was. A value the user set is left alone. The build
hook's rewriting child (`python -m rapcc.build.worker`, whose imports run
before any code of its own) is given the setting in its environment instead
(`single_threaded_env`); what that child runs is compilers, which do not read it.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager

# OpenBLAS's own setting; it takes precedence over OMP_NUM_THREADS for OpenBLAS only.
VARIABLE = "OPENBLAS_NUM_THREADS"


@contextmanager
def single_threaded_blas(environ: MutableMapping[str, str] | None = None) -> Iterator[None]:
    """Within it, a NumPy imported for the first time loads OpenBLAS with one
    thread; the environment is as it was afterwards."""
    env = os.environ if environ is None else environ
    if VARIABLE in env:  # the user's choice
        yield
        return
    env[VARIABLE] = "1"
    try:
        yield
    finally:
        env.pop(VARIABLE, None)


def single_threaded_env(env: Mapping[str, str]) -> dict[str, str]:
    """`env` for a Python child that imports NumPy first thing: with OpenBLAS
    at one thread, unless the user chose a number."""
    return dict(env) if VARIABLE in env else {**env, VARIABLE: "1"}
