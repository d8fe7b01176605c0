"""One block run per (kernel, instance, block shape, parameter binding) of the
sound program, split into each access's warp requests (issue 27 §2).

The prediction's samples of an access come from the lane domain
(lane_domain.py, run warp by warp: lane_vector.py): every kernel reaching the
array runs once per block shape and binding, its requests split per site
`(array, start, end)` and matched to an `ir.Access` by its source range
(`key_of`). An access block 0 does not run is taken from block 1 (the
replay's rule); one whose subscript is not one value and whose address reads
kernel parameters (lane_params.py) is sampled at PARAM_SAMPLES of each, its
requests pooled and said to vary where the bindings' conflicts differ by more
than AGREEMENT; data is drawn where the address reads data and no parameter
left unknown (lane_draws.py).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import cast

from .. import ir
from .. import sound_ir as s
from ..banks import DEFAULT_BANKS
from .budget import charge_once
from .facts import FactsCache
from .lane_domain import (GroupTrace, LaneFailure, LaneSite, LaneTrace, SiteKey, block_lanes, block_requests,
                          param_name, pooled, run_lane)
from .lane_params import DATA, site_params
from .lane_vector import run_block
from .predict import predict, row_major
from .soundness import _dims, _reach
from .warps import MAX_BOUND_PARAMS, PARAM_SAMPLES, AccessSamples

# Interpreter steps over all the threads of one block run, by default: past it
# the block gives no trace (a bound on the analysis's time, not a fact of the code).
BLOCK_STEPS = 100_000_000
AGREEMENT = 0.05  # predictions for different parameter values must agree this closely


BlockKey = tuple[str, tuple[tuple[str, int], ...], tuple[int, int, int], tuple[tuple[str, int], ...],
                 tuple[int, int, int]]
BLOCK_ONE = (1, 1, 1)  # where block 0 does not run an access, block 1 does


class LaneBlocks:
    """Each kernel instance's lanes run once per block shape, for every array of the file."""

    def __init__(self, program: s.Program, block_steps: int = BLOCK_STEPS, per_thread: bool = False):
        """`per_thread`: each thread run alone (lane_domain.run_lane), not warp by warp (lane_vector.py)."""
        self.per_thread = per_thread
        self.program = program
        self.block_steps = block_steps
        self.functions = {f.key: f for f in program.functions}
        self.reach = _reach(program)
        self.elem = {a.key: a.elem_bytes for a in program.arrays}
        self.facts = FactsCache()
        self.params = site_params(program)
        self.order = {param_name(p): k for f in program.functions if f.is_kernel for k, p in enumerate(f.params)}
        self._runs: dict[BlockKey, dict[SiteKey, LaneSite] | LaneFailure] = {}
        self._cost: dict[BlockKey, int] = {}  # each run's steps, charged to every array that takes it
        # (kernel, instance, parameters, block) whose run under some shape passed the step budget: not run
        # under the others (each costs the whole budget again, seconds, for the same unknown prediction).
        self._over: set[tuple] = set()

    def sites(self, array: str, shape: tuple[int, int, int], arguments: tuple[tuple[str, int], ...],
              params: tuple[tuple[str, int], ...] = (), block: tuple[int, int, int] = (0, 0, 0)
              ) -> dict[SiteKey, LaneSite] | LaneFailure:
        """The sites of every kernel that reaches `array`; `params`: kernel parameters bound by name."""
        out: dict[SiteKey, LaneSite] = {}
        for fn in self.program.functions:
            if not fn.is_kernel or array not in self.reach.get(fn.key, set()):
                continue
            bindings = self._bindings(fn, dict(arguments))
            key = (fn.key, tuple(sorted(bindings.items())), shape, params, block)
            unshaped = (key[0], key[1], key[3], key[4])
            if key not in self._runs and unshaped in self._over:
                self._runs[key], self._cost[key] = LaneFailure.BUDGET, 0
            if key not in self._runs:
                self._runs[key], self._cost[key] = self._run(fn, bindings, shape, dict(params), block)
                if self._runs[key] is LaneFailure.BUDGET:
                    self._over.add(unshaped)
            # The array's work budget (budget.py) pays once for each run it takes, memoized or
            # not: the same verdict whichever array ran it first.
            charge_once(key, self._cost[key])
            got = self._runs[key]
            if isinstance(got, LaneFailure):
                return got
            for site, found in got.items():
                out.setdefault(site, found)
        return out

    def params_for(self, site: SiteKey) -> tuple[str, ...]:
        """The kernel parameters `site`'s address may read, in the kernel's order
        (every integer parameter where rapcc has no expression at that span)."""
        names = self.params.get((site[1], site[2]))
        if names is None:
            names = frozenset(n for n in self.order if any(
                param_name(p) == n and p.ty.int_type is not None
                for f in self.program.functions if f.is_kernel for p in f.params))
        return tuple(sorted(names - {DATA}, key=lambda n: (self.order.get(n, 0), n)))

    def drawable(self, site: SiteKey, bound: tuple[tuple[str, int], ...]) -> bool:
        """Whether `site`'s value sets are data to draw: its address reads data, and
        no kernel parameter but those `bound` (lane_params.py)."""
        names = self.params.get((site[1], site[2]))
        return names is not None and DATA in names and names - {DATA} <= {n for n, _ in bound}

    def _bindings(self, fn: s.Function, wanted: dict[str, int]) -> dict[str, int]:
        """The template arguments of the instance analysed: the one the array
        analysis names, else the first launched one (none for a plain kernel)."""
        mine = [dict(i.arguments) for i in self.program.instances if i.kernel == fn.key
                and not any(n == "?" for n, _ in i.arguments)]
        fits = [b for b in mine if all(b.get(n) == v for n, v in wanted.items())]
        return (fits or mine or [{}])[0]

    def _run(self, fn: s.Function, bindings: dict[str, int], shape: tuple[int, int, int],
             params: dict[str, int], block: tuple[int, int, int] = (0, 0, 0)
             ) -> tuple[dict[SiteKey, LaneSite] | LaneFailure, int]:
        """The run's sites (or why it stopped) and its cost in steps (budget.py's units)."""
        dims = _dims(self.program, self.functions, bindings, self.reach.get(fn.key, set()))
        traces: list[LaneTrace | GroupTrace] = []
        if self.per_thread:
            for lane in block_lanes(shape):
                traces.append(run_lane(self.functions, fn, bindings, dims, self.elem, shape, lane, self.facts,
                                       params, block))
        else:
            traces += run_block(self.functions, fn, bindings, dims, self.elem, shape, self.facts, params,
                                block=block)
        cost = sum(t.steps for t in traces)
        failed = [t for t in traces if t.failed is not None]
        if failed:  # the first thread's, in the order of threads
            return cast(LaneFailure, min(failed, key=lambda t: t.lane if isinstance(t, LaneTrace) else
                                         block_lanes(shape)[min(t.tids)][::-1]).failed), cost
        if cost > self.block_steps:
            return LaneFailure.BUDGET, cost
        bound = tuple(sorted(params.items()))
        return block_requests(traces, dims=dims, drawable=lambda site: self.drawable(site, bound)), cost


