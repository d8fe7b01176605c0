"""Values of the launch-shape interpreter (host_interp.py): finite sets of
integers or `dim3` triples, or Unknown with the reason; C integer arithmetic."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterable

from clang.cindex import Cursor

from .. import cint
from ..cint import CType
from .exprs import int_type

Dim = tuple[int, int, int]
Instance = tuple[tuple[str, int], ...]  # integral template arguments: ((param key, value), ...)
MAX_VALUES = 16  # more values than this for one variable: unknown ("a set of shapes", not every size)
MAX_TRIPS = 16  # a loop of more trips is not unrolled
MAX_DEPTH = 4  # call chains followed from a launch back towards `main`
MAX_THREADS = 1024  # a launch of more threads fails: it runs no kernel


@dataclass(frozen=True, slots=True)
class Unknown:
    """A value rapcc does not know, and why. `bound`: the most threads it may be
    (a block size `cudaOccupancyMaxPotentialBlockSize` picks), when known."""

    reason: str
    bound: int | None = None


Value = frozenset | Unknown  # frozenset of ints, of Dims, of KernelRefs or of Records


@dataclass(frozen=True, slots=True)
class KernelRef:
    """A kernel as a value: a launch wrapper's parameter holds the kernels its
    calls pass (host_wrappers.py). `instance`: the template arguments the
    call names (None: any instance, as in a template)."""

    name: str
    instance: "Instance | None"


@dataclass(frozen=True, slots=True)
class Record:
    """A launch-params struct as a value (host_records.py): each followed
    field's value, as it crosses a call (by value or `const &`)."""

    fields: tuple[tuple[str, "Value"], ...]


@dataclass(frozen=True, slots=True)
class Launch:
    """One launch site's block shapes (several where it runs in an unrolled loop
    or for several callers), or why they are unknown."""

    kernel: str
    instance: Instance | None  # None: any instance (a launch inside a template)
    line: int
    shapes: tuple[Dim, ...]
    unknown: Unknown | None = None
    # The dynamic shared memory bytes it may ask for (`<<<g, b, smem>>>`,
    # `cudaLaunchKernel`'s smem, `cfg.dynamicSmemBytes`); None: unknown.
    smem: tuple[int, ...] | None = (0,)
    # How many blocks its grid may have (x * y * z of each grid value); None:
    # unknown. The planner's latency rule reads the fewest (rapcc/latency.py).
    grids: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class KernelLaunches:
    """What the file's launches say of one kernel's block shape."""

    shapes: tuple[Dim, ...]  # every known shape, in source order
    unknown: tuple[str, ...] = ()  # why some launch's shape is unknown ("line 12: ...")
    bound: int | None = None  # the most threads an unknown 1-D launch may have, where every unknown one says
    by_instance: tuple[tuple[Instance, tuple[Dim, ...]], ...] = ()  # each instance's own shapes


def _cap(values: Iterable) -> Value:
    out = frozenset(values)
    return out if len(out) <= MAX_VALUES else Unknown(f"takes more than {MAX_VALUES} values")


def converted(v: Value, cursor: Cursor) -> Value:
    """The values `v` converted to the type of `cursor` (a `dim3` or no integer: as they are)."""
    it = int_type(cursor.type)
    if isinstance(v, Unknown) or it is None:
        return v
    if any(isinstance(x, (KernelRef, Record)) for x in v):  # `(size_t)kernel`: an address, known at run time
        return Unknown("a kernel's address or a struct converted to an integer")
    return _cap(cint.wrap(x, it) for x in v if not isinstance(x, tuple))


def arithmetic(op: str, vals: tuple[frozenset, frozenset], types: tuple[CType | None, CType | None],
               result: CType | None) -> Value:
    """Every value of `a op b` for `a`, `b` in `vals` of the operand types
    `types`, converted to `result` (None: as computed)."""
    ta, tb = types
    if ta is None or tb is None:
        return Unknown("an operand is no integer")
    out = []
    for a, b in product(vals[0], vals[1]):
        r, _ = cint.arithmetic(op, cint.wrap(a, ta), ta, cint.wrap(b, tb), tb)
        if isinstance(r, cint.Undefined):
            return Unknown(r.value)
        out.append(r if result is None else cint.wrap(r, result))
    return _cap(out)


def _as_dim(v) -> Dim:
    return v if isinstance(v, tuple) else (v, 1, 1)


def assign_field(old: Value, axis: int, v: Value) -> Value:
    """`dim3` value `old` with member `axis` set to `v`."""
    if isinstance(old, Unknown) or isinstance(v, Unknown):
        return old if isinstance(old, Unknown) else v
    return _cap(tuple(n if i == axis else _as_dim(d)[i] for i in range(3)) for d, n in product(old, v))



State = dict[str, Value]


def _join(a: State | None, b: State | None) -> State | None:
    if a is None:
        return b
    if b is None:
        return a
    out: State = {}
    for k in a.keys() & b.keys():
        x, y = a[k], b[k]
        if isinstance(x, Unknown) or isinstance(y, Unknown):
            out[k] = x if isinstance(x, Unknown) else y
        else:
            out[k] = _cap(x | y)
    return out


def grid_blocks(grid: Value | None) -> tuple[int, ...] | None:
    """The block counts a grid value may have; None where any is unknown or not
    positive (a launch of an empty grid fails: no count stands for it)."""
    if grid is None or isinstance(grid, Unknown):
        return None
    counts = []
    for d in map(_as_dim, grid):
        if min(d) <= 0:
            return None
        counts.append(d[0] * d[1] * d[2])
    return tuple(sorted(set(counts))) or None


def truth_of(v: Value | None) -> bool | None:
    """Whether every value of `v` is true (True), none is (False), or it is not known (None)."""
    if v is None or isinstance(v, Unknown) or any(isinstance(x, tuple) for x in v):
        return None
    return True if all(v) else False if not any(v) else None
