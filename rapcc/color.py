"""Coloured diagnostics on a terminal, in clang's palette.

`--color=auto` colours only when the stream is a terminal, `NO_COLOR` is not
set and `TERM` is not `dumb` (the environment is read by the CLI and passed in).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from .diagnostics import Diagnostic

MODES = ("auto", "always", "never")

RESET = "\033[0m"
BOLD = "\033[1m"
# clang: error bold red, warning bold magenta, note bold black, remark bold blue.
LEVEL_COLOURS = {"error": "\033[1;31m", "warning": "\033[1;35m", "note": "\033[1;30m", "remark": "\033[1;34m"}


@dataclass(frozen=True, slots=True)
class ColorEnv:
    no_color: bool = False  # NO_COLOR is set
    term: str = ""


def use_color(mode: str, stream: TextIO, env: ColorEnv) -> bool:
    if mode == "always":
        return True
    if mode == "never":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not env.no_color and env.term != "dumb"


def format_diagnostic(d: Diagnostic, color: bool) -> str:
    """`Diagnostic.format()`, coloured like clang when `color` is set."""
    if not color:
        return d.format()
    where = f"{d.file}:{d.line}:{d.col}" if d.line else d.file
    level = LEVEL_COLOURS.get(d.level, BOLD)
    return f"{BOLD}{where}: {RESET}{level}{d.level}: {RESET}{BOLD}{d.message}{RESET} [{d.check_id}]"
