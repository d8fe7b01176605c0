"""A translation unit's top-level cursors, classified once per parse.

libclang lists every declaration of rapcc's stand-in headers at the top level
(thousands of them), and each `location.file` is several C calls through
ctypes plus a `File` object. Five passes used to walk that list and ask each
cursor where it lives (a sixth of a small file's whole run, issue 20): they
now read this one classification, made on first use and kept with the parse.
It leaves out the declarations of rapcc's stand-in headers, and those of
every other system header (the toolkit's, the C++ library's, `-isystem`
folders') but their macros, which every one of those passes dropped (two
thirds of the list under the stand-ins, 16,000 declarations under
RAPCC_HEADERS=toolkit).
"""
from __future__ import annotations

import ctypes
import os
import weakref
from dataclasses import dataclass
from pathlib import Path

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind

from . import clangext
from .prelude import SHIM_DIR

_SHIM_PREFIX = str(SHIM_DIR) + os.sep
_MACRO_DEFINITION = CursorKind.MACRO_DEFINITION.value


@dataclass(frozen=True, slots=True)
class Top:
    """One top-level cursor and where clang says it was expanded."""

    cursor: Cursor
    kind: CursorKind
    file: str | None  # None for the built-in declarations
    main: bool  # in the main file (clang_Location_isFromMainFile)
    system: bool  # in a system header (only macro definitions of those are listed)


_TOPS: "weakref.WeakKeyDictionary[ci.TranslationUnit, tuple[Top, ...]]" = weakref.WeakKeyDictionary()


def top_level(tu: ci.TranslationUnit) -> tuple[Top, ...]:
    """Every direct child of the translation unit, in clang's order, less the
    declarations of rapcc's stand-in headers and other system headers (see `_classify`)."""
    found = _TOPS.get(tu)
    if found is None:
        found = _TOPS[tu] = tuple(_classify(tu))
    return found


def _in_shim(name: str) -> bool:
    # Both tests the consumers apply (a path prefix, and a parent folder):
    # a cursor is left out only where each of them would have dropped it.
    return name.startswith(_SHIM_PREFIX) and SHIM_DIR in Path(name).parents


def _classify(tu: ci.TranslationUnit) -> list[Top]:
    # One visitor of our own instead of `get_children` and a location object
    # per cursor: the shim's thousands of declarations made this a fifth of a
    # small file's analysis (issue 20). The out-parameters are allocated once.
    # The shim's own cursors (two thirds of the list) are left out after two
    # C calls: every consumer drops them (the collection, the providers and
    # the macro values read the user's files, the error scopes the main
    # file), so a `Top` of each was built only to be thrown away. The main
    # file's are kept even if it lay in the shim's folder.
    clangext._ensure_bound()
    lib, ext = ci.conf.lib, clangext._lib
    location, is_main, is_system = lib.clang_getCursorLocation, ext.clang_Location_isFromMainFile, \
        lib.clang_Location_isInSystemHeader
    expansion, file_name = ext.clang_getExpansionLocation, ext.clang_getFileName
    f, unused = ctypes.c_void_p(), ctypes.c_uint()
    f_ref, unused_ref = ctypes.byref(f), ctypes.byref(unused)
    main_name = tu.spelling
    files: dict[int, tuple[str, bool]] = {}  # handle -> (name, a shim file not named as the main file)
    kinds: dict[int, CursorKind] = {}
    out: list[Top] = []
    failed: list[BaseException] = []

    def visit(child: Cursor, parent: Cursor, data: object) -> int:
        try:
            loc = location(child)
            main = bool(is_main(loc))
            expansion(loc, f_ref, unused_ref, unused_ref, unused_ref)
            h = f.value
            system = bool(h) and not main and bool(is_system(loc))
            if system and child._kind_id != _MACRO_DEFINITION:
                # A system header's declaration (the toolkit's 16,000 under
                # RAPCC_HEADERS=toolkit): every consumer drops these, and
                # building a Top of each was most of a parse's time there.
                # Its macros stay listed: macros.py reads them (built-in and
                # command-line macros have no file, and are kept too).
                return 1  # CXChildVisit_Continue
            if h:
                known = files.get(h)
                if known is None:
                    name = clangext._spelling(file_name(f))
                    known = files[h] = (name, name != main_name and _in_shim(name))
                name, shim = known
            else:
                name, shim = None, False
            if shim and not main:
                return 1  # CXChildVisit_Continue
            child._tu = tu  # as cindex's own visitor does
            kind_id = child._kind_id
            kind = kinds.get(kind_id)
            if kind is None:
                kind = kinds[kind_id] = CursorKind.from_id(kind_id)
            out.append(Top(child, kind, name, main, system))
            return 1
        except BaseException as exc:  # ctypes would print and drop it: stop, and raise it below
            failed.append(exc)
            return 0  # CXChildVisit_Break

    lib.clang_visitChildren(tu.cursor, ci.callbacks["cursor_visit"](visit), None)
    if failed:
        raise failed[0]
    return [t for t in out if not _implicit_instance(t)]


_SPECIALIZABLE = {CursorKind.FUNCTION_DECL, CursorKind.CXX_METHOD, CursorKind.CONVERSION_FUNCTION,
                  CursorKind.CONSTRUCTOR, CursorKind.DESTRUCTOR, CursorKind.CLASS_DECL, CursorKind.STRUCT_DECL}


def _implicit_instance(t: Top) -> bool:
    """An implicit instantiation listed at the top level: a parse with a
    precompiled prelude whose declarations are left out (the toolkit's, see
    parse.py) lists the user's template instances there too, where they sit
    in their template (a plain parse lists none: the template holds them). An
    explicit specialization or instantiation has a place of its own."""
    if t.kind not in _SPECIALIZABLE or t.file is None:
        return False
    pattern = clangext.specialized_template(t.cursor)
    if pattern is None:
        return False
    here, there = t.cursor.location, pattern.location
    return (here.line, here.column) == (there.line, there.column) and there.file is not None \
        and there.file.name == t.file


def main_file_tops(tu: ci.TranslationUnit) -> list[Cursor]:
    """The main file's top-level cursors."""
    return [t.cursor for t in top_level(tu) if t.main]


__all__ = ["Top", "main_file_tops", "top_level"]
