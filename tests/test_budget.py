"""A work budget per array (rapcc/analysis/budget.py): an array whose analysis spends
more than its budget is kept as written with a `rapcc-budget` note; the rest of the file goes on."""
from __future__ import annotations

import pytest

from rapcc.analysis.budget import BudgetExceeded, OverBudget, charge, metered
from rapcc.pipeline import Options, rewrite_source

LIGHT = b"""
__global__ void transpose(float *out, const float *in, int n)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int i = 0; i < 32; i += 8)
        tile[threadIdx.y + i][threadIdx.x] = in[(y + i) * n + x];
    __syncthreads();
    for (int i = 0; i < 32; i += 8)
        out[(y + i) * n + x] = tile[threadIdx.x][threadIdx.y + i];
}
void launch(float *out, const float *in) { transpose<<<dim3(2, 2), dim3(32, 8)>>>(out, in, 64); }
"""

# Three nested loops of 32 trips over 256 lanes: far more lane-steps than the transpose.
HEAVY = b"""
__global__ void heavy(float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float acc[32][33];
    for (int a = 0; a < 32; a++)
        for (int b = 0; b < 32; b++)
            for (int c = 0; c < 32; c++)
                acc[(threadIdx.x + a + b + c) % 32][threadIdx.x % 32] += 1.0f;
    out[threadIdx.x] = acc[threadIdx.x % 32][0];
}
"""

BUDGET = 200_000


def _plans(source: bytes, budget: int | None):
    result = rewrite_source(source, "k.cu", Options(whole_program=True, array_budget=budget))
    return result, {p.analysis.array.name: p for p in result.plans}


def test_meter_counts_and_stops() -> None:
    with metered(10):
        charge(4)
        charge(6)
        with pytest.raises(BudgetExceeded) as exc:
            charge(1)
    assert exc.value.outcome == OverBudget(10, 11)
    charge(10 ** 9)  # outside a metered block nothing is counted


def test_an_array_over_budget_is_kept_and_the_other_is_rewritten() -> None:
    source = LIGHT + HEAVY
    unlimited, plans = _plans(source, None)
    assert plans["tile"].rewritten and plans["acc"].analysis.over_budget is None
    assert plans["acc"].analysis.accesses  # analysed in full without a budget
    result, plans = _plans(source, BUDGET)
    assert plans["tile"].rewritten  # the rest of the file goes on
    assert plans["tile"].mapping == unlimited.plans[0].mapping
    acc = plans["acc"]
    assert not acc.rewritten and acc.analysis.over_budget is not None
    assert acc.analysis.over_budget.budget == BUDGET and acc.analysis.over_budget.spent > BUDGET
    notes = [d for d in result.diagnostics if d.check_id == "rapcc-budget"]
    assert len(notes) == 1 and "'acc'" in notes[0].message and notes[0].level == "note"
    assert notes[0].line == source.decode()[:source.index(b"acc[32]")].count("\n") + 1
    # The kept array's text is unchanged; the transpose's is rewritten.
    assert b"acc[32][33]" in result.text and b"tile[32][32]" not in result.text


def test_the_outcome_is_deterministic() -> None:
    first, a = _plans(LIGHT + HEAVY, BUDGET)
    second, b = _plans(LIGHT + HEAVY, BUDGET)
    assert first.text == second.text
    assert a["acc"].analysis.over_budget == b["acc"].analysis.over_budget
