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

from dataclasses import replace

from .. import ir
from .tokens import FileTokens

_STAND_IN = 0x20


def undecodable(source: bytes) -> tuple[tuple[int, int], ...]:
    """The [start, end) byte spans of `source` that are not UTF-8."""
    out = []
    pos = 0
    while pos < len(source):
        try:
            source[pos:].decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            out.append((pos + exc.start, pos + exc.end))
            pos += exc.end
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


def _harmless(offset: int, tokens: FileTokens) -> bool:
    """Whether the byte at `offset` sits in a comment or a string literal."""
    for t in tokens.comments:
        if t.start <= offset < t.end:
            return True
    before = tokens.between(0, offset + 1)
    return bool(before) and before[-1].start <= offset < before[-1].end and before[-1].spelling.endswith('"')


def refuse_undecodable(info: ir.TranslationUnitInfo, tokens: FileTokens) -> ir.TranslationUnitInfo:
    """`info` with an escape for every array when a byte that is not UTF-8 sits
    outside comments and string literals (its value is not what the parse saw)."""
    if not info.arrays:
        return info
    bad = next((s for s, _ in undecodable(info.source) if not _harmless(s, tokens)), None)
    if bad is None:
        return info
    line = info.source.count(b"\n", 0, bad) + 1
    extra = tuple(ir.Escape(a.key, a.function, a.decl,
                            f"line {line} holds a byte that is not UTF-8 outside comments and strings, whose value "
                            "rapcc cannot read") for a in info.arrays)
    return replace(info, escapes=info.escapes + extra)
