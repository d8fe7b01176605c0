"""A `__shared__` scalar read in a subscript (`t[off][x]`) is a value, not the
array the access is on (frontend/lower.py `_decl_ref`). Lowered as a bare
name, `off` looked like a pointer, `t[off]` like `off[t]` written backwards,
and the access went on `off`: t's subscripts were never range-checked, and a
flat walk past a row (`t[off][x + 16]`) was padded, which changes what it reads."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source

KERNEL = """static __global__ void k(float *o, const float *in, int n) {
    __shared__ float t[32][32];
    __shared__ int off;
    if (threadIdx.x == 0 && threadIdx.y == 0) off = n;
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    o[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y] + SITE;
}
void launch(float *o, const float *in, int n) { k<<<1, dim3(32, 32)>>>(o, in, n); }
"""


def _plan(site: str, strategy: str):
    src = KERNEL.replace("SITE", site).encode()
    r = rewrite_source(src, "k.cu", Options(strategy=strategy))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "t"]
    return r, plan


@pytest.mark.parametrize("strategy", ["auto", "pad", "xor"])
@pytest.mark.parametrize("site", ["t[off][threadIdx.x + 16]", "t[off][threadIdx.x]", "t[0][off + threadIdx.x]"])
def test_a_shared_scalar_subscript_is_range_checked(site: str, strategy: str) -> None:
    r, plan = _plan(site, strategy)
    assert not plan.rewritten, plan.reason
    assert any(d.check_id == "rapcc-unproved" and "'t'" in d.message for d in r.diagnostics)
    assert not any(d.check_id == "rapcc-not-executed" for d in r.diagnostics)


@pytest.mark.parametrize("strategy", ["auto", "pad", "xor"])
def test_a_shared_scalar_masked_into_range_is_rewritten(strategy: str) -> None:
    r, plan = _plan("t[off & 31][threadIdx.x]", strategy)
    assert plan.rewritten, plan.reason
    assert b"off & 31" in r.text
