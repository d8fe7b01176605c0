"""Pointer declarations into shared arrays: aliases (`float *p = s + k`),
casts to wider elements (`float *d = (float *)sData`), and pointers a
provider returns (`T *sdata = SharedMemory<T>()`), each followed or refused."""
from __future__ import annotations

from typing import Callable

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .aliases import alias_shape, cast_alias_shape
from .clangext import children, expansion_location, file_location
from .exprs import decl_key, to_expr
from .providers import provider_call
from .referents import KEYWORDS, expanded, rebound
from .collect_state import _CollectorState, _Ctx, _View


class _Aliases(_CollectorState):
    """Pointer aliases, cast views and provider pointers."""

    # -- aliases and callees ----------------------------------------------------

    def _stable_text(self, cursor: Cursor, loops: tuple[ir.Loop, ...] = (),
                     scope: tuple[int, int] | None = None) -> tuple[ir.Expr, str] | None:
        """The value and text of an alias's offset, when the text means the same
        wherever the alias is used: no call or load, only variables never
        written (or induction variables of the canonical loops around the
        declaration, which their bodies never write: the alias's scope is one
        trip) and whose names no other declaration reuses inside `scope` (the
        alias's scope: there the text names the same variables; the whole
        function when None)."""
        start, end = cursor.extent.start, cursor.extent.end
        s, e = file_location(start), file_location(end)
        if s.file != self.path or e.file != self.path or expansion_location(start).offset != s.offset \
                or expansion_location(end).offset != e.offset or e.offset <= s.offset:
            return None
        expr = to_expr(cursor)
        fixed = frozenset(lp.var for lp in loops)

        def unique(name: str) -> bool:
            if scope is None:
                return self._names.get(name, 0) <= 1
            return not any(scope[0] < at < scope[1] for at in self._decl_at.get(name, ()))
        if not _stable(expr, self.vars, {k: v for k, v in self._assigned.items() if k not in fixed}, unique, fixed):
            return None
        return expr, self.source[s.offset:e.offset].decode(errors="replace")

    def _provider_decl(self, decl: Cursor, ctx: _Ctx) -> bool:
        """`T *sdata = SharedMemory<T>();`: the pointer becomes the function's
        `extern __shared__ T sdata[]` (see providers.py); True when `decl` is
        one, so its initializer is done."""
        if not self.providers or decl.type.get_canonical().kind != ci.TypeKind.POINTER:
            return False
        init = next((k for k in children(decl) if k.kind.is_expression()), None)
        text = provider_call(init, self.providers) if init is not None else None
        if text is None:
            return False
        key = decl_key(decl)
        pointee = decl.type.get_pointee()
        name_off = self._spelled_here(decl)
        where = name_off if name_off is not None else file_location(decl.location).offset
        size = pointee.get_canonical().get_size()
        arr = ir.SharedArray(
            key=key, name=decl.spelling, function=ctx.function, decl=self._range(where, where + len(decl.spelling)),
            dims=(), dim_ranges=(), elem_type=" ".join(w for w in pointee.spelling.split() if w != "const"),
            elem_bytes=max(size, 0), is_extern=True, decl_in_macro=name_off is None, provider=text)
        self.arrays[key] = arr
        why = ""
        if name_off is None:
            why = "is declared inside a macro body"
        elif self._assigned.get(key, 0):
            why = "is reassigned or its address is taken"
        elif self._names.get(decl.spelling, 0) > 1:
            why = "shares its name with another declaration"
        elif "volatile" in pointee.spelling:
            why = "points to volatile memory"
        if why:
            self._escape(arr, ctx, decl, f"'{decl.spelling}' (dynamic shared memory from '{text}') {why}")
        return True

    def _alias_table(self) -> tuple[dict[str, int], dict[str, str], dict[str, int]]:
        """Each array's subscript depth, element type (without const) and size,
        rebuilt only when an array was added: built per pointer declaration,
        they cost arrays x declarations (issue 20)."""
        if self._alias_tables is None or self._alias_tables[0] != len(self.arrays):
            arrays = self.arrays
            self._alias_tables = (
                len(arrays),
                {k: (max(len(a.dims), 1) if not a.is_extern else len(a.dims) + 1) for k, a in arrays.items()},
                {k: " ".join(w for w in a.elem_type.split() if w != "const") for k, a in arrays.items()},
                {k: a.elem_bytes for k, a in arrays.items()})
        _, depth, elems, sizes = self._alias_tables
        return depth, elems, sizes

    def _alias_decl(self, decl: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> bool:
        """Take a pointer alias of a shared array (`float *p = s + k`); True
        when `decl` is one (followed or refused), so its initializer is done."""
        depth, elems, _ = self._alias_table()
        shape = alias_shape(decl, depth, elems)
        if shape is None:
            return self._cast_alias_decl(decl, ctx, stack, depth)
        key = decl_key(decl)
        arr = self.arrays[decl_key(shape.base.referenced)]
        name_off = self._spelled_here(decl)
        base_off = self._spelled_here(shape.base)
        scope_end = next((file_location(p.extent.end).offset for p in reversed(stack) if p.kind == K.COMPOUND_STMT),
                         self._scope_end)
        scope = (name_off, scope_end) if name_off is not None else None
        lead = [self._stable_text(c, ctx.loops, scope) for c in shape.lead]
        offset = self._stable_text(shape.offset, ctx.loops, scope) if shape.offset is not None else None
        why = ""
        if name_off is None or base_off is None:
            why = "is declared inside a macro body"
        elif self._assigned.get(key, 0):
            why = "is reassigned or its address is taken"
        elif self._names.get(decl.spelling, 0) > 1 or self._names.get(arr.name, 0) > 1:
            why = "shares its name with another declaration"
        elif (hidden := self._rebound_in(decl, scope)) is not None:
            why = f"is initialised with '{hidden}', which a declaration inside its scope may name again"
        elif any(x is None for x in lead) or (shape.offset is not None and offset is None):
            why = "has an offset that is not a constant expression of variables never written"
        elif shape.volatile and (shape.lead or shape.offset is not None):
            why = "is volatile and offset (only `volatile T *p = s` is followed)"
        if why:
            self._views[key] = None
            self._escape(arr, ctx, decl, f"pointer alias '{decl.spelling}' of '{arr.name}' {why}")
            return True
        off_expr, off_text = offset if offset is not None else (None, None)
        # A volatile alias is rewritten through its own name (`p[map(i)]`), keeping the qualifier.
        # The array as the initializer names it (`::tile` where a local hides `tile`, issue 31).
        base = self._qualified_name(shape.base, base_off, arr.name)
        via = ir.Via(decl.spelling if shape.volatile else base, tuple(t for _, t in lead), off_text)  # type: ignore[misc]
        self._views[key] = _View(arr, decl.spelling, tuple(e for e, _ in lead), off_expr, via)  # type: ignore[misc]
        init = next(k for k in children(decl) if k.kind.is_expression())
        assert name_off is not None
        self.aliases.append(ir.Alias(
            arr.key, decl.spelling, self._range(name_off, name_off + len(decl.spelling)),
            (self._cursor_range(init),), self._name_spellings(decl.spelling, name_off, scope_end, key)))
        return True

    def _qualified_name(self, ref: Cursor, name_off: int | None, name: str) -> str:
        """`ref`'s name as written, with its `::` qualifiers; `name` where it is
        not one plain (qualified) name in the file."""
        start = file_location(ref.extent.start)
        if name_off is None or start.file != self.path or not 0 <= name_off - start.offset <= 256:
            return name
        text = self.source[start.offset:name_off + len(name)].decode(errors="replace")
        qualifier = text[:-len(name)]
        if qualifier and (not qualifier.rstrip(" \t").endswith("::")
                          or any(not (c.isalnum() or c in "_: \t") for c in qualifier)):
            return name
        return text

    def _rebound_in(self, decl: Cursor, scope: tuple[int, int] | None) -> str | None:
        """A name the alias's initializer spells (its array's, its offset's
        variables and constants) that a declaration in the alias's scope may
        name again (issue 31): the rewrite re-spells that text at each use of
        the alias, where it must name what it names here."""
        init = next((k for k in children(decl) if k.kind.is_expression()), None)
        if init is None or scope is None:
            return None
        start, end = file_location(init.extent.start).offset, file_location(init.extent.end).offset
        # The text's names, and those its macros expand to: re-expanded at each use. A member's
        # name after `.` or `->` (`threadIdx.y`) is looked up in its class, never where it is
        # spelled, so no declaration of the scope can name it again.
        spelled = set(_unqualified(self.tokens.between(start, end)))
        spelled |= {w for m in spelled if m in self.macros for w in expanded(m, self.macros)}
        names = frozenset(w for w in spelled if (w[:1].isalpha() or w[:1] == "_") and w not in KEYWORDS)
        after = self.tokens.between(end, scope[1])
        members = {t.start for i, t in enumerate(after) if i and after[i - 1].spelling in (".", "->")}
        stretch = [(t.spelling, t.start) for t in after if t.start not in members]
        macros = [(m, s) for s, _, m in self._expansions if end <= s < scope[1]]
        return rebound(self.tu, self.path, stretch, names, macros, self.macros)

    def _cast_alias_decl(self, decl: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...], depth: dict[str, int]) -> bool:
        """`float *d = (float *)sData` (Rodinia's dwt2d over bytes): a view whose
        subscripts reach `scale` elements each. Followed only when the pointer
        is never reassigned and its offset is stable, as for plain aliases."""
        found = cast_alias_shape(decl, depth, self._alias_table()[2])
        if found is None:
            return False
        shape, scale = found
        key = decl_key(decl)
        arr = self.arrays[decl_key(shape.base.referenced)]
        name_off = self._spelled_here(decl)
        scope_end = next((file_location(p.extent.end).offset for p in reversed(stack) if p.kind == K.COMPOUND_STMT),
                         self._scope_end)
        offset = self._stable_text(shape.offset, ctx.loops, (name_off, scope_end)) \
            if shape.offset is not None and name_off is not None else None
        if name_off is None or self._assigned.get(key, 0) or self._names.get(decl.spelling, 0) > 1 \
                or (shape.offset is not None and offset is None):
            self._views[key] = None
            self._escape(arr, ctx, decl, f"'{arr.name}' is cast to '{decl.type.spelling}' for '{decl.spelling}', "
                         "which rapcc cannot follow")
            return True
        self._views[key] = _View(arr, decl.spelling, (), offset[0] if offset is not None else None, None,
                                 scale=scale, cast=True)
        return True


