"""A translation unit's top-level cursors, classified once per parse.

libclang lists every declaration of rapcc's stand-in headers at the top level
(thousands of them), and each `location.file` is several C calls through
ctypes plus a `File` object. Five passes used to walk that list and ask each
cursor where it lives (a sixth of a small file's whole run, issue 20): they
now read this one classification, made on first use and kept with the parse.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind

from . import clangext


@dataclass(frozen=True, slots=True)
class Top:
    """One top-level cursor and where clang says it was expanded."""

    cursor: Cursor
    kind: CursorKind
    file: str | None  # None for the built-in declarations
    main: bool  # in the main file (clang_Location_isFromMainFile)
    system: bool  # in a system header


_TOPS: "weakref.WeakKeyDictionary[ci.TranslationUnit, tuple[Top, ...]]" = weakref.WeakKeyDictionary()


def top_level(tu: ci.TranslationUnit) -> tuple[Top, ...]:
    """Every direct child of the translation unit, in clang's order."""
    found = _TOPS.get(tu)
    if found is None:
        found = _TOPS[tu] = tuple(_classify(tu))
    return found


def _classify(tu: ci.TranslationUnit):
    clangext._ensure_bound()
    system_header = ci.conf.lib.clang_Location_isInSystemHeader
    names: dict[int, str] = {}  # a handful of files, thousands of cursors
    for c in tu.cursor.get_children():
        loc = c.location
        file = clangext.expansion_parts(loc, names)[0]
        main = bool(clangext._lib.clang_Location_isFromMainFile(loc))
        yield Top(c, c.kind, file, main, bool(system_header(loc)) if file is not None and not main else False)


def main_file_tops(tu: ci.TranslationUnit) -> list[Cursor]:
    """The main file's top-level cursors."""
    return [t.cursor for t in top_level(tu) if t.main]


__all__ = ["Top", "main_file_tops", "top_level"]
