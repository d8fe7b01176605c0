"""`FileTokens` with the file's bytes (each token's end read off its spelling,
issue 20) against the tokens as libclang ends them, on the examples and on
tokens whose bytes differ from their spelling."""
from __future__ import annotations

import pytest

from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.tokens import FileTokens
from conftest import EXAMPLES

# A line splice inside an identifier, a literal and a comment; UTF-8 in a
# string and a comment; a universal character name; no newline at the end.
ODD = ("__global__ void k(float *o)\n{\n    __shared__ float ti\\\nle[32];\n"
       "    const char *s = \"é\\\nx\"; /* ünïcode \\\n comment */ // ok\\\n still the comment\n"
       "    int \\u00e9t = 1;\n    ti\\\nle[threadIdx.x] = 1.0f + \\u00e9t;\n"
       "    o[threadIdx.x] = tile[31 - threadIdx.x] + s[0];\n}").encode()
FILES = {p.stem: p.read_bytes() for p in sorted(EXAMPLES.glob("*.cu"))[:12]}
FILES["odd"] = ODD


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
