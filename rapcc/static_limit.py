"""The static shared-memory budget of a kernel's plans: layouts that grow
arrays are given up where the block's static and dynamic shared memory would
pass what ptxas and the launches allow (moved from planner.py)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from . import ir
from .planner import ArrayPlan
from .strategies import identity


# Static `__shared__` memory a block may declare (every architecture from sm_70
# on: more needs dynamic memory and cudaFuncSetAttribute). ptxas refuses a
# kernel over it ("uses too much shared data"), so no layout may take one there.
STATIC_SHARED_LIMIT = 48 * 1024


def static_bytes(p: ArrayPlan) -> tuple[int, int]:
    """(bytes before, bytes after) the plan's layout, for the largest
    instantiation of a template-sized array; (0, 0) for `extern` memory."""
    a = p.analysis
    if a.array.is_extern:
        return 0, 0
    elem = a.elem_bytes
    if a.instances:
        pad = p.mapping.phys_dims[-1] - p.mapping.logical_dims[-1] if p.rewritten else 0
        sizes = [(math.prod(i.logical_dims or ()), math.prod((i.logical_dims or (0,))[:-1]) * pad) for i in a.instances]
        return max(n for n, _ in sizes) * elem, max(n + g for n, g in sizes) * elem
    return math.prod(p.mapping.written_dims) * elem, math.prod(p.mapping.phys_dims) * p.mapping.elem_bytes(elem)


@dataclass(frozen=True, slots=True)
class DynamicBytes:
    """The dynamic shared memory of a kernel's launches, for `within_static_limit`."""

    most: int | None  # the most bytes any launch asks for; None when some launch's is not known
    unknown: str | None = None  # why not, for the reason


def within_static_limit(plans: tuple[ArrayPlan, ...], kernels: tuple[str, ...],
                        dynamic: dict[str, DynamicBytes] | None = None) -> tuple[ArrayPlan, ...]:
    """The plans, with the layouts that grow arrays given up, largest growth
    first, wherever a kernel's static shared memory would grow past what its
    launches allow. A block holds its static arrays and the dynamic memory
    its launch asks for, together within STATIC_SHARED_LIMIT, so growth is
    allowed only where `dynamic` says how many dynamic bytes every launch of
    the kernel asks for (`ir.Kernel.launch_dynamic_smem`, read by the host
    interpreter, frontend/host_calls.py) and the sum stays within
    the limit; a kernel absent from `dynamic`, or whose launches are not all
    read, may not grow. A same-size layout (XOR, RAP, hashes) is taken where
    it still gains. A kernel counts its own arrays, and, since rapcc does not
    follow the call graph here, those of every `__device__` function and the
    file-scope arrays: an over-count never emits code that fails to build."""
    out = list(plans)
    dynamic = dynamic or {}
    owners = set(kernels) or {p.analysis.array.function for p in plans}
    for kernel in sorted(o for o in owners if o is not None):
        launches = dynamic.get(kernel, DynamicBytes(None, "no launch of it in this file"))
        while True:
            mine = [k for k, p in enumerate(out) if p.analysis.array.function in (kernel, None)
                    or p.analysis.array.function not in owners]
            sizes = {k: static_bytes(out[k]) for k in mine}
            before, after = sum(b for b, _ in sizes.values()), sum(a for _, a in sizes.values())
            if after <= before or launches.most is not None and after + launches.most <= STATIC_SHARED_LIMIT:
                break
            k = max((k for k in mine if sizes[k][1] > sizes[k][0]), key=lambda k: sizes[k][1] - sizes[k][0])
            old = out[k]
            same_size = [c for c in old.candidates if math.prod(c.mapping.phys_dims) <= math.prod(c.mapping.written_dims)
                         and c.mapping.strategy != "none" and not c.mapping.elem_pad] if not old.analysis.instances else []
            keep = identity(old.mapping.written_dims)
            if launches.most is None:
                why = (f"'{old.mapping.description}' would grow the static shared memory of '{kernel}' from {before} "
                       f"to {after} bytes, and the dynamic shared memory of its launches is not known "
                       f"({launches.unknown})")
            else:
                why = (f"'{old.mapping.description}' would take '{kernel}' to {after} bytes of static shared memory "
                       f"and {launches.most} of dynamic, over the {STATIC_SHARED_LIMIT}-byte limit")
            base = next((c for c in old.candidates if c.mapping.strategy == "none"), None)
            best = min(same_size, key=lambda c: c.cost) if same_size else None
            if best is not None and base is not None and best.cost < base.cost:
                out[k] = replace(old, mapping=best.mapping, after=best.predictions,
                                 reason=f"{why}; {best.mapping.strategy} keeps its size")
            else:
                out[k] = replace(old, mapping=keep, after=old.before, reason=f"unchanged: {why}")
    return tuple(out)


def dynamic_bytes(kernels: tuple[ir.Kernel, ...], stated: int | None = None) -> dict[str, DynamicBytes]:
    """`within_static_limit`'s view of each kernel's launches; kernels of one
    name (overloads) count together: unknown if any of them is. `stated`: the
    most any launch asks for, as the user states it (`--dynamic-smem`), which
    stands for the launches rapcc does not read."""
    out: dict[str, DynamicBytes] = {}
    for k in kernels:
        had = out.get(k.name, DynamicBytes(0))
        if had.most is None:
            continue
        bytes_ = k.launch_dynamic_smem
        if stated is None and k.launched_elsewhere:
            out[k.name] = DynamicBytes(None, "another file may launch it (external linkage; give rapcc the project "
                                             "with -p, or --whole-program)")
        elif stated is not None:
            out[k.name] = DynamicBytes(max(had.most, stated, *(b for b in bytes_ if b is not None)))
        elif not bytes_:
            out[k.name] = DynamicBytes(None, "no launch of it in this file")
        elif None in bytes_:
            # A launch rapcc does not read at all (the kernel's address passed on, a dropped launch) adds None
            # too (host_values.kernel_fields); one whose block shape alone is unknown keeps its bytes.
            out[k.name] = DynamicBytes(None, "some launch's dynamic shared memory is not known")
        else:
            out[k.name] = DynamicBytes(max(had.most, *(b for b in bytes_ if b is not None)))
    return out
