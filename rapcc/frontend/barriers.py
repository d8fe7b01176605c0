"""Whether a loop's every trip ends at a block barrier (`ir.Loop.barrier`).

The planner's latency rule (rapcc/latency.py) charges a layout's extra index
instructions by their dependent latency in a loop whose trips are separated by
`__syncthreads()`: no warp starts a trip's accesses before every warp finished
the last trip's, so nothing overlaps them. Only the plain statement
`__syncthreads();` among the body's own statements counts: it runs on every
trip. A barrier under a branch, in a called function, or spelled another way
(`__syncthreads_or(p)`, a cooperative group's `sync()`) is not modelled, and
leaves the loop without the fact (the throughput model, which the rule only
ever raises).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children, strip

BARRIER = "__syncthreads"


def ends_trips_at_barrier(body: Cursor | None) -> bool:
    """Whether `body` (a loop's) holds `__syncthreads();` as one of its own statements."""
    if body is None:
        return False
    stmts = children(body) if body.kind == K.COMPOUND_STMT else [body]
    return any(_is_barrier(s) for s in stmts)


def _is_barrier(stmt: Cursor) -> bool:
    """`__syncthreads();`, the toolkit's function or clang's builtin (declared
    where first called, with no definition), never a function of that reserved
    name the program defines."""
    s = strip(stmt)
    if s.kind != K.CALL_EXPR or s.spelling != BARRIER:
        return False
    ref = s.referenced
    if ref is None or ref.location.file is None:
        return False
    return ref.location.is_in_system_header or ref.get_definition() is None
