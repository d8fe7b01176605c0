"""Ctrl-C that is never lost.

Python drops an exception raised where it cannot propagate: inside a ctypes
callback (libclang's cursor and inclusion visitors) or a `__del__` (cindex's
objects dispose of their C handles there), with an "Exception ignored"
message. rapcc's visitors raise what they meet themselves
(`frontend.clangext._install_safe_visitors`), so no walk is cut short; this
module covers every other place. The handler installed here records the
interrupt before raising it, and `check` raises it again before the pipeline
returns anything and before a build worker stores anything, so a run that was
interrupted anywhere ends as interrupted.
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
