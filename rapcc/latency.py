"""What a layout's extra index instructions cost where an access is latency-bound.

The planner's cost (planner.py) is a throughput model: an access costs its
wavefronts, and each extra integer instruction of a layout INSTR_COST of a
wavefront per warp instruction, since other warps' work hides its latency.
That holds where many warps keep the shared pipe busy. It fails in a tree
reduction (`index = 2*s*tid; if (index < n) s[index] += s[index + s];
__syncthreads();`) launched with few blocks: each trip of the loop is a phase
that no warp leaves before every warp finished it, a phase's few accesses sit
on its dependent critical path, and the layout's dependent instructions add
their latency (about LATENCY_COST cycles each on Hopper) to every phase, while
an extra wavefront costs one cycle of the shared pipe. Padding a 4-way
conflict there made CoffeeBeforeArch's sumReduction 4% slower on an H100 for a
one-block launch (benchmarks/results/realprog2-gpu-h100-2026-11-27).

The rule, from facts only: an access whose innermost loop ends every trip at
`__syncthreads()` (`ir.Loop.barrier`, frontend/barriers.py) pays a layout's
instructions once per phase per block, at their latency, shared among the
blocks of the kernel that can be resident on one SM under the launch with the
fewest blocks (each overlaps the others' phases): `LATENCY_COST x phases /
resident blocks` per instruction. The charge is the larger of that and the
throughput charge, so the rule only raises a layout's cost: it can keep an
array the throughput model would rewrite, never the reverse. Without a grid
the file's host code states (`ArrayAnalysis.grids`), the planner keeps the
throughput model, on which `auto` was calibrated (the GPU suite launches its
kernels on full grids).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .analysis.arrays import AccessAnalysis, ArrayAnalysis
    from .planner import Candidate

# The dependent latency of one integer instruction (IADD3, LOP3, SHF, IMAD)
# in cycles on Hopper, against one cycle per wavefront of the shared pipe
# (128 bytes per cycle per SM): the unit the planner's costs are in.
LATENCY_COST = 4.5
# The most threads and blocks any target's SM holds at once (sm_80, sm_90 and
# sm_100 hold 2048 threads; sm_86/sm_89 1536): an upper bound on the blocks
# that can hide each other's phases, so the latency charge is never too high.
MAX_THREADS_PER_SM = 2048
MAX_BLOCKS_PER_SM = 32


class CostRegime(Enum):
    """What bounds the time of a layout's extra instructions at an access."""

    THROUGHPUT = "throughput"  # other warps' work hides their latency: INSTR_COST per warp instruction
    LATENCY = "latency"  # barrier-separated phases of few warps: their latency, once per phase


@dataclass(frozen=True, slots=True)
class Residency:
    """The launch with the fewest blocks of a kernel under one block shape,
    and how many of its blocks an SM may hold at most."""

    grid: int  # blocks in that launch's grid
    blocks: int  # at most this many of them on one SM

    @staticmethod
    def of(grids: tuple[int, ...], threads: int) -> "Residency | None":
        """From the grids (block counts) the file's launches of this shape state; None without one."""
        if not grids or threads <= 0:
            return None
        grid = min(grids)
        per_sm = max(1, MAX_THREADS_PER_SM // threads)
        return Residency(grid, min(grid, per_sm, MAX_BLOCKS_PER_SM))


@dataclass(frozen=True, slots=True)
class InstructionCharge:
    """What a layout's extra instructions cost at one access, and which bound set it."""

    cost: float
    regime: CostRegime


def phases(x: "AccessAnalysis") -> float:
    """The barrier-separated phases a block runs the access in: the trips of
    its innermost loop (under each trip of the outer ones) in which some lane
    runs it, each weighted by the trips it stands for; 0.0 where that loop
    does not end every trip at a barrier, or a loop rapcc does not follow lies
    between (`ir.Access.in_phase`: no phase is known)."""
    if not x.access.in_phase:
        return 0.0
    seen: dict[tuple[int, ...], float] = {}
    for inst in x.samples.instances:
        if inst.active.any():
            seen[inst.trips] = max(seen.get(inst.trips, 0.0), inst.weight)
    return sum(seen.values())


def instruction_charge(ops: int, executions: float, phase_count: float, per_instruction: float,
                       residency: Residency | None) -> InstructionCharge:
    """`ops` extra instructions at an access run `executions` times per block in
    `phase_count` phases; `per_instruction` is the throughput model's price
    (INSTR_COST). The larger of the two charges, and which it was."""
    throughput = per_instruction * ops * executions
    if not ops or residency is None or phase_count <= 0.0:
        return InstructionCharge(throughput, CostRegime.THROUGHPUT)
    latency = LATENCY_COST * ops * phase_count / residency.blocks
    if latency > throughput:
        return InstructionCharge(latency, CostRegime.LATENCY)
    return InstructionCharge(throughput, CostRegime.THROUGHPUT)


@dataclass(frozen=True, slots=True)
class LatencyBound:
    """Why `auto` keeps an array the throughput model alone would rewrite: the
    layout it would take, whose instructions the latency rule charged."""

    strategy: str
    ops: int  # its extra instructions per access
    cost: float  # under the latency rule
    throughput_cost: float  # under the throughput model alone
    unchanged: float
    lines: tuple[int, ...]  # the accesses charged by latency
    residency: Residency

    def words(self) -> str:
        r = self.residency
        where = ", ".join(str(n) for n in self.lines)
        blocks = "1 block" if r.grid == 1 else f"{r.grid:,} blocks"
        resident = f"at most {r.blocks} of them" if r.blocks > 1 else "one"
        return (f"the accesses at line{'s' if len(self.lines) > 1 else ''} {where} run in barrier-separated phases "
                f"and a launch of {blocks} puts {resident} on an SM, so {self.strategy}'s {self.ops} extra dependent "
                f"instruction{'s' if self.ops != 1 else ''} per access add their latency to every phase "
                f"(cost {self.cost:.1f} vs {self.unchanged:.1f} unchanged; {self.throughput_cost:.1f} if other "
                "warps hid it)")


def latency_bound(a: "ArrayAnalysis", gainers: "list[Candidate]", unchanged: float) -> LatencyBound | None:
    """The cheapest of `gainers` (candidates the throughput model alone finds
    faster than unchanged) that the latency rule made no gain, as data; None
    when there is none (the array is kept for another reason)."""
    residency = Residency.of(a.grids, a.block.threads)
    latency = [c for c in gainers if c.regime is CostRegime.LATENCY and c.throughput_cost is not None]
    if residency is None or not latency:
        return None
    best = min(latency, key=lambda c: c.throughput_cost or 0.0)
    return LatencyBound(best.mapping.strategy, best.mapping.ops, best.cost, best.throughput_cost or 0.0, unchanged,
                        best.latency_lines, residency)
