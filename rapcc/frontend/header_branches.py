"""The user's headers get the branch analysis the main file gets.

The branches the parse's compiler macros (`__clang__`, `__GNUC__`,
`__cplusplus`, ...) and nvcc's unknown ones (`__CUDA_ARCH__` without an arch)
decide (build_branches.py) are no safer in a header of the user's (`#include "common.h"`) than in the main
file: a constant, a type, an inline function or a launch helper a header
declares under one is parsed on clang's branch, and may reach any array of
the unit. The system's and the toolkit's headers are nvcc's own (headers.py)
and not read here.

What is modelled, per header (its tokens, as for the main file):
- a macro the header defines under a group an unknown macro decides, or from
  an unknown one, is unknown in every file of the unit (`#if defined(__clang__)
  #define TILE 33 ...`), to a fixed point over the headers;
- a header's group holding code, or an unknown macro spelled in its code,
  keeps every array: a header's code is outside the main file's kernels, and
  its values may flow anywhere;
- a group of directives alone, `#pragma`s and include guards keep nothing.
A macro whose every definition in the user's files only asks for inlining
(`#define FORCEINLINE __attribute__((always_inline))`, or nothing) changes no
value where code spells it, whichever branch defined it (`inert_macros`).

Each header is lexed and judged once per (path, bytes, build, the unit's
unknown and inert macros): a project's common header is not re-read per file.

Not here: a header's group that a build's own macro decides (flag_branches.py
reads the main file's). Judged as the main file's file-scope groups are, it
keeps every array of every file including `helper_cuda.h` (its
`#ifdef __DRIVER_TYPES_H__` host helpers), which reach none.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .. import ir
from ..build_macros import COMPILER_MACROS, COMPILER_PREFIXES, BuildMacros
from .build_branches import decided
from .inactive import _macro_bodies
from .tokens import FileTokens

# What a macro body that only asks for inlining may spell (an empty body too).
_INLINING = frozenset(("inline", "__inline", "__inline__", "__forceinline__", "__forceinline", "__noinline__",
                       "__attribute__", "(", ")", ",", "always_inline", "__always_inline__", "noinline",
                       "unused", "__unused__", "maybe_unused", "[", "]"))
_MEMO_LIMIT = 4096


class Reach(enum.Enum):
    """How a header's branch reaches the unit's arrays."""

    SPELLED = "spelled"  # an unknown macro spelled in the header's code
    CODE = "code"  # a group an unknown macro decides holds code


@dataclass(frozen=True, slots=True)
class UserHeader:
    """One header of the user's the parse read."""

    path: str
    source: bytes
    lex: Callable[[], FileTokens]  # its tokens (lexed only where the memo has no answer)


@dataclass(frozen=True, slots=True)
class HeaderBranch:
    """A header's branch that keeps every array of the unit."""

    at: ir.SourceRange
    macro: str
    reach: Reach


@dataclass(frozen=True, slots=True)
class HeaderFacts:
    """What the unit's headers decide for the main file's analysis."""

    unknown: frozenset[str]  # macros the headers define under an unknown macro's branch
    inert: frozenset[str]  # macros only asking for inlining (`inert_macros`)
    keeps: HeaderBranch | None  # the first header branch that keeps every array


_DEFINES: dict[tuple[str, bytes], tuple[tuple[str, tuple[str, ...]], ...]] = {}
_VERDICTS: dict[tuple[str, bytes, BuildMacros, frozenset[str], frozenset[str]],
                tuple[frozenset[str], HeaderBranch | None]] = {}


def _remember(memo: dict, key, value):
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def defines_of(path: str, source: bytes, lex: Callable[[], FileTokens]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(name, body spellings) of every `#define` of a file."""
    found = _DEFINES.get((path, source))
    if found is None:
        found = _remember(_DEFINES, (path, source), tuple(
            (name.spelling, tuple(t.spelling for t in body)) for _, name, body in _macro_bodies(lex(), source)))
    return found


def inert_macros(defines: Iterable[tuple[str, tuple[str, ...]]], flags: Iterable[str]) -> frozenset[str]:
    """The macros whose every definition in the user's files spells only
    inlining requests (or other such macros, to a fixed point); none the
    build's -D flags (`flags`, `NAME` or `NAME=value`) define, whose body is not read."""
    bodies: dict[str, list[tuple[str, ...]]] = {}
    for name, body in defines:
        bodies.setdefault(name, []).append(body)
    for flag in flags:
        bodies.pop(flag.split("=", 1)[0], None)
    inert: set[str] = set()
    while True:
        more = {n for n, bs in bodies.items() if n not in inert
                and all(t in _INLINING or t in inert for b in bs for t in b)}
        if not more:
            return frozenset(inert)
        inert |= more


def header_facts(headers: Sequence[UserHeader], build: BuildMacros, inert: frozenset[str]) -> HeaderFacts:
    """The unknown macros the headers make (to a fixed point: one header's
    may decide another's groups) and the first branch that keeps every array."""
    unknown: frozenset[str] = frozenset()
    while True:
        verdicts = [_verdict(h, build, unknown, inert) for h in headers]
        made = unknown.union(*(m for m, _ in verdicts))
        if made == unknown:
            keeps = next((k for _, k in verdicts if k is not None), None)
            return HeaderFacts(unknown, inert, keeps)
        unknown = made


def unit_facts(main: UserHeader, headers: Sequence[UserHeader], build: BuildMacros, flags: Sequence[str]
               ) -> HeaderFacts:
    """`header_facts` with the inlining macros among those the headers and the
    main file (`main`) make unknown; the files are lexed for their `#define`s
    only where one is: most units' headers make none."""
    facts = header_facts(headers, build, frozenset())
    wanted = facts.unknown | decided(main.lex(), main.source, build, main.path, facts.unknown)[3]
    if not wanted:
        return facts
    spelled = [f for f in (main, *headers) if (lambda text: any(n.encode() in text for n in wanted))(
        _unspliced(f.source))]
    defines = [d for f in spelled for d in defines_of(f.path, f.source, f.lex) if d[0] in wanted]
    inert = inert_macros(defines, flags)
    return header_facts(headers, build, inert) if inert else facts


def _unspliced(source: bytes) -> bytes:
    """The bytes with each backslash-newline removed, as the lexer joins lines."""
    return source.replace(b"\\\r\n", b"").replace(b"\\\n", b"")


def _mentions(source: bytes, build: BuildMacros, also: frozenset[str]) -> bool:
    """Whether the file may spell a macro `decided` finds unknown (a substring
    test: where it fails, no token of the file is one, and the file is not lexed)."""
    text = _unspliced(source)
    names = (*COMPILER_MACROS, *COMPILER_PREFIXES, *build.unknown, *build.unknown_prefixes, *also)
    return any(n.encode() in text for n in names)


def _verdict(h: UserHeader, build: BuildMacros, also: frozenset[str], inert: frozenset[str]
             ) -> tuple[frozenset[str], HeaderBranch | None]:
    key = (h.path, h.source, build, also, inert)
    found = _VERDICTS.get(key)
    if found is not None:
        return found
    if not _mentions(h.source, build, also):
        return _remember(_VERDICTS, key, (frozenset(), None))
    tokens = h.lex()
    spans, loose, macro, made = decided(tokens, h.source, build, h.path, also, inert)
    keeps: HeaderBranch | None = None
    if loose is not None:
        keeps = HeaderBranch(loose, macro, Reach.SPELLED)
    else:
        code = next((g for g in spans if g.code), None)
        if code is not None:
            keeps = HeaderBranch(code.at, code.macro, Reach.CODE)
    return _remember(_VERDICTS, key, (made, keeps))
