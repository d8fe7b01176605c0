"""Uses by whitelist (issue 27, classes 2 and 3): every mention of a shared
array's storage is an access the rewrite changes exactly, or the array keeps
its layout with the reason. Each wrong form below computed wrong results on
the GPU under `auto`; its legal twin is still rewritten.

- a reference cast of an element to another type (the bytes at its address);
- a reference into the array returned by a helper, then walked by the caller;
- a member array of a shared struct decayed to a pointer, walked, or
  subscripted past its extent, or a member's address taken;
- a row alias whose index a plain `int &` helper moves after the alias is made;
- a helper that owns `__shared__` state, which a per-array copy would split.
"""
from __future__ import annotations

import pytest

from rapcc.analysis.absint import Failure
from rapcc.pipeline import Options, rewrite_source

STRATEGIES = ["auto", "xor", "pad"]

# One kernel, 32x8 threads: `buf` a flat 256-element tile, `tile` a 32x32 one
# (loaded row by row: ty + j), `pair` 256 structs of two floats. Each case
# replaces /*CASE*/ and reads into `acc`.
KERNEL = """
struct V2 { float v[2]; };
__device__ void bump(int &v) { v += 1; }
__device__ float &cell(float *s, int i) { return s[i]; }
__device__ float cell_value(const float *s, int i) { return s[i]; }
__global__ void k(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8)
    __shared__ float buf[256];
    __shared__ float tile[32][32];
    __shared__ V2 pair[256];
    unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * 32 + tx;
    buf[t] = in[t];
    for (int j = 0; j < 32; j += 8)
        tile[ty + j][tx] = in[(ty + j) * 32 + tx];
    pair[t].v[0] = in[t];
    pair[t].v[1] = in[t + 1];
    __syncthreads();
    float acc = 0.0f;
    /*CASE*/
    out[t] = acc + buf[(tx * 8 + ty) % 256] + tile[tx][ty] + pair[(tx * 8 + ty) % 256].v[0];
}
"""

# name -> (array, the failure that keeps it, wrong form, legal twin)
CASES = {
    "reference_cast": (
        "tile", Failure.ESCAPE,
        "    if (tx < 8) { float4 v = reinterpret_cast<const float4 &>(tile[ty][4 * tx]); acc += v.x + v.w; }",
        "    acc += static_cast<const float &>(tile[ty][tx]);"),
    "reference_cast_c_style": (
        "buf", Failure.ESCAPE,
        # Not `(const double &)`: a const reference to another type binds a converted temporary.
        "    if (tx < 16) { double d = (double &)buf[2 * t % 256]; acc += (float)d; }",
        "    acc += (const float &)buf[t];"),
    "reference_cast_same_size": (  # one element's own bytes as another type of its size: that element
        "buf", Failure.ESCAPE,
        "    acc += reinterpret_cast<const float2 &>(buf[2 * (t % 128)]).y;",
        "    acc += (float)reinterpret_cast<const int &>(buf[t]) + reinterpret_cast<const short2 &>(buf[t]).x;"),
    "returned_reference_walked": (
        "buf", Failure.ESCAPE,
        "    { float *run = &cell(buf, ty * 32); for (int j = 0; j < 32; ++j) acc += run[j]; }",
        "    acc += cell_value(buf, t);"),
    "returned_reference_written": (
        "buf", Failure.ESCAPE,
        "    cell(buf, t) = 2.0f;\n    __syncthreads();\n    acc += buf[t];",
        "    buf[t] = cell_value(buf, t) * 2.0f;\n    __syncthreads();\n    acc += buf[t];"),
    "member_decays": (
        "pair", Failure.ESCAPE,
        "    { const float *flat = pair[0].v; for (int j = 0; j < 64; ++j) acc += flat[j]; }",
        "    acc += pair[t].v[tx & 1];"),
    "member_past_its_extent": (
        "pair", Failure.OUT_OF_RANGE,
        "    acc += pair[ty].v[tx];",
        "    acc += pair[ty].v[tx % 2];"),
    "member_address": (
        "pair", Failure.ESCAPE,
        "    { const float *p = &pair[ty].v[0]; acc += p[tx]; }",
        "    { const float &r = pair[ty].v[1]; acc += r; }"),
    "alias_moved_by_reference": (
        "tile", Failure.ALIAS,
        "    { int r = ty; const float *row = tile[r]; bump(r); acc += row[tx]; }",
        "    { int r = ty; const float *row = tile[r]; int q = r; bump(q); acc += row[tx] + q; }"),
    "flat_alias_moved_by_reference": (
        "buf", Failure.ALIAS,
        "    { int r = ty; const float *row = buf + r * 32; bump(r); acc += row[tx]; }",
        "    { int r = ty; const float *row = buf + r * 32; acc += row[tx]; }"),
}


