"""The main file's tokens, as libclang lexes them, for exact source ranges.

Subscript chains and declarators are re-read from these tokens so that rapcc
rewrites exactly the text the user wrote, and can tell when brackets come from
a macro body instead of the file.
"""
from __future__ import annotations

import bisect
import weakref
from dataclasses import dataclass

import clang.cindex as ci

from .clangext import COMMENT_TOKEN, LexedTokens

_OPEN = {"[": "]", "(": ")", "{": "}"}


@dataclass(frozen=True, slots=True)
class Token:
    spelling: str
    start: int
    end: int
    line: int
    col: int


class FileTokens:
    """The tokens of one file, searchable by byte offset."""

    def __init__(self, tu: ci.TranslationUnit, path: str, size: int, source: bytes | None = None):
        """`source`: the file's bytes, when known: a token spelled exactly as
        the bytes at its start ends where its spelling does, without asking
        libclang where it ends (issue 20); a token whose bytes differ (a
        line splice inside it) is asked, as every token is without `source`."""
        toks, comments = [], []
        names: dict[int, str] = {}
        # Lex the main file alone: the whole unit's extent would lex the shim too.
        # A token's start is one C call, and its spelling is read from `source`
        # where that is what clang would return (clangext.LexedTokens): this
        # runs over every token of the file, twice per rewritten file (issue 20).
        lexed = LexedTokens(tu, tu.get_extent(path, (0, size)), source)
        try:
            for i in range(lexed.count):
                file, line, col, start = lexed.start(i, names)
                if file != path:
                    continue
                spelling = lexed.spelling(i, start)
                raw = spelling.encode()
                end = start + len(raw) if source is not None and source.startswith(raw, start) \
                    else lexed.end(i, names)
                tok = Token(spelling, start, end, line, col)
                # Comments are tokens to libclang; kept apart, so `a[i] /* row */ [j]` is one chain.
                (comments if lexed.kinds[i] == COMMENT_TOKEN else toks).append(tok)
        finally:
            lexed.close()
        self.tokens = toks
        self.comments = comments
        self._starts = [t.start for t in toks]
        self._index: dict[str, list[int]] | None = None
        # What passes over the whole file compute once (see inactive.py).
        self.memo: dict[str, object] = {}

    def index_at(self, offset: int) -> int | None:
        i = bisect.bisect_left(self._starts, offset)
        if i < len(self._starts) and self._starts[i] == offset:
            return i
        return None

    def between(self, start: int, end: int) -> list[Token]:
        lo = bisect.bisect_left(self._starts, start)
        hi = bisect.bisect_left(self._starts, end)
        return self.tokens[lo:hi]

    def matching(self, i: int) -> int | None:
        """Index of the bracket closing the one at token i."""
        opener = self.tokens[i].spelling
        closer = _OPEN.get(opener)
        if closer is None:
            return None
        depth = 0
        for j in range(i, len(self.tokens)):
            s = self.tokens[j].spelling
            if s in _OPEN:
                depth += 1
            elif s in _OPEN.values():
                depth -= 1
                if depth == 0:
                    return j if s == closer else None
        return None

    def bracket_groups(self, name_offset: int, name: str, count: int) -> list[tuple[Token, Token]] | None:
        """The `count` `[...]` groups right after the identifier `name` at
        `name_offset`, as (open, close) token pairs; None if the text differs."""
        i = self.index_at(name_offset)
        if i is None or self.tokens[i].spelling != name:
            return None
        groups = []
        j = i + 1
        for _ in range(count):
            if j >= len(self.tokens) or self.tokens[j].spelling != "[":
                return None
            k = self.matching(j)
            if k is None or k == j + 1:
                return None
            groups.append((self.tokens[j], self.tokens[k]))
            j = k + 1
        return groups

    def find_sequence(self, start: int, end: int, words: tuple[str, ...]) -> list[int]:
        """Token indices within [start, end) where `words` occur in a row."""
        lo = bisect.bisect_left(self._starts, start)
        hi = bisect.bisect_left(self._starts, end) - len(words) + 1
        firsts = self._by_spelling().get(words[0], [])
        hits = []
        for i in firsts[bisect.bisect_left(firsts, lo):bisect.bisect_left(firsts, hi)]:
            if all(self.tokens[i + n].spelling == w for n, w in enumerate(words)):
                hits.append(i)
        return hits

    def _by_spelling(self) -> dict[str, list[int]]:
        """Token indices per spelling, ascending (built on first use: a file
        with hundreds of arrays searches it once per array)."""
        if self._index is None:
            index: dict[str, list[int]] = {}
            for i, t in enumerate(self.tokens):
                index.setdefault(t.spelling, []).append(i)
            self._index = index
        return self._index


def top_level(toks: list[Token], depth: int, seps: dict[str, int]) -> list[int]:
    """Offsets of the separators among `toks` that sit at bracket depth
    `depth` (counted from the first token); `seps` maps each separator's
    spelling to how many it stands for (`::` is two `:` in an asm statement)."""
    level, out = 0, []
    for t in toks:
        if t.spelling in ("(", "[", "{"):
            level += 1
        elif t.spelling in (")", "]", "}"):
            level -= 1
        elif t.spelling in seps and level == depth:
            out += [t.start] * seps[t.spelling]
    return out


_LEXED: "weakref.WeakKeyDictionary[ci.TranslationUnit, dict[tuple[str, int], FileTokens]]" = \
    weakref.WeakKeyDictionary()


def file_tokens(tu: ci.TranslationUnit, path: str, size: int, source: bytes | None = None) -> FileTokens:
    """The file's tokens, lexed once per parse: the collector, the range
    proof's lowering and the encoding check read the same ones (issue 20).
    `source`: the file's `size` bytes, if known (see `FileTokens`)."""
    per_tu = _LEXED.setdefault(tu, {})
    found = per_tu.get((path, size))
    if found is None:
        found = per_tu[(path, size)] = FileTokens(tu, path, size, source)
    return found
