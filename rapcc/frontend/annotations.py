"""What the user tells rapcc in the source: comments (for suppressions),
`#pragma rapcc layout(array, strategy)` and the attribute form of the block
shape, all read from libclang's tokens and cursors.

Comments come from libclang's lexer too (a `//` inside a string literal is
part of the literal's token, not a comment).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .. import ir
from .tokens import FileTokens

BLOCK_DIM_ANNOTATION = "rapcc_block_dim"


def _line_at(source: bytes, offset: int) -> int:
    return source.count(b"\n", 0, offset) + 1


def comments(tokens: FileTokens, source: bytes) -> tuple[ir.Comment, ...]:
    """Every comment of the main file, in order (libclang lexes comments as
    tokens of their own; no other token starts with `//` or `/*`)."""
    out = []
    for t in tokens.comments:
        if t.spelling.startswith("//"):
            out.append(ir.Comment(t.line, t.line, t.spelling[2:].strip()))
        elif t.spelling.startswith("/*"):
            out.append(ir.Comment(t.line, _line_at(source, t.end), t.spelling[2:-2].strip()))
    return tuple(out)


def layout_pragmas(tokens: FileTokens, path: str, source: bytes) -> tuple[ir.LayoutPragma, ...]:
    """`#pragma rapcc layout(NAME, STRATEGY)`, wherever it is written."""
    out = []
    for i in tokens.find_sequence(0, len(source), ("#", "pragma", "rapcc", "layout", "(")):
        toks = tokens.tokens[i + 5:i + 9]
        spell = [t.spelling for t in toks]
        if len(spell) == 4 and spell[1] == "," and spell[3] == ")":
            first, last = tokens.tokens[i], toks[3]
            line = _line_at(source, first.start)
            out.append(ir.LayoutPragma(spell[0], spell[2],
                                       ir.SourceRange(path, line, first.col, first.start, last.end)))
        else:
            first = tokens.tokens[i]
            out.append(ir.LayoutPragma("", " ".join(spell), ir.SourceRange(
                path, _line_at(source, first.start), first.col, first.start, first.end)))
    return tuple(out)


def rapcc_pragma_spans(tokens: FileTokens, source: bytes) -> tuple[tuple[int, int], ...]:
    """Byte spans of every `#pragma rapcc ...` directive, from its `#` to its
    last token (a directive ends at a newline not escaped by a backslash)."""
    out = []
    toks = tokens.tokens
    for i in tokens.find_sequence(0, len(source), ("#", "pragma", "rapcc")):
        end = toks[i + 2].end
        for t in toks[i + 3:]:
            gap = source[end:t.start]
            if b"\n" in gap.replace(b"\\\r\n", b"").replace(b"\\\n", b""):
                break
            end = t.end
        out.append((toks[i].start, end))
    return tuple(out)


def own_line_directive_spans(tokens: FileTokens, source: bytes, path: str) -> tuple[tuple[int, int], ...]:
    """Byte spans of `#line N "PATH"` directives naming this file itself, as
    rapcc writes them after its prologue and around copied functions."""
    quoted = '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'
    out = []
    for i in tokens.find_sequence(0, len(source), ("#", "line")):
        toks = tokens.tokens[i:i + 4]
        if len(toks) == 4 and toks[2].spelling.isdigit() and toks[3].spelling == quoted \
                and toks[0].line == toks[3].line:
            out.append((toks[0].start, toks[3].end))
    return tuple(out)


def annotated_block_dim(fn: Cursor) -> tuple[int, int, int] | None:
    """`__attribute__((annotate("rapcc_block_dim(16, 16)")))` on the kernel."""
    for k in children(fn):
        if k.kind != K.ANNOTATE_ATTR:
            continue
        text = k.spelling.replace(" ", "")
        if not (text.startswith(BLOCK_DIM_ANNOTATION + "(") and text.endswith(")")):
            continue
        parts = text[len(BLOCK_DIM_ANNOTATION) + 1:-1].split(",")
        if not 1 <= len(parts) <= 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
            return None
        vals = [int(p) for p in parts]
        return tuple(vals + [1] * (3 - len(vals)))  # type: ignore[return-value]
    return None
