"""Prove every emitted mapping in bounds and injective, on the emitted text.

The index helpers are read back from the output file, parsed with pycparser
and evaluated with C unsigned semantics over the array's whole logical index
domain. The output is then parsed again with rapcc's own front end: each
rewritten array must be declared with the planned dimensions and every use of
it must go through its helper. Finally the predicted wavefronts are recomputed
from the emitted helper and must match the plan's.
"""
from __future__ import annotations

import numpy as np

from .analysis.predict import predict, row_major
from .banks import BankModel
from .cexpr import CExprError, compile_helper
from .diagnostics import InternalError
from .hashing.base import sorted_distinct  # not np.unique: it imports numpy.ma (issue 29)
from .ir import Access, Escape, EscapeKind, SharedArray, TranslationUnitInfo
from .planner import ArrayPlan, keeps_spellings, same_size, stray_lane
from .rewrite import Helper, grown_dim_text, guard_function
from .strategies.base import UNBOUNDED

_QUALIFIERS = "__device__ __forceinline__ "
MAX_DOMAIN = 1 << 22


def emitted_helper_source(output: bytes, name: str) -> str:
    """The C text of helper `name` exactly as written to `output`."""
    return _emitted_line(output, f"unsigned int {name}(", f"helper '{name}'")


def _emitted_line(output: bytes, start: str, what: str = "") -> str:
    """The line of `output` that begins with `__device__ __forceinline__ ` and then `start`."""
    at = output.find(f"{_QUALIFIERS}{start}".encode())
    if at < 0:
        raise InternalError(f"{what or repr(start)} is missing from the output")
    end = output.find(b"\n", at)
    # A CRLF file gets CRLF helpers: the line ends before the '\r'.
    return output[at + len(_QUALIFIERS):end].rstrip(b"\r").decode()


def check_bijective(fn, logical: tuple[int, ...], phys_last: int, label: str) -> None:
    """Raise InternalError unless fn maps each row's last index injectively into [0, phys_last)."""
    size = int(np.prod(logical))
    if size > MAX_DOMAIN:
        raise InternalError(f"{label}: index domain of {size} elements is too large to verify")
    grids = np.meshgrid(*[np.arange(d, dtype=np.int64) for d in logical], indexing="ij")
    idx = tuple(g.ravel() for g in grids)
    try:
        last = fn(*idx)
    except CExprError as exc:
        raise InternalError(f"{label}: {exc}") from exc
    if last.min() < 0 or last.max() >= phys_last:
        bad = int(np.argmax((last < 0) | (last >= phys_last)))
        raise InternalError(f"{label}: index {tuple(int(i[bad]) for i in idx)} maps outside [0, {phys_last})")
    prefix = np.zeros_like(last)
    for i, d in zip(idx[:-1], logical[:-1]):
        prefix = prefix * d + i
    key = prefix * phys_last + last
    if sorted_distinct(key).size != key.size:
        raise InternalError(f"{label}: mapping is not injective")


def allocation_sizes(group: int) -> list[int]:
    """Allocation sizes (in elements) that exercise every case of a group-wise
    mapping: tiny, around one and several group boundaries, and partial groups."""
    near = {k * group + d for k in range(1, 5) for d in (-1, 0, 1, 7)}
    return sorted(set(range(1, 70)) | {n for n in near if n > 0} | {16 * group + 3})


def check_dynamic(fn, group: int, label: str) -> None:
    """Raise InternalError unless, for every allocation size n tried, fn(., n)
    maps [0, n) injectively into [0, n). An array of dynamic shared memory,
    whose size the launch sets, has this check alone: the output's range proof
    (reprove.py) covers arrays of constant extents."""
    for n in allocation_sizes(group):
        idx = np.arange(n, dtype=np.int64)
        try:
            out = fn(idx, np.full(n, n, dtype=np.int64))
        except CExprError as exc:
            raise InternalError(f"{label}: {exc}") from exc
        if out.min() < 0 or out.max() >= n:
            raise InternalError(f"{label}: with {n} elements allocated, an index maps outside them")
        if sorted_distinct(out).size != n:
            raise InternalError(f"{label}: with {n} elements allocated, the mapping is not injective")


