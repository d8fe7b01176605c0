"""Locals that always hold one thread index: `int tx = threadIdx.x;`.

Intervals keep no relation between two values, so a guard on one spelling
(`if (threadIdx.x >= 32) return;`) would not bound a copy made before it
(`tile[ty][tx]`). Under one concrete block shape the copy starts as narrow as
the guard could make it; over every shape (proof_shapes.AnyShape) it does not,
and a kernel whose launch rapcc cannot read would lose its proof to the
spelling alone.

A local is a copy of builtin `B` (threadIdx or blockDim, which never change
during a thread's run) when every concrete execution agrees that it equals
`B` wherever it is live:

- its one declaration initialises it with `B`, through integer conversions
  that keep every value `B` may take ([0, 1024]);
- nothing in the function writes it: no assignment or step whose target reads
  it, no call binding it to a plain `T &` (`Call.writes`; a reference the
  callee may use otherwise makes it escape), no `Opaque` node anywhere in
  the function (it may write anything);
- its address or reference never leaves an expression (`Function.escaped`;
  the interpreter checks the frame's own escapes again).

Then narrowing one of them narrows all (interpret.py, `refine`). C++ forbids
jumping past an initialised declaration into its scope, so no path reaches a
use of the local without its initialisation.
"""
from __future__ import annotations

from .. import sound_ir as s
from .aliasing import stmt_exprs, walk_expr

_COPIED = {f"{b}.{c}" for b in ("threadIdx", "blockDim") for c in "xyz"}
_MOST = 1024  # the largest value a thread index or block size takes


def _builtin_of(e: s.Expr | None) -> str | None:
    """`B`, or `B` through conversions that keep [0, 1024], as its name."""
    while isinstance(e, s.Conv):
        t = e.ty.int_type if e.ty.kind == s.ValueKind.INT else None
        if t is None or t.lo > 0 or t.hi < _MOST:
            return None
        e = e.operand
    return e.name if isinstance(e, s.Builtin) and e.name in _COPIED else None


def _read_vars(e: s.Expr) -> set[str]:
    return {n.key for n in walk_expr(e) if isinstance(n, s.Var)}


def _written(target: s.Expr) -> set[str]:
    """The locals an assignment to `target` may write: the variable itself; none for an
    element or member (an integer local is neither, and a pointer to one escapes it);
    any variable it reads for any other form."""
    while isinstance(target, s.Conv):
        target = target.operand
    if isinstance(target, s.Var):
        return {target.key}
    if isinstance(target, (s.Subscript, s.Field)):
        return set()
    if isinstance(target, s.Call):
        # The element a returned reference names (`at(tile, ty, tx) = v`): a local
        # the callee could return is bound to its `T &` (`Call.writes`) or escapes.
        return set()
    return _read_vars(target)


def thread_index_copies(fn: s.Function) -> dict[str, str]:
    """Local key -> the builtin it always equals, for `fn`'s locals that are copies."""
    candidates: dict[str, str] = {}
    declared: dict[str, int] = {}
    written: set[str] = set()
    for n in stmt_exprs(fn.body):
        if isinstance(n, (s.Opaque, s.OpaqueStmt)):
            return {}
        if isinstance(n, s.Decl):
            declared[n.key] = declared.get(n.key, 0) + 1
            t = n.ty.int_type if n.ty.kind == s.ValueKind.INT else None
            b = _builtin_of(n.init) if t is not None and t.lo <= 0 and t.hi >= _MOST else None
            if b is not None:
                candidates[n.key] = b
        elif isinstance(n, (s.Assign, s.Step)):
            written |= _written(n.target)
        elif isinstance(n, s.Call):
            # A call writes the locals it binds to a plain `T &` (`writes`); any other
            # reference a callee may write through makes the local escape (the
            # lowering's scan of calls), which `fn.escaped` keeps out below. So
            # rapcc's own accessor `at(tile, ty, tx)`, taking indices by value,
            # does not end the copy.
            written |= n.writes
    return {k: b for k, b in candidates.items()
            if declared[k] == 1 and k not in written and k not in fn.escaped}
