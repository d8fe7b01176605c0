"""frontend/clangext.py's shortcuts against cindex's own properties (issue 20):
`expansion_line_column` (and so `decl_key`) against `location.line/column`,
on every cursor of examples and of declarations a macro expands; and
`token_spellings` against `[t.spelling for t in cursor.get_tokens()]`, on
every cursor of some examples and of a file whose statements end in a macro
(their extent then runs from the macro's definition: Parboil cutcp's `CUERR`)."""
from __future__ import annotations

import os
import re

import pytest

from rapcc.frontend.clangext import expansion_line_column, library_version, token_spellings
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


MACRO_ENDED = ("#define CHECK if (err) { return; }\n"
               "/* a comment */ __global__ void k(int *o, int err)\n{\n"
               "    __shared__ int s[32];\n    s[threadIdx.x] = err; CHECK\n"
               "    err = s[31 - threadIdx.x] + 1; CHECK\n    o[threadIdx.x] = err; // done\n}\n").encode()
TOKEN_FILES = {p.stem: p.read_bytes() for p in sorted(EXAMPLES.glob("*.cu"))[:6]}
TOKEN_FILES["macro_ended"] = MACRO_ENDED


@pytest.mark.parametrize("name", sorted(TOKEN_FILES))
def test_token_spellings_equal_cindex_tokens(name):
    source = TOKEN_FILES[name]
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


# --- cindex's visitors, replaced by ones that raise (`_install_safe_visitors`) ---

def _second_child_raises(exc: BaseException):
    seen = [0]

    def store(self, name, value):
        object.__setattr__(self, name, value)
        if name == "_tu":
            seen[0] += 1
            if seen[0] == 2:
                raise exc
    return store


def test_a_walk_raises_what_its_visitor_meets_instead_of_returning_part(monkeypatch, capfd):
    import clang.cindex as ci
    tu = ci.Index.create().parse("t.cpp", unsaved_files=[("t.cpp", "int a; int b; int c; int d;\n")])
    names = [c.spelling for c in tu.cursor.get_children() if c.location.file]
    assert names == ["a", "b", "c", "d"]
    monkeypatch.setattr(ci.Cursor, "__setattr__", _second_child_raises(RecursionError("deep")))
    with pytest.raises(RecursionError):
        list(tu.cursor.get_children())  # cindex's own visitor returned the first child alone
    monkeypatch.setattr(ci.Cursor, "__setattr__", _second_child_raises(MemoryError()))
    with pytest.raises(MemoryError):
        list(tu.cursor.walk_preorder())
    monkeypatch.undo()
    assert "Exception ignored" not in capfd.readouterr().err


def test_the_include_list_raises_what_its_visitor_meets(monkeypatch, tmp_path):
    import clang.cindex as ci
    (tmp_path / "a.h").write_text("int a;\n")
    (tmp_path / "b.h").write_text("int b;\n")
    (tmp_path / "t.cpp").write_text('#include "a.h"\n#include "b.h"\n')
    tu = ci.Index.create().parse(str(tmp_path / "t.cpp"))
    assert sorted(os.path.basename(i.include.name) for i in tu.get_includes()) == ["a.h", "b.h"]

    class Failing(ci.FileInclusion):
        def __init__(self, *args):
            raise RecursionError("deep")
    monkeypatch.setattr(ci, "FileInclusion", Failing)
    with pytest.raises(RecursionError):
        list(tu.get_includes())


# --- skipped_ranges(tu, path): one file's inactive regions, not every header's ---

def test_the_skipped_ranges_of_one_file_are_those_of_every_file_filtered(tmp_path):
    from rapcc.frontend.clangext import skipped_ranges
    header = tmp_path / "h.cuh"
    header.write_text("#if 0\nint in_header_a;\n#endif\n#ifdef NOPE\nint in_header_b;\n#endif\n")
    main = tmp_path / "m.cu"
    text = b'#include "h.cuh"\n#if 0\nint gone;\n#endif\n__global__ void k() {}\n#ifdef ALSO_NOPE\nint x;\n#endif\n'
    tu, _ = parse(str(main), text, ParseConfig())
    every = skipped_ranges(tu)
    mine = skipped_ranges(tu, str(main))
    assert {a.file for a, _ in every} >= {str(header), str(main)}
    assert mine == [(a, b) for a, b in every if a.file == str(main)]
    assert [(a.line, b.line) for a, b in mine] == [(2, 4), (6, 8)]
    # A name clang does not know: every file's regions, filtered by the name (none), never a guess.
    assert skipped_ranges(tu, str(tmp_path / "other.cu")) == []
    assert skipped_ranges(tu, str(header)) == [(a, b) for a, b in every if a.file == str(header)]


def test_the_library_states_its_version():
    assert re.fullmatch(r"(\S+ )?clang version \d+\.\d+\.\d+.*", library_version())
