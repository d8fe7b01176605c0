"""Lay out the warps of a block and replay an access's loops and guards per lane.

Warps are consecutive linear thread ids, x fastest (CUDA programming guide,
"SIMT architecture"). Each enclosing `for` loop is stepped for all lanes in
lockstep; a warp executes an iteration when any lane's condition holds, and
only lanes whose loop conditions and guards hold take part.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable, cast

import numpy as np

from .. import cint, ir
from .budget import charge
from .evaluate import Env, Unknown, evaluate
from .dependence import access_reads_block_index, reads, sampled_loops
from .warptable import TableBuilder, WarpInstance, WarpTable

MAX_TRIPS = 64  # iterations replayed per loop when its trip count is known
UNKNOWN_TRIPS = 4  # iterations sampled when the loop condition cannot be evaluated
# ... and how many trips they stand for: such a loop runs to a size known at run
# time (items, reps, K / TILE), usually a kernel's main loop; weighting its four
# replayed trips as four underweights it against the fills and drains around
# it (private_datadep on an H200: 13 trips, and only this weight picks its
# fastest layout).
ASSUMED_TRIPS = 16
# Trips a sampled loop is stepped through (no replay) to learn its trip count,
# so that the MAX_TRIPS it replays are spread over all of them and weighted.
COUNT_TRIPS = 4096
MAX_INSTANCES = 4096


@dataclass(frozen=True, slots=True)
class BlockShape:
    x: int
    y: int = 1
    z: int = 1
    source: str = "assumed"  # option | pragma | launch_bounds | assumed

    @property
    def threads(self) -> int:
        return self.x * self.y * self.z

    def text(self) -> str:
        return f"{self.x}x{self.y}x{self.z}" if self.z > 1 else f"{self.x}x{self.y}"


@dataclass(frozen=True, slots=True)
class AccessSamples:
    instances: Sequence[WarpInstance]  # a WarpTable as the replay makes them (warptable.py), or a tuple
    unknown: str | None  # why the lanes' indices could not be computed
    unknown_key: str | None = None  # the kernel parameter it was, when it was one
    # Non-empty: the data-dependent values (as written) these samples draw as
    # uniform data (see datadraw.py); predictions are then expectations.
    expected: tuple[str, ...] = ()
    # Set when the conflicts change with the value of kernel parameters: the
    # samples pool every sampled value (a mean over them), the text says which.
    varies: str | None = None
    # How many innermost enclosing loops have constant trip counts nvcc
    # unrolls: the accesses of their trips may become one vector instruction,
    # and (`reloads`: a load with no store to its array in those loops) a
    # repeated address is loaded once (predict.py).
    unrolled: int = 0
    reloads: bool = False

    @property
    def undecided(self) -> str | None:
        """Why no layout may be chosen on these samples (unknown or varying), or None."""
        return self.unknown if self.unknown is not None else self.varies


def warp_builtins(block: BlockShape, first_warp: int, warp_size: int = 32,
                  warps: int = 1) -> tuple[dict[str, np.ndarray | int], np.ndarray]:
    """Builtins for the lanes of `warps` consecutive warps, and which lanes exist."""
    tid = np.arange(first_warp * warp_size, (first_warp + warps) * warp_size, dtype=np.int64)
    exists = tid < block.threads
    tid = np.minimum(tid, block.threads - 1)
    builtins: dict[str, np.ndarray | int] = {
        "threadIdx.x": tid % block.x, "threadIdx.y": (tid // block.x) % block.y,
        "threadIdx.z": tid // (block.x * block.y),
        "blockDim.x": block.x, "blockDim.y": block.y, "blockDim.z": block.z,
        "blockIdx.x": 0, "blockIdx.y": 0, "blockIdx.z": 0, "warpSize": warp_size,
    }
    return builtins, exists


def _lanes(v, n: int) -> np.ndarray:
    """`v` (a number or per-lane values) as a fresh int64 array of the n lanes."""
    if isinstance(v, np.ndarray) and v.shape == (n,):
        return v.astype(np.int64)  # a copy, as broadcast_to(...).copy() made (called per trip: issue 20)
    v = np.asarray(v, dtype=np.int64)
    if v.ndim > 1:  # an assignment would drop leading unit axes, which broadcast_to refuses
        return np.broadcast_to(v, (n,)).copy()
    # A filled fresh array, as broadcast_to(...).copy() made, at a third of its cost or less.
    out = np.empty(n, dtype=np.int64)
    out[...] = v
    return out


def _truth(cond: ir.Expr, env: Env, n: int) -> np.ndarray | None:
    try:
        return _lanes(evaluate(cond, env), n) != 0
    except Unknown:
        return None


def _step(op: str, step: ir.Expr, value: np.ndarray, env: Env) -> np.ndarray:
    a = _lanes(evaluate(step, env), len(value))
    if op == "=":  # a recurrence: the step is the new value, computed from the old
        return a
    if op == "/":  # C's division; a lane dividing by zero gets 0 (a finished lane's step is never read)
        return np.where(a != 0, cint.ARRAY_OPS["/"](value, np.where(a == 0, 1, a)), 0)
    return cint.ARRAY_OPS[op](value, a)


PARAM_SAMPLES = (8, 33)  # values tried for a kernel parameter the access depends on
MAX_BOUND_PARAMS = 3  # hotspot's grid_rows, grid_cols and iteration


@dataclass(frozen=True, slots=True)
class ParamSamples:
    """The samples of one access for each tried value of the parameters it reads."""

    by_binding: tuple[tuple[tuple[tuple[str, int], ...], AccessSamples], ...]
    unknown: str | None

    @property
    def bound_names(self) -> tuple[str, ...]:
        return tuple(dict(self.by_binding[0][0])) if self.by_binding else ()


# The name `_bound_env` binds when there are no bindings to bind: nothing reads
# it, so every definition computed under it is shared with the root.
_NO_BINDING = "#no-binding"


def _block_root(block: BlockShape, vars: dict[str, ir.VarDef], warp_size: int = 32,
                fixed: dict[str, int] | None = None) -> tuple[Env, np.ndarray]:
    """The environment of all warps of the block with the `fixed` parameters
    bound, and which lanes exist. Every binding's replay is a child of it
    (`_bound_env`)."""
    builtins, exists = warp_builtins(block, 0, warp_size, -(-block.threads // warp_size))
    return Env(builtins, dict(fixed or {}), vars, clamp_shifts=True), exists


def _bound_env(root: Env, bindings: dict[str, int]) -> Env:
    """`root` with `bindings` bound, one child per name: a definition that reads
    none of them is computed once under `root` for every binding (hoist.py),
    the draws' hash among them (issue 20: SHOC's sort replayed it per binding)."""
    env = root
    for key, value in bindings.items():
        if key not in root.values or root.values[key] != value:
            env = env.child(key, value)
    return env if env is not root else root.child(_NO_BINDING, 0)


def sample_access(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, warp_size: int = 32,
                  bindings: dict[str, int] | None = None,
                  loops: tuple[ir.Loop, ...] | None = None,
                  root: tuple[Env, np.ndarray] | None = None, rounds: int = 1) -> AccessSamples:
    """Replay `access` for every warp of the block (see module docstring).

    `bindings` fixes parameters to values. Only the guards and loop conditions
    make lanes inactive: an index outside the array's dimensions is a fact the
    sound range proof (`soundness.py`) refuses the array for, never a reason to drop a lane.
    `loops`: `sampled_loops(access, vars)` where the caller has it (it depends on
    neither the block nor the bindings). `root`: `_block_root(block, vars,
    warp_size, fixed)` where the caller replays several bindings under it, all
    of which bind `fixed` as it does (or rounds.py's, its salts too); `rounds`:
    its lanes are that many rounds of draws side by side (rounds.py).
    """
    out = TableBuilder(warp_size)
    if loops is None:
        loops = sampled_loops(access, vars)
    try:
        # All warps of the block advance together: a warp only yields an
        # instruction in the iterations where one of its own lanes is active.
        bound = dict(bindings or {})
        if root is None:
            root = _block_root(block, vars, warp_size)
        top, exists = root
        builtins = top.builtins
        env = _bound_env(top, bound)
        _replay(access, loops, env, exists, out, rounds)
        if rounds > 1 and len({w * rounds * warp_size // len(exists) for w in out.warps()}) < rounds \
                and access_reads_block_index(access, vars):
            raise RoundsDiffer("a round with no instruction would replay block 1")
        if not out.count and access_reads_block_index(access, vars):
            # Block 0 does not run it (`if (blockIdx.y == 0) ... else <here>`):
            # the other blocks do; they are sampled as block 1 along each axis.
            env = Env({**builtins, "blockIdx.x": 1, "blockIdx.y": 1, "blockIdx.z": 1},
                      cast("dict[str, np.ndarray | int]", bound), vars,
                      clamp_shifts=True)
            _replay(access, loops, env, exists, out)
    except Unknown as exc:
        return AccessSamples((), exc.what, exc.uniform_key)
    return AccessSamples(out.table(len(access.indices)) if out.count else (), None,
                         unrolled=unrolled_depth(access.loops, vars))


# nvcc unrolls a loop whose trip count is a small constant without being asked;
# ptxas then fuses the accesses of consecutive trips into LDS.64/LDS.128.
UNROLL_TRIPS = 32


def unrolled_depth(loops: tuple[ir.Loop, ...], vars: dict[str, ir.VarDef]) -> int:
    """How many of the innermost `loops` nvcc unrolls (see `unrolled_loop`)."""
    n = 0
    for loop in reversed(loops):
        if not unrolled_loop(loop, vars):
            break
        n += 1
    return n


def unrolled_loop(loop: ir.Loop, vars: dict[str, ir.VarDef]) -> bool:
    """Whether `loop` runs a constant number of trips, at most UNROLL_TRIPS,
    the same for every lane (nothing in it reads a thread index or parameter)."""
    env = Env({}, {}, vars)
    try:
        value = int(np.asarray(evaluate(loop.start, env)).reshape(-1)[0])
        for trips in range(UNROLL_TRIPS + 1):
            inner = env.child(loop.var, np.array([value]))
            if not int(np.asarray(evaluate(loop.cond, inner)).reshape(-1)[0]):
                return trips > 0
            value = int(_step(loop.step_op, loop.step, np.array([value]), inner)[0])
    except (Unknown, KeyError, ValueError, ZeroDivisionError):
        return False
    return False


def sample_with_params(access: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape,
                       known: dict[str, int] | None = None,
                       loops: tuple[ir.Loop, ...] | None = None,
                       root: tuple[Env, np.ndarray] | None = None, rounds: int = 1) -> ParamSamples:
    """Sample the access; when it reads kernel parameters whose values are not
    known statically, sample it once per representative value of each.
    `known` fixes parameters whose values are known (template arguments);
    `loops`: `sampled_loops(access, vars)` where the caller has it; `root`
    and `rounds`: rounds of draws side by side (rounds.py)."""
    fixed = dict(known or {})
    # Walked once, not once per binding: reachability through the locals cost
    # SHOC's sort_kernel.cu 0.25 s of its 2.9 s profiled (issue 20).
    if loops is None:
        loops = sampled_loops(access, vars)

    if root is None:
        root = _block_root(block, vars, fixed=fixed)

    def go(bindings: dict[str, int]) -> list[tuple[tuple[tuple[str, int], ...], AccessSamples]] | str:
        samples = sample_access(access, vars, block, bindings={**fixed, **bindings}, loops=loops, root=root,
                                rounds=rounds)
        if samples.unknown is None:
            return [(tuple(sorted(bindings.items())), samples)]
        if samples.unknown_key is None or len(bindings) >= MAX_BOUND_PARAMS:
            return samples.unknown
        found: list[tuple[tuple[tuple[str, int], ...], AccessSamples]] = []
        for v in PARAM_SAMPLES:
            sub = go({**bindings, samples.unknown_key: v})
            if isinstance(sub, str):
                return sub
            found.extend(sub)
        return found

    result = go({})
    if isinstance(result, str):
        return ParamSamples((), result)
    return ParamSamples(tuple(result), None)


@dataclass(frozen=True, slots=True)
class TripPolicy:
    """How `iterate` steps loops: the sampler replays at most `max_trips` trips
    of a loop, spread evenly over its first `count_trips` and weighted (it
    predicts a mean)."""

    max_trips: int = MAX_TRIPS
    unknown_trips: int = UNKNOWN_TRIPS  # trips replayed of a loop whose condition is unknown
    count_trips: int = COUNT_TRIPS
    # The lanes are this many rounds of draws side by side (rounds.py): a guard
    # whose value is unknown for a reason other than a parameter may be known
    # in some rounds and not others, and the walk stops (RoundsDiffer).
    rounds: int = 1


class RoundsDiffer(Exception):
    """Rounds of draws replayed side by side (rounds.py) would not each have
    replayed as they do alone: they are replayed one by one instead."""


# Called once per trip of the innermost loop: the live lanes, the environment,
# the trip of each enclosing loop and how many executions the visit stands for.
Visit = Callable[[np.ndarray, Env, tuple[int, ...], float], None]


def _guarded(access: ir.Access, env: Env, active: np.ndarray, rounds: int = 1) -> np.ndarray:
    mask = active.copy()
    for g in access.guards:
        if rounds > 1:
            try:
                t = _lanes(evaluate(g.cond, env), len(active)) != 0
            except Unknown as exc:
                if exc.uniform_key is None:
                    raise RoundsDiffer(exc.what)
                t = None
        else:
            t = _truth(g.cond, env, len(active))
        if t is not None:
            mask &= ~t if g.negated else t
            if not mask.any():
                # No lane is left for a later guard to drop, and an unknown
                # one is ignored: those guards are not evaluated (Parboil's
                # histo: the drawn test under `if (blockIdx.y == 0)`'s else,
                # replayed for block 0 first; issue 20).
                break
    return mask


def _trip_states(loop: ir.Loop, env: Env, active: np.ndarray, policy: TripPolicy
                 ) -> tuple[list[tuple[Env, np.ndarray]], bool]:
    """Each trip of `loop` in order: its environment (the induction variable and
    the carried values it starts with) and the lanes whose condition holds; and
    whether the condition could not be evaluated (the trips are a sample)."""
    n = len(active)
    value = _lanes(evaluate(loop.start, env), n)
    carried = {c.var: _lanes(evaluate(c.start, env), n) for c in loop.carried}
    limit = max(policy.max_trips, policy.count_trips)
    states: list[tuple[Env, np.ndarray]] = []
    known = True
    # A condition no trip changes (`while (1)`, a kernel's main loop left by
    # `break`): its length is not the condition's; take it as unknown rather
    # than step it to the limit.
    steady = not reads(loop.cond, frozenset([loop.var] + [c.var for c in loop.carried]), env.vars)
    for trip in range(limit + 1):
        charge(n)
        inner = env.child(loop.var, value)
        for c in loop.carried:  # the condition sees this iteration's carried values
            inner = inner.child(c.var, carried[c.var])
        cond = _truth(loop.cond, inner, n)
        lanes = None
        if cond is not None and steady and (cond & active).any():
            lanes, cond = cond, None  # runs until a `break`: as long as an unknown condition
        if cond is None:
            known = False
            cond = lanes if lanes is not None else np.ones(n, dtype=bool)
        live = active & cond
        if not live.any() or (not known and trip >= policy.unknown_trips):
            break
        if trip == limit:
            break  # longer than counted: the trips counted stand for all
        states.append((inner, live))
        for c in loop.carried:
            carried[c.var] = _step(c.step_op, c.step, carried[c.var], inner)
        value = _step(loop.step_op, loop.step, value, inner)
    return states, not known


def _spread(count: int, most: int) -> list[int]:
    """`most` trips of `count`, evenly spaced, first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(k * (count - 1) / (most - 1)) for k in range(most)})


