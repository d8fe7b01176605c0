"""A rewrite must not change how nvcc computes floating point (issue 27's last wrong result).

Where nvcc is at hand (`verify_nvcc.FloatCheck`), the input and the rewrite
are compiled to PTX with the build's flags, for each of its virtual
architectures, and every function's float dataflow is compared
(`verify_ptx.py`). The arrays of a function whose dataflow differs are kept
as written and the file is emitted again; a difference rapcc cannot pin on a
rewritten array of that function (an inlined `__device__` function's array,
a file-scope array, a function PTX names apart) keeps every array, so that the
output is the input's layout. Where nvcc cannot compile the input or the
rewrite to PTX, or the build's device code is not that PTX (link-time
optimisation), nothing can be compared: every rewritten array is kept.

The check runs only when something was rewritten, and compiles the rewrite
only when the input's PTX has a float instruction. It runs under `-fmad=false`
too: contraction is the choice that layouts moved on the GPU, but others
depend on the code's shape as well (a constant folded across an unrolled loop
is not flushed to zero as `-ftz` would at run time), and the check costs one
compile of the input and one of each rewrite tried.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .float_refusal import FloatRefusal, FloatRefusalKind, Unchecked
from .planner import ArrayPlan
from .refusals import float_refusal
from .reprove import Reproved
from .strategies import identity
from .verify_nvcc import FloatCheck, Ptx, compile_ptx
from .verify_ptx import StreamDiff, differing_functions, has_floats

Rerun = Callable[[tuple[ArrayPlan, ...]], Reproved]


@dataclass(frozen=True, slots=True)
class FloatChecked:
    """The rewrite whose every rewritten function computes floating point as
    the input did; `unchecked`: why no check ran (a note), or None. `compiles`:
    how many PTX compiles the check ran (for measuring its cost)."""

    done: Reproved
    unchecked: Unchecked | None = None
    compiles: int = 0


class InputPtx:
    """The input's PTX, compiled once for every strategy tried on it: `source`
    (the file at `path`); `unit`: (path, bytes) of the unit that #includes
    the file (Options.unit), compiled in its place."""

    def __init__(self, check: FloatCheck, path: str, source: bytes, unit: tuple[str, bytes] | None = None):
        self.check, self.path, self.source, self.unit = check, path, source, unit
        self._ptx: Ptx | None = None

    def get(self) -> tuple[Ptx, int]:
        """(the PTX, how many compiles this call ran)."""
        if self._ptx is not None:
            return self._ptx, 0
        self._ptx = compile_ptx(self.check, self.path, self.source, self.unit)
        return self._ptx, max(1, len(self._ptx.modules))


def float_checked(done: Reproved, check: FloatCheck | None, rerun: Rerun, original: InputPtx | None
                  ) -> FloatChecked:
    """`done` (a rewrite of the input `original` compiles) with the arrays whose
    rewrite changes the float dataflow of nvcc's PTX kept as written; `rerun`
    emits and re-proves a set of plans again. `check` None: not asked."""
    if check is None or not _rewritten(done.plans):
        return FloatChecked(done)
    if check.nvcc is None or original is None:
        return FloatChecked(done, Unchecked.NO_NVCC)
    if check.unchecked is not None:
        return FloatChecked(_keep_all(done, FloatRefusal(FloatRefusalKind.UNCHECKABLE, why=check.unchecked), rerun))
    before, compiles = original.get()
    path, unit = original.path, original.unit
    if before.error is not None:
        why = FloatRefusal(FloatRefusalKind.NOT_COMPILED, why=before.error)
        return FloatChecked(_keep_all(done, why, rerun), compiles=compiles)
    if not any(has_floats(ptx) for _, ptx in before.modules):
        return FloatChecked(done, compiles=compiles)
    while _rewritten(done.plans):
        after = compile_ptx(check, path, done.text, unit)
        compiles += max(1, len(after.modules))
        if after.error is not None:
            why = FloatRefusal(FloatRefusalKind.NOT_COMPILED, why=after.error, rewrite=True)
            return FloatChecked(_keep_all(done, why, rerun), compiles=compiles)
        diffs = _differences(before, after)
        if not diffs:
            break
        refused = _attributed(diffs, done.plans)
        if not refused:
            arch, d = diffs[0]
            return FloatChecked(_keep_all(done, _dataflow(d, arch, d.name), rerun), compiles=compiles)
        done = rerun(tuple(_kept(p, refused[p.analysis.array.key]) if p.analysis.array.key in refused else p
                           for p in done.plans))
    return FloatChecked(done, compiles=compiles)


def _rewritten(plans: tuple[ArrayPlan, ...]) -> bool:
    return any(p.rewritten for p in plans)


def _differences(before: Ptx, after: Ptx) -> list[tuple[str, StreamDiff]]:
    """(arch, difference) of every function, architecture by architecture."""
    new = dict(after.modules)
    out = []
    for arch, ptx in before.modules:
        out += [(arch, d) for d in differing_functions(ptx, new.get(arch, ""))]
    return out


def source_name_matches(ptx_name: str, function: str) -> bool:
    """Whether a PTX function may be the source function `function`: its
    name, or a mangled name that spells it (`_Z16rt4_43_online_pvPKiPii`,
    any namespace, class or template instance). A match too many only keeps
    more arrays."""
    base = function.split("<", 1)[0].rsplit("::", 1)[-1]
    return bool(base) and (ptx_name == base or f"{len(base)}{base}" in ptx_name)


def _attributed(diffs: list[tuple[str, StreamDiff]], plans: tuple[ArrayPlan, ...]) -> dict[str, FloatRefusal]:
    """Array key -> its refusal, for each rewritten array of a function whose
    dataflow differs, and each rewritten file-scope array (any function may use it)."""
    out: dict[str, FloatRefusal] = {}
    for arch, d in diffs:
        for p in plans:
            fn = p.analysis.array.function
            if p.rewritten and p.analysis.array.key not in out and (fn is None or source_name_matches(d.name, fn)):
                out[p.analysis.array.key] = _dataflow(d, arch, fn or d.name)
    return out


def _dataflow(d: StreamDiff, arch: str, function: str) -> FloatRefusal:
    return FloatRefusal(FloatRefusalKind.DATAFLOW, function, arch, d.index, d.before, d.after)


def _kept(p: ArrayPlan, why: FloatRefusal) -> ArrayPlan:
    """`p` as written, with the refusal as its reason (a rapcc-float-dataflow warning)."""
    name = p.analysis.array.name
    return replace(p, mapping=identity(p.mapping.written_dims), after=p.before, float_refused=why,
                   reason=f"left untouched: {float_refusal(why, name)}")


def _keep_all(done: Reproved, why: FloatRefusal, rerun: Rerun) -> Reproved:
    return rerun(tuple(_kept(p, why) if p.rewritten else p for p in done.plans))


__all__ = ["FloatChecked", "InputPtx", "float_checked", "source_name_matches"]
