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


def _classify(tu: ci.TranslationUnit) -> list[Top]:
    # One visitor of our own instead of `get_children` and a location object
    # per cursor: the shim's thousands of declarations made this a fifth of a
    # small file's analysis (issue 20). The out-parameters are allocated once.
    clangext._ensure_bound()
    lib, ext = ci.conf.lib, clangext._lib
    location, is_main, is_system = lib.clang_getCursorLocation, ext.clang_Location_isFromMainFile, \
        lib.clang_Location_isInSystemHeader
    expansion, file_name = ext.clang_getExpansionLocation, ext.clang_getFileName
    f, unused = ctypes.c_void_p(), ctypes.c_uint()
    f_ref, unused_ref = ctypes.byref(f), ctypes.byref(unused)
    names: dict[int, str] = {}  # a handful of files, thousands of cursors
    out: list[Top] = []
    failed: list[BaseException] = []

    def visit(child: Cursor, parent: Cursor, data: object) -> int:
        try:
            child._tu = tu  # as cindex's own visitor does
            loc = location(child)
            expansion(loc, f_ref, unused_ref, unused_ref, unused_ref)
            h = f.value
            if h:
                name = names.get(h)
                if name is None:
                    name = names[h] = clangext._spelling(file_name(f))
            else:
                name = None
            main = bool(is_main(loc))
            out.append(Top(child, child.kind, name, main,
                           bool(is_system(loc)) if name is not None and not main else False))
            return 1  # CXChildVisit_Continue
        except BaseException as exc:  # ctypes would print and drop it: stop, and raise it below
            failed.append(exc)
            return 0  # CXChildVisit_Break

    lib.clang_visitChildren(tu.cursor, ci.callbacks["cursor_visit"](visit), None)
    if failed:
        raise failed[0]
    return out


def main_file_tops(tu: ci.TranslationUnit) -> list[Cursor]:
    """The main file's top-level cursors."""
    return [t.cursor for t in top_level(tu) if t.main]


__all__ = ["Top", "main_file_tops", "top_level"]
