"""rapcc's server, started ahead of need by a compile that needs no rewrite.

Imports only `os` and `server.policy` (the rest only in the detached grandchild), so that both the
full path (`nvcc_compile`) and the byte-scan exit (`scan_exit`) can use it.
"""
from __future__ import annotations

import os

from ..server.policy import BUILD, server_wanted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Mapping


def should_wake_server(cache_dir: str, env: Mapping[str, str]) -> bool:
    """Whether a CUDA compile should start rapcc's server in the background:
    while the cache is still missing (a clean build, in CI) and the server is
    on. A build's first CUDA files are often its host-side ones (a `main.cu`
    that launches kernels defined in another file); the server then imports
    rapcc (a third of a second on the GPU host) while nvcc compiles them, not
    when the first kernel file waits for it; a kernel file itself gains the
    time of its own cache lookup. Once the cache exists, rewrites are mostly
    found there."""
    if not server_wanted(env, BUILD):  # off, or CI (policy.py)
        return False
    return not os.path.exists(cache_dir)


def wake_server_in_background(env: Mapping[str, str]) -> None:
    """`rapcc.server.client.wake` in a detached grandchild (its streams on
    /dev/null, every other descriptor closed), so that this compile goes on
    to nvcc at once and the build waits for nothing of it."""
    try:
        child = os.fork()
    except OSError:
        return
    if child:
        try:
            os.waitpid(child, 0)  # the child only forks: reaped at once, never a zombie
        except OSError:
            pass
        return
    try:
        if os.fork() == 0:
            os.setsid()
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.closerange(3, 1 << 16)  # a make jobserver's pipe, a build log: the build must not wait on them
            from ..server.client import wake
            from .rewrites import worker_env
            wake(worker_env(env))
    except BaseException:
        pass
    finally:
        os._exit(0)