def verify(output: bytes, plans: tuple[ArrayPlan, ...], helpers: tuple[Helper, ...],
           reparsed: TranslationUnitInfo | None, banks: BankModel) -> None:
    by_map = {h.map_name: h for h in helpers}
    for plan in plans:
        if plan.rewritten:
            _check_domain(plan)
    for plan, h in zip([p for p in plans if p.mapping.last_index is not None], helpers):
        m = plan.mapping
        label = f"'{plan.analysis.array.name}' ({m.strategy})"
        fn = compile_helper(emitted_helper_source(output, h.map_name))
        if m.dynamic_group:
            check_dynamic(fn, m.dynamic_group, label)
            emitted = fn
            fn = lambda i, _f=emitted: _f(i, np.full_like(i, UNBOUNDED))  # noqa: E731 - whole groups, as planned
        else:
            check_bijective(fn, m.logical_dims, m.phys_dims[-1], label)
        if plan.analysis.guard or h.guard_name:
            _check_guard(output, plan, h, label)
        _check_predictions(plan, fn, banks, label)
    if reparsed is not None:
        _check_reparsed(reparsed, plans, by_map, banks)


def _check_guard(output: bytes, plan: ArrayPlan, h: Helper, label: str) -> None:
    """A guarded layout (analysis/guards.py), read back: the test is blockDim
    against exactly the shapes the proof ran under, and every use selects the
    checked map where it holds and the subscript as written where it does not
    (each of the two is a bijection of the row, and one block runs one of them)."""
    shapes = plan.analysis.guard
    if not same_size(plan.mapping):
        raise InternalError(f"{label}: a guarded layout must keep the array's size")
    if not shapes or h.guard_name is None:
        raise InternalError(f"{label}: a guard of shapes {shapes} was planned and {h.guard_name} emitted")
    test = guard_function(h.guard_name, shapes)
    if _emitted_line(output, f"unsigned int {h.guard_name}(") != test:
        raise InternalError(f"{label}: the emitted test of blockDim is not the guard's shapes {shapes}")
    if h.accessor_name is None:
        line = _emitted_line(output, f"unsigned int {h.call_name}(")
        ok = line.endswith(f"{{ return {h.guarded(h.helper_params)}; }}")
    else:
        line = _emitted_line(output, f"__rapcc_T &{h.accessor_name}(")
        ok = line.endswith(f"[{h.guarded(h.params)}]; }}")
    if not ok:
        raise InternalError(f"{label}: a use of the guarded layout does not select the map or the index as written")


def _check_domain(plan: ArrayPlan) -> None:
    """The mapping was proved on the declared index domain: the sound proof must
    hold for the array, every subscript it recorded must stay inside it, and so
    must the replayed lanes."""
    a = plan.analysis
    if a.unproved is not None:
        raise InternalError(f"'{a.array.name}' was rewritten although the range proof does not hold for it")
    dims = plan.mapping.logical_dims
    if plan.mapping.dynamic_group or not dims:
        return  # outside the launch's allocation a dynamic mapping is the identity
    for x in a.accesses:
        ranges = x.site.ranges if x.site is not None and not a.instances else None
        if ranges and any(r.lo < 0 or r.hi >= d for r, d in zip(ranges, dims)):
            raise InternalError(f"'{a.array.name}' at line {x.access.range.line}: the range proof recorded a "
                                "subscript outside the domain the mapping was proved on")
    # The planner keeps an array whose replayed lanes leave it under a stated shape (BlockKind.REPLAY_DISAGREES).
    stray = stray_lane(a, dims)
    if stray is not None:
        raise InternalError(f"'{a.array.name}' at line {stray[0]}: a replayed lane indexes outside the domain the "
                            "mapping was proved on")


