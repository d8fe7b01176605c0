"""The sound IR's lowering of names (rapcc/frontend/lower.py): a constant a
subscript or a loop bound reads is its value only where clang evaluates it."""
from __future__ import annotations

from rapcc.pipeline import Options, rewrite_source

_KERNEL = """template <int N>
constexpr int kRows = N / 32;
static __global__ void k(const int *in, int *out)
{
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < kRows<ROWS>; j += 8) tile[j][tx] = in[j * 32 + tx];
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[j * 32 + tx] = tile[tx][j];
}
void launch(const int *in, int *out) { k<<<1, dim3(32, 8)>>>(in, out); }
"""


def _plan(text: str):
    result = rewrite_source(text.encode(), "k.cu", Options(seed=1))
    (plan,) = result.plans
    return plan


def test_a_variable_template_specialization_bounds_a_loop_by_its_value():
    """kRows<1024> is 32: the loop writes rows 0..31 of the tile, in range, and the
    transposed read's conflict is removed (rt3_53)."""
    plan = _plan(_KERNEL.replace("ROWS", "1024"))
    assert plan.rewritten, plan.reason


def test_a_variable_template_specialization_past_the_tile_keeps_it():
    """The wrong form: kRows<1280> is 40, so the loop writes rows past the tile's
    32; its value, not a guess, decides, and the tile is kept."""
    plan = _plan(_KERNEL.replace("ROWS", "1280"))
    assert not plan.rewritten
    assert "subscript 0 of 'tile' is not proved inside its dimension" in plan.reason


def test_a_dependent_variable_template_is_not_a_constant():
    """Inside a kernel template, kRows<W * 32> depends on W: it does not evaluate,
    so the bound is unknown; the instance's value decides or the tile is kept,
    never a guessed one."""
    text = _KERNEL.replace("static __global__ void k(", "template <int W>\nstatic __global__ void k(").replace(
        "kRows<ROWS>", "kRows<W * 32>").replace("k<<<1,", "k<40><<<1,")
    assert not _plan(text).rewritten
