"""The latency rule of the planner's cost (rapcc/latency.py, issue 30): a
layout's extra instructions at an access in barrier-separated phases cost
their dependent latency once per phase, shared by the blocks an SM holds
under the launch with the fewest blocks.

tests/latency/sumReduction.cu is CoffeeBeforeArch's sum reduction as fetched
for issue 30's real programs (third_party/realprog2/cba-03-sum-reduction-bank-
conflicts): padding its 4-way conflict made the one-block launch 4% slower on
an H100 (benchmarks/results/realprog2-gpu-h100-2026-11-27)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rapcc.frontend import parse_file
from rapcc.latency import (LATENCY_COST, MAX_BLOCKS_PER_SM, CostRegime, Residency, instruction_charge)
from rapcc.planner import INSTR_COST, ArrayPlan
from rapcc.pipeline import Options, rewrite_source

SUM_REDUCTION = Path(__file__).resolve().parent / "latency" / "sumReduction.cu"


def _plan(source: bytes, name: str, path: str = "k.cu") -> ArrayPlan:
    r = rewrite_source(source, path, Options(whole_program=True, strategy="auto"))
    return next(p for p in r.plans if p.analysis.array.name == name)


def _sum_reduction(launches: str | None = None) -> bytes:
    """The fixture, with its two launches replaced by `launches` (a statement) when given."""
    text = SUM_REDUCTION.read_bytes()
    if launches is None:
        return text
    old = b"  sumReduction<<<GRID_SIZE, TB_SIZE>>>(d_v, d_v_r);\n\n  sumReduction<<<1, TB_SIZE>>>(d_v_r, d_v_r);\n"
    assert old in text
    return text.replace(old, launches.encode())


# -- the cost rule ------------------------------------------------------------------------------------------

def test_residency_is_the_fewest_blocks_an_sm_may_hold() -> None:
    assert Residency.of((), 256) is None  # no grid the file states: no latency charge
    assert Residency.of((256, 1), 256) == Residency(grid=1, blocks=1)  # the launch with the fewest binds
    assert Residency.of((256,), 256) == Residency(grid=256, blocks=8)  # 2048 threads an SM / 256
    assert Residency.of((100_000,), 32).blocks == MAX_BLOCKS_PER_SM
    assert Residency.of((3,), 1024) == Residency(grid=3, blocks=2)


def test_latency_is_charged_once_per_phase_and_shared_by_resident_blocks() -> None:
    one = Residency(grid=1, blocks=1)
    c = instruction_charge(2, 12.0, 8.0, INSTR_COST, one)
    assert c.regime is CostRegime.LATENCY
    assert c.cost == pytest.approx(LATENCY_COST * 2 * 8.0)
    full = instruction_charge(2, 12.0, 8.0, INSTR_COST, Residency(grid=4096, blocks=8))
    assert full.regime is CostRegime.LATENCY and full.cost == pytest.approx(LATENCY_COST * 2 * 8.0 / 8)


@pytest.mark.parametrize("ops, executions, phase_count, residency", [
    (0, 12.0, 8.0, Residency(1, 1)),  # no extra instruction: nothing to charge
    (2, 12.0, 0.0, Residency(1, 1)),  # no barrier-separated phase known
    (2, 12.0, 8.0, None),  # no grid known
    (2, 4096.0, 8.0, Residency(1, 1)),  # so many warp instructions a phase that issuing them is the bound
])
def test_the_throughput_model_stays_where_the_rule_has_no_fact_or_is_not_the_bound(
        ops: int, executions: float, phase_count: float, residency: Residency | None) -> None:
    c = instruction_charge(ops, executions, phase_count, INSTR_COST, residency)
    assert c.regime is CostRegime.THROUGHPUT
    assert c.cost == pytest.approx(INSTR_COST * ops * executions)


@pytest.mark.parametrize("executions", [1.0, 12.0, 100.0, 10_000.0])
@pytest.mark.parametrize("blocks", [1, 2, 8, 32])
def test_the_rule_never_charges_less_than_the_throughput_model(executions: float, blocks: int) -> None:
    """It may only keep an array the throughput model would rewrite, never the reverse."""
    c = instruction_charge(3, executions, 8.0, INSTR_COST, Residency(blocks, blocks))
    assert c.cost >= INSTR_COST * 3 * executions - 1e-9


# -- the tree reduction and its twins ------------------------------------------------------------------------

def test_the_one_block_tree_reduction_is_kept_with_the_reason() -> None:
    p = _plan(_sum_reduction(), "partial_sum", str(SUM_REDUCTION))
    assert not p.rewritten
    assert "barrier-separated phases" in p.reason
    assert "a launch of 1 block puts one on an SM" in p.reason
    assert "at line 37" in p.reason
    assert p.analysis.grids == (1, 256)
    pad = min((c for c in p.candidates if c.mapping.strategy == "pad"), key=lambda c: c.cost)
    base = next(c for c in p.candidates if c.mapping.strategy == "none")
    assert pad.regime is CostRegime.LATENCY and pad.latency_lines == (37,)
    # The throughput model alone would pad it (issue 30: 54.9 vs 150.0), the rule does not.
    assert pad.throughput_cost is not None and pad.throughput_cost < base.cost < pad.cost
    assert base.regime is CostRegime.THROUGHPUT


def test_twin_the_same_reduction_on_a_full_grid_is_still_rewritten() -> None:
    """Throughput-bound: 65,536 blocks fill every SM (8 blocks of 256 threads
    each), whose phases hide each other's latency, as the GPU suite's
    reduce_interleaved measured (1.15x padded)."""
    p = _plan(_sum_reduction("  sumReduction<<<65536, TB_SIZE>>>(d_v, d_v_r);\n"), "partial_sum")
    assert p.rewritten
    assert p.analysis.grids == (65536,)
    assert "barrier-separated" not in p.reason


def test_twin_an_unknown_grid_keeps_the_throughput_model() -> None:
    p = _plan(_sum_reduction("  sumReduction<<<N / TB_SIZE + rand(), TB_SIZE>>>(d_v, d_v_r);\n"), "partial_sum")
    assert p.analysis.grids == ()
    assert p.rewritten


BARRIER_COLUMNS = """
__global__ void cols(const float *in, float *out, int n) {
    __shared__ float s[256 * 33];
    for (int k = 0; k < 32; ++k)
        s[k * 256 + threadIdx.x] = in[k * 256 + threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
        acc += s[threadIdx.x * 32 + (k & 31)];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}
void run(const float *in, float *out, int n) { cols<<<1, 256>>>(in, out, n); }
"""


def test_twin_a_32_way_conflict_in_the_same_phases_is_still_rewritten() -> None:
    """One block, a barrier every trip: the latency is charged, and a 32-way
    conflict (31 wavefronts a warp, 8 warps a phase) still pays for it."""
    p = _plan(BARRIER_COLUMNS.encode(), "s")
    assert p.analysis.grids == (1,)
    assert p.rewritten, p.reason
    chosen = next(c for c in p.candidates if c.mapping == p.mapping)
    assert chosen.regime is CostRegime.LATENCY  # charged, and still cheaper than unchanged


# -- the front end's facts -----------------------------------------------------------------------------------

LOOPS = """
__global__ void k(int *out, int n) {
    __shared__ int s[256];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (int a = 1; a < 256; a *= 2) {          // phases
        s[threadIdx.x] += a;
        __syncthreads();
    }
    for (int b = 1; b < 256; b *= 2) {          // a barrier under a branch: no fact
        s[threadIdx.x] += b;
        if (n > 3) __syncthreads();
    }
    for (int c = 1; c < 256; c *= 2) {          // a loop rapcc does not follow inside the phase
        int d = 0;
        do { s[threadIdx.x] += d; d++; } while (d < n);
        s[threadIdx.x] += c;
        __syncthreads();
    }
    out[threadIdx.x] = s[threadIdx.x];
}
void run(int *out, int n) { dim3 g(2, 3); k<<<g, 256>>>(out, n); k<<<n, 256>>>(out, n); }
"""


def test_loops_know_whether_every_trip_ends_at_a_barrier() -> None:
    p = _plan(LOOPS.encode(), "s")
    by_line = {}
    for x in p.analysis.accesses:
        by_line.setdefault(x.access.range.line, []).append(x.access.in_phase)
    assert by_line[4] == [False]  # in no loop
    assert by_line[7] == [True]
    assert by_line[11] == [False]
    assert by_line[16] == [False]  # inside the do-while
    assert by_line[17] == [True]   # after it, in the phase itself


def test_launch_grids_are_read_and_an_unknown_one_is_none() -> None:
    info, _ = parse_file("k.cu", LOOPS.encode(), Options(whole_program=True))
    k = next(k for k in info.kernels if k.name == "k")
    assert set(k.launch_grids) == {((256, 1, 1), 6), ((256, 1, 1), None)}  # dim3 g(2, 3); a grid of n blocks
    assert _plan(LOOPS.encode(), "s").analysis.grids == (6,)  # the known one


def test_a_grid_through_cuda_launch_kernel_is_read() -> None:
    src = """
__global__ void k(int *out) {
    __shared__ int s[64]; s[threadIdx.x] = 1; __syncthreads(); out[threadIdx.x] = s[63 - threadIdx.x];
}
void run(int *out) { void *args[] = {&out}; cudaLaunchKernel((void *)k, dim3(5), dim3(64), args, 0, 0); }
"""
    info, _ = parse_file("k.cu", src.encode(), Options(whole_program=True))
    k = next(k for k in info.kernels if k.name == "k")
    assert k.launch_grids == (((64, 1, 1), 5),)


def test_explain_says_which_candidates_paid_their_latency(run_cli) -> None:
    code, _, err = run_cli("--explain", "--whole-program", "tests/latency/sumReduction.cu")
    assert code == 0
    assert "chose none (unchanged: no candidate is predicted faster: the accesses at line 37" in err
    pad = next(line for line in err.splitlines() if line.split()[1:2] == ["pad"])
    assert "at line 37 its instructions cost their latency in each barrier-separated phase" in pad
    none = next(line for line in err.splitlines() if line.split()[1:2] == ["none"])
    assert "latency" not in none
