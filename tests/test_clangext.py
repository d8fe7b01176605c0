"""frontend/clangext.py's shortcuts against cindex's own properties (issue 20):
`expansion_line_column` (and so `decl_key`) against `location.line/column`,
on every cursor of examples and of declarations a macro expands."""
from __future__ import annotations

import pytest

from rapcc.frontend.clangext import expansion_line_column
from rapcc.frontend.exprs import decl_key
from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.toplevel import top_level
from conftest import EXAMPLES

MACROS = b"""#define DECLARE(name, n) __shared__ float name[n]
#define IDX (threadIdx.x + 1)
__global__ void k(float *out)
{
    DECLARE(tile, 64);
    int i = IDX; DECLARE(other, 32);
    tile[i] = 1.0f; other[i & 31] = 2.0f;
    out[i] = tile[IDX] + other[0];
}
"""
FILES = {"transpose_32x8": (EXAMPLES / "transpose_32x8.cu").read_bytes(), "macros": MACROS}


@pytest.mark.parametrize("name", sorted(FILES))
def test_line_and_column_equal_cindex(name):
    tu, _ = parse(f"{name}.cu", FILES[name], ParseConfig())
    keys = 0
    for top in (t.cursor for t in top_level(tu) if t.main):
        for c in top.walk_preorder():
            loc = c.location
            assert expansion_line_column(loc) == (loc.line, loc.column)
            ref = c.referenced
            if ref is not None:
                assert decl_key(ref) == f"{ref.spelling}@{ref.location.line}:{ref.location.column}"
                keys += 1
    assert keys > 10
