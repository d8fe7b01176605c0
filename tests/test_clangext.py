"""`token_spellings` (rapcc/frontend/clangext.py) against cindex's own
`[t.spelling for t in cursor.get_tokens()]`, on every cursor of some
examples and of a file whose statements end in a macro (their extent then
runs from the macro's definition: Parboil cutcp's `CUERR`, issue 20)."""
from __future__ import annotations

import pytest

from rapcc.frontend.clangext import token_spellings
from rapcc.frontend.parse import ParseConfig, parse
from conftest import EXAMPLES

MACRO_ENDED = ("#define CHECK if (err) { return; }\n"
               "/* a comment */ __global__ void k(int *o, int err)\n{\n"
               "    __shared__ int s[32];\n    s[threadIdx.x] = err; CHECK\n"
               "    err = s[31 - threadIdx.x] + 1; CHECK\n    o[threadIdx.x] = err; // done\n}\n").encode()
FILES = {p.stem: p.read_bytes() for p in sorted(EXAMPLES.glob("*.cu"))[:6]}
FILES["macro_ended"] = MACRO_ENDED


@pytest.mark.parametrize("name", sorted(FILES))
def test_token_spellings_equal_cindex_tokens(name):
    source = FILES[name]
    path = f"{name}.cu"
    tu, _ = parse(path, source, ParseConfig())
    seen = 0
    for cursor in tu.cursor.walk_preorder():
        if cursor.location.file is None or cursor.location.file.name != path:
            continue
        assert token_spellings(cursor) == [t.spelling for t in cursor.get_tokens()], cursor.kind
        seen += 1
    assert seen > 10


def test_a_statement_ended_by_a_macro_spans_from_its_definition():
    tu, _ = parse("m.cu", MACRO_ENDED, ParseConfig())
    longest = max((token_spellings(c) for c in tu.cursor.walk_preorder()
                   if c.location.file is not None and c.location.file.name == "m.cu"), key=len)
    assert longest[0] == "if" and "__global__" in longest  # the case the fast path is for
