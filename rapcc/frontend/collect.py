"""Find every `__shared__` array, every subscript into it and every escaping use.

The walk keeps the enclosing `for` loops and branch conditions of each access,
and a table of what each variable holds, so the analysis can evaluate
subscripts per lane without seeing a libclang cursor.

The walk is one `_Collector`: the state of `collect_state.py` composed with
one mixin per concern (`collect_kernels.py` the top level and functions,
`collect_loops.py` the statement walk, `collect_uses.py` uses of arrays,
`collect_kinds.py` what an access does, `collect_aliases.py` pointer
declarations, `collect_calls.py` callees bound to arrays, `collect_arrays.py`
array declarations). This module runs it and packs the result.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, replace

import clang.cindex as ci

from .. import ir
from ..program_constants import ProgramConstants
from .annotations import comments, layout_pragmas, own_line_directive_spans, rapcc_pragma_spans
from .inactive import array_scope, inactive_uses, spellings
from .macros import macro_values
from .preorder import Preorder
from .referents import foreign
from .tokens import file_tokens
from .collect_aliases import _Aliases
from .collect_arrays import _Arrays
from .collect_calls import _Calls
from .collect_kernels import _Kernels
from .collect_kinds import _Kinds
from .collect_loops import _Loops
# The collector's parts stay importable from here, as before the split.
from .collect_state import _CollectorState, _Ctx, _Seen, _View  # noqa: F401
from .collect_uses import _Uses


RAPCC_HEADER_MARK = b"/* rapcc "


@dataclass
class _Collector(_Kernels, _Loops, _Uses, _Kinds, _Aliases, _Calls, _Arrays):
    """One walk of one file: the state of `collect_state.py` with every
    concern's methods (each `collect_*` module holds one)."""


def collect(tu: ci.TranslationUnit, path: str, source: bytes, rdc: bool = False,
            unit: tuple[str, frozenset[str]] | None = None,
            unit_launches: tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...] = (),
            unit_unknown: tuple[tuple[str, tuple[str, ...]], ...] = (),
            unit_smem: tuple[tuple[str, tuple[int | None, ...]], ...] | None = None,
            host_facts: bool = True, walks: Preorder | None = None,
            constants: ProgramConstants | None = None) -> ir.TranslationUnitInfo:
    """Everything rapcc needs from one parsed file, as plain dataclasses.

    `rdc`: the build links device code across files, so a device function or a
    file-scope array with external linkage may be used by another file.
    `unit`: the unit that includes the file, and the file's functions it uses;
    `unit_launches`: the block shapes of that unit's own launches (kernel name
    -> shapes), which come after the #include and so outside this parse;
    `unit_unknown`: why the unit's other launches have unknown shapes (kernel name -> reasons).
    `unit_smem`: the dynamic shared memory of the unit's launches (kernel name -> bytes, None where
    unknown); None: not read, so unknown for every kernel the unit launches.
    `host_facts`: read the host code's launches and the kernels' macro values;
    the verification's parse of rapcc's own output reads neither, and the host
    interpretation is a large part of a parse (issue 20).
    `walks`: the parse's walks, shared with the lowering (preorder.py).
    `constants`: the constants other files of the program define (project mode), for the launches."""
    col = _Collector(tu, path, source, file_tokens(tu, path, len(source), source), rdc=rdc, unit=unit,
                     launch_shapes={name: list(shapes) for name, shapes in unit_launches},
                     launch_unknown=dict(unit_unknown),
                     launch_smem=dict(unit_smem) if unit_smem is not None else None, host_facts=host_facts,
                     program_constants=constants,
                     _walks=walks if walks is not None else Preorder())
    col.run()
    col.escapes.extend(dependent_type_escapes(col.accesses, col.vars, col.assumed_types))
    arrays, kernels, aliases = tuple(col.arrays.values()), tuple(col.kernels), _merged(col.aliases)
    return ir.TranslationUnitInfo(
        path=path, source=source, arrays=arrays, accesses=tuple(col.accesses),
        escapes=tuple(col.escapes), kernels=kernels, vars=dict(col.vars), aliases=aliases,
        already_rewritten=source.startswith(RAPCC_HEADER_MARK),
        inactive=inactive_uses(tu, path, source, col.tokens, arrays, kernels, col._range, aliases),
        spellings={a.key: _own_spellings(col, a, kernels) for a in arrays},
        macro_values=macro_values(tu, col.tokens, kernels) if arrays and host_facts else {},
        comments=comments(col.tokens, source), layout_pragmas=layout_pragmas(col.tokens, path, source),
        clones=tuple(col.clones.values()), rapcc_pragmas=rapcc_pragma_spans(col.tokens, source),
        own_line_directives=own_line_directive_spans(col.tokens, source, path)
        if source.startswith(RAPCC_HEADER_MARK) else ())


