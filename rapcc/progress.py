"""A one-line progress display for long runs: count, current item and ETA.

    progress = Progress(total=len(files), stream=sys.stderr)
    for f in files:
        progress.step(f)      # "[3/27] examples/fwt.cu  ETA 0:42" on a terminal
        ...
    progress.close()

On a terminal the line is redrawn in place; when the stream is not a terminal
(piped, CI logs) nothing is written. `enabled` overrides the terminal check.
The ETA is the mean time per finished step times the steps left.
"""
from __future__ import annotations

import time
from typing import Callable, TextIO


def format_eta(seconds: float) -> str:
    s = max(0, int(round(seconds)))
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


class Progress:
    def __init__(self, total: int, stream: TextIO, enabled: bool | None = None,
                 clock: Callable[[], float] = time.monotonic, width: int = 100):
        self.total = total
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.enabled = bool(isatty and isatty()) if enabled is None else enabled
        self._clock = clock
        self._start = clock()
        self._done = 0
        self._width = width
        self._shown = False

    def line(self, label: str) -> str:
        """The text shown when step `self._done + 1` starts."""
        n = self._done + 1
        text = f"[{n}/{self.total}] {label}"
        if self._done:
            per = (self._clock() - self._start) / self._done
            text += f"  ETA {format_eta(per * (self.total - self._done))}"
        return text[:self._width]

    def step(self, label: str) -> None:
        """Start the next item: count the previous one as done and redraw."""
        if self._shown:
            self._done += 1
        self._shown = True
        if self.enabled:
            self.stream.write("\r\033[K" + self.line(label))
            self.stream.flush()

    def close(self) -> None:
        """Clear the line (the caller prints its own summary)."""
        if self.enabled and self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