def _check_spellings(info: TranslationUnitInfo, new: SharedArray, plan: ArrayPlan, name: str,
                     accesses: list[Access], escapes: list[Escape]) -> None:
    """Every token of the array's name in the output, in active and skipped code
    alike, must be its declaration, inside a mapped subscript (or rapcc's own
    accessor call), or a skipped subscript that the layout keeps valid."""
    covered = [(a.range.start, a.range.end) for a in accesses]
    covered += [(e.range.start, e.range.end) for e in escapes if e.kind == EscapeKind.ALREADY_REWRITTEN]
    ndims = max(len(new.dims), 1)
    kept = {u.range.start for u in info.inactive if u.array == new.key and u.sized is None
            and u.subscripts == ndims and keeps_spellings(plan.mapping)}
    aliases = [a for a in info.aliases if a.array == new.key]
    binding = [(r.start, r.end) for a in aliases for r in a.bindings]
    for off in info.spellings.get(new.key, ()):
        if off == new.decl.start or off in kept or any(s <= off < e for s, e in covered + binding):
            continue
        line = info.source.count(b"\n", 0, off) + 1
        raise InternalError(f"'{name}' at line {line} of the output still sees the old layout: it is neither "
                            "its declaration nor a mapped subscript")
    # A pointer alias or a bound parameter stands for the array: each of its
    # spellings must be its declaration, inside an access of the array, or
    # passed on to a callee whose parameter is bound to the array.
    for a in aliases:
        for off in a.spellings:
            if off == a.decl.start or any(s <= off < e for s, e in covered + binding):
                continue
            line = info.source.count(b"\n", 0, off) + 1
            raise InternalError(f"'{a.name}' (an alias of '{name}') at line {line} of the output is neither its "
                                "declaration nor inside a mapped subscript")


def _check_predictions(plan: ArrayPlan, fn, banks: BankModel, label: str) -> None:
    dims = plan.mapping.phys_dims

    def layout(idx):
        idx = tuple(np.asarray(i, dtype=np.int64) for i in idx)
        last = fn(*idx)
        out = idx[0] if len(idx) > 1 else last
        for d, i in zip(dims[1:-1], idx[1:-1]):
            out = out * d + i
        return out * dims[-1] + last if len(idx) > 1 else out

    arr = plan.analysis.array
    for x, expected in zip(plan.analysis.accesses, plan.after):
        got = predict(x.samples, layout, arr.elem_bytes, x.access.width, x.access.offset, banks, vectorize=False)
        if (got is None) != (expected is None) or (got and expected and abs(got.wavefronts - expected.wavefronts) > 1e-9):
            raise InternalError(f"{label}: emitted helper predicts {got} wavefronts, the plan {expected}")


def counterparts(info: TranslationUnitInfo, plans: tuple[ArrayPlan, ...]) -> dict[str, SharedArray]:
    """Each planned array's declaration in the output, by the input's key.
    Keys hold lines and columns, which the rewrite moves; names repeat (a
    nested block's own `__shared__ tile`, issue 31). The rewrite adds and
    removes no declaration of the user's functions, so the k-th array of a
    function and name in the input is the k-th of that function and name in
    the output."""
    def grouped(arrays: list[SharedArray]) -> dict[tuple[str | None, str], list[SharedArray]]:
        out: dict[tuple[str | None, str], list[SharedArray]] = {}
        for a in sorted(arrays, key=lambda a: a.decl.start):
            out.setdefault((a.function, a.name), []).append(a)
        return out
    olds = grouped([p.analysis.array for p in plans])
    news = grouped(list(info.arrays))
    found: dict[str, SharedArray] = {}
    for group, mine in olds.items():
        theirs = news.get(group, [])
        found.update((a.key, b) for a, b in zip(mine, theirs))
    return found


