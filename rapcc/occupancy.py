"""Shared memory against occupancy: a layout that grows an array is given up
where it lowers the number of blocks a streaming multiprocessor holds.

Resident blocks per SM are the fewest that any of three limits allows: the
blocks per SM, the threads per SM over the block's threads, and the shared
memory per SM over the block's (its static arrays plus the 1 KB the CUDA
runtime reserves per block; CUDA C++ Programming Guide, "Shared Memory" of
compute capability 9.0, and the occupancy calculator). Registers are unknown
before ptxas runs and are left out; a kernel's dynamic shared memory is set at
launch and is left out too (the estimate is then of the most blocks possible,
so a loss it finds is real). The kernel's threads are those of every block
shape it is planned for: a layout is given up if any of them loses blocks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from .planner import ArrayPlan
from .static_limit import static_bytes
from .strategies import identity


@dataclass(frozen=True, slots=True)
class ArchLimits:
    name: str
    shared_per_sm: int  # bytes
    shared_per_block: int  # bytes, the most one block may have
    reserved_per_block: int  # bytes the runtime keeps per resident block
    threads_per_sm: int
    blocks_per_sm: int


SM_90 = ArchLimits("sm_90", 228 * 1024, 227 * 1024, 1024, 2048, 32)


class GiveUp(Enum):
    """Why a layout the cost model chose is not applied."""

    OCCUPANCY = "occupancy"


@dataclass(frozen=True, slots=True)
class OccupancyLoss:
    """A layout given up because its kernel would hold fewer blocks per SM."""

    kernel: str
    layout: str  # the mapping given up, as the report names it
    threads: int  # of the block shape that loses
    bytes_before: int  # the kernel's static shared memory per block
    bytes_after: int
    blocks_before: int  # resident blocks per SM
    blocks_after: int
    arch: str
    why: GiveUp = GiveUp.OCCUPANCY

    def text(self) -> str:
        return (f"'{self.layout}' would take '{self.kernel}' from {self.bytes_before} to {self.bytes_after} bytes of "
                f"static shared memory, {self.blocks_before} -> {self.blocks_after} resident blocks per SM of "
                f"{self.arch} at {self.threads} threads per block")


def resident_blocks(shared: int, threads: int, arch: ArchLimits = SM_90) -> int:
    """Blocks of `threads` threads and `shared` bytes of shared memory one SM holds (0: none fits)."""
    if shared > arch.shared_per_block or threads <= 0:
        return 0
    by_shared = arch.shared_per_sm // (shared + arch.reserved_per_block)
    return min(arch.blocks_per_sm, arch.threads_per_sm // threads, by_shared)


def _owned(plans: list[ArrayPlan], kernel: str, owners: set[str]) -> list[int]:
    """The plans whose arrays a kernel's blocks hold: its own, and (without a
    call graph) those of device functions and of the file scope."""
    return [k for k, p in enumerate(plans) if p.analysis.array.function in (kernel, None)
            or p.analysis.array.function not in owners]


def within_occupancy(plans: tuple[ArrayPlan, ...], kernels: tuple[str, ...],
                     arch: ArchLimits = SM_90) -> tuple[ArrayPlan, ...]:
    """The plans, with the layouts that grow arrays given up, largest growth
    first, wherever they lower a kernel's resident blocks per SM under one of
    its block shapes; each such plan records an OccupancyLoss."""
    out = list(plans)
    owners = set(kernels)
    for kernel in sorted(owners):
        mine = [k for k in _owned(out, kernel, owners)]
        threads = sorted({s.block.threads for k in mine if out[k].analysis.array.function == kernel
                          for s in out[k].analysis.per_shape})
        while threads:
            sizes = {k: static_bytes(out[k]) for k in mine}
            before, after = sum(b for b, _ in sizes.values()), sum(a for _, a in sizes.values())
            lost = next(((t, resident_blocks(before, t, arch), resident_blocks(after, t, arch)) for t in threads
                         if resident_blocks(after, t, arch) < resident_blocks(before, t, arch)), None)
            grown = [k for k in mine if sizes[k][1] > sizes[k][0]]
            if lost is None or not grown:
                break
            k = max(grown, key=lambda k: sizes[k][1] - sizes[k][0])
            old = out[k]
            loss = OccupancyLoss(kernel, old.mapping.description, lost[0], before, after, lost[1], lost[2], arch.name)
            same_size = [c for c in old.candidates if c.mapping.strategy != "none" and not c.mapping.elem_pad
                         and math.prod(c.mapping.phys_dims) <= math.prod(c.mapping.written_dims)] \
                if not old.analysis.instances else []
            base = next((c for c in old.candidates if c.mapping.strategy == "none"), None)
            best = min(same_size, key=lambda c: (round(c.cost, 9), c.mapping.ops)) if same_size else None
            if best is not None and base is not None and best.cost < base.cost:
                out[k] = replace(old, mapping=best.mapping, after=best.predictions, given_up=loss,
                                 reason=f"{loss.text()}; {best.mapping.strategy} keeps its size")
            else:
                out[k] = replace(old, mapping=identity(old.mapping.written_dims), after=old.before, given_up=loss,
                                 reason=f"unchanged: {loss.text()}")
    return tuple(out)
