"""Uses of a shared array (rapcc/frontend/collect_uses.py): the reason a use
rapcc cannot rewrite gives is the one a user can act on."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source

TRANSPOSE = """__global__ void transpose(float *out, const float *in) {{
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile{store} = in[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = tile{load};
}}
void run(float *o, const float *i) {{ transpose<<<1, dim3(32, 32)>>>(o, i); }}
"""


def _rewrite(store: str, load: str):
    src = TRANSPOSE.format(store=store, load=load).encode()
    return rewrite_source(src, "t.cu", Options(strategy="pad", whole_program=True))


@pytest.mark.parametrize("store, load", [("<:ty:><:tx:>", "<:tx:><:ty:>"), ("[ty]<:tx:>", "[tx][ty]")])
def test_a_digraph_subscript_keeps_the_array_and_says_why(store, load):
    r = _rewrite(store, load)
    escapes = [d.format() for d in r.diagnostics if d.check_id == "rapcc-escape"]
    assert not r.changed and escapes, escapes
    assert all("a subscript of 'tile' is spelled with digraphs ('<:' ':>'), which rapcc does not rewrite" in e
               for e in escapes), escapes
    assert not any("macro" in e for e in escapes), escapes


def test_the_same_kernel_with_brackets_is_rewritten():
    r = _rewrite("[ty][tx]", "[tx][ty]")
    assert r.changed and "tile[32][32 + 1]" in r.text.decode()
    assert not [d for d in r.diagnostics if d.check_id == "rapcc-escape"]


def test_a_subscript_in_a_macro_body_still_says_macro():
    # The reason for a subscript a macro spells is unchanged: only digraphs get their own words.
    r = rewrite_source(("#define AT(i, j) [i][j]\n" + TRANSPOSE.format(store=" AT(ty, tx)", load="[tx][ty]")).encode(),
                       "t.cu", Options(strategy="pad"))
    escapes = [d.format() for d in r.diagnostics if d.check_id == "rapcc-escape"]
    assert not r.changed and any("spelled inside a macro body" in e for e in escapes), escapes
