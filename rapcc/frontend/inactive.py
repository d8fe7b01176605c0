"""Uses of shared arrays in preprocessor branches the parse did not take.

libclang reports the skipped regions of a file (`clang_getAllSkippedRanges`);
their tokens are lexed but never parsed, so no cursor describes them. A build
with other `-D` flags compiles them, so rapcc finds every spelling of an
array's name there and records what follows it. The enclosing `#if` family
directives give the macros that chose the branch.
"""
from __future__ import annotations

import bisect
from typing import Callable

import clang.cindex as ci

from .. import ir
from .clangext import skipped_ranges
from .tokens import FileTokens, Token

_OPENERS = ("if", "ifdef", "ifndef")
_DIRECTIVE_WORDS = {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "defined"}
# A name right after one of these is a declaration or an address, not an element.
_EXPRESSION_KEYWORDS = {"return", "case", "else", "do", "throw", "co_return", "co_yield", "co_await"}
_SIZED_BEFORE = {"sizeof": "its size is taken with 'sizeof'", "&": "its address is taken",
                 "decltype": "'decltype' names its type"}


def _directive_stack(tokens: FileTokens, source: bytes) -> list[tuple[int, tuple[tuple[Token, tuple[str, ...]], ...]]]:
    """(offset of each conditional directive, the open conditions after it):
    every condition is the directive's first token and the macros it names."""
    out = []
    stack: list[tuple[Token, tuple[str, ...]]] = []
    toks = tokens.tokens
    for i, t in enumerate(toks[:-1]):
        if t.spelling != "#" or _line_start_skip(source, t.start) != t.start:
            continue
        word = toks[i + 1].spelling
        if word not in _DIRECTIVE_WORDS:
            continue
        names = []
        for u in toks[i + 2:]:
            if u.line != t.line:
                break
            if (u.spelling[:1].isalpha() or u.spelling[:1] == "_") and u.spelling not in _DIRECTIVE_WORDS:
                names.append(u.spelling)
        if word in _OPENERS:
            stack.append((t, tuple(names)))
        elif word.startswith("el") and stack:
            opener, seen = stack.pop()
            stack.append((opener, tuple(dict.fromkeys(seen + tuple(names)))))
        elif word == "endif" and stack:
            stack.pop()
        out.append((t.start, tuple(stack)))
    return out


def _line_start_skip(source: bytes, offset: int) -> int:
    """The offset of the first non-blank character of the line holding `offset`."""
    start = source.rfind(b"\n", 0, offset) + 1
    while start < offset and source[start:start + 1] in (b" ", b"\t"):
        start += 1
    return start


def _macro_bodies(tokens: FileTokens, source: bytes) -> list[tuple[Token, Token, list[Token]]]:
    """(`#` token, macro name, body tokens) of every `#define` of the file."""
    toks = tokens.tokens
    lines = source.split(b"\n")
    out = []
    for i, t in enumerate(toks[:-2]):
        if t.spelling != "#" or toks[i + 1].spelling != "define" or _line_start_skip(source, t.start) != t.start:
            continue
        name = toks[i + 2]
        j = i + 3
        if j < len(toks) and toks[j].spelling == "(" and toks[j].start == name.end:
            close = tokens.matching(j)
            j = (close + 1) if close is not None else j
        end_line = t.line  # a backslash at the end of a line continues the body
        while end_line <= len(lines) and lines[end_line - 1].rstrip().endswith(b"\\"):
            end_line += 1
        body = []
        while j < len(toks) and toks[j].line <= end_line:
            body.append(toks[j])
            j += 1
        out.append((t, name, body))
    return out


def _rapcc_pragmas(tokens: FileTokens) -> set[int]:
    """Offsets of the tokens of `#pragma rapcc ...` lines: they name arrays
    to steer rapcc, and are no use of them."""
    known = tokens.memo.get("rapcc_pragmas")
    if isinstance(known, set):
        return known
    toks = tokens.tokens
    out: set[int] = set()
    tokens.memo["rapcc_pragmas"] = out
    for i in tokens.find_sequence(0, toks[-1].end + 1 if toks else 0, ("#", "pragma", "rapcc")):
        line = toks[i].line
        j = i
        while j < len(toks) and toks[j].line == line:
            out.add(toks[j].start)
            j += 1
    return out


def _member_of_other(prev: str, arr: ir.SharedArray) -> bool:
    """Whether the name after the token `prev` cannot be the array: a member
    (`q.tile`, `p->tile`) never is; a qualified name (`ns::tile`) never is a
    function's local, but `::tile` may be a file-scope array."""
    return prev in (".", "->") or (prev == "::" and arr.function is not None)


def array_scope(arr: ir.SharedArray, kernels: tuple[ir.Kernel, ...], size: int) -> tuple[int, int]:
    """The bytes an array's name can be used in: the function that declares
    it (by name and range: names repeat), or the whole file of `size` bytes."""
    for k in kernels:
        if arr.function is not None and k.name == arr.function and k.range.start <= arr.decl.start < k.range.end:
            return k.range.start, k.range.end
    return 0, size


def spellings(tokens: FileTokens, source: bytes, array: ir.SharedArray, scope: tuple[int, int]) -> tuple[int, ...]:
    """Offsets of every token that spells the array's name inside `scope`, in
    active and skipped code alike (members of other objects and rapcc's own
    pragmas excluded). Tokens clang binds to other declarations are the
    caller's to drop (referents.py): this scan reads no cursor."""
    toks = tokens.tokens
    pragmas = _rapcc_pragmas(tokens)
    out = []
    for t in tokens.between(*scope):
        if t.spelling != array.name or t.start in pragmas:
            continue
        i = tokens.index_at(t.start)
        if i is not None and i > 0 and _member_of_other(toks[i - 1].spelling, array):
            continue
        out.append(t.start)
    return tuple(out)


