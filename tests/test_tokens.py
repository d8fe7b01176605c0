"""`FileTokens` with the file's bytes (each token's end and most spellings
read off them, issue 20) against the tokens as cindex's `Token` spells and
ends them, on the examples and on tokens whose bytes differ from their
spelling."""
from __future__ import annotations

import clang.cindex as ci
import pytest

from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.clangext import expansion_location
from rapcc.frontend.encoding import lexable
from rapcc.frontend.tokens import FileTokens, Token
from conftest import EXAMPLES

# A line splice inside an identifier, a literal and a comment; UTF-8 in a
# string and a comment; a universal character name; no newline at the end.
ODD = ("__global__ void k(float *o)\n{\n    __shared__ float ti\\\nle[32];\n"
       "    const char *s = \"é\\\nx\"; /* ünïcode \\\n comment */ // ok\\\n still the comment\n"
       "    int \\u00e9t = 1;\n    ti\\\nle[threadIdx.x] = 1.0f + \\u00e9t;\n"
       "    o[threadIdx.x] = tile[31 - threadIdx.x] + s[0];\n}").encode()
FILES = {p.stem: p.read_bytes() for p in sorted(EXAMPLES.glob("*.cu"))[:12]}
FILES["odd"] = ODD
# Trigraph-like text, a NUL and bytes that are not UTF-8 inside literals and
# comments, a `?` operator, keywords and `$` in an identifier.
FILES["odder"] = (b"__global__ void k(int *o)\n{\n    __shared__ int a$b[8];\n"
                  b"    const char *s = \"??= \\x41 \\0 \xff\\\\\"; /* \xfe ??/ */\n    char z = '\\0';\n"
                  b"    a$b[threadIdx.x & 7] = threadIdx.x ? s[0] : z;\n    o[0] = a$b[0];\n}\n")


def _cindex_tokens(tu, path: str, size: int) -> tuple[list[Token], list[Token]]:
    """The tokens as cindex's own `Token` objects give them (the reference)."""
    toks, comments = [], []
    for t in tu.get_tokens(extent=tu.get_extent(path, (0, size))):
        start = expansion_location(t.extent.start)
        if start.file != path:
            continue
        tok = Token(t.spelling, start.offset, expansion_location(t.extent.end).offset, start.line, start.col)
        (comments if t.kind == ci.TokenKind.COMMENT else toks).append(tok)
    return toks, comments


@pytest.mark.parametrize("name", sorted(FILES))
def test_tokens_equal_cindex_tokens(name):
    source = FILES[name]
    path = f"{name}.cu"
    tu, _ = parse(path, source, ParseConfig())
    toks, comments = _cindex_tokens(tu, path, len(source))
    for given in (source, lexable(source), None):  # as the collector gives it, as clang read it, none
        lexed = FileTokens(tu, path, len(source), given)
        assert (lexed.tokens, lexed.comments) == (toks, comments)


@pytest.mark.parametrize("name", sorted(FILES))
def test_tokens_from_the_bytes_equal_libclang_ends(name):
    source = FILES[name]
    path = f"{name}.cu"
    tu, _ = parse(path, source, ParseConfig())
    asked = FileTokens(tu, path, len(source))
    read = FileTokens(tu, path, len(source), source)
    assert read.tokens == asked.tokens
    assert read.comments == asked.comments
    assert read.tokens


def test_the_odd_file_has_tokens_whose_bytes_differ():
    tu, _ = parse("odd.cu", ODD, ParseConfig())
    toks = FileTokens(tu, "odd.cu", len(ODD), ODD)
    spliced = [t for t in toks.tokens + toks.comments if ODD[t.start:t.end] != t.spelling.encode()]
    assert spliced  # the fallback is exercised
    assert all(t.end > t.start for t in toks.tokens)
