"""Ctrl-C that no libclang callback can swallow.

A KeyboardInterrupt raised while Python runs inside a ctypes callback (the
cursor visitor of cindex's `get_children`, which every `walk_preorder` uses)
is printed and dropped by ctypes, and the walk it stopped returns part of
the children: the analysis would go on over part of the code and could write
a rewrite proved on it. The handler installed here records the interrupt
before raising it; `check` raises it again before the pipeline returns
anything, so a run that was interrupted anywhere ends as interrupted.
"""
from __future__ import annotations

import signal
import threading

_seen: list[bool] = []


def _on_sigint(signum: int, frame: object) -> None:
    _seen.append(True)
    raise KeyboardInterrupt


def install() -> None:
    """Handle SIGINT this way in this process (from its main thread only)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)


def check() -> None:
    """Raise KeyboardInterrupt if SIGINT arrived at any point, even where it was dropped."""
    if _seen:
        raise KeyboardInterrupt
