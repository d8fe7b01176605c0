"""Why padding does not apply (rapcc/padding_words.py; strategies/pad.py's
`sizes_spelled`): `--strategy pad` on a declaration whose sizes rapcc cannot
rewrite keeps the array and says why, as elempad does."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source
from rapcc.planner import ArrayPlan

KERNEL = """{prefix}__global__ void transpose(float *out, const float *in) {{
  {decl};
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = tile[tx][ty];
}}
void run(float *o, const float *i) {{ transpose<<<1, dim3(32, 32)>>>(o, i); }}
"""
WHY = ("strategy 'pad' does not apply: a size of its declaration is not spelled `[N]` right after its name "
       "(digraphs `<:N:>`, a typedef of an array, or brackets a macro writes), the one form rapcc pads")


def _plan(decl: str, strategy: str = "pad", prefix: str = "") -> tuple[ArrayPlan, bytes]:
    src = KERNEL.format(prefix=prefix, decl=decl).encode()
    r = rewrite_source(src, "t.cu", Options(strategy=strategy, whole_program=True))
    [plan] = r.plans
    return plan, r.text


@pytest.mark.parametrize("decl, prefix", [
    ("__shared__ float tile<:32:><:32:>", ""),
    ("__shared__ float tile[32]<:32:>", ""),
    ("__shared__ Row tile[32]", "typedef float Row[32];\n"),
    ("DECLARE(tile)", "#define DECLARE(n) __shared__ float n[32][32]\n"),
])
def test_a_declaration_pad_cannot_resize_is_kept_and_says_why(decl: str, prefix: str) -> None:
    plan, text = _plan(decl, prefix=prefix)
    assert not plan.rewritten and decl.encode() in text
    assert plan.reason == WHY, plan.reason


def test_the_same_declaration_with_brackets_is_padded() -> None:
    plan, text = _plan("__shared__ float tile[32][32]")
    assert plan.rewritten and plan.mapping.strategy == "pad" and b"tile[32][32 + 1]" in text


def test_a_layout_of_the_same_size_still_rewrites_the_digraph_declaration() -> None:
    plan, text = _plan("__shared__ float tile<:32:><:32:>", strategy="xor")
    assert plan.rewritten and plan.mapping.strategy == "xor" and b"tile<:32:><:32:>" in text
