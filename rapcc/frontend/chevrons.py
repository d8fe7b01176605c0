"""Launches spelled `k << <grid, block >> > (args)`: nvcc reads them as
`k<<<grid, block>>>(args)`, clang as shifts (an error).

Older clang-format releases split CUDA's chevrons that way, so real programs
carry them (CoffeeBeforeArch's CUDA tutorials do). rapcc gives clang the same
bytes with each split chevron joined and padded to its length (`<<< ` and
`>>> `), so every offset, line and column stays the user's. The tokens are
libclang's own: a `<<` token followed, across white space only, by a `<` token
opens a launch (no C++ expression continues a `<<` with `<`; a declaration's
`operator<< <T>` is not one); the first `>>`
`>` pair after it, outside any bracket it opened, closes it. Nothing is done
to a file that parses without errors.
"""
from __future__ import annotations

import clang.cindex as ci

_PAIRS = {"(": ")", "[": "]", "{": "}"}


def joined_chevrons(tu: ci.TranslationUnit, path: str, text: bytes) -> bytes | None:
    """`text` (the bytes of `path` in `tu`) with each split launch chevron
    joined, or None when it has none."""
    start, end = tu.get_location(path, 0), tu.get_location(path, len(text))
    toks = [(t.spelling, t.extent.start.offset, t.extent.end.offset)
            for t in tu.get_tokens(extent=ci.SourceRange.from_locations(start, end))
            if t.kind != ci.TokenKind.COMMENT]
    out = bytearray(text)
    changed = False
    i = 0
    while i + 1 < len(toks):
        # `operator<< <T>(...)` names the shift operator's template: no launch.
        if not _split(toks, i, "<<", "<", text) or (i and toks[i - 1][0] == "operator"):
            i += 1
            continue
        close = _closing(toks, i + 2, text)
        if close is None:
            return None  # an opening without its closing: not a launch rapcc can name
        for k, joined in ((i, b"<<<"), (close, b">>>")):
            lo, hi = toks[k][1], toks[k + 1][2]
            out[lo:hi] = joined + b" " * (hi - lo - len(joined))
        changed = True
        i = close + 2
    return bytes(out) if changed else None


def _split(toks: list[tuple[str, int, int]], i: int, first: str, second: str, text: bytes) -> bool:
    """Whether tokens i and i+1 are `first` then `second` with only white space between."""
    return toks[i][0] == first and toks[i + 1][0] == second and not text[toks[i][2]:toks[i + 1][1]].strip()


def _closing(toks: list[tuple[str, int, int]], i: int, text: bytes) -> int | None:
    """The index of the `>>` of the first split `>> >` at bracket depth 0 from token i."""
    depth: list[str] = []
    while i + 1 < len(toks):
        s = toks[i][0]
        if s in _PAIRS:
            depth.append(_PAIRS[s])
        elif depth and s == depth[-1]:
            depth.pop()
        elif s in (")", "]", "}", ";"):
            return None  # the statement ended first
        elif not depth and _split(toks, i, ">>", ">", text):
            return i
        i += 1
    return None
