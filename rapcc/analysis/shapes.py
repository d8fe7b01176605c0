"""The block shapes a kernel is planned for.

A shape the user or the code states (`--block-dim`, `#pragma rapcc block_dim`,
the `<<<grid, block>>>` launches rapcc sees, and for a `__device__` function
whose every caller this file shows, the shapes of the kernels that call it)
is a fact: every one of them is planned for. Everything else is a guess, and one guess is not enough:
`__launch_bounds__(N)` bounds the threads of a block but says nothing of its
shape, so a kernel whose subscripts read `threadIdx.y` is never taken as
N x 1 x 1. Its plausible shapes come from the code itself:

- subscripts: `tile[threadIdx.y][threadIdx.x]` on a `[16][16]` (or padded
  `[16][17]`) array suggests 16 threads along x and along y;
- guards: `if (threadIdx.x < 16)` suggests 16 along x when no subscript says more;
- `__launch_bounds__(N)`: with several axes, only shapes of N threads;
- `blockDim` arithmetic (`threadIdx.y * blockDim.x + threadIdx.x` into a
  256-element array) is checked by replaying each candidate: see `most_out`.

The planner then needs a layout that gains under every shape of the set.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from operator import attrgetter, itemgetter

import numpy as np

from .. import ir
from .affine import THREAD_ATOMS
from .evaluate import depends_on
from .warps import AccessSamples, BlockShape
from .warptable import stacked

MAX_THREADS = 1024  # CUDA's limit per block
DEFAULT_1D = (256, 128, 512)  # blockDim.x of a 1-D kernel with no stated shape; the first is reported
FALLBACK_1D = (64, 32)  # tried when the code contradicts every one of DEFAULT_1D
DEFAULT_X = (32, 16)  # per-axis guesses of a kernel that reads threadIdx.y/.z, where the code hints nothing
DEFAULT_Y = (8, 16)
DEFAULT_Z = (4,)
MOST = 0.5  # an access out of bounds for this share of its lanes or more means the shape is wrong
# (so does any lane leaving the whole allocation: correct code never does, see leaves_allocation)
# Sources of shapes that are facts (never dropped, never guessed around).
STATED = ("option", "pragma", "launch", "launches", "callers")


@dataclass(frozen=True, slots=True)
class ShapeSet:
    """The block shapes a kernel is analysed and planned for, the first one reported."""

    shapes: tuple[BlockShape, ...]
    # Why some launch's shape is unknown (frontend/host_values.py): the set is
    # then the plausible guesses plus the launches' known shapes.
    unknown: tuple[str, ...] = ()

    @property
    def stated(self) -> bool:
        return self.shapes[0].source in STATED

    def text(self) -> str:
        return ", ".join(s.text() for s in self.shapes)


@dataclass(frozen=True, slots=True)
class DroppedShape:
    """A guessed shape under which `access` leaves its array for most lanes."""

    shape: BlockShape
    access: ir.Access
    array: str  # the array's name
    share: float  # of the access's executed lanes that index outside the array


def _axis_of(expr: ir.Expr, vars: dict[str, ir.VarDef], depth: int = 0) -> tuple[str, int] | None:
    """('x'|'y'|'z', c) when `expr` is `threadIdx.axis + c` (through locals and
    value-preserving casts), else None."""
    if depth > 16:
        return None
    if isinstance(expr, ir.Cast) and expr.bits >= 32:
        return _axis_of(expr.operand, vars, depth + 1)
    if isinstance(expr, ir.VarRef):
        d = vars.get(expr.key)
        return _axis_of(d.init, vars, depth + 1) if d is not None and d.init is not None and d.kind == "local" else None
    if isinstance(expr, ir.Builtin) and expr.name.startswith("threadIdx."):
        return expr.name[-1], 0
    if isinstance(expr, ir.BinOp) and expr.op in ("+", "-") and isinstance(expr.rhs, ir.Const):
        inner = _axis_of(expr.lhs, vars, depth + 1)
        if inner is not None:
            return inner[0], inner[1] + (expr.rhs.value if expr.op == "+" else -expr.rhs.value)
    return None


def _unpadded(extent: int) -> int:
    """A tile padded by hand (`[16][17]`) is still 16 threads wide."""
    if extent > 2 and extent & (extent - 1) and not (extent - 1) & (extent - 2):
        return extent - 1
    return extent


def _hints(accesses: list[ir.Access], dims: dict[str, tuple[int, ...]], vars: dict[str, ir.VarDef]
           ) -> dict[str, tuple[int, ...]]:
    """Per axis, the thread counts the subscripts (else the guards) suggest."""
    by_index: dict[str, list[int]] = {"x": [], "y": [], "z": []}
    by_guard: dict[str, list[int]] = {"x": [], "y": [], "z": []}
    for a in accesses:
        extents = dims.get(a.array)
        if extents is not None and len(extents) == len(a.indices):
            for idx, extent in zip(a.indices, extents):
                hit = _axis_of(idx, vars)
                if hit is not None and hit[1] >= 0 and extent - hit[1] > 0:
                    by_index[hit[0]].append(_unpadded(extent - hit[1]))
        for g in a.guards:
            c = g.cond
            if not g.negated and isinstance(c, ir.BinOp) and c.op in ("<", "<=") and isinstance(c.rhs, ir.Const):
                hit = _axis_of(c.lhs, vars)
                if hit is not None and hit[1] == 0:
                    by_guard[hit[0]].append(c.rhs.value + (1 if c.op == "<=" else 0))
    out = {}
    for axis in "xyz":
        found = by_index[axis] or by_guard[axis]
        out[axis] = tuple(dict.fromkeys(v for v in found if 1 <= v <= MAX_THREADS))
    return out


def _products(xs, ys, zs, bound: int | None, source: str) -> tuple[BlockShape, ...]:
    shapes = [BlockShape(x, y, z, source) for x, y, z in product(xs, ys, zs)
              if x * y * z <= (bound or MAX_THREADS)]
    if bound is not None:
        shapes = [s for s in shapes if s.threads == bound]
    return tuple(dict.fromkeys(shapes))


def _with_bound(xs, ys, zs, bound: int, source: str) -> tuple[BlockShape, ...]:
    """Shapes of exactly `bound` threads: the hinted ones, else every hinted x
    with the rest of the threads along y (or z)."""
    exact = _products(xs, ys, zs, bound, source)
    if exact:
        return exact
    out = []
    for x in xs:
        rest, z = divmod(bound, x)
        if z == 0 and rest >= 1:
            out.append(BlockShape(x, rest, 1, source) if zs == (1,) else BlockShape(x, 1, rest, source))
    return tuple(dict.fromkeys(out))


def _stated(kernel: ir.Kernel) -> tuple[tuple[int, int, int], ...] | None:
    """The block shapes a kernel's own source states (pragma, annotation, or
    launches that are all known); None where they are not all stated."""
    if kernel.pragma_block_dim is not None:
        return (kernel.pragma_block_dim,)
    if kernel.launch_block_dims and not kernel.launch_unknown:
        return tuple(kernel.launch_block_dims)
    return None


def callers_shapes(function: ir.Kernel, kernels: Sequence[ir.Kernel]) -> tuple[tuple[int, int, int], ...] | None:
    """The block shapes a `__device__` function runs with: those of the
    kernels that reach it through calls (a device function runs in its
    caller's block), where every caller is known (`ir.Kernel.callers`), names
    one function only, and every kernel reaching it states its shapes; None
    otherwise."""
    by_name: dict[str, list[ir.Kernel]] = {}
    for k in kernels:
        by_name.setdefault(k.name, []).append(k)
    out: dict[tuple[int, int, int], None] = {}
    seen: set[str] = set()
    todo = [function]
    while todo:
        f = todo.pop()
        if f.name in seen:
            continue
        seen.add(f.name)
        if f.is_global:
            shapes = _stated(f)
            if shapes is None:
                return None
            out.update(dict.fromkeys(shapes))
            continue
        if f.pragma_block_dim is not None:
            out[f.pragma_block_dim] = None
            continue
        if not f.callers:
            return None
        for name in f.callers:
            found = by_name.get(name, [])
            if len(found) != 1:
                return None  # an overloaded name, or a caller rapcc does not describe
            todo.append(found[0])
    return tuple(out) or None


def candidate_shapes(kernel: ir.Kernel | None, option: tuple[int, int, int] | None, accesses: list[ir.Access],
                     dims: dict[str, tuple[int, ...]], vars: dict[str, ir.VarDef],
                     kernels: Sequence[ir.Kernel] = ()) -> ShapeSet:
    """The shapes to plan `kernel` for (see the module docstring); `accesses`
    are the kernel's, `dims` the constant dimensions of the arrays they reach;
    `kernels`: every function of the file, whose launches give a device
    function its callers' shapes (`callers_shapes`)."""
    if option is not None:
        return ShapeSet((BlockShape(*option, source="option"),))
    if kernel is not None and kernel.pragma_block_dim is not None:
        return ShapeSet((BlockShape(*kernel.pragma_block_dim, source="pragma"),))
    if kernel is not None and kernel.launch_block_dims and not kernel.launch_unknown:
        source = "launch" if len(kernel.launch_block_dims) == 1 else "launches"
        return ShapeSet(tuple(dict.fromkeys(BlockShape(*s, source=source) for s in kernel.launch_block_dims)))
    inherited = callers_shapes(kernel, kernels) if kernel is not None and not kernel.is_global else None
    if inherited is not None:
        return ShapeSet(tuple(BlockShape(*s, source="callers") for s in inherited))
    guessed = _guessed(kernel, accesses, dims, vars)
    if kernel is None or not kernel.launch_unknown:
        return guessed
    # Some launch's shape is only known at run time: plan for every plausible
    # shape and for every shape the other launches state (never dropped).
    launched = tuple(BlockShape(*s, source="launches") for s in kernel.launch_block_dims)
    return ShapeSet(tuple(dict.fromkeys(guessed.shapes + launched)), kernel.launch_unknown)


def _guessed(kernel: ir.Kernel | None, accesses: list[ir.Access], dims: dict[str, tuple[int, ...]],
             vars: dict[str, ir.VarDef]) -> ShapeSet:
    """The plausible shapes of a kernel whose launches do not state its shape."""
    # Everything that decides which elements a lane reaches: a loop `for (j = threadIdx.y; ...)` reads .y too.
    indices = [i for a in accesses for i in a.indices] + [g.cond for a in accesses for g in a.guards] \
        + [e for a in accesses for lp in a.loops for e in (lp.start, lp.cond, lp.step)]
    # A cooperative-groups rank reads every axis but fits any shape alike.
    flat = frozenset((ir.LINEAR_THREAD, ir.BLOCK_SIZE))
    uses_y = any(depends_on(i, vars, frozenset(THREAD_ATOMS[1:2]), skip=flat) for i in indices)
    uses_z = any(depends_on(i, vars, frozenset(THREAD_ATOMS[2:3]), skip=flat) for i in indices)
    bound = kernel.launch_bounds if kernel is not None else None
    if not uses_y and not uses_z:
        if bound is not None:  # a most, not the size: the usual smaller block too
            return ShapeSet(_widened_1d((BlockShape(bound, 1, 1, "launch_bounds"),), bound))
        # A block size the occupancy API picks is 1-D and at most its limit.
        limit = kernel.launch_bound if kernel is not None and kernel.launch_bound else MAX_THREADS
        return ShapeSet(_widened_1d(tuple(BlockShape(x, 1, 1, "assumed") for x in DEFAULT_1D if x <= limit)
                                    or (BlockShape(limit, 1, 1, "assumed"),), limit))
    hints = _hints(accesses, dims, vars)
    hinted = any(hints.values())
    source = "inferred" if hinted else "assumed"
    xs = hints["x"] or DEFAULT_X
    ys = (hints["y"] or DEFAULT_Y) if uses_y else (1,)
    zs = (hints["z"] or DEFAULT_Z) if uses_z else (1,)
    shapes = _with_bound(xs, ys, zs, bound, source) if bound is not None else _products(xs, ys, zs, None, source)
    if not shapes:  # nothing the hints allow fits the bound: fall back to the guesses
        shapes = _with_bound(DEFAULT_X, DEFAULT_Y if uses_y else (1,), zs, bound, "assumed") if bound \
            else _products(DEFAULT_X, DEFAULT_Y, zs, None, "assumed")
    shapes = shapes or (BlockShape(32, 8, 1, "assumed"),)
    return ShapeSet(_widened(shapes, bound, uses_y, uses_z))


def _widened_1d(shapes: tuple[BlockShape, ...], limit: int) -> tuple[BlockShape, ...]:
    """A guessed 1-D set of at least two sizes: the next usual block size below
    the largest (or half of it), since a guess of one size is a bet on one shape."""
    if len(shapes) >= 2:
        return shapes
    top = shapes[0]
    usual = sorted((x for x in DEFAULT_1D + FALLBACK_1D if x < min(top.x, limit)), reverse=True)
    smaller = usual[0] if usual else top.x // 2
    return shapes + ((BlockShape(smaller, 1, 1, top.source),) if smaller >= 1 else ())


def _widened(shapes: tuple[BlockShape, ...], bound: int | None, uses_y: bool, uses_z: bool
             ) -> tuple[BlockShape, ...]:
    """A guessed set of at least two shapes. One hinted shape (`tile[16][64]`
    read by threadIdx.x and .y) is still a guess: add its neighbours, the same x
    with half or twice the rows (or, under `__launch_bounds__(N)`, the same N
    threads split otherwise), then the usual shapes. Those the code
    contradicts are dropped later (arrays._contradicted)."""
    if len(shapes) >= 2:
        return shapes
    s = shapes[0]
    axis = "y" if uses_y else "z" if uses_z else None
    near: list[BlockShape] = []
    if bound is not None:
        near += [BlockShape(s.x // 2, s.y * 2, s.z, s.source), BlockShape(s.x * 2, s.y // 2, s.z, s.source)] \
            if axis == "y" else [BlockShape(s.x // 2, s.y, s.z * 2, s.source), BlockShape(s.x * 2, s.y, s.z // 2, s.source)]
    elif axis is not None:
        n = s.y if axis == "y" else s.z
        for m in (n // 2, n * 2):
            near.append(BlockShape(s.x, m, s.z, s.source) if axis == "y" else BlockShape(s.x, s.y, m, s.source))
    ys = DEFAULT_Y if uses_y else (1,)
    zs = DEFAULT_Z if uses_z else (1,)
    usual = _with_bound(DEFAULT_X, ys, zs, bound, s.source) if bound else _products(DEFAULT_X, ys, zs, None, s.source)
    ok = [b for b in near + list(usual) if min(b.x, b.y, b.z) >= 1 and b.threads <= MAX_THREADS
          and (bound is None or b.threads == bound)]
    return tuple(dict.fromkeys(shapes + tuple(ok)))


def fallback_shapes(shape_set: ShapeSet) -> ShapeSet | None:
    """The narrow 1-D blocks to try when the code contradicts every assumed
    1-D guess (`tile[threadIdx.x * 32 + r]` on 32x32 elements is a 32-thread
    block): None where the set was not assumed or not 1-D."""
    if shape_set.stated or any(s.source != "assumed" or s.y != 1 or s.z != 1 for s in shape_set.shapes):
        return None
    return ShapeSet(tuple(BlockShape(x, 1, 1, "assumed") for x in FALLBACK_1D))


def leaves_allocation(samples: AccessSamples, dims: tuple[int, ...]) -> bool:
    """Whether a replayed lane's flat index leaves the array's whole
    allocation. A correct kernel never does that under its real shape (a 2-D
    tile walked flat stays inside it), so a guessed shape under which it
    happens is wrong. Draws of unknown data prove nothing and are skipped."""
    if samples.expected:
        return False
    size = int(np.prod(dims))
    table = stacked(samples.instances)
    if table is not None:  # every instance at once: some live lane outside, whichever instance it is in
        flat: np.ndarray = np.zeros(table[1].shape, dtype=np.int64)
        for idx, d in zip(table[0], dims):
            flat = flat * d + idx
        live = flat[table[1]]
        return bool(live.size and (live.min() < 0 or live.max() >= size))
    for inst in samples.instances:
        flat = np.zeros(len(inst.active), dtype=np.int64)
        for idx, d in zip(inst.indices, dims):
            flat = flat * d + idx
        live = flat[inst.active]
        if live.size and (live.min() < 0 or live.max() >= size):
            return True
    return False


_SHAPE, _ACTIVE, _INDICES = attrgetter("shape"), attrgetter("active"), attrgetter("indices")


def _rows(arrays: list[np.ndarray], shape: tuple[int, ...]) -> np.ndarray | None:
    """`np.stack(arrays)` where every one is an array of `shape`, else None.
    Shapes and types read in C-level passes, and 1-D rows concatenated: a
    third of the cost of a set of np.shape tuples and np.stack (issue 20)."""
    try:
        if set(map(_SHAPE, arrays)) != {shape}:
            return None
    except AttributeError:  # not arrays: as np.shape sees them
        if {np.shape(a) for a in arrays} != {shape}:
            return None
    if len(shape) == 1 and set(map(type, arrays)) == {np.ndarray}:
        return np.concatenate(arrays).reshape(len(arrays), shape[0])
    return np.stack(arrays)


def out_share(samples: AccessSamples, dims: tuple[int, ...]) -> float:
    """The share of an access's executed lanes whose subscripts leave `dims`."""
    insts = samples.instances
    table = stacked(insts)
    if table is not None:  # the replay's rows, already stacked (warptable.py)
        return _out_share(table[0], table[1], dims)
    ndim = len(insts[0].indices) if insts else 0
    if insts and set(map(len, map(_INDICES, insts))) == {ndim}:
        # Every warp instance at once (the same counts as one by one), where
        # every index and active mask has the first instance's lanes: a file
        # whose guessed shapes are checked instance by instance spent a third
        # of its time here (issue 20).
        lanes = np.shape(insts[0].active)
        active = _rows(list(map(_ACTIVE, insts)), lanes)
        columns = [] if active is None else [_rows(list(map(itemgetter(k), map(_INDICES, insts))), lanes)
                                             for k in range(ndim)]
        if active is not None and all(c is not None for c in columns):
            return _out_share(columns, active, dims)
    total = out = 0
    for inst in samples.instances:
        live = inst.active
        n = int(live.sum())
        if n == 0:
            continue
        bad = np.zeros(len(live), dtype=bool)
        for idx, d in zip(inst.indices, dims):
            bad |= (idx < 0) | (idx >= d)
        total += n
        out += int((bad & live).sum())
    return out / total if total else 0.0


def _out_share(columns, active: np.ndarray, dims: tuple[int, ...]) -> float:
    """`out_share` of stacked (instances, lanes) indices per dimension and active lanes."""
    bad = np.zeros(active.shape, dtype=bool)
    for idx, d in zip(columns, dims):
        bad |= (idx < 0) | (idx >= d)
    total = int(active.sum())
    return int((bad & active).sum()) / total if total else 0.0
