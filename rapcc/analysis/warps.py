"""What a prediction is made of: block shapes, an access's warp requests
(`AccessSamples`, from the lane domain: lane_sites.py) and the sampling's
bounds (trips, parameters), and the loops nvcc unrolls.

Warps are consecutive linear thread ids, x fastest (CUDA programming guide,
"SIMT architecture").
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .. import cint, ir
from .evaluate import Env, Unknown, evaluate
from .warptable import WarpInstance

MAX_TRIPS = 64  # iterations run per loop when its trip count is known
UNKNOWN_TRIPS = 4  # iterations sampled when the loop condition cannot be evaluated
# ... and how many trips they stand for: such a loop runs to a size known at run
# time (items, reps, K / TILE), usually a kernel's main loop; weighting its four
# sampled trips as four underweights it against the fills and drains around
# it (private_datadep on an H200: 13 trips, and only this weight picks its
# fastest layout).
ASSUMED_TRIPS = 16
# Trips a sampled loop is stepped through to learn its trip count,
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
    instances: Sequence[WarpInstance]  # a WarpTable (warptable.py), or a tuple
    unknown: str | None  # why the lanes' indices could not be computed
    # Non-empty: the data-dependent values (as written) these samples draw as
    # uniform data (lane_draws.py); predictions are then expectations.
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


PARAM_SAMPLES = (8, 33)  # values tried for a kernel parameter the access depends on
MAX_BOUND_PARAMS = 3  # hotspot's grid_rows, grid_cols and iteration


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


def _step(op: str, step: ir.Expr, value: np.ndarray, env: Env) -> np.ndarray:
    a = _lanes(evaluate(step, env), len(value))
    if op == "=":  # a recurrence: the step is the new value, computed from the old
        return a
    if op == "/":  # C's division; a lane dividing by zero gets 0 (a finished lane's step is never read)
        return np.where(a != 0, cint.ARRAY_OPS["/"](value, np.where(a == 0, 1, a)), 0)
    return cint.ARRAY_OPS[op](value, a)


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


def _spread(count: int, most: int) -> list[int]:
    """`most` trips of `count`, evenly spaced, first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(k * (count - 1) / (most - 1)) for k in range(most)})
