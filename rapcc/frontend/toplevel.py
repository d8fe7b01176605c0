"""A translation unit's top-level cursors, classified once per parse.

libclang lists every declaration of rapcc's stand-in headers at the top level
(thousands of them), and each `location.file` is several C calls through
ctypes plus a `File` object. Five passes used to walk that list and ask each
cursor where it lives (a sixth of a small file's whole run, issue 20): they
now read this one classification, made on first use and kept with the parse.
"""
from __future__ import annotations

import ctypes
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
    lib = clangext._lib
    system_header = ci.conf.lib.clang_Location_isInSystemHeader
    names: dict[int, str] = {}  # a handful of files, thousands of cursors
    handle = ctypes.c_void_p()
    for c in tu.cursor.get_children():
        loc = c.location
        lib.clang_getExpansionLocation(loc, ctypes.byref(handle), None, None, None)
        h = handle.value
        if h and h not in names:
            names[h] = clangext._spelling(lib.clang_getFileName(ctypes.c_void_p(h)))
        main = bool(lib.clang_Location_isFromMainFile(loc))
        yield Top(c, c.kind, names[h] if h else None, main, bool(system_header(loc)) if h and not main else False)


def main_file_tops(tu: ci.TranslationUnit) -> list[Cursor]:
    """The main file's top-level cursors."""
    return [t.cursor for t in top_level(tu) if t.main]


__all__ = ["Top", "main_file_tops", "top_level"]
