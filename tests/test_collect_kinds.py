"""collect_kinds: what a call a template leaves unresolved does to an element
of a shared array. It is a copy (a read) only when every function its name
can mean takes the element by value and argument-dependent lookup cannot add
another; any other dependent call keeps the array as written (issue 30)."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source

# A kernel template over the tile side (tests/redteam4/rt4_54): `tile[tx][r]`
# has a dependent type, so clang leaves every call it is passed to unresolved.
KERNEL = """
{decls}
template <int TILE, typename T>
__global__ void k(const int *in, int *out, T *other)
{{
    __shared__ float tile[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < TILE; r += 8) tile[r][tx] = (float)in[r * TILE + tx];
    __syncthreads();
    for (int r = ty; r < TILE; r += 8) out[r * TILE + tx] = {call};
}}
void launch(const int *i, int *o, float *f) {{ k<32, float><<<1, dim3(32, 8)>>>(i, o, f); }}
"""
BY_VALUE = "__device__ int peek(float v) { return (int)v; }\n__device__ int peek(int v) { return v; }"


def _plan(decls: str, call: str):
    src = KERNEL.format(decls=decls, call=call)
    result = rewrite_source(src.encode(), "k.cu", Options(strategy="pad", whole_program=True))
    (plan,) = [p for p in result.plans if p.analysis.array.name == "tile"]
    return plan


def test_a_by_value_call_on_a_fundamental_element_is_a_read_and_rewritten() -> None:
    """The legal twin: `__float_as_int` (one declaration, by value) copies
    the float whichever instance it becomes, beside a dependent argument
    elsewhere in the statement. (A user's overload set by value passes this
    rule too, and is then kept by the escape rule for functions rapcc does
    not follow: a precision lead, not this module's.)"""
    plan = _plan("", "__float_as_int(tile[tx][r]) + (int)other[0]")
    assert plan.rewritten, plan.reason


@pytest.mark.parametrize("decls, call", [
    # one overload binds a reference: the instance may pick it and keep the element's address
    ("__device__ int peek(int v) { return v; }\n__device__ int peek(float &v) { return (int)v; }", "peek(tile[tx][r])"),
    # a function template may bind a forwarding reference
    ("template <typename U> __device__ int peek(U &&v) { return (int)v; }", "peek(tile[tx][r])"),
    # another argument of a dependent type: lookup in its namespaces may add a reference overload
    (BY_VALUE.replace("(float v)", "(float v, float w)").replace("(int v)", "(int v, float w)"),
     "peek(tile[tx][r], other[0])"),
])
def test_a_call_that_may_bind_the_element_keeps_the_array(decls: str, call: str) -> None:
    """The wrong forms: a candidate taking a reference, a template, or an
    argument whose type depends on T; the tile is kept, saying why."""
    plan = _plan(decls, call)
    assert not plan.rewritten
    assert "a call the template leaves unresolved" in plan.reason