def iterate(access: ir.Access, loops: tuple[ir.Loop, ...], env: Env, active: np.ndarray, visit: Visit,
            policy: TripPolicy = TripPolicy(), trips: tuple[int, ...] = (), weight: float = 1.0) -> None:
    """Step the access's enclosing loops for all lanes in lockstep and call
    `visit(mask, env, trips, weight)` once per replayed trip of the innermost
    level with the lanes whose loop conditions and (known) guards hold; `trips`
    numbers the iteration of each enclosing loop, outermost first. A sampled
    loop longer than `max_trips` is replayed at trips spread over its length,
    each standing for `weight` executions; the late trips of a loop can differ
    (a guard `k >= 128` in a loop of 160)."""
    if not active.any():
        return
    if not loops:
        charge(len(active))
        mask = _guarded(access, env, active, policy.rounds)
        if mask.any():
            visit(mask, env, trips, weight)
        return
    loop, rest = loops[0], loops[1:]
    states, sampled = _trip_states(loop, env, active, policy)
    chosen = _spread(len(states), policy.max_trips)
    runs = max(ASSUMED_TRIPS, len(states)) if sampled else len(states)
    each = weight * runs / len(chosen) if chosen else weight
    for trip in chosen:
        inner, live = states[trip]
        for c in loop.carried:
            if access.range.start > c.update_at:  # the access runs after this iteration's update
                inner = inner.child(c.var, _step(c.step_op, c.step, cast(np.ndarray, inner.values[c.var]), inner))
        iterate(access, rest, inner, live, visit, policy, trips + (trip,), each)


def _replay(access: ir.Access, loops: tuple[ir.Loop, ...], env: Env, active: np.ndarray,
            out: TableBuilder, rounds: int = 1) -> None:
    """`rounds` > 1: the lanes are rounds of draws side by side (rounds.py);
    RoundsDiffer where one round alone would replay otherwise."""
    n = len(active)

    def visit(mask: np.ndarray, env: Env, trips: tuple[int, ...], weight: float) -> None:
        if out.count >= MAX_INSTANCES:
            if rounds > 1:
                raise RoundsDiffer("a round may fill its instructions")
            raise _Full
        try:
            idx = [_lanes(evaluate(e, env), n) for e in access.indices]
        except Unknown as exc:
            # Alone, a round with no live lane here would go on to its next trip.
            if rounds > 1 and (exc.uniform_key is None or not mask.reshape(rounds, -1).any(axis=1).all()):
                raise RoundsDiffer(exc.what)
            raise
        out.add(idx, mask, trips, weight)

    try:
        iterate(access, loops, env, active, visit, TripPolicy(rounds=rounds))
    except _Full:
        pass


class _Full(Exception):
    """The sampler has collected MAX_INSTANCES warp instructions."""