def _rewrite(body: str, strategy: str):
    return rewrite_source(KERNEL.replace("    /*CASE*/", body).encode(), "k.cu", Options(strategy=strategy))


def _plan(result, name: str):
    return next(p for p in result.plans if p.analysis.array.name == name)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_wrong_use_keeps_the_array_with_its_finding(name: str, strategy: str) -> None:
    array, failure, wrong, _ = CASES[name]
    r = _rewrite(wrong, strategy)
    plan = _plan(r, array)
    assert not plan.rewritten, plan.reason
    if strategy != "auto":  # auto may keep it as cheapest before the gate runs
        assert plan.unproved is not None, plan.reason
        assert plan.unproved[0].failure == failure, plan.reason
        assert plan.unproved[1].line > 1  # the diagnostic points into the kernel, not the file's top
    assert any(d.check_id in ("rapcc-unproved", "rapcc-escape") for d in r.diagnostics)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_legal_twin_is_still_rewritten(name: str) -> None:
    array, _, _, twin = CASES[name]
    for strategy in ("xor", "pad"):
        plan = _plan(_rewrite(twin, strategy), array)
        assert plan.rewritten, f"{strategy}: {plan.reason}"


def test_every_array_the_case_does_not_touch_is_still_rewritten() -> None:
    """The refusal is the array's alone: the kernel's other arrays are rewritten."""
    _, _, wrong, _ = CASES["member_decays"]
    r = _rewrite(wrong, "xor")
    assert [p.analysis.array.name for p in r.plans if p.rewritten] == ["buf", "tile"]


def test_an_alias_moved_through_a_reference_under_a_goto_is_refused() -> None:
    """`bump(r)` before a backward goto: `r` is not the same wherever it is in scope."""
    body = ("    { int r = ty, n = 0; const float *row = tile[r];\n"
            "      again: acc += row[tx]; bump(r); if (++n < 3) goto again; }")
    plan = _plan(_rewrite(body, "xor"), "tile")
    assert not plan.rewritten and plan.unproved is not None and plan.unproved[0].failure == Failure.ALIAS


OWNER = """
__device__ float mix(float *t, int i, int phase)
{
    /*OWN*/
    float v = t[i];
    if (phase == 0) carry[i] = v;
    else v += carry[(i + 1) % 256];
    return v;
}
__global__ void k(float *out, const float *in)
{
#pragma rapcc block_dim(256, 1)
    __shared__ float a[256];
    __shared__ float b[256];
    unsigned t = threadIdx.x;
    a[t] = in[t];
    b[(t * 8) % 256] = in[t + 256];
    __syncthreads();
    float x = mix(a, (t * 8) % 256, 0);
    __syncthreads();
    x += mix(b, t, 1);
    out[t] = x;
}
"""


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("own", ["__shared__ float carry[256];", "static __shared__ float carry[256];"])
def test_a_helper_that_owns_shared_state_is_not_cloned(own: str, strategy: str) -> None:
    """The first call stores into the helper's `carry`, the second reads it: a
    copy per array would give each call its own `carry`."""
    r = rewrite_source(OWNER.replace("/*OWN*/", own).encode(), "k.cu", Options(strategy=strategy))
    for name in ("a", "b"):
        plan = _plan(r, name)
        assert not plan.rewritten and not plan.analysis.clones
        if strategy != "auto":
            assert "'mix' declares its own __shared__ variable 'carry'" in plan.reason
    assert b"__rapcc" not in r.text.split(b"*/", 1)[-1]


def test_a_helper_sharing_file_scope_state_is_still_cloned() -> None:
    """The twin: `carry` at file scope is one array whichever copy names it."""
    src = "__shared__ float carry[256];\n" + OWNER.replace("/*OWN*/", "")
    r = rewrite_source(src.encode(), "k.cu", Options(strategy="xor"))
    for name in ("a", "b"):
        plan = _plan(r, name)
        assert plan.rewritten and [c.name for c in plan.analysis.clones] == ["mix"], plan.reason
    text = r.text.decode()
    assert "mix__rapcc_a(a, (t * 8) % 256, 0)" in text and "mix__rapcc_b(b, t, 1)" in text


def test_a_static_local_is_owned_state_too() -> None:
    src = OWNER.replace("/*OWN*/", "__shared__ float carry[256]; static __device__ int calls; calls += 1;")
    src = src.replace("__shared__ float carry[256]; ", "")
    src = "__shared__ float carry[256];\n" + src
    r = rewrite_source(src.encode(), "k.cu", Options(strategy="xor"))
    plan = _plan(r, "a")
    assert not plan.rewritten and "static variable 'calls'" in plan.reason
