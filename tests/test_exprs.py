"""The collector's expression front end (rapcc/frontend/exprs.py): integer
types come from the one table, as cint records, and an enumeration is its
underlying type."""
from __future__ import annotations

from rapcc.pipeline import Options, rewrite_source

# Issue 27: the row `(Row)(threadIdx.x + 256u)` of an `unsigned char` enum
# wraps to threadIdx.x (0..31). The proof said so; the collector read the enum
# as an `int` and refused the array (row 287 of 32).
ENUM_ROW = """enum Row : {under} {{ R0 }};
__global__ void k(float *out, const float *in) {{
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[(Row)(threadIdx.x + 256u)][threadIdx.y];
}}
void run(float *o, const float *i) {{ k<<<1, dim3(32, 32)>>>(o, i); }}
"""


def test_an_unsigned_char_enum_wraps_and_its_array_is_padded():
    r = rewrite_source(ENUM_ROW.format(under="unsigned char").encode(), "e.cu", Options(whole_program=True))
    assert r.changed and b"tile[32][32 + 1]" in r.text
    assert not any("reaches row" in d.message for d in r.diagnostics)


def test_an_int_enum_reaches_past_the_rows_and_the_array_is_kept():
    r = rewrite_source(ENUM_ROW.format(under="int").encode(), "e.cu", Options(whole_program=True))
    assert not r.changed
    tile = next(p for p in r.plans if p.analysis.array.name == "tile")
    assert tile.unproved is not None  # the sound proof's refusal: row 287 is past the 32 rows
    assert any(d.check_id == "rapcc-unproved" and "'tile'" in d.message for d in r.diagnostics)