def key_of(sites: dict[SiteKey, LaneSite], a: ir.Access) -> SiteKey | None:
    """The lanes' site for the collector's access: its span, else the innermost
    recorded span holding it (`atomicAdd(&t[i], 1)` is recorded at the call),
    else the one recorded span inside it (a macro's expansion)."""
    exact = (a.array, a.range.start, a.range.end)
    if exact in sites:
        return exact
    holding = [(e - st, (arr, st, e)) for (arr, st, e) in sites
               if arr == a.array and st <= a.range.start and a.range.end <= e]
    if holding:
        return min(holding, key=lambda h: h[0])[1]
    # A macro's expansion (`AT(s, i, j)` for `s[i][j]`): the one span of the array inside the access's range.
    inside = [(arr, st, e) for (arr, st, e) in sites if arr == a.array and a.range.start <= st and e <= a.range.end]
    return inside[0] if len(inside) == 1 else None


def sampled(blocks: LaneBlocks, array: str, shape: tuple[int, int, int], arguments: tuple[tuple[str, int], ...],
            a: ir.Access, dims: tuple[int, ...] | None, elem: int) -> LaneSite | LaneFailure | None:
    """The access's requests; where a subscript is not one value and its address
    may read kernel parameters (lane_params.py), pooled over PARAM_SAMPLES of
    each (the first parameter outermost, as the sampling binds
    them), and said to vary where the bindings' mean wavefronts differ by more
    than AGREEMENT. Block 1's, where block 0 does not run it."""
    block = (0, 0, 0)
    sites = blocks.sites(array, shape, arguments)
    if isinstance(sites, LaneFailure):
        return sites
    key = key_of(sites, a)
    if key is None:
        ones = blocks.sites(array, shape, arguments, block=BLOCK_ONE)
        if isinstance(ones, LaneFailure):
            return ones
        block, sites, key = BLOCK_ONE, ones, key_of(ones, a)
    found = sites.get(key) if key is not None else None
    if found is None or key is None or (found.unknown is None and not found.expected):
        return found
    names = blocks.params_for(key)
    if not names:
        return found
    if len(names) > MAX_BOUND_PARAMS:
        return LaneSite((), f"reads more than {MAX_BOUND_PARAMS} kernel parameters: {', '.join(names)}")
    per: list[LaneSite | None] = []
    for values in product(PARAM_SAMPLES, repeat=len(names)):
        got = blocks.sites(array, shape, arguments, tuple(zip(names, values)), block)
        if isinstance(got, LaneFailure):
            return got
        per.append(got.get(key))
    merged = replace(pooled(per), bound=names)
    means = [m[0] for m in (mean_wavefronts(p, dims, elem, a) for p in per
                            if p is not None and p.unknown is None) if m is not None]
    if means and max(means) - min(means) > AGREEMENT * max(means):
        return replace(merged, varies=", ".join(names))
    return merged


def mean_wavefronts(site: LaneSite, dims: tuple[int, ...] | None, elem: int, a: ir.Access
                    ) -> tuple[float, float] | None:
    """(mean wavefronts, requests) of `site` on the array as written, request by request."""
    p = predict(AccessSamples(site.instances, None), row_major(dims if dims else (0,)), max(elem, 1), a.width,
                a.offset, DEFAULT_BANKS)
    return None if p is None else (p.wavefronts, p.executions)
