"""Text for the sound range analysis' refusals (the report layer): the
decision is `analysis.absint.Finding` (or `float_refusal.FloatRefusal`); only
this module turns it into words."""
from __future__ import annotations

from .analysis.absint import Failure, Finding
from .analysis.proof_shapes import MAX_THREADS, AnyShape, Unread
from .float_refusal import FloatRefusal, FloatRefusalKind, Unchecked

_WHAT = {
    Failure.ESCAPE: "its address reaches code rapcc does not follow ({what})",
    Failure.OPAQUE: "it is used inside a construct rapcc does not model ('{what}')",
    Failure.ALIAS: "an alias of it may change between its definition and a use ({what})",
    Failure.EXTENT: "its extents are not known here",
    Failure.BUDGET: "proving its subscripts in range took more work than the budget allows (in '{what}')",
    Failure.UNLAUNCHED: "'{what}' may run as an instance or with a block shape this file does not show",
    Failure.INSTANCE: ("the kernel template '{what}' is named here with template arguments rapcc does not read "
                       "(a template, lambda or parameter pack): the instances it runs as are not known"),
    Failure.HIDDEN: "its name appears where rapcc cannot see the use ({what})",
    Failure.UNCOVERED: "an access to it is not one the rewrite would change",
    Failure.REPROOF: "the rewritten text is not proved as the input was",
}
_HIDDEN = {"string": "inside a string, such as an asm statement", "token": "a macro body or code this parse skips",
           "host": "host code", "unlowered": "an expression rapcc did not lower", "rdc": "other files (-rdc)",
           "extent": "extents rapcc cannot read",
           # The output's proof (reprove.py): what it could not line up with the input's.
           "output_ir": "an output rapcc could not lower", "output_kernel": "a kernel the output does not name once",
           "output_declaration": "a declaration the output's proof did not find"}
_UNREAD = {Unread.NO_LAUNCH: "'{k}' has no launch rapcc sees", Unread.UNKNOWN_LAUNCH: "the launch shape of '{k}' is unknown",
           Unread.OVERLOADED: "several kernels are named '{k}'",
           Unread.ELSEWHERE: ("'{k}' has external linkage, so another file may launch it (give rapcc the project "
                              "with -p, or --whole-program)")}


def refusal(f: Finding, name: str) -> str:
    """Why `name` keeps its layout, as a sentence fragment for diagnostics and reports."""
    if f.failure == Failure.REPROOF and f.cause is not None:
        return f"the rewritten text is not proved as the input was: in the output, {refusal(f.cause, name)}"
    if f.failure == Failure.OUT_OF_RANGE and isinstance(f.shape, AnyShape):
        return _any_shape(f, f.shape, name)
    if f.failure == Failure.OUT_OF_RANGE:
        shape = f" under block shape {'x'.join(map(str, f.shape))}" if f.shape else ""
        if f.lane is not None:
            shape += f" for thread ({', '.join(map(str, f.lane))})"
        values = f.values.text() if f.values is not None else "?"
        return (f"subscript {f.dim} of '{name}' is not proved inside its dimension{shape} "
                f"(it may take {values})")
    what = _HIDDEN.get(f.what, f.what) if f.failure == Failure.HIDDEN else f.what
    return _WHAT[f.failure].format(what=what or "?")


def _any_shape(f: Finding, shapes: AnyShape, name: str) -> str:
    """A subscript the proof over every launch shape could not bound, and how to state the shape."""
    most = f" of at most {shapes.max_threads} threads" if shapes.max_threads < MAX_THREADS else ""
    values = f.values.text() if f.values is not None else "?"
    why = _UNREAD[shapes.why].format(k=shapes.kernel)
    return (f"subscript {f.dim} of '{name}' may take {values} under some block shape{most}: {why}; state the shape "
            "with --block-dim, the rapcc_block_dim annotation, or a launch rapcc can read")


def float_refusal(r: FloatRefusal, name: str) -> str:
    """Why `name` keeps its layout for nvcc's floating point (verify_float.py), as a sentence fragment."""
    arch = f" for {r.arch}" if r.arch else ""
    if r.kind == FloatRefusalKind.DATAFLOW:
        where = f"in '{r.function}'" if r.function else "in the file"
        before = f"'{r.before}'" if r.before is not None else "its end"
        after = f"'{r.after}'" if r.after is not None else "its end"
        return (f"its rewrite changes how nvcc computes floating point {where}{arch} (the PTX's float instruction "
                f"{r.index} is {before} in the input, {after} in the rewrite: nvcc unrolls or contracts "
                "differently, and results may differ in the last bits)")
    if r.kind == FloatRefusalKind.NOT_COMPILED:
        which = "the rewrite" if r.rewrite else "the input"
        return (f"nvcc did not compile {which} to PTX{arch} ({r.why}), so the rewrite's floating point cannot be "
                "compared with the input's")
    return f"the rewrite's floating point cannot be compared with the input's: {r.why}"


def float_unchecked(why: Unchecked) -> str:
    """The note of a rewrite whose floating point was not compared (verify_float.py)."""
    assert why == Unchecked.NO_NVCC
    return ("no nvcc found, so the rewrite's floating point was not compared with the input's (nvcc may unroll or "
            "contract a rewritten kernel differently; put nvcc on PATH or set RAPCC_NVCC to check)")