def _check_padded_elements(plan: ArrayPlan, new: SharedArray, accesses: list[Access], banks: BankModel) -> None:
    """A padded element (strategies/elempad.py), read back: the output declares
    elements of the planned size and the input's alignment, every use the
    input had is there, in order, as a member access moving the same bytes at
    the same offset inside the element's `v`, and those uses under the emitted
    element size predict the plan's wavefronts."""
    arr = plan.analysis.array
    size = plan.mapping.elem_bytes(arr.elem_bytes)
    if new.elem_bytes != size or new.elem_align != arr.elem_align:
        raise InternalError(f"'{arr.name}' has {new.elem_bytes}-byte elements aligned to {new.elem_align} in the "
                            f"output, planned {size} aligned to {arr.elem_align}")
    olds = sorted((x.access for x in plan.analysis.accesses), key=lambda a: a.range.start)
    news = sorted(accesses, key=lambda a: a.range.start)
    if len(olds) != len(news):
        raise InternalError(f"'{arr.name}' has {len(news)} uses in the output, expected {len(olds)}")
    for old, now in zip(olds, news):
        if not now.member or (now.kind, now.width, now.offset) != (old.kind, old.width, old.offset):
            raise InternalError(f"'{arr.name}' at line {now.range.line} of the output moves {now.width} bytes at "
                                f"offset {now.offset} ({now.kind}), the input {old.width} at {old.offset} ({old.kind})")
    for x, expected in zip(plan.analysis.accesses, plan.after):
        got = predict(x.samples, row_major(plan.mapping.phys_dims), new.elem_bytes, x.access.width, x.access.offset,
                      banks, vectorize=False)
        if (got is None) != (expected is None) or (got and expected and abs(got.wavefronts - expected.wavefronts) > 1e-9):
            raise InternalError(f"'{arr.name}': the emitted element size predicts {got} wavefronts, the plan {expected}")


def _check_reparsed(info: TranslationUnitInfo, plans: tuple[ArrayPlan, ...], by_map: dict[str, Helper],
                    banks: BankModel) -> None:
    arrays = counterparts(info, plans)
    for plan in plans:
        if not plan.rewritten:
            continue
        arr = plan.analysis.array
        new = arrays.get(arr.key)
        if new is None:
            raise InternalError(f"'{arr.name}' disappeared from the output")
        planned: tuple = () if plan.mapping.dynamic_group else plan.mapping.phys_dims
        if any(isinstance(d, str) for d in arr.dims):  # a template-sized array: compare the spelling
            grow = [p - q for p, q in zip(plan.mapping.phys_dims, plan.mapping.logical_dims)]
            # A constant extent of such an array reads back as its value (`33 - 1` grown is 33).
            planned = tuple(d + g if isinstance(d, int) else grown_dim_text(d, g).strip() if g else d
                            for d, g in zip(arr.dims, grow))
        if tuple(new.dims) != planned:
            raise InternalError(f"'{arr.name}' is declared {new.dims} in the output, planned {planned}")
        accesses = [a for a in info.accesses if a.array == new.key]
        escapes = [e for e in info.escapes if e.array == new.key]
        if plan.mapping.last_index is None:
            for e in escapes:
                raise InternalError(f"'{arr.name}' has a use the rewrite cannot follow: {e.reason} (line {e.range.line})")
            _check_spellings(info, new, plan, arr.name, accesses, escapes)
            if plan.mapping.elem_pad:
                _check_padded_elements(plan, new, accesses, banks)
            continue
        for e in escapes:
            if e.kind != EscapeKind.ALREADY_REWRITTEN:
                raise InternalError(f"'{arr.name}' has a use the rewrite missed: {e.reason} (line {e.range.line})")
        for a in accesses:
            last = a.indices[-1]
            text = getattr(last, "text", "")
            if not any(text.startswith(name) for name in by_map):
                raise InternalError(f"'{arr.name}' at line {a.range.line} is not mapped in the output")
        _check_spellings(info, new, plan, arr.name, accesses, escapes)
        expected_uses = len(plan.analysis.accesses)
        if len(accesses) + len(escapes) != expected_uses:
            raise InternalError(f"'{arr.name}' has {len(accesses) + len(escapes)} uses in the output, expected {expected_uses}")