def dependent_type_escapes(accesses: list[ir.Access], vars: dict[str, ir.VarDef],
                           assumed: dict[str, str]) -> list[ir.Escape]:
    """A seen escape for each access whose subscripts read a local of
    template-dependent type: rapcc predicts it, and leaves its array as written."""
    if not assumed:
        return []
    out = []
    for a in accesses:
        # Guards and loop bounds too: the range proof leans on them.
        exprs = list(a.indices) + [g.cond for g in a.guards] \
            + [e for lp in a.loops for e in (lp.start, lp.cond, lp.step)] \
            + [e for lp in a.loops for c in lp.carried for e in (c.start, c.step)]
        hit = next((k for e in exprs for k in sorted(_var_keys(e, vars)) if k in assumed), None)
        if hit is not None:
            name = vars[hit].name
            out.append(ir.Escape(a.array, a.function, a.range,
                                 f"'{name}' has the template-dependent type '{assumed[hit]}' (predicted as its "
                                 "initializer's type)", seen=True))
    return out


def _var_keys(expr: ir.Expr, vars: dict[str, ir.VarDef], seen: frozenset[str] = frozenset()) -> set[str]:
    """The variables `expr` reads, through their definitions."""
    if isinstance(expr, ir.VarRef):
        if expr.key in seen:
            return set()
        d = vars.get(expr.key)
        inner = _var_keys(d.init, vars, seen | {expr.key}) if d is not None and d.init is not None else set()
        return {expr.key} | inner
    if isinstance(expr, (ir.Cast, ir.UnOp)):
        return _var_keys(expr.operand, vars, seen)
    if isinstance(expr, ir.BinOp):
        return _var_keys(expr.lhs, vars, seen) | _var_keys(expr.rhs, vars, seen)
    if isinstance(expr, ir.Select):
        return _var_keys(expr.cond, vars, seen) | _var_keys(expr.then, vars, seen) | _var_keys(expr.other, vars, seen)
    return set()


def _merged(aliases: list[ir.Alias]) -> tuple[ir.Alias, ...]:
    """One entry per alias, with the bindings of every call that binds it."""
    out: dict[tuple[str, int], ir.Alias] = {}
    for a in aliases:
        k = (a.array, a.decl.start)
        if k in out:
            old = out[k]
            a = replace(old, bindings=tuple(dict.fromkeys(old.bindings + a.bindings)))
        out[k] = a
    return tuple(out.values())


def _own_spellings(col: _Collector, arr: ir.SharedArray, kernels: tuple[ir.Kernel, ...]) -> tuple[int, ...]:
    """The tokens spelling the array's name in its scope, but those clang binds
    to another declaration (a shadowing local, a parameter, a member): the
    verifier holds every one of them to be the array's (issue 31)."""
    found = spellings(col.tokens, col.source, arr, array_scope(arr, kernels, len(col.source)))
    # A token inside one of the array's own uses is its use: only the rest are asked about (a C call each).
    uses = sorted((u.range.start, u.range.end) for u in (*col.accesses, *col.escapes) if u.array == arr.key)
    starts = [u[0] for u in uses]

    def used(off: int) -> bool:
        i = bisect.bisect_right(starts, off) - 1
        return any(s <= off < e for s, e in uses[max(0, i - 8):i + 1])
    unsure = [off for off in found if off != arr.decl.start and not used(off)]
    other = foreign(col.tu, col.path, unsure, arr.name, arr.key, ((s, e) for s, e, _ in col._expansions))
    return tuple(off for off in found if off not in other)
