"""A launch clang's parse drops, read from its tokens where that is exact.

clang's parser rejects a braced list in a launch configuration
(`k<<<1, {64, 4}>>>(...)`: "expected expression"), which nvcc accepts, so the
launch has no cursor at all. host_mentions.py finds its kernel's name among
the tokens no expression explains; this module reads such a launch when every
part that matters is an integer literal (`{64, 4}`, `dim3(64, 4)`, `256`,
and the dynamic shared memory bytes) and nothing in it writes a variable or
calls a function (its effects are missing from the parse, so another launch
could depend on them). Anything else is a launch of unknown shape.
"""
from __future__ import annotations

from .host_domain import MAX_THREADS, Dim
from .tokens import Token

_OPEN = {"(": ")", "{": "}", "[": "]"}
_EFFECTS = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", "++", "--"}
_NOT_CALLS = {"dim3", "sizeof", "alignof", "decltype", "static_cast", "reinterpret_cast", "const_cast"}


def _int(spelling: str) -> int | None:
    s = spelling.rstrip("uUlL")
    try:
        return int(s, 0) if not (len(s) > 1 and s[0] == "0" and s[1].isdigit()) else int(s, 8)
    except ValueError:
        return None


def _close(tokens: list[Token], i: int) -> int | None:
    """Index of the bracket closing tokens[i]."""
    want: list[str] = []
    for j in range(i, len(tokens)):
        s = tokens[j].spelling
        if s in _OPEN:
            want.append(_OPEN[s])
        elif want and s == want[-1]:
            want.pop()
            if not want:
                return j
        elif s in (")", "}", "]"):
            return None
    return None


def _split(tokens: list[Token]) -> list[list[Token]]:
    """Top-level comma-separated parts."""
    parts: list[list[Token]] = [[]]
    depth = 0
    for t in tokens:
        if t.spelling in _OPEN:
            depth += 1
        elif t.spelling in (")", "}", "]"):
            depth -= 1
        if t.spelling == "," and depth == 0:
            parts.append([])
        else:
            parts[-1].append(t)
    return parts


def _literals(tokens: list[Token]) -> list[int] | None:
    values = [_int(t.spelling) for t in tokens if t.spelling != ","]
    return None if any(v is None for v in values) else values  # type: ignore[return-value]


def _dim(part: list[Token]) -> Dim | None:
    """`{x, y, z}`, `dim3(x, y)`, `dim3{x}` or `n`, every value a literal."""
    words = [t.spelling for t in part]
    if len(words) == 1:
        v = _int(words[0])
        return (v, 1, 1) if v is not None else None
    inner = part[1:-1] if words[0] == "{" and words[-1] == "}" else \
        part[2:-1] if words[0] == "dim3" and len(words) >= 3 and (words[1], words[-1]) in (("(", ")"), ("{", "}")) \
        else None
    values = _literals(inner) if inner is not None else None
    if values is None or not 1 <= len(values) <= 3:
        return None
    values += [1] * (3 - len(values))
    return (values[0], values[1], values[2])


def braced_launch(tokens: list[Token], i: int) -> tuple[tuple[Dim, ...], tuple[int, ...] | None, int] | None:
    """tokens[i] names a kernel: `k[<...>]<<<grid, block[, smem[, stream]]>>>(args);`
    read from the tokens: (its block shapes, its dynamic shared memory bytes or
    None, the index after the statement), or None where it is not read exactly."""
    j = i + 1
    if j < len(tokens) and tokens[j].spelling == "<":  # template arguments: literals and names only
        depth = 0
        while j < len(tokens):
            s = tokens[j].spelling
            depth += s == "<"
            depth -= s == ">"
            j += 1
            if depth == 0:
                break
    if j >= len(tokens) or tokens[j].spelling != "<<<":
        return None
    close = next((k for k in range(j + 1, len(tokens)) if tokens[k].spelling == ">>>"), None)
    if close is None or close + 1 >= len(tokens) or tokens[close + 1].spelling != "(":
        return None
    end = _close(tokens, close + 1)
    if end is None:
        return None
    span = tokens[i:end + 1]
    if any(t.spelling in _EFFECTS for t in span) or any(
            a.spelling not in _NOT_CALLS and (a.spelling[:1].isalpha() or a.spelling[:1] == "_")
            and b.spelling == "(" for a, b in zip(span[1:], span[2:])):
        return None
    args = _split(tokens[j + 1:close])
    if len(args) < 2:
        return None
    block = _dim(args[1])
    if block is None:
        return None
    smem_values = _literals(args[2]) if len(args) >= 3 else [0]
    smem = tuple(smem_values) if smem_values is not None and len(smem_values) == 1 else None
    shapes = (block,) if min(block) > 0 and block[0] * block[1] * block[2] <= MAX_THREADS else ()
    return shapes, smem, end + 1