def inactive_uses(tu: ci.TranslationUnit, path: str, source: bytes, tokens: FileTokens,
                  arrays: tuple[ir.SharedArray, ...], kernels: tuple[ir.Kernel, ...],
                  at: Callable[[int, int], ir.SourceRange],
                  aliases: tuple[ir.Alias, ...] = ()) -> tuple[ir.InactiveUse, ...]:
    """Every spelling of an array's name in a skipped region of the main file,
    within the array's function (anywhere for a file-scope array), and every
    spelling there of an alias of it (a pointer or a bound parameter). `at(start,
    end)` makes an ir.SourceRange."""
    if not arrays:
        return ()
    regions = [(a.offset, b.offset) for a, b in skipped_ranges(tu, path)]
    if regions and aliases:
        return _array_uses(source, tokens, arrays, kernels, at, regions) + \
            _alias_uses(tokens, source, aliases, at, regions)
    return _array_uses(source, tokens, arrays, kernels, at, regions)


def _alias_uses(tokens: FileTokens, source: bytes, aliases: tuple[ir.Alias, ...],
                at: Callable[[int, int], ir.SourceRange],
                regions: list[tuple[int, int]]) -> tuple[ir.InactiveUse, ...]:
    """A skipped spelling of an alias reaches the array with subscripts the
    rewrite never sees (the verifier would find them raw): the array keeps its
    layout, as for a pointer use of its own name there."""
    directives = _directive_stack(tokens, source)
    starts = [d[0] for d in directives]
    found = []
    for alias in aliases:
        for off in alias.spellings:
            if not any(lo <= off < hi for lo, hi in regions):
                continue
            k = bisect.bisect_right(starts, off) - 1
            conds = directives[k][1] if k >= 0 else ()
            opener = conds[-1][0] if conds else None
            macros = tuple(dict.fromkeys(m for _, names in conds for m in names))
            where = at(opener.start, opener.end) if opener is not None else at(off, off + len(alias.name))
            found.append(ir.InactiveUse(alias.array, at(off, off + len(alias.name)), where, macros, 0,
                                        f"'{alias.name}', which stands for it, is spelled"))
    return tuple(found)


def _array_uses(source: bytes, tokens: FileTokens,
                arrays: tuple[ir.SharedArray, ...], kernels: tuple[ir.Kernel, ...],
                at: Callable[[int, int], ir.SourceRange],
                regions: list[tuple[int, int]]) -> tuple[ir.InactiveUse, ...]:
    names = {a.name for a in arrays}
    found = []
    for hash_tok, macro, body in _macro_bodies(tokens, source):
        for k, t in enumerate(body):
            if t.spelling in names and (k == 0 or body[k - 1].spelling not in (".", "->", "::")):
                for arr in arrays:
                    if arr.name == t.spelling:
                        found.append(ir.InactiveUse(arr.key, at(t.start, t.end), at(hash_tok.start, hash_tok.end),
                                                    (macro.spelling,), 0,
                                                    f"it is spelled in the body of macro '{macro.spelling}'",
                                                    macro_body=True))
    if not regions:
        return tuple(found)
    directives = _directive_stack(tokens, source)
    starts = [d[0] for d in directives]
    # Each array's own function, by its range (two functions may share a name:
    # overloads, namespaces), or the whole file.
    scopes = {a.key: array_scope(a, kernels, len(source)) for a in arrays}
    by_name: dict[str, list[ir.SharedArray]] = {}
    for a in arrays:
        by_name.setdefault(a.name, []).append(a)
    toks = tokens.tokens
    in_define = {t.start for _, _, body in _macro_bodies(tokens, source) for t in body} | _rapcc_pragmas(tokens)
    for lo, hi in regions:
        k = bisect.bisect_right(starts, lo) - 1
        conds = directives[k][1] if k >= 0 else ()
        opener = conds[-1][0] if conds else None
        macros = tuple(dict.fromkeys(m for _, names in conds for m in names))
        for t in tokens.between(lo, hi):
            if t.start in in_define:
                continue  # reported above, with its macro
            for arr in by_name.get(t.spelling, ()):
                scope = scopes[arr.key]
                if not scope[0] <= t.start < scope[1]:
                    continue
                i = tokens.index_at(t.start)
                assert i is not None
                prev = toks[i - 1].spelling if i > 0 else ""
                if _member_of_other(prev, arr):
                    continue
                groups = 0
                j = i + 1
                while j < len(toks) and toks[j].spelling == "[":
                    close = tokens.matching(j)
                    if close is None:
                        break
                    groups += 1
                    j = close + 1
                ndims = max(len(arr.dims), 1) if not arr.is_extern else len(arr.dims) + 1
                sized = _SIZED_BEFORE.get(prev)
                if sized is None and prev == "(" and i > 1 and toks[i - 2].spelling in _SIZED_BEFORE:
                    sized = _SIZED_BEFORE[toks[i - 2].spelling]
                if sized is None and (prev[:1].isalpha() or prev[:1] == "_") and prev not in _EXPRESSION_KEYWORDS:
                    sized = "it is declared again"
                if sized is None and groups < ndims:
                    sized = "it is used as a pointer" if groups == 0 else "a row is used as a pointer"
                line = opener if opener is not None else t
                found.append(ir.InactiveUse(arr.key, at(t.start, t.end), at(line.start, line.end), macros,
                                            groups, sized))
    return tuple(found)
