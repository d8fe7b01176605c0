"""frontend/referents.py: what clang binds each identifier token to (issue 31)."""
from __future__ import annotations

import re

from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.referents import Binding, binding, foreign, rebound
from rapcc.frontend.tokens import file_tokens

SRC = b"""\
#define USE(x) acc += x
#define DECLK int K = 2
struct S { float tile; };
__global__ void k(float *out) {
    __shared__ float tile[64];
    tile[threadIdx.x] = 1.0f;
    float acc = tile[0];
    { float tile = 0.5f; USE(tile); }
    S q; q.tile = acc;
#ifdef OTHER
    acc += tile[1];
#endif
    { DECLK; acc += K; }
    out[0] = acc + q.tile;
}
"""


def _parsed():
    tu, _ = parse("t.cu", SRC, ParseConfig())
    return tu, tu.get_file("t.cu")


def _at(text: bytes, n: int = 0) -> int:
    """Offset of the n-th whole-word `text` in SRC."""
    return [m.start() for m in re.finditer(rb"\b" + re.escape(text) + rb"\b", SRC)][n]


def _array_key(tu, f) -> str:
    kind, key = binding(tu, f, _at(b"tile", 1), "tile")
    assert kind == Binding.DECLARES and key is not None
    return key


def test_binding_tells_declarations_uses_members_and_unknowns():
    tu, f = _parsed()
    array = _array_key(tu, f)
    assert binding(tu, f, _at(b"tile", 2), "tile") == (Binding.REFERS, array)  # tile[threadIdx.x]
    kind, local = binding(tu, f, _at(b"tile", 4), "tile")  # `float tile = 0.5f`
    assert kind == Binding.DECLARES and local != array
    member = binding(tu, f, _at(b"tile", 6), "tile")  # q.tile
    assert member[0] == Binding.REFERS and member[1] not in (array, local)
    assert binding(tu, f, _at(b"tile", 7), "tile") == (Binding.UNKNOWN, None)  # in the skipped branch
    assert binding(tu, f, _at(b"DECLK", 1), "DECLK") == (Binding.REFERS, None)  # a macro's name


def test_foreign_drops_other_declarations_but_not_macro_arguments():
    tu, f = _parsed()
    array = _array_key(tu, f)
    offs = [m.start() for m in re.finditer(rb"\btile\b", SRC)][1:]
    expansions = [(_at(b"USE", 1), _at(b"USE", 1) + len(b"USE(tile)"))]
    other = foreign(tu, "t.cu", offs, "tile", array, expansions)
    # the nested local's declaration and the member are foreign; the array's
    # own tokens, the skipped use and the macro's argument are not
    assert other == {_at(b"tile", 4), _at(b"tile", 6), _at(b"tile", 8)}
    assert foreign(tu, "t.cu", offs[:2], "tile", array) == frozenset()  # the array's own: never


def test_rebound_finds_a_declaration_or_a_macro_that_declares():
    tu, f = _parsed()
    toks = file_tokens(tu, "t.cu", len(SRC), SRC)
    body = [(t.spelling, t.start) for t in toks.between(_at(b"tile", 3), len(SRC))]
    macros = {"USE": ["(", "x", ")", "acc", "+=", "x"], "DECLK": ["int", "K", "=", "2"]}
    assert rebound(tu, "t.cu", body, frozenset({"tile"}), (), macros) == "tile"  # `float tile = 0.5f`
    assert rebound(tu, "t.cu", body, frozenset({"K"}), [("DECLK", _at(b"DECLK", 1))], macros) == "K"
    assert rebound(tu, "t.cu", body, frozenset({"acc"}), [("USE", _at(b"USE", 1))], macros) == "acc"
    uses = [(t.spelling, t.start) for t in toks.between(_at(b"out", 1), len(SRC))]
    assert rebound(tu, "t.cu", uses, frozenset({"acc", "out"}), (), macros) is None  # uses only