def _stable(expr: ir.Expr, vars: dict[str, ir.VarDef], assigned: dict[str, int], unique: Callable[[str], bool],
            fixed: frozenset[str] = frozenset()) -> bool:
    """Whether `expr`, re-evaluated anywhere in the function, has the value it had."""
    if isinstance(expr, (ir.Const, ir.Builtin)):
        return True
    if isinstance(expr, ir.VarRef):
        d = vars.get(expr.key)
        kinds = ("param", "local", "template_param") + (("loop",) if expr.key in fixed else ())
        return d is not None and d.kind in kinds and not assigned.get(expr.key, 0) and unique(expr.name)
    if isinstance(expr, ir.BinOp):
        return _stable(expr.lhs, vars, assigned, unique, fixed) and _stable(expr.rhs, vars, assigned, unique, fixed)
    if isinstance(expr, (ir.UnOp, ir.Cast)):
        return _stable(expr.operand, vars, assigned, unique, fixed)
    if isinstance(expr, ir.Select):
        return all(_stable(x, vars, assigned, unique, fixed) for x in (expr.cond, expr.then, expr.other))
    return False


def _unqualified(tokens: list) -> list[str]:
    """The spellings of `tokens`, less the member names that follow `.` or `->`."""
    return [t.spelling for i, t in enumerate(tokens) if not (i and tokens[i - 1].spelling in (".", "->"))]
