"""Bytes that are not UTF-8: passed through, never guessed at.

Real kernel files carry Latin-1 bytes in comments and strings (an author's
name, a degree sign). libclang's Python binding decodes every token spelling
as UTF-8 and fails on them, so the parse sees a copy in which each such byte
is a space (`lexable`): offsets, lines and columns stay those of the file, and
the rewrite edits the original bytes, so every byte rapcc does not edit is
written back unchanged (the edited text round-trips through surrogate escapes).

A space is no stand-in for a byte whose value the program reads: in a comment
or a string literal it changes nothing rapcc evaluates, but a character
literal (`'\xe9'`) or a stray byte in code would be evaluated as something else.
`refuse_undecodable` leaves every array of such a file untouched.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import replace

from .. import ir
from .tokens import FileTokens, Token

_STAND_IN = 0x20
# What `surrogateescape` makes of one byte that is not UTF-8.
_ESCAPED = re.compile("[\udc80-\udcff]")


def undecodable(source: bytes) -> tuple[tuple[int, int], ...]:
    """The [start, end) byte spans of `source` that are not UTF-8, one per byte
    (linear: decoding with surrogate escapes turns each such byte into one
    lone surrogate, and the text between them is re-encoded once)."""
    try:
        source.decode("utf-8")
        return ()
    except UnicodeDecodeError:
        pass
    text = source.decode("utf-8", errors="surrogateescape")
    out = []
    offset = prev = 0
    for m in _ESCAPED.finditer(text):
        offset += len(text[prev:m.start()].encode("utf-8", errors="surrogateescape"))
        out.append((offset, offset + 1))
        offset += 1
        prev = m.end()
    return tuple(out)


def lexable(source: bytes) -> bytes:
    """`source` with every byte that is not UTF-8 replaced by a space."""
    spans = undecodable(source)
    if not spans:
        return source
    out = bytearray(source)
    for start, end in spans:
        out[start:end] = bytes([_STAND_IN]) * (end - start)
    return bytes(out)


def _covered(offset: int, tokens: list[Token], starts: list[int]) -> Token | None:
    """The token of `tokens` (sorted, with their `starts`) that holds `offset`."""
    i = bisect.bisect_right(starts, offset) - 1
    return tokens[i] if i >= 0 and offset < tokens[i].end else None


def refuse_undecodable(info: ir.TranslationUnitInfo, tokens: FileTokens) -> ir.TranslationUnitInfo:
    """`info` with an escape for every array when a byte that is not UTF-8 sits
    outside comments and string literals (its value is not what the parse saw)."""
    if not info.arrays:
        return info
    comment_starts = [t.start for t in tokens.comments]
    token_starts = [t.start for t in tokens.tokens]

    def harmless(offset: int) -> bool:  # in a comment or a string literal
        if _covered(offset, tokens.comments, comment_starts) is not None:
            return True
        t = _covered(offset, tokens.tokens, token_starts)
        return t is not None and t.spelling.endswith('"')
    bad = next((s for s, _ in undecodable(info.source) if not harmless(s)), None)
    if bad is None:
        return info
    line = info.source.count(b"\n", 0, bad) + 1
    extra = tuple(ir.Escape(a.key, a.function, a.decl,
                            f"line {line} holds a byte that is not UTF-8 outside comments and strings, whose value "
                            "rapcc cannot read") for a in info.arrays)
    return replace(info, escapes=info.escapes + extra)
