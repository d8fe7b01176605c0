"""Notes stay readable (issue 29): a block-shape note was 700 characters on one line."""
from __future__ import annotations

from conftest import EXAMPLES
from rapcc.pipeline import Options, analyze_source
from rapcc.report import _code, _listed, _shares

# Every 1-D shape up to 512 threads leaves the 32-row tile but 32x1: four shapes
# contradicted by one access, and many shapes contradicted by many accesses.
MANY = """#define N 32
__global__ void k(float *o) {
  __shared__ float t[N * N];
  for (int r = 0; r < N; ++r) t[threadIdx.x * N + r] = r;
  __syncthreads();
  o[threadIdx.x] = t[threadIdx.x * N];
}
"""


def _note(source: bytes, path: str):
    r = analyze_source(source, path, Options())
    (note,) = [d for d in r.diagnostics if d.check_id == "rapcc-block-dim"]
    return note


def test_a_note_names_each_contradicting_access_once():
    r = analyze_source((EXAMPLES / "helper_clones.cu").read_bytes(), str(EXAMPLES / "helper_clones.cu"), Options())
    notes = [d for d in r.diagnostics if d.check_id == "rapcc-block-dim"]
    assert notes and all(len(n.message) < 360 for n in notes)
    for n in notes:
        assert n.message.count("left out, since") == 1 and "of their lanes" in n.message
        assert "256x1, 128x1, 512x1, 64x1 left out" in n.message
        assert n.message.endswith("or --block-dim")  # the advice is never cut


def test_the_twin_a_short_note_keeps_its_words():
    note = _note(MANY.encode(), "many.cu")
    assert "left out, since 't[threadIdx.x * N + r]' at line 4" in note.message
    assert "more" not in note.message


def test_long_lists_and_code_are_shortened():
    shapes = [f"{x}x1" for x in (32, 64, 96, 128, 160, 192, 224, 256)]
    assert _listed(shapes, 6) == "32x1, 64x1, 96x1, 128x1, 160x1, 192x1 and 2 more"
    assert _listed(shapes[:3], 6) == "32x1, 64x1, 96x1"
    long = "tile[(threadIdx.y * BLOCK_ROWS + j) * (TILE_DIM + PAD) + threadIdx.x * STRIDE_FACTOR]"
    assert len(_code(long)) == 60 and _code(long).endswith("...") and _code("t[i]") == "t[i]"
    assert _shares([0.5]) == "50%" and _shares([0.02, 0.23]) == "2% to 23%"


def test_a_guessed_shape_says_why_even_without_an_unknown_launch():
    """Issue 30: a kernel no launch of the file states said 'block shape of 'k' unknown;' with no why."""
    kernel = (b"__global__ void k(float *o) {\n  __shared__ float t[32][33];\n  t[threadIdx.y][threadIdx.x] = 1;\n"
              b"  __syncthreads();\n  o[threadIdx.x] = t[threadIdx.x][threadIdx.y];\n}\n")
    assert "block shape of 'k' unknown (no launch rapcc reads states it); planned for" in _note(kernel, "k.cu").message
    # The twin: an unknown launch gives its own reason instead.
    launched = kernel + b"#include <cstdlib>\nvoid go(float *o, char **v) { k<<<1, dim3(atoi(v[1]), 8)>>>(o); }\n"
    assert "unknown (line 8: the result of 'atoi' is known only at run time); planned" in _note(launched, "k.cu").message
