"""Find every `__shared__` array, every subscript into it and every escaping use.

The walk keeps the enclosing `for` loops and branch conditions of each access,
and a table of what each variable holds, so the analysis can evaluate
subscripts per lane without seeing a libclang cursor.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .aliases import alias_shape, argument_index, callee_definition, cast_alias_shape, parameters
from .annotations import annotated_block_dim, comments, layout_pragmas, own_line_directive_spans, \
    rapcc_pragma_spans
from .clangext import (binary_operator, evaluate_int, expansion_location, file_location, in_main_file, overloaded_decls,
                       specialized_template, unary_operator)
from .exprs import decl_key, int_type, strip, substitute, to_expr
from .inactive import inactive_uses, spellings
from .host_values import Launch, host_launches, kernel_fields
from .macros import macro_values
from .parse import SHIM_DIR
from .providers import Providers, classify, find_providers, provider_call, PROVIDES
from .statements import (ADDRESS_TAKEN, assignment_counts, for_parts, loop_init, loop_step, only_exits,
                         plain_assignment, self_update, step_target)
from .uniform import nonnegative_counter, uniform_locals
from .tokens import FileTokens
from .uses import callee_name, decay_reason, enclosing_call, rewritten_by_rapcc

RAPCC_HEADER_MARK = b"/* rapcc "
_FUNCTION_KINDS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD}
_ALL_FUNCTIONS = _FUNCTION_KINDS | {K.CONVERSION_FUNCTION, K.CONSTRUCTOR, K.DESTRUCTOR}
_ATOMIC_PREFIX = ("atomic",)
# Asynchronous copies into shared memory (LDGSTS): `cuda::memcpy_async(dst, src,
# size, pipe)`, `cooperative_groups::memcpy_async(group, dst, src, bytes)`,
# `__pipeline_memcpy_async(dst, src, bytes)`. The destination is the first
# pointer argument, the size two after it. A group's copy (the destination
# second) is one copy by the whole group: only a one-element one is followed.
_ASYNC_COPIES = ("memcpy_async", "__pipeline_memcpy_async")


class _Seen(str):
    """An escape reason for a use rapcc predicts (it is recorded as an access)
    but cannot rewrite: the array keeps its layout."""


def _is_shared(decl: Cursor) -> bool:
    return decl.kind == K.VAR_DECL and any(c.kind == K.CUDASHARED_ATTR for c in decl.get_children())


@dataclass(frozen=True)
class _View:
    """What a spelled name stands for: the array itself, a pointer alias into
    it (`via` set), or a callee's parameter bound to it by the call."""

    array: ir.SharedArray
    name: str
    lead: tuple[ir.Expr, ...] = ()
    offset: ir.Expr | None = None
    via: ir.Via | None = None
    bound: bool = False  # a parameter of a `__device__` function bound by a call
    # A pointer declared from a cast to a wider element type: one of its
    # elements spans `scale` of the array's (predicted through, never rewritten).
    scale: int = 1
    cast: bool = False  # declared from a cast: every access through it is kept as written


@dataclass
class _Ctx:
    function: str
    loops: tuple[ir.Loop, ...] = ()
    guards: tuple[ir.Guard, ...] = ()
    in_asm: bool = False
    # Reaching definitions of variables assigned more than once, in straight-line
    # order: `idx = threadIdx.x; ... idx = threadIdx.x - 16;` (never mutated in place).
    defs: dict[str, ir.Expr] = field(default_factory=dict)
    # Inside a callee walked for a call: its parameters bound to arrays, and the
    # callees entered so far (recursion is refused).
    params: dict[str, _View] = field(default_factory=dict)
    callees: tuple[str, ...] = ()
    clone_of: str | None = None  # inside a callee the rewrite clones per array (ir.Clone)

    def expr(self, cursor: Cursor) -> ir.Expr:
        return substitute(to_expr(cursor), self.defs)

    def forget(self, keys: "set[str] | dict[str, int]") -> "_Ctx":
        """Drop what is known of variables written in a statement rapcc does not follow."""
        if not any(k in self.defs for k in keys):
            return self
        return replace(self, defs={k: v for k, v in self.defs.items() if k not in keys})


@dataclass
class _Collector:
    tu: ci.TranslationUnit
    path: str
    source: bytes
    tokens: FileTokens
    rdc: bool = False  # relocatable device code: external linkage reaches other files
    # The unit that includes this file, and the names of this file's functions
    # its own code refers to (see ParseConfig.unit).
    unit: tuple[str, frozenset[str]] | None = None
    arrays: dict[str, ir.SharedArray] = field(default_factory=dict)
    accesses: list[ir.Access] = field(default_factory=list)
    escapes: list[ir.Escape] = field(default_factory=list)
    kernels: list[ir.Kernel] = field(default_factory=list)
    vars: dict[str, ir.VarDef] = field(default_factory=dict)
    macros: dict[str, list[str]] = field(default_factory=dict)
    initial: dict[str, tuple[ir.Expr, int]] = field(default_factory=dict)  # local -> (initializer, offset)
    # Locals whose type is a template parameter (`size_type ty = threadIdx.y`),
    # followed with their initializer's type: key -> the type as written.
    assumed_types: dict[str, str] = field(default_factory=dict)
    _assigned: dict[str, int] = field(default_factory=dict)
    _last_loop: ir.Loop | None = None
    instantiations: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = field(default_factory=dict)
    launch_shapes: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    _tops: list[Cursor] = field(default_factory=list)  # the main file's top-level cursors
    _launches: list[Launch] = field(default_factory=list)  # their kernel launches (host_values.py)
    _expansions: list[tuple[int, int, str]] = field(default_factory=list)  # macro uses: (start, end, name)
    _views: dict[str, _View | None] = field(default_factory=dict)  # pointer aliases (None: refused)
    aliases: list[ir.Alias] = field(default_factory=list)
    clones: dict[tuple[str, str], ir.Clone] = field(default_factory=dict)  # (callee, array) -> copy
    _names: dict[str, int] = field(default_factory=dict)  # declarations per name in the current function
    _decl_at: dict[str, list[int]] = field(default_factory=dict)  # where each name is declared, by offset
    _calls: dict[str, list[Cursor]] = field(default_factory=dict)  # function key -> its calls in the file
    _refs: dict[str, int] = field(default_factory=dict)  # function key -> references to it in the file
    _scope_end: int = 0  # end of the function being walked
    # The body being walked, whether its parameters are block-uniform (a
    # kernel's), and its uniform locals once asked for (see uniform.py).
    _body: Cursor | None = None
    _params_uniform: bool = False
    _uniform: frozenset[str] | None = None
    _line_starts: list[int] | None = None  # offset of each line's first byte (see _range)
    # What `_alias_decl` matches pointer declarations against, per count of arrays found so far.
    _alias_tables: tuple[int, dict[str, int], dict[str, str], dict[str, int]] | None = None
    _writes_memo: dict[Cursor, dict[str, int]] = field(default_factory=dict)
    providers: Providers = field(default_factory=lambda: Providers(frozenset(), {}))
    _bodies: dict[str, list[Cursor]] = field(default_factory=dict)  # function name -> bodies walked
    # Provider calls not taken as a pointer's initializer: (function, where, text).
    _dynamic_leaks: list[tuple[str, Cursor, str]] = field(default_factory=list)

    # -- locations -----------------------------------------------------------

    def _in_main(self, cursor: Cursor) -> bool:
        return in_main_file(cursor)

    def _range(self, start: int, end: int) -> ir.SourceRange:
        # A line table, not a count from the file's start: one range per use
        # would otherwise cost the file's length each (quadratic, issue 20).
        if self._line_starts is None:
            self._line_starts = [0] + [k + 1 for k, c in enumerate(self.source) if c == 0x0A]
        line = bisect_right(self._line_starts, start)
        col = start - self._line_starts[line - 1] + 1
        return ir.SourceRange(self.path, line, col, start, end)

    def _cursor_range(self, cursor: Cursor) -> ir.SourceRange:
        s = file_location(cursor.extent.start)
        e = file_location(cursor.extent.end)
        return self._range(s.offset, max(e.offset, s.offset))

    def _spelled_here(self, cursor: Cursor) -> int | None:
        """Offset of the identifier `cursor` names, if it is written in the main
        file (directly or in a macro argument); None inside a macro body."""
        loc = file_location(cursor.location)
        if loc.file != self.path:
            return None
        name = cursor.spelling.encode()
        if self.source[loc.offset:loc.offset + len(name)] != name:
            return None
        return loc.offset

    # -- top level -------------------------------------------------------------

    def run(self) -> None:
        self._tops = [c for c in self.tu.cursor.get_children() if self._in_main(c)]
        self._launches = host_launches(self._tops)
        for c in self._tops:
            if c.kind == K.MACRO_DEFINITION:
                self.macros[c.spelling] = [t.spelling for t in c.get_tokens()][1:]
        for c in self._tops:
            if c.kind == K.MACRO_INSTANTIATION:
                self._expansions.append((c.extent.start.offset, c.extent.end.offset, c.spelling))
        # Walk only what the main file declares: the shim's thousands of
        # declarations hold no shared arrays of the user's.
        decls = [d for top in self._tops
                 for d in top.walk_preorder() if d.kind in _ALL_FUNCTIONS or d.kind == K.VAR_DECL]
        self.providers = find_providers([c for c in self.tu.cursor.get_children() if _user_code(c)])
        # A block-scope `extern __shared__` declaration belongs to the file scope in
        # clang's eyes; inside a provider it is seen through the provider's callers.
        inside_providers = [(c.extent.start.offset, c.extent.end.offset) for c in decls
                            if self.providers and c.kind in _ALL_FUNCTIONS and classify(c) == PROVIDES]
        for c in decls:
            if any(s <= c.extent.start.offset < e for s, e in inside_providers):
                continue
            # A block-scope `extern __shared__` has the file as its semantic parent;
            # it belongs to its function (added by _declare).
            if _is_shared(c) and c.semantic_parent is not None and c.semantic_parent.kind == K.TRANSLATION_UNIT \
                    and (c.lexical_parent is None or c.lexical_parent.kind not in _ALL_FUNCTIONS):
                self._add_array(c, None)
                key = decl_key(c)
                if self.unit is not None and key in self.arrays and c.spelling in self.unit[1]:
                    self.escapes.append(ir.Escape(key, None, self.arrays[key].decl,
                                                  f"file-scope '{c.spelling}' is also used by '{self.unit[0]}', "
                                                  "which includes this file"))
                if self.rdc and key in self.arrays and c.linkage != ci.LinkageKind.INTERNAL:
                    self.escapes.append(ir.Escape(key, None, self.arrays[key].decl,
                                                  f"file-scope '{c.spelling}' has external linkage and the build "
                                                  "links device code across files (-rdc): another file may use it"))
        self._find_instantiations()
        # Every function's arrays before any walk: a callee's calls from a later
        # function pass arrays the walk of an earlier one must recognise.
        for c in decls:
            if c.kind in _FUNCTION_KINDS and self._in_main(c) and c.is_definition() \
                    and not (self.providers and classify(c) == PROVIDES):
                for d in c.walk_preorder():
                    if d.kind == K.VAR_DECL and _is_shared(d):
                        self._add_array(d, c.spelling)
        for c in decls:
            if c.kind in _FUNCTION_KINDS and self._in_main(c) and c.is_definition():
                if self.providers and classify(c) == PROVIDES:
                    continue  # its extern array is analysed through each pointer taken from it
                self._function(c)
        self._leak_dynamic_memory()
        self._dynamic_memory_in_callees()
        if self.rdc:  # a device function of another file may declare the launch's extern memory too
            for arr in self.arrays.values():
                if arr.is_extern:
                    self.escapes.append(ir.Escape(arr.key, arr.function, arr.decl,
                                                  f"'{arr.name}' is the launch's dynamic shared memory and the build "
                                                  "links device code across files (-rdc): a function of another "
                                                  "file may reach it"))

    def _find_instantiations(self) -> None:
        """Integer template arguments of every call of a function template in the
        file (`k<16><<<grid, block>>>(...)` included)."""
        found: dict[str, set[tuple[tuple[str, int], ...]]] = {}
        for top in self._tops:
            for c in top.walk_preorder():
                if c.kind == K.DECL_REF_EXPR and c.referenced is not None and \
                        c.referenced.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                    fkey = _function_key(c.referenced)
                    self._refs[fkey] = self._refs.get(fkey, 0) + 1
                if c.kind != K.CALL_EXPR:
                    continue
                if c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL:
                    self._calls.setdefault(_function_key(c.referenced), []).append(c)
                ref = c.referenced
                if ref is None or ref.kind != K.FUNCTION_DECL or ref.get_num_template_arguments() <= 0:
                    continue
                tmpl = specialized_template(ref)
                if tmpl is None or tmpl.kind != K.FUNCTION_TEMPLATE:
                    continue
                params = [k for k in tmpl.get_children()
                          if k.kind in (K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]
                values = []
                for i, prm in enumerate(params[:ref.get_num_template_arguments()]):
                    if prm.kind == K.TEMPLATE_NON_TYPE_PARAMETER and \
                            ref.get_template_argument_kind(i) == ci.TemplateArgumentKind.INTEGRAL:
                        values.append((decl_key(prm), int(ref.get_template_argument_value(i))))
                if values:
                    found.setdefault(decl_key(tmpl), set()).add(tuple(values))
        self.instantiations = {k: tuple(sorted(v)) for k, v in found.items()}

    def _function(self, fn: Cursor) -> None:
        body = next((k for k in fn.get_children() if k.kind == K.COMPOUND_STMT), None)
        if body is None:
            return
        name = fn.spelling
        is_global = any(k.kind == K.CUDAGLOBAL_ATTR for k in fn.get_children())
        tparams = []
        for k in fn.get_children():
            if k.kind == K.PARM_DECL:
                self._var(k, "param", None)
            elif k.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
                self._var(k, "template_param", None)
                tparams.append(k.spelling)
        self.kernels.append(ir.Kernel(
            name=name, is_global=is_global, range=self._cursor_range(fn),
            launch_bounds=self._launch_bounds(fn, body), pragma_block_dim=self._pragma_block_dim(body) or annotated_block_dim(fn),
            template_params=tuple(tparams), instantiations=self.instantiations.get(decl_key(fn), ()),
            **kernel_fields(self._launches, name, self.instantiations.get(decl_key(fn), ()),
                            self.launch_shapes.get(name, ()))))
        self._declare(fn, body)
        self._scope_end = file_location(fn.extent.end).offset
        self._bodies.setdefault(name, []).append(body)
        self._walk(body, _Ctx(name))

    def _declare(self, fn: Cursor, body: Cursor) -> None:
        """Describe a function's locals and count its declarations per name."""
        assigned = self._writes(body)
        self._assigned = assigned
        self._body, self._uniform = body, None
        self._params_uniform = any(k.kind == K.CUDAGLOBAL_ATTR for k in fn.get_children())
        self._names = {}
        self._decl_at = {}
        for c in fn.walk_preorder():
            if c.kind in (K.VAR_DECL, K.PARM_DECL):
                self._names[c.spelling] = self._names.get(c.spelling, 0) + 1
                self._decl_at.setdefault(c.spelling, []).append(file_location(c.location).offset)
            if c.kind == K.VAR_DECL:
                if _is_shared(c):
                    self._add_array(c, fn.spelling)
                else:
                    self._local(c, assigned)

    # -- variables -------------------------------------------------------------

    def _var(self, decl: Cursor, kind: ir.VarKind, init: ir.Expr | None) -> None:
        it = int_type(decl.type) or (32, True)
        key = decl_key(decl)
        self.vars[key] = ir.VarDef(key, decl.spelling, kind, init, signed=it[1], bits=it[0])

    def _local(self, decl: Cursor, assigned: dict[str, int]) -> None:
        key = decl_key(decl)
        init_cursor = next((k for k in decl.get_children() if k.kind not in (K.TYPE_REF, K.NAMESPACE_REF, K.TEMPLATE_REF)
                            and k.kind.is_expression()), None)
        if key in self.vars:  # a loop induction variable, already described
            return
        init = None
        typed = int_type(decl.type) is not None
        if init_cursor is not None and not typed and _template_typed(decl) and int_type(init_cursor.type) is not None:
            # The SDK's `matrixMul<block_size, size_type>`: an index whose type is
            # known only per instance. Its value is followed as its initializer's;
            # the accesses that read it are predicted but never rewritten
            # (`dependent_type_escapes`), since another instance may wrap otherwise.
            typed = True
            self.assumed_types[key] = decl.type.spelling
        if init_cursor is not None and typed:
            self.initial[key] = (to_expr(init_cursor), file_location(decl.location).offset)
            if assigned.get(key, 0) == 0:
                init = self.initial[key][0]
        if key in self.assumed_types:
            it = int_type(init_cursor.type) if init_cursor is not None else None
            bits, signed = it or (32, True)
            self.vars[key] = ir.VarDef(key, decl.spelling, "local", init, signed=signed, bits=bits)
            return
        self._var(decl, "local", init)

    # -- arrays ----------------------------------------------------------------

    def _add_array(self, decl: Cursor, function: str | None) -> None:
        key = decl_key(decl)
        if key in self.arrays:
            return
        t = decl.type.get_canonical()
        dims: list[ir.Dim] = []
        is_extern = decl.storage_class == ci.StorageClass.EXTERN
        while t.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                         ci.TypeKind.DEPENDENTSIZEDARRAY, ci.TypeKind.VARIABLEARRAY):
            if t.kind == ci.TypeKind.CONSTANTARRAY:
                dims.append(t.element_count)
            elif t.kind == ci.TypeKind.DEPENDENTSIZEDARRAY:
                dims.append("?")
            t = t.element_type.get_canonical()
        if not dims and decl.type.get_canonical().kind not in (ci.TypeKind.INCOMPLETEARRAY,):
            return  # a shared scalar: no subscripts to conflict
        size = t.get_size()
        name_off = self._spelled_here(decl)
        dim_ranges: list[ir.SourceRange | None] = []
        ndecl = len(dims)
        if name_off is not None:
            groups = self.tokens.bracket_groups(name_off, decl.spelling, ndecl) if ndecl else []
            if groups is None:
                dim_ranges = [None] * ndecl
            else:
                for open_tok, close_tok in groups:
                    dim_ranges.append(self._range(open_tok.end, close_tok.start))
            # Symbolic sizes keep the spelling the user wrote.
            dims = [d if d != "?" or r is None else self.source[r.start:r.end].decode().strip()
                    for d, r in zip(dims, dim_ranges)]
        if decl.type.get_canonical().kind == ci.TypeKind.INCOMPLETEARRAY:
            dims_t: tuple[ir.Dim, ...] = tuple(dims[1:]) if dims else ()
            dim_ranges = dim_ranges[1:]
            dims = list(dims_t)
        where = name_off if name_off is not None else file_location(decl.location).offset
        size_exprs = [k for k in decl.get_children() if k.kind.is_expression()]
        dim_exprs = []
        for r in dim_ranges:
            inside = [k for k in size_exprs if r is not None and r.start <= file_location(k.extent.start).offset < r.end]
            dim_exprs.append(to_expr(inside[0]) if len(inside) == 1 else None)
        self.arrays[key] = ir.SharedArray(
            key=key, name=decl.spelling, function=function,
            decl=self._range(where, where + len(decl.spelling)), dims=tuple(dims),
            dim_ranges=tuple(dim_ranges), elem_type=t.spelling, elem_bytes=max(size, 0),
            is_extern=is_extern, decl_in_macro=name_off is None, dim_exprs=tuple(dim_exprs))

    # -- the walk --------------------------------------------------------------

    def _walk(self, cursor: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...] = ()) -> None:
        kind = cursor.kind
        if kind == K.DECL_REF_EXPR:
            ref = cursor.referenced
            key = decl_key(ref) if ref is not None else ""
            if ref is not None and key in self.arrays and ref.kind == K.VAR_DECL:
                arr = self.arrays[key]
                self._use(cursor, _View(arr, arr.name), ctx, stack)
            elif key in ctx.params:
                self._use(cursor, ctx.params[key], ctx, stack)
            elif self._views.get(key) is not None:
                self._use(cursor, self._views[key], ctx, stack)  # type: ignore[arg-type]
            return
        if kind == K.VAR_DECL and (self._provider_decl(cursor, ctx) or self._alias_decl(cursor, ctx, stack)):
            return
        if kind == K.CALL_EXPR and self.providers:
            text = provider_call(cursor, self.providers)
            if text is not None:
                self._dynamic_leaks.append((ctx.function, cursor, text))
        if kind == K.ASM_STMT:
            ctx = replace(ctx, in_asm=True)
        stack = stack + (cursor,)
        if kind == K.FOR_STMT:
            self._for(cursor, ctx, stack)
            return
        if kind == K.IF_STMT:
            self._if(cursor, ctx, stack)
            return
        if kind == K.WHILE_STMT:
            self._while(cursor, ctx, stack)
            return
        if kind == K.COMPOUND_STMT:
            self._compound(cursor, ctx, stack)
            return
        if kind == K.CONDITIONAL_OPERATOR:
            kids = list(cursor.get_children())
            if len(kids) == 3:
                cond = ctx.expr(kids[0])
                self._walk(kids[0], ctx, stack)
                self._walk(kids[1], _with_guard(ctx, ir.Guard(cond)), stack)
                self._walk(kids[2], _with_guard(ctx, ir.Guard(cond, negated=True)), stack)
                return
        for child in cursor.get_children():
            self._walk(child, ctx, stack)

    def _compound(self, block: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        # `if (tid >= n) return;` guards every statement after it.
        for stmt in block.get_children():
            self._last_loop = None
            self._walk(stmt, ctx, stack)
            ctx = self._after_statement(stmt, ctx)
            if stmt.kind in (K.FOR_STMT, K.WHILE_STMT) and self._last_loop is not None and self._last_loop.carried:
                # `p` after `for (...) { ...; p ^= 1; }` holds its value from the last iteration.
                loop = self._last_loop
                finals = {c.var: ir.AfterLoop(loop, c) for c in loop.carried if self._trackable(c.var)}
                ctx = replace(ctx, defs={**ctx.defs, **finals})
            if stmt.kind == K.IF_STMT:
                kids = list(stmt.get_children())
                if len(kids) == 2 and only_exits(kids[1]):
                    ctx = _with_guard(ctx, ir.Guard(ctx.expr(kids[0]), negated=True))

    def _after_statement(self, stmt: Cursor, ctx: _Ctx) -> _Ctx:
        """Definitions that reach the next statement of a block."""
        if stmt.kind == K.COMPOUND_STMT:
            # A plain nested block runs its statements in order, as the
            # enclosing one does (the SDK's odd-even merge sort steps `stride`
            # inside `{ ...; stride >>= 1; }` before the loop that reads it).
            for inner in stmt.get_children():
                ctx = self._after_statement(inner, ctx)
            return ctx
        written = self._writes(stmt) if stmt.kind != K.DECL_STMT else {}
        target = plain_assignment(stmt)
        if target is not None:
            key, rhs = target
            value = ctx.expr(rhs)
            ctx = ctx.forget({key})
            if self._trackable(key):
                return replace(ctx, defs={**ctx.defs, key: value})
            return ctx
        if stmt.kind == K.DECL_STMT:
            for d in stmt.get_children():
                key = decl_key(d) if d.kind == K.VAR_DECL else None
                if key in self.initial and not self._assigned.get(key, 0):
                    # The initializer reads what reaches it: inside a callee walked
                    # for a call, the parameters this call binds; elsewhere a local
                    # known here only (`uint pos = ... stride ...` after `stride`
                    # was stepped).
                    value = substitute(self.initial[key][0], ctx.defs)
                    if ctx.params or value != self.initial[key][0]:
                        ctx = replace(ctx, defs={**ctx.defs, key: value})
                elif key in self.initial and self._assigned.get(key, 0) > 0 and self._trackable(key):
                    value = substitute(self.initial[key][0], ctx.defs)
                    ctx = ctx.forget({key})
                    ctx = replace(ctx, defs={**ctx.defs, key: value})
            return ctx
        update = self_update(stmt)
        if update is not None and update[0] in ctx.defs and self._trackable(update[0]) and len(written) == 1 \
                and update[1] != "/":
            # `pos += size;` after `uint pos = ...;`: the new value is the old one
            # stepped, in the variable's own type (scan's `pos` in the SDK). Not
            # `/=`: its quotient depends on the operands' common type, which the
            # step as written does not carry (`i /= 2u` of a negative int).
            key, op, step = update
            d = self.vars[key]
            value = ir.Cast(d.bits, d.signed, ir.BinOp(op, ctx.defs[key], substitute(step, ctx.defs)))
            return replace(ctx, defs={**ctx.defs, key: value})
        return ctx.forget(set(written))

    def _writes(self, cursor: Cursor) -> dict[str, int]:
        """`assignment_counts(cursor)`, once per cursor: every loop and
        statement asks for its subtree's, and nested loops ask again."""
        found = self._writes_memo.get(cursor)
        if found is None:
            found = self._writes_memo[cursor] = assignment_counts(cursor)
        return found

    def _trackable(self, key: str) -> bool:
        """A local integer whose address is never taken: every write to it is visible."""
        d = self.vars.get(key)
        return d is not None and d.kind == "local" and self._assigned.get(key, 0) < ADDRESS_TAKEN

    def _entry_value(self, key: str) -> ir.Expr | None:
        """The value a loop variable enters its loop with when no definition
        reaches the loop (`iStage`, stepped by an inner loop and carried across
        the outer one in the SDK's pipelined matrix multiply): when it is
        block-uniform, one unknown value for the block, sampled as a kernel
        parameter is; never negative when it only counts up from zero."""
        d = self.vars.get(key)
        if d is None or d.kind not in ("local", "loop") or self._body is None \
                or self._assigned.get(key, 0) >= ADDRESS_TAKEN:
            return None
        if self._uniform is None:
            self._uniform = uniform_locals(self._body, self._params_uniform, lambda c: for_parts(c, self.tokens))
        if key not in self._uniform:
            return None
        bits, signed = d.bits, d.signed
        if nonnegative_counter(self._body, key):
            bits, signed = (bits - 1 if signed else bits), False
        return ir.Opaque(d.name, "a block-uniform value carried across loops", bits=bits, signed=signed, uniform=True)

    def _if(self, stmt: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        kids = list(stmt.get_children())
        if kids and kids[0].kind == K.DECL_STMT and len(kids) >= 3:
            self._walk(kids[0], ctx, stack)
            kids = kids[1:]
        if len(kids) < 2:
            for k in kids:
                self._walk(k, ctx, stack)
            return
        cond = ctx.expr(kids[0])
        self._walk(kids[0], ctx, stack)
        self._walk(kids[1], _with_guard(ctx, ir.Guard(cond)), stack)
        for other in kids[2:]:
            self._walk(other, _with_guard(ctx, ir.Guard(cond, negated=True)), stack)

    def _for(self, stmt: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        parts = for_parts(stmt, self.tokens)
        for part in ("init", "cond", "inc"):
            if parts.get(part) is not None:
                self._walk(parts[part], ctx, stack)
        loop = self._loop(parts, ctx)
        body = parts.get("body")
        inner = _loop_entry(body, ctx, self._writes) if body is not None else ctx
        # What the header steps differs from trip to trip: a definition that
        # reached the loop (`s >>= 1;` before `for (; s > 0; s >>= 1)`) holds
        # in no trip but the first.
        stepped = {k for part in ("cond", "inc") if parts.get(part) is not None
                   for k in self._writes(parts[part])}  # type: ignore[arg-type]
        inner = inner.forget(stepped)
        inner = replace(inner, loops=ctx.loops + (loop,)) if loop else inner
        if body is not None:
            self._walk(body, inner, stack)
        self._last_loop = loop  # after the body, whose own loops set it too

    def _loop(self, parts: dict[str, Cursor | None], ctx: _Ctx) -> ir.Loop | None:
        init, cond, inc, body = parts.get("init"), parts.get("cond"), parts.get("inc"), parts.get("body")
        if cond is None or inc is None:
            return None
        if inc.kind == K.BINARY_OPERATOR and binary_operator(inc) == ",":
            return self._lockstep_loop(init, cond, inc, body, ctx)
        if init is not None:
            var_cursor, start_cursor = loop_init(init)
            start = ctx.expr(start_cursor) if start_cursor is not None else None
        else:  # `for (; stride >= 4; stride >>= 2)` starts from the reaching definition
            update = self_update(inc)
            var_cursor = step_target(inc) if update is None or inc.kind != K.BINARY_OPERATOR \
                else strip(next(inc.get_children())).referenced
            start = ctx.defs.get(decl_key(var_cursor)) if var_cursor is not None else None
            if var_cursor is not None and start is None:
                d = self.vars.get(decl_key(var_cursor))
                start = d.init if d is not None else None
            if var_cursor is not None and start is None:
                start = self._entry_value(decl_key(var_cursor))
        if var_cursor is None or start is None:
            return None
        key = decl_key(var_cursor)
        step = loop_step(inc, key)
        if step is None:
            return None
        body_writes = self._writes(body) if body is not None else {}
        if body_writes.get(key, 0):
            return None  # the body moves the induction variable: not canonical
        inside = ctx.forget(set(body_writes) | {key})
        self._var(var_cursor, "loop", None)
        return ir.Loop(key, start, inside.expr(cond), step[0], substitute(step[1], inside.defs),
                       self._carried(body, key, ctx, body_writes))

    def _lockstep_loop(self, init: Cursor | None, cond: Cursor, inc: Cursor, body: Cursor | None,
                       ctx: _Ctx) -> ir.Loop | None:
        """`for (int a = a0, i = 0; a <= end; a += step, ++i)` (the SDK's
        pipelined matrix multiply, its Jacobi solver): variables stepped
        together by the header. The first is the induction variable, the others
        are carried: in trip k each holds its start stepped k times."""
        steps = _comma_list(inc)
        starts: dict[str, ir.Expr] = {}
        if init is not None and init.kind == K.DECL_STMT:
            for d in init.get_children():
                value = next((k for k in d.get_children() if k.kind.is_expression()), None) \
                    if d.kind == K.VAR_DECL else None
                if value is None or int_type(d.type) is None:
                    return None
                # A later declarator may read an earlier one (`i = a0, j = i + 1`).
                starts[decl_key(d)] = substitute(ctx.expr(value), starts)
        elif init is not None:
            # `for (bincnt = 0; ...; bincnt++, nbrid += 8)` (Parboil's cutcp):
            # plain assignments of declared locals, one or several.
            for a in _comma_list(init):
                target = plain_assignment(a)
                if target is None or not self._trackable(target[0]):
                    return None
                starts[target[0]] = substitute(ctx.expr(target[1]), starts)
        updates = [self_update(st) for st in steps]
        if any(u is None for u in updates):
            return None
        body_writes = self._writes(body) if body is not None else {}
        keys = [u[0] for u in updates]  # type: ignore[index]
        if len(set(keys)) != len(keys) or any(body_writes.get(k, 0) for k in keys) \
                or any(u[1] not in ("+", "-", "*", "<<", ">>") for u in updates):  # type: ignore[index]
            return None
        for k in keys:
            if k not in starts:
                start = ctx.defs.get(k)
                if start is None:
                    d = self.vars.get(k)
                    start = d.init if d is not None else None
                if start is None:
                    start = self._entry_value(k)
                if start is None:
                    return None
                starts[k] = start
        inside = ctx.forget(set(body_writes) | set(keys))
        step_exprs = [substitute(u[2], inside.defs) for u in updates]  # type: ignore[index]
        end = file_location(body.extent.end).offset if body is not None else file_location(inc.extent.end).offset
        main, *rest = keys
        carried = tuple(ir.Carried(k, starts[k], u[1], e, end)  # type: ignore[index]
                        for k, u, e in zip(rest, updates[1:], step_exprs[1:]))
        if self.vars.get(main) is None or self.vars[main].kind != "loop":
            d = self.vars.get(main)
            self.vars[main] = ir.VarDef(main, d.name if d else main.split("@")[0], "loop", None,
                                        signed=d.signed if d else True, bits=d.bits if d else 32)
        return ir.Loop(main, starts[main], inside.expr(cond), updates[0][1], step_exprs[0],  # type: ignore[index]
                       carried + self._carried(body, main, ctx, body_writes))

    def _recurrence(self, stmt: Cursor) -> tuple[str, str, ir.Expr] | None:
        """`pos = (pos + 4) & (N - 1)` (the SDK's histogram64 ring index): an
        integer local assigned a value computed from its own: (variable, "=",
        the new value in the variable's type). Not a self-update of one
        operator, so only carried values take it, stepped by evaluating it."""
        target = plain_assignment(stmt)
        if target is None:
            return None
        key, rhs = target
        d = self.vars.get(key)
        value = to_expr(rhs)
        if d is None or d.kind != "local" or not _reads_var(value, key):
            return None
        return key, "=", ir.Cast(d.bits, d.signed, value)

    def _while(self, stmt: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        """`while (v < n) { ...; v += step; }` is a loop whose trip counter is
        implicit and whose variable `v` is carried."""
        kids = list(stmt.get_children())
        if len(kids) != 2:
            for k in kids:
                self._walk(k, ctx, stack)
            return
        cond, body = kids
        writes = self._writes(body)
        carried = self._carried(body, "", ctx, writes)
        inner = _loop_entry(body, ctx, self._writes)
        loop = None
        if carried:
            counter = f"<while@{file_location(stmt.extent.start).offset}>"
            loop = ir.Loop(counter, ir.Const(0), inner.expr(cond), "+", ir.Const(1), carried)
            inner = replace(inner, loops=ctx.loops + (loop,))
        self._walk(cond, ctx, stack)
        self._walk(body, inner, stack)
        self._last_loop = loop

    def _carried(self, body: Cursor | None, induction: str, ctx: _Ctx,
                 writes: dict[str, int]) -> tuple[ir.Carried, ...]:
        """Variables the body updates exactly once, at its top level, starting
        from the definition that reaches the loop."""
        if body is None or body.kind != K.COMPOUND_STMT:
            return ()
        out = []
        for stmt in body.get_children():
            upd = self_update(stmt) or self._recurrence(stmt)
            if upd is None:
                continue
            key, op, step = upd
            if key == induction or writes.get(key) != 1 or int_type(stmt.type) is None:
                continue  # (a float accumulator never reaches a subscript)
            start = ctx.defs.get(key)
            if start is None and key in self.initial and self._assigned.get(key) == 1:
                start = substitute(self.initial[key][0], ctx.defs)
            if start is None:
                start = self._entry_value(key)
            if start is None:
                continue
            out.append(ir.Carried(key, start, op, substitute(step, ctx.forget(set(writes)).defs),
                                  file_location(stmt.extent.end).offset))
        return tuple(out)

    # -- uses ------------------------------------------------------------------

    def _pasting_macro(self, offset: int) -> str | None:
        """The macro whose argument text contains `offset`, if its body uses `#`
        or `##`: rewriting the argument would change a string or a pasted name."""
        for start, end, name in self._expansions:
            if start <= offset < end and any(t in ("#", "##") for t in self.macros.get(name, ())):
                return name
        return None

    def _escape(self, arr: ir.SharedArray, ctx: _Ctx, where: Cursor, reason: str,
                kind: ir.EscapeKind = ir.EscapeKind.OTHER) -> None:
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(where), reason, kind=kind))

    def _use(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        arr = view.array
        name = view.name
        said = f"'{name}'" if name == arr.name else f"'{name}' (an alias of '{arr.name}')"
        name_off = self._spelled_here(ref)
        if name_off is None:
            self._macro_access(ref, view, ctx, stack, ref, f"{said} is spelled inside a macro body")
            return
        if ctx.in_asm:
            self._escape(arr, ctx, ref, f"{said} is used in inline asm")
            return
        pasting = self._pasting_macro(name_off)
        if pasting is not None:
            self._escape(arr, ctx, ref, f"{said} is an argument of macro '{pasting}', which stringizes or "
                         "pastes tokens")
            return
        chain, i = _subscript_chain(ref, stack)
        depth = len(chain)
        ndims = (max(len(arr.dims), 1) if not arr.is_extern else len(arr.dims) + 1) - len(view.lead)
        if depth == 0:
            parent = stack[i] if i >= 0 else None
            if parent is not None and parent.kind == K.CALL_EXPR and ndims == 1 \
                    and not callee_name(parent).startswith("__rapcc_"):
                if not view.lead and view.offset is None and not view.cast:
                    self._bind_call(ref, view, parent, ctx)
                    return
                if self._bind_offset_call(ref, view, parent, ctx):
                    return
            if parent is not None and parent.kind == K.CALL_EXPR and ndims >= 2 and not view.lead \
                    and view.offset is None and not view.cast and not callee_name(parent).startswith("__rapcc_") \
                    and self._bind_rows(ref, view, parent, ctx):
                return
            if parent is not None and not view.lead and not view.cast \
                    and (ndims == 1 or all(isinstance(d, int) for d in arr.dims)) \
                    and self._cast_access(ref, view, ctx, stack, i):
                return
            if parent is not None and ndims == 1 and not view.cast and self._pointer_atomic(ref, view, ctx, stack, i):
                return
            if parent is not None and ndims == 1 and not view.cast and self._offset_argument(ref, view, ctx, stack, i):
                return
            reason = decay_reason(name, parent)
            kind = ir.EscapeKind.ALREADY_REWRITTEN if rewritten_by_rapcc(parent) else ir.EscapeKind.OTHER
            self._escape(arr, ctx, ref, reason if name == arr.name else f"{reason} (an alias of '{arr.name}')", kind)
            return
        if depth < ndims:
            self._escape(arr, ctx, chain[-1], f"a row of {said} is used as a pointer")
            return
        top = chain[-1]
        groups = self.tokens.bracket_groups(name_off, name, depth)
        end = file_location(top.extent.end).offset
        if groups is None or groups[-1][1].end != end:
            self._macro_access(ref, view, ctx, stack, top, f"a subscript of {said} is spelled inside a macro body")
            return
        kind, width, offset, reason = self._access_kind(top, stack[:i + 1], arr, ctx)
        if reason and not isinstance(reason, _Seen):
            self._escape(arr, ctx, top, reason)
            return
        if reason:
            self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(top), reason, seen=True))
        spelled = [ctx.expr(list(c.get_children())[1]) for c in chain]
        if view.cast:
            if view.scale != 1:
                spelled[0] = ir.BinOp("*", spelled[0], ir.Const(view.scale))
                width = width or arr.elem_bytes * view.scale
            self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(top),
                                          f"{said} reads the array through a cast, as {arr.elem_bytes * view.scale}-"
                                          "byte elements", seen=True))
        if view.offset is not None:
            spelled[0] = ir.BinOp("+", view.offset, spelled[0])
        indices = view.lead + tuple(spelled)
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=self._range(name_off, end),
            index_ranges=tuple(self._range(o.end, c.start) for o, c in groups),
            indices=indices, kind=kind, width=width or arr.elem_bytes, offset=offset,
            loops=ctx.loops, guards=ctx.guards, text=self.source[name_off:end].decode(errors="replace"),
            via=view.via, clone_of=ctx.clone_of))

    def _offset_argument(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], i: int) -> bool:
        """`merge<dir>(..., s_key + SAMPLE_STRIDE, ...)`, `addData1024(s_Hist + warpBase, ...)`:
        the array plus an offset given to a function of this file, walked
        read-only as an offset alias would be."""
        plus = stack[i]
        if plus.kind != K.BINARY_OPERATOR or binary_operator(plus) != "+":
            return False
        kids = list(plus.get_children())
        if len(kids) != 2 or strip(kids[0]).hash != ref.hash or int_type(kids[1].type) is None:
            return False
        node, j = _climb(stack, i, (K.PAREN_EXPR, K.UNEXPOSED_EXPR))
        call = stack[j] if j >= 0 else None
        if call is None or call.kind != K.CALL_EXPR or callee_name(call).startswith(("__rapcc_",) + _ATOMIC_PREFIX) \
                or not any(a.hash == node.hash for a in call.get_arguments()):
            return False
        offset = ctx.expr(kids[1])
        if view.offset is not None:
            offset = ir.BinOp("+", view.offset, offset)
        return self._bind_offset_call(ref, replace(view, offset=offset), call, ctx)

    def _pointer_atomic(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], i: int) -> bool:
        """`atomicAdd(s_WarpHist + data, 1)` (the SDK's histogram256): the
        atomic reaches element `data` of the pointer. Predicted as an atomic
        access; kept as written (the sum is not a subscript rapcc rewrites)."""
        plus = stack[i]
        if plus.kind != K.BINARY_OPERATOR or binary_operator(plus) != "+":
            return False
        kids = list(plus.get_children())
        if len(kids) != 2 or plus.type.get_canonical().kind != ci.TypeKind.POINTER:
            return False
        mine = next((k for k, c in enumerate(kids) if any(x.hash == ref.hash for x in c.walk_preorder())), None)
        if mine is None or strip(kids[mine]).hash != ref.hash:
            return False
        node, j = _climb(stack, i, (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR))
        call = stack[j] if j >= 0 else None
        if call is None or call.kind != K.CALL_EXPR or not callee_name(call).startswith(_ATOMIC_PREFIX):
            return False
        args = list(call.get_arguments())
        if not args or args[0].hash != node.hash:
            return False  # the atomic's address must be the sum itself
        start, end = file_location(plus.extent.start).offset, file_location(plus.extent.end).offset
        if self._spelled_here(ref) is None or file_location(plus.extent.start).file != self.path:
            return False
        arr = view.array
        index = ctx.expr(kids[1 - mine])
        if view.offset is not None:
            index = ir.BinOp("+", view.offset, index)
        said = f"'{view.name}'" if view.name == arr.name else f"'{view.name}' (an alias of '{arr.name}')"
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(plus),
                                      f"{said} plus an offset is given to '{callee_name(call)}'", seen=True))
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=self._range(start, end),
            index_ranges=(self._cursor_range(kids[1 - mine]),), indices=view.lead + (index,), kind="atomic",
            width=arr.elem_bytes, offset=0, loops=ctx.loops, guards=ctx.guards,
            text=self.source[start:end].decode(errors="replace"), via=view.via, clone_of=ctx.clone_of))
        return True

    def _cast_access(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], i: int) -> bool:
        """`((uint4 *)s)[t]` (Parboil's sort) or `((uint *)s_Hist)[t]` (the SDK's
        histogram64 over bytes): the array read or written as wider elements,
        each k of its own. The subscript is predicted as a k-element access; the
        array stays as written (a seen escape): a new layout would have to
        keep every run of k elements adjacent and aligned."""
        arr = view.array
        cast = stack[i]
        if cast.kind not in (K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_STATIC_CAST_EXPR) \
                or cast.type.get_canonical().kind != ci.TypeKind.POINTER or not arr.elem_bytes:
            return False
        wide = cast.type.get_canonical().get_pointee().get_size()
        if wide not in (1, 2, 4, 8, 16) or wide % arr.elem_bytes or wide < arr.elem_bytes:
            return False
        node, j = _climb(stack, i, (K.PAREN_EXPR, K.UNEXPOSED_EXPR))
        top = stack[j] if j >= 0 else None
        if top is None or top.kind != K.ARRAY_SUBSCRIPT_EXPR or next(top.get_children()).hash != node.hash:
            return False
        if self._spelled_here(ref) is None or self._spelled_here(top) is None:
            return False
        start, end = file_location(top.extent.start).offset, file_location(top.extent.end).offset
        kind, _, offset, why = self._access_kind(top, stack[:j], arr, ctx)
        if why and not isinstance(why, _Seen):
            self._escape(arr, ctx, top, why)
            return True
        k = wide // arr.elem_bytes
        index = ir.BinOp("*", ctx.expr(list(top.get_children())[1]), ir.Const(k))
        if view.offset is not None:
            index = ir.BinOp("+", view.offset, index)
        said = f"'{view.name}'" if view.name == arr.name else f"'{view.name}' (an alias of '{arr.name}')"
        what = f"{wide}-byte accesses; its elements must stay adjacent" if k > 1 else \
            "read as one flat run of elements, which a new layout would have to keep"
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(top),
                                      f"{said} is cast to '{cast.type.spelling}' ({what})", seen=True))
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=self._range(start, end),
            index_ranges=(self._cursor_range(list(top.get_children())[1]),), indices=_flat_indices(index, arr.dims),
            kind=kind,
            width=wide, offset=offset, loops=ctx.loops, guards=ctx.guards,
            text=self.source[start:end].decode(errors="replace"), via=view.via, clone_of=ctx.clone_of))
        return True

    def _macro_access(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], where: Cursor,
                      reason: str) -> None:
        """A subscript chain written (partly) in a macro body: its text cannot be
        edited, so the array stays as written (the escape), but the expansion is
        an ordinary access rapcc can predict; it is recorded at the macro's
        expansion site, and the escape is marked seen."""
        arr = view.array
        chain, i = _subscript_chain(ref, stack)
        ndims = (max(len(arr.dims), 1) if not arr.is_extern else len(arr.dims) + 1) - len(view.lead)
        start = expansion_location((chain[-1] if chain else ref).extent.start)
        end = expansion_location((chain[-1] if chain else ref).extent.end)
        kind, width, offset, why = self._access_kind(chain[-1], stack[:i + 1], arr, ctx) if chain \
            else (None, 0, 0, "no subscript")
        seen = len(chain) == ndims and (not why or isinstance(why, _Seen)) and start.file == self.path \
            and end.offset > start.offset and kind is not None
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(where), reason, seen=seen))
        if not seen:
            return
        spelled = [ctx.expr(list(c.get_children())[1]) for c in chain]
        if view.scale != 1:
            spelled[0] = ir.BinOp("*", spelled[0], ir.Const(view.scale))
            width = width or arr.elem_bytes * view.scale
        if view.offset is not None:
            spelled[0] = ir.BinOp("+", view.offset, spelled[0])
        expansion = self._range(start.offset, end.offset)
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=expansion, index_ranges=tuple(expansion for _ in chain),
            indices=view.lead + tuple(spelled), kind=kind, width=width or arr.elem_bytes, offset=offset,
            loops=ctx.loops, guards=ctx.guards, text=self.source[start.offset:end.offset].decode(errors="replace"),
            via=view.via, clone_of=ctx.clone_of))

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
        init = next((k for k in decl.get_children() if k.kind.is_expression()), None)
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

    def _leak_dynamic_memory(self) -> None:
        """A provider call that is not a followed pointer's initializer reaches
        the launch's dynamic shared memory some other way: every extern array
        of that function (of every function, when it is not a kernel) may be
        read through it."""
        kernels = {k.name for k in self.kernels if k.is_global}
        for function, where, text in self._dynamic_leaks:
            for arr in self.arrays.values():
                if arr.is_extern and (arr.function == function or function not in kernels):
                    self._escape(arr, _Ctx(function), where, f"the dynamic shared memory of '{arr.name}' is also "
                                 f"reached through '{text}'")

    def _dynamic_memory_in_callees(self) -> None:
        """A function the kernel calls (at any depth, in any file but the
        toolkit's) that declares an `extern __shared__` array of its own reads
        the same launch memory in the old layout: the kernel's extern arrays stay
        as written. (Callees in this file are also arrays of their own, which
        `shares_dynamic_memory` catches; this covers headers.)"""
        memo: dict[str, str | None] = {}

        def declares(fn: Cursor, depth: int) -> str | None:
            """The name of the first callee under `fn`'s body that declares extern shared memory."""
            for c in fn.walk_preorder():
                if c.kind != K.CALL_EXPR or c.referenced is None or c.referenced.kind not in _ALL_FUNCTIONS:
                    continue
                callee = c.referenced.get_definition()
                if callee is None or callee.location.is_in_system_header or callee.location.file is None \
                        or SHIM_DIR in Path(callee.location.file.name).parents or classify(callee) == PROVIDES:
                    continue  # a provider's call is a followed pointer or a leak (_leak_dynamic_memory)
                key = _function_key(callee)
                if key not in memo:
                    memo[key] = None  # recursion guard
                    if any(_is_shared(d) and d.storage_class == ci.StorageClass.EXTERN for d in callee.walk_preorder()):
                        memo[key] = callee.spelling
                    elif depth < 6:
                        memo[key] = declares(callee, depth + 1)
                if memo[key] is not None:
                    return memo[key]
            return None

        for arr in list(self.arrays.values()):
            if not arr.is_extern or arr.function is None:
                continue
            for body in self._bodies.get(arr.function, ()):
                found = declares(body, 0)
                if found is not None:
                    self.escapes.append(ir.Escape(arr.key, arr.function, arr.decl,
                                                  f"'{arr.function}' calls '{found}', which declares the launch's "
                                                  "dynamic shared memory too"))
                    break

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
        via = ir.Via(decl.spelling if shape.volatile else arr.name, tuple(t for _, t in lead), off_text)  # type: ignore[misc]
        self._views[key] = _View(arr, decl.spelling, tuple(e for e, _ in lead), off_expr, via)  # type: ignore[misc]
        init = next(k for k in decl.get_children() if k.kind.is_expression())
        assert name_off is not None
        self.aliases.append(ir.Alias(
            arr.key, decl.spelling, self._range(name_off, name_off + len(decl.spelling)),
            (self._cursor_range(init),), self._name_spellings(decl.spelling, name_off, scope_end)))
        return True

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

    def _name_spellings(self, name: str, start: int, end: int) -> tuple[int, ...]:
        return tuple(t.start for t in self.tokens.between(start, end) if t.spelling == name)

    def _array_argument(self, arg: Cursor, ctx: _Ctx, seen: frozenset[str] = frozenset()) -> str | None:
        """The array an argument passes exactly (not an offset into it), if any;
        through a parameter, the one array every call passes in it."""
        direct = self._direct_array(arg, ctx)
        if direct is not None:
            return direct
        c = strip(arg)
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.PARM_DECL \
                and c.referenced.semantic_parent is not None:
            fn = c.referenced.semantic_parent
            fkey = _function_key(fn)
            if fkey in seen:
                return None
            n = parameters(fn).index(c.referenced) if c.referenced in parameters(fn) else -1
            found = {self._array_argument(list(call.get_arguments())[n], _Ctx(""), seen | {fkey})
                     for call in self._calls.get(fkey, ()) if 0 <= n < len(list(call.get_arguments()))}
            return found.pop() if len(found) == 1 and None not in found else None
        return None

    def _bind_call(self, ref: Cursor, view: _View, call: Cursor, ctx: _Ctx) -> None:
        """`f(s, pos)`: walk f's body with its parameter bound to the array, so
        its subscripts become accesses of the array (under the call's loops and
        guards, with the call's arguments for f's scalar parameters)."""
        arr = view.array
        callee = callee_name(call)
        passed = f"'{view.name}' is passed to '{callee}'"
        fn, why = callee_definition(call, self.path)
        template_args: dict[str, ir.Expr] = {}
        if fn is None:
            fn, template_args = self._template_callee(call)
            if fn is not None:
                self._bind_read_only(ref, view, call, fn, template_args, ctx,
                                     "a function template: its subscripts are predicted, and one template text "
                                     "serves every instance")
                return
            method = self._method_callee(call)
            if method is not None:
                self._bind_read_only(ref, view, call, method, {}, ctx,
                                     "a method: its subscripts are predicted, not rewritten")
                return
        n = argument_index(call, ref)
        params = parameters(fn) if fn is not None else []
        fkey = _function_key(fn) if fn is not None else ""
        args = list(call.get_arguments())
        if fn is None:
            reason = why
        elif n is None or n >= len(params) or len(params) != len(args):
            reason = "the argument does not match a parameter"
        elif any(k.kind == K.CUDAHOST_ATTR for k in fn.get_children()) or \
                not any(k.kind == K.CUDADEVICE_ATTR for k in fn.get_children()):
            reason = f"'{callee}' is callable from host code, which other files may call with other pointers"
        elif fkey in ctx.callees:
            reason = f"'{callee}' is recursive"
        elif self.rdc and fn.linkage != ci.LinkageKind.INTERNAL:
            reason = (f"'{callee}' has external linkage and the build links device code across files (-rdc): "
                      "another file may call it with an array in the old layout (make it static)")
        elif self._refs.get(fkey, 0) > len(self._calls.get(fkey, ())):
            reason = f"the address of '{callee}' is taken"
        elif _pointee(params[n].type) != " ".join(w for w in arr.elem_type.split() if w not in ("const", "volatile")):
            reason = f"parameter '{params[n].spelling}' is not a pointer to '{arr.elem_type}'"
        else:
            reason = ""
        clone: ir.Clone | None = None
        if not reason:
            passed_arrays = {self._array_argument(list(c.get_arguments())[n], ctx) for c in self._calls.get(fkey, ())}
            # Inside a copy, every callee the array reaches is copied too: the
            # original keeps serving the other arrays, and the including unit's
            # calls, which this rewrite does not see.
            if ctx.clone_of is not None or passed_arrays != {arr.key} or \
                    (self.unit is not None and fn.spelling in self.unit[1]):
                clone, reason = self._clone(fn, fkey, n, arr, ctx)
        if reason:
            self._escape(arr, ctx, ref, f"{passed}: {reason}")
            return
        assert fn is not None
        body = next((k for k in fn.get_children() if k.kind == K.COMPOUND_STMT), None)
        param = params[n]
        if body is None or self._spelled_here(param) is None:
            self._escape(arr, ctx, ref, f"{passed}: its parameter is spelled inside a macro body")
            return
        before = len(self.escapes)
        if not self._walk_callee(fn, body, param, args, _View(arr, param.spelling, bound=True), ctx,
                                 fkey if clone is not None else None, {}, ref, passed):
            return
        poff = self._spelled_here(param)
        assert poff is not None
        if clone is not None:
            self.clones[(fkey, arr.key)] = clone
        if len(self.escapes) == before or all(e.array != arr.key for e in self.escapes[before:]):
            self.aliases.append(ir.Alias(
                arr.key, param.spelling, self._range(poff, poff + len(param.spelling)),
                (self._cursor_range(ref),),
                self._name_spellings(param.spelling, poff, file_location(fn.extent.end).offset)))

    def _template_callee(self, call: Cursor) -> tuple[Cursor | None, dict[str, ir.Expr]]:
        """The definition, in this file, of the function template a call runs
        (`merge<sortDir>(s_key, ...)` in a template kernel, `sumReduce<float, 128>(...)`
        in a plain one), and the values of its integer template parameters where
        the call fixes them; (None, {}) for anything else."""
        ref = call.referenced
        if ref is not None and ref.kind == K.FUNCTION_DECL and ref.get_num_template_arguments() > 0:
            pattern = specialized_template(ref)
            fn = pattern.get_definition() if pattern is not None else None
        elif ref is None:
            fn = _dependent_callee(call)
            ref = None
        else:
            return None, {}
        if fn is None or fn.kind != K.FUNCTION_TEMPLATE or fn.location.file is None \
                or fn.location.file.name != self.path:
            return None, {}
        values: dict[str, ir.Expr] = {}
        if ref is not None:
            tparams = [k for k in fn.get_children() if k.kind in (K.TEMPLATE_NON_TYPE_PARAMETER,
                                                                   K.TEMPLATE_TYPE_PARAMETER,
                                                                   K.TEMPLATE_TEMPLATE_PARAMETER)]
            for i, prm in enumerate(tparams[:ref.get_num_template_arguments()]):
                if prm.kind == K.TEMPLATE_NON_TYPE_PARAMETER and \
                        ref.get_template_argument_kind(i) == ci.TemplateArgumentKind.INTEGRAL:
                    values[decl_key(prm)] = ir.Const(int(ref.get_template_argument_value(i)))
        return fn, values

    def _bind_rows(self, ref: Cursor, view: _View, call: Cursor, ctx: _Ctx) -> bool:
        """`clearMemory(sub_histo)` with `void clearMemory(unsigned smem[KB][256])`
        (Parboil's histo): a whole multi-dimensional array handed to a function
        of this file whose parameter points to its rows. Walked read-only, as
        a template callee is: the callee's subscripts are predicted. False when
        the callee cannot be walked (the use is then an escape)."""
        fn, _ = callee_definition(call, self.path)
        template_args: dict[str, ir.Expr] = {}
        if fn is None:
            fn, template_args = self._template_callee(call)
        if fn is None:
            fn = self._method_callee(call)
        if fn is None:
            return False
        self._bind_read_only(ref, view, call, fn, template_args, ctx,
                             "a whole array of rows: the callee's subscripts are predicted, not rewritten")
        return True

    def _method_callee(self, call: Cursor) -> Cursor | None:
        """The definition, in this file, of the (non-template) method a call runs
        (`local_q.size_prefix_sum(prefix_q)`, Parboil's bfs), or None."""
        ref = call.referenced
        if ref is None or ref.kind != K.CXX_METHOD or ref.get_num_template_arguments() > 0:
            return None
        fn = ref.get_definition()
        if fn is None or fn.location.file is None or fn.location.file.name != self.path:
            return None
        return fn

    def _bind_offset_call(self, ref: Cursor, view: _View, call: Cursor, ctx: _Ctx) -> bool:
        """`addByte(s_ThreadBase, data)` with `s_ThreadBase = s_Hist + threadIdx.x`
        (the SDK's histograms): an alias that points into the array, passed to a
        function of this file. Read only: the callee's subscripts are relative
        to the offset, so they are predicted, not rewritten. False when the
        callee cannot be walked (the use is then an escape)."""
        fn, _ = callee_definition(call, self.path)
        template_args: dict[str, ir.Expr] = {}
        if fn is None:
            fn, template_args = self._template_callee(call)
        if fn is None:
            return False
        self._bind_read_only(ref, view, call, fn, template_args, ctx,
                             "an offset into the array: the callee's subscripts are predicted, not rewritten")
        return True

    def _bind_read_only(self, ref: Cursor, view: _View, call: Cursor, fn: Cursor,
                        template_args: dict[str, ir.Expr], ctx: _Ctx, why_kept: str) -> None:
        """A call of a function of this file with the array (a function
        template, or a plain function given an offset into the array): its body
        is walked with the parameter bound, as for `_bind_call`, so its
        subscripts are predicted; the array stays as written (a seen escape)."""
        arr = view.array
        callee = callee_name(call)
        passed = f"'{view.name}' is passed to '{callee}'"
        n = argument_index(call, ref)
        params = parameters(fn)
        args = list(call.get_arguments())
        fkey = _function_key(fn)
        body = next((k for k in fn.get_children() if k.kind == K.COMPOUND_STMT), None)
        reason = ""
        if n is None or n >= len(params) or len(params) != len(args):
            reason = "the argument does not match a parameter"
        elif fkey in ctx.callees:
            reason = f"'{callee}' is recursive"
        elif params[n].type.get_canonical().kind not in (ci.TypeKind.POINTER, ci.TypeKind.UNEXPOSED,
                                                          ci.TypeKind.DEPENDENT) \
                and not _array_reference(params[n].type, arr) and not _row_pointer(params[n].type, arr):
            reason = f"parameter '{params[n].spelling}' is not a pointer"
        elif len(arr.dims) >= 2 and not _row_pointer(params[n].type, arr) and not _array_reference(params[n].type, arr):
            reason = f"parameter '{params[n].spelling}' is not a pointer to rows of '{arr.name}'"
        elif body is None or self._spelled_here(params[n]) is None:
            reason = "its parameter is spelled inside a macro body"
        elif not _array_reference(params[n].type, arr) and not _row_pointer(params[n].type, arr):
            pointee = params[n].type.get_canonical().get_pointee()
            elem = " ".join(w for w in arr.elem_type.split() if w not in ("const", "volatile"))
            if pointee.kind not in (ci.TypeKind.INVALID, ci.TypeKind.UNEXPOSED, ci.TypeKind.DEPENDENT) \
                    and _pointee(params[n].type) != elem:
                reason = f"parameter '{params[n].spelling}' is not a pointer to '{arr.elem_type}'"
        if reason:
            self._escape(arr, ctx, ref, f"{passed}: {reason}")
            return
        assert body is not None
        at = len(self.escapes)
        bound = replace(view, name=params[n].spelling, via=None, bound=True)
        if self._walk_callee(fn, body, params[n], args, bound, ctx, None, template_args, ref, passed):
            # First, so that the array's reason names the call, not a use inside.
            self.escapes.insert(at, ir.Escape(arr.key, ctx.function, self._cursor_range(ref),
                                              _Seen(f"{passed}, {why_kept}"), seen=True))

    def _walk_callee(self, fn: Cursor, body: Cursor, param: Cursor, args: list[Cursor], bound: _View, ctx: _Ctx,
                     clone_of: str | None, extra_defs: dict[str, ir.Expr], ref: Cursor, passed: str) -> bool:
        """Walk `fn`'s body for one call, with `param` standing for `bound` and
        the call's integer arguments (and `extra_defs`: template arguments) for
        the scalar parameters the body never writes. False, with the escape,
        when the parameter's name is declared again inside."""
        saved = (self._assigned, self._names, self._scope_end, self._body, self._params_uniform, self._uniform)
        self._declare(fn, body)
        if self._names.get(param.spelling, 0) > 1:
            (self._assigned, self._names, self._scope_end, self._body, self._params_uniform,
             self._uniform) = saved
            self._escape(bound.array, ctx, ref, f"{passed}: '{param.spelling}' shares its name with another declaration")
            return False
        defs = {**ctx.defs, **extra_defs}
        for p, a in zip(parameters(fn), args):
            if p != param and int_type(p.type) is not None and not self._assigned.get(decl_key(p), 0):
                defs[decl_key(p)] = ctx.expr(a)
        inner = _Ctx(ctx.function, ctx.loops, ctx.guards, defs=defs, params={decl_key(param): bound},
                     callees=ctx.callees + (_function_key(fn),), clone_of=clone_of)
        self._scope_end = file_location(fn.extent.end).offset
        self._walk(body, inner)
        self._assigned, self._names, self._scope_end, self._body, self._params_uniform, self._uniform = saved
        return True

    def _clone(self, fn: Cursor, fkey: str, n: int, arr: ir.SharedArray, ctx: _Ctx) -> tuple[ir.Clone | None, str]:
        """The copy of `fn` that `arr` gets when other calls pass other arrays as
        parameter `n`, or why there can be none. A copy is inserted after the
        definition and the calls passing `arr` renamed, so the definition must
        come before every call, each call must pass shared arrays in that
        parameter only, and every name must be spelled in the file."""
        calls = self._calls.get(fkey, ())
        name = fn.spelling
        start = expansion_location(fn.extent.start).offset
        end = file_location(fn.extent.end).offset
        name_off = self._spelled_here(fn)
        mine: list[ir.SourceRange] = []
        for c in calls:
            args = list(c.get_arguments())
            passed = [self._direct_array(a, ctx) for a in args]
            if file_location(c.extent.start).offset < end:
                return None, (f"'{name}' is called at line {c.location.line}, before its definition "
                              f"(line {fn.location.line}) where a copy would go")
            if n >= len(args) or passed[n] != arr.key:
                # Another array's call, a caller's parameter (that caller's walks take it),
                # or any other pointer: those calls keep the original. Any other way this
                # array reaches the function is an escape of its own (decay, `&a[i]`).
                continue
            if sum(p is not None or self._through_parameter(a) is not None for p, a in zip(passed, args)) > 1:
                return None, f"a call of '{name}' at line {c.location.line} passes it several shared arrays"
            head = next((k for k in c.walk_preorder() if k.kind == K.DECL_REF_EXPR and k.spelling == name), None)
            at = self._spelled_here(head) if head is not None else None
            if at is None:
                return None, f"the call of '{name}' at line {c.location.line} is spelled inside a macro body"
            mine.append(self._range(at, at + len(name)))
        if name_off is None or expansion_location(fn.extent.start).file != self.path:
            return None, f"'{name}' is defined inside a macro body"
        if fn.linkage != ci.LinkageKind.INTERNAL and self.rdc:
            return None, f"'{name}' has external linkage and the build links device code across files (-rdc)"
        old = self.clones.get((fkey, arr.key))
        if old is not None:  # another walk (through another caller) found more calls
            mine = list(dict.fromkeys(old.calls + tuple(mine)))
        return ir.Clone(arr.key, fkey, name, self._range(start, end), self._range(name_off, name_off + len(name)),
                        tuple(mine)), ""

    def _direct_array(self, arg: Cursor, ctx: _Ctx) -> str | None:
        """The array an argument names in this walk: the array itself, an exact
        alias, or a parameter the walk has bound."""
        c = strip(arg)
        if c.kind != K.DECL_REF_EXPR or c.referenced is None:
            return None
        key = decl_key(c.referenced)
        if key in self.arrays and c.referenced.kind == K.VAR_DECL:
            return key
        if key in ctx.params:
            return ctx.params[key].array.key
        view = self._views.get(key)
        return view.array.key if view is not None and not view.lead and view.offset is None else None

    def _through_parameter(self, arg: Cursor) -> str | None:
        """The function whose pointer parameter an argument passes on, if any."""
        c = strip(arg)
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.PARM_DECL \
                and c.referenced.type.get_canonical().kind == ci.TypeKind.POINTER and c.referenced.semantic_parent:
            return _function_key(c.referenced.semantic_parent)
        return None

    def _bound_reference(self, call: Cursor, node: Cursor, arr: ir.SharedArray, ctx: _Ctx) -> ir.AccessKind | None:
        """`Comparator(s_key[a], s_key[b], dir)` with `T &` parameters: the
        element is loaded and stored in place when the callee only reads and
        writes the reference itself (never takes its address or passes it on)."""
        fn, _ = callee_definition(call, None)  # only read: its text is not rewritten
        n = argument_index(call, node)
        types = _argument_types(call.referenced)
        if fn is None and call.referenced is not None and call.referenced.kind == K.FUNCTION_DECL:
            # A function template's instance (`ComparatorExtended<sortDir>(...)`):
            # its parameter types are the instance's, its uses of them the pattern's.
            pattern = specialized_template(call.referenced)
            fn = pattern.get_definition() if pattern is not None else None
        if fn is None and call.referenced is None:
            # Inside a template the call is dependent (`Comparator<dir>(...)`):
            # one function template by that name, read with its own parameter types.
            fn = _dependent_callee(call)
            types = [p.type for p in parameters(fn)] if fn is not None else []
            if n is not None and n < len(types) and types[n].get_pointee().get_canonical().kind in _CLASS_TYPES:
                return None  # argument-dependent lookup may find another overload when instantiated
        if fn is None or n is None or n >= len(types):
            return None
        params = parameters(fn)
        if n >= len(params) or types[n].kind != ci.TypeKind.LVALUEREFERENCE:
            return None
        if " ".join(w for w in types[n].get_pointee().get_canonical().spelling.split() if w != "const") != \
                " ".join(w for w in arr.elem_type.split() if w != "const"):
            return None
        return _reference_use(fn, params[n])

    def _access_kind(self, top: Cursor, stack: tuple[Cursor, ...], arr: ir.SharedArray,
                     ctx: _Ctx) -> tuple[ir.AccessKind, int, int, str]:
        """(kind, width, member offset, escape reason) of a full subscript chain."""
        node = top
        width, offset = 0, 0
        i = len(stack) - 1
        lvalue_to_rvalue = False
        while i >= 0 and stack[i].kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.MEMBER_REF_EXPR):
            p = stack[i]
            if p.kind == K.MEMBER_REF_EXPR:
                field_decl = p.referenced
                if field_decl is None or field_decl.kind != K.FIELD_DECL:
                    return "load", 0, 0, f"member call on an element of '{arr.name}'"
                offset += max(field_decl.get_field_offsetof(), 0) // 8
                width = max(p.type.get_size(), 0)
            elif p.kind == K.UNEXPOSED_EXPR:
                lvalue_to_rvalue = True
            node, i = p, i - 1
        parent = stack[i] if i >= 0 else None
        if parent is None:
            return "load", width, offset, ""
        if parent.kind == K.BINARY_OPERATOR and binary_operator(parent) == "=":
            first = next(parent.get_children())
            return ("store" if first.hash == node.hash else "load"), width, offset, ""
        if parent.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            first = next(parent.get_children())
            return ("update" if first.hash == node.hash else "load"), width, offset, ""
        if parent.kind == K.UNARY_OPERATOR:
            op = unary_operator(parent)
            if op in ("++", "--", "x++", "x--"):
                return "update", width, offset, ""
            if op == "&":
                call = enclosing_call(stack[:i])
                if call is not None and callee_name(call[0]).startswith(_ATOMIC_PREFIX) and call[1] == 0:
                    return "atomic", width, offset, ""
                copied = _async_copy_bytes(call) if call is not None else None
                if copied is not None and not width:
                    if copied == arr.elem_bytes:
                        return "copy", copied, offset, ""
                    if copied in (8, 16) and arr.elem_bytes and copied % arr.elem_bytes == 0 and call[1] == 0:
                        return "copy", copied, offset, _Seen(
                            f"an asynchronous copy of {copied} bytes lands at an element of '{arr.name}' "
                            "(its elements must stay adjacent)")
                return "load", width, offset, f"the address of an element of '{arr.name}' is taken"
        if parent.kind == K.CALL_EXPR and callee_name(parent).startswith("operator") and \
                next(parent.get_children()).hash == node.hash:
            op = callee_name(parent)[len("operator"):]
            if op == "=":
                return "store", width, offset, ""
            if op in ("+=", "-=", "*=", "/=", "|=", "&=", "^=", "<<=", ">>="):
                return "update", width, offset, ""
        op = _unresolved_operator(parent) if parent.kind == K.CALL_EXPR else None
        if op is not None:
            # Inside a template, with an `operator*` overload in scope, clang
            # leaves `As[ty][k] * Bs[k][tx]` an unresolved operator call.
            operands = [k for k in parent.get_children() if _unresolved_operator_ref(k) is None]
            if op == "&" and len(operands) == 1:
                return "load", width, offset, f"the address of an element of '{arr.name}' is taken"
            is_first = bool(operands) and operands[0].hash == node.hash
            if is_first and op == "=":
                return "store", width, offset, ""
            if is_first and (op in ("++", "--") or (op.endswith("=") and op not in ("==", "!=", "<=", ">="))):
                return "update", width, offset, ""
            return "load", width, offset, ""
        if parent.kind == K.CALL_EXPR and not lvalue_to_rvalue and _by_value(parent, node):
            # A class-type element copied into a by-value parameter (the SDK's
            # n-body: `bodyBodyInteraction<T>(acc, pos, sharedPos[j])` takes a
            # float4), or by a copy constructor: a load of the whole element.
            return "load", width, offset, ""
        if parent.kind == K.CALL_EXPR and not lvalue_to_rvalue:
            bound = self._bound_reference(parent, node, arr, ctx)
            if bound is not None:
                return bound, width, offset, ""
            return "load", width, offset, f"an element of '{arr.name}' is bound to a reference in a call to '{callee_name(parent)}'"
        if parent.kind == K.VAR_DECL and parent.type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
            return "load", width, offset, f"reference '{parent.spelling}' aliases an element of '{arr.name}'"
        if parent.kind == K.CXX_UNARY_EXPR:
            return "load", width, offset, f"'sizeof' of an element of '{arr.name}'"
        return "load", width, offset, ""

    # -- block shape hints ------------------------------------------------------

    def _int_tokens(self, toks: list[str]) -> int | None:
        """Value of `N` or of a macro that is `N` / `(N)`."""
        seen = 0
        while len(toks) == 1 and not toks[0][0].isdigit() and toks[0] in self.macros and seen < 8:
            toks = [t for t in self.macros[toks[0]] if t not in "()"]
            seen += 1
        toks = [t for t in toks if t not in "()"]
        if len(toks) == 1 and toks[0][0].isdigit():
            try:
                return int(toks[0].rstrip("uUlL"), 0)
            except ValueError:
                return None
        return None

    def _launch_bounds(self, fn: Cursor, body: Cursor) -> int | None:
        start = file_location(fn.extent.start).offset
        stop = file_location(body.extent.start).offset
        for i in self.tokens.find_sequence(start, stop, ("__launch_bounds__", "(")):
            toks = []
            for t in self.tokens.tokens[i + 2:]:
                if t.spelling in (",", ")"):
                    break
                toks.append(t.spelling)
            return self._int_tokens(toks)
        return None

    def _pragma_block_dim(self, body: Cursor) -> tuple[int, int, int] | None:
        start = file_location(body.extent.start).offset
        stop = file_location(body.extent.end).offset
        for i in self.tokens.find_sequence(start, stop, ("#", "pragma", "rapcc", "block_dim", "(")):
            vals: list[int] = []
            cur: list[str] = []
            for t in self.tokens.tokens[i + 5:]:
                if t.spelling in (",", ")"):
                    v = self._int_tokens(cur)
                    if v is None or v <= 0:
                        return None
                    vals.append(v)
                    cur = []
                    if t.spelling == ")":
                        break
                else:
                    cur.append(t.spelling)
            if 1 <= len(vals) <= 3:
                return tuple(vals + [1] * (3 - len(vals)))  # type: ignore[return-value]
        return None


def _subscript_chain(ref: Cursor, stack: tuple[Cursor, ...]) -> tuple[list[Cursor], int]:
    """The subscript chain `ref` heads (a[i] -> a[i][j] -> ...), innermost first,
    and the stack index of the first parent above it. Above a chain that index
    keeps the conversions over it (they tell loads from references); above a
    bare name it skips them (the parent is what uses the name)."""
    chain: list[Cursor] = []
    node, i = ref, len(stack) - 1
    above_top = i
    while i >= 0:
        parent = stack[i]
        if parent.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(list(parent.get_children())) == 1:
            node, i = parent, i - 1
            continue
        if parent.kind == K.ARRAY_SUBSCRIPT_EXPR and next(parent.get_children()).hash == node.hash:
            chain.append(parent)
            node, i = parent, i - 1
            above_top = i
            continue
        break
    return chain, (above_top if chain else i)


def _array_dims(t: ci.Type) -> tuple[tuple[int, ...], str]:
    """The extents of an array type and its element type, qualifiers dropped."""
    inner = t.get_canonical()
    dims: list[int] = []
    while inner.kind == ci.TypeKind.CONSTANTARRAY:
        dims.append(inner.element_count)
        inner = inner.element_type.get_canonical()
    return tuple(dims), " ".join(w for w in inner.spelling.split() if w not in ("const", "volatile"))


def _row_pointer(t: ci.Type, arr: ir.SharedArray) -> bool:
    """Whether a parameter points to rows of `arr` (`unsigned smem[KB][256]`,
    adjusted to `unsigned (*)[256]`): every extent but the first agrees."""
    c = t.get_canonical()
    if len(arr.dims) < 2:
        return False
    if c.kind == ci.TypeKind.POINTER:
        rows = c.get_pointee()
    elif c.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
        rows = c.element_type  # a parameter written as an array is a pointer to its first dimension
    else:
        return False
    dims, elem = _array_dims(rows)
    mine = " ".join(w for w in arr.elem_type.split() if w not in ("const", "volatile"))
    return bool(dims) and dims == tuple(arr.dims[1:]) and elem == mine


def _flat_indices(flat: ir.Expr, dims: tuple[ir.Dim, ...]) -> tuple[ir.Expr, ...]:
    """A flat element index as one index per dimension (row-major): what a
    cast of the whole array to a pointer of its elements reaches."""
    if len(dims) <= 1:
        return (flat,)
    out: list[ir.Expr] = []
    inner = 1
    for d in dims[1:]:
        inner *= int(d)
    rest = flat
    for d in dims[1:]:
        out.append(ir.BinOp("/", rest, ir.Const(inner)))
        rest = ir.BinOp("%", rest, ir.Const(inner))
        inner //= int(d)
    out.append(rest)
    return tuple(out)


def _array_reference(t: ci.Type, arr: ir.SharedArray) -> bool:
    """Whether a parameter is a reference to an array of exactly `arr`'s type
    (`int (&prefix_q)[NUM_BIN]`): it names the whole array, as the array does."""
    c = t.get_canonical()
    if c.kind != ci.TypeKind.LVALUEREFERENCE:
        return False
    inner = c.get_pointee().get_canonical()
    dims: list[int] = []
    while inner.kind == ci.TypeKind.CONSTANTARRAY:
        dims.append(inner.element_count)
        inner = inner.element_type.get_canonical()
    elem = " ".join(w for w in inner.spelling.split() if w not in ("const", "volatile"))
    mine = " ".join(w for w in arr.elem_type.split() if w not in ("const", "volatile"))
    return bool(dims) and tuple(dims) == tuple(arr.dims) and elem == mine


def _pointee(t: ci.Type) -> str | None:
    """The element type a parameter points to, qualifiers dropped: `volatile
    float *` and `float s[16]` (adjusted to a pointer) both give 'float'. The
    callee's subscripts are rewritten in place, so its qualifiers stay."""
    c = t.get_canonical()
    if c.kind == ci.TypeKind.POINTER:
        inner = c.get_pointee()
    elif c.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
        inner = c.element_type
    else:
        return None
    return " ".join(w for w in inner.get_canonical().spelling.split() if w not in ("const", "volatile"))


def _reads_var(expr: ir.Expr, key: str) -> bool:
    if isinstance(expr, ir.VarRef):
        return expr.key == key
    if isinstance(expr, (ir.Cast, ir.UnOp)):
        return _reads_var(expr.operand, key)
    if isinstance(expr, ir.BinOp):
        return _reads_var(expr.lhs, key) or _reads_var(expr.rhs, key)
    if isinstance(expr, ir.Select):
        return any(_reads_var(e, key) for e in (expr.cond, expr.then, expr.other))
    return False


def _comma_list(expr: Cursor) -> list[Cursor]:
    """The operands of `a, b, c` in order (`[expr]` for anything else)."""
    out: list[Cursor] = []
    pending = [strip(expr)]
    while pending:
        c = pending.pop(0)
        if c.kind == K.BINARY_OPERATOR and binary_operator(c) == ",":
            pending[:0] = [strip(k) for k in c.get_children()]
        else:
            out.append(c)
    return out


def _user_code(c: Cursor) -> bool:
    """Whether a top-level cursor is the user's: not rapcc's stand-in headers, not a system header."""
    f = c.location.file
    return f is not None and not c.location.is_in_system_header and SHIM_DIR not in Path(f.name).parents


def _function_key(fn: Cursor) -> str:
    """One key for every declaration of a function."""
    return decl_key(fn.canonical)


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


_CLASS_TYPES = (ci.TypeKind.RECORD, ci.TypeKind.ENUM, ci.TypeKind.ELABORATED, ci.TypeKind.UNEXPOSED,
                ci.TypeKind.DEPENDENT)


def _dependent_callee(call: Cursor) -> Cursor | None:
    """The definition of the one function template a dependent call can name."""
    callee = next(call.get_children(), None)
    refs = [c for c in callee.walk_preorder() if c.kind == K.OVERLOADED_DECL_REF] if callee is not None else []
    decls = overloaded_decls(refs[0]) if len(refs) == 1 else []
    if len(decls) != 1 or decls[0].kind != K.FUNCTION_TEMPLATE:
        return None
    return decls[0].get_definition()


def _unresolved_operator(call: Cursor) -> str | None:
    """The operator of a call clang leaves unresolved in a template (`a * b`
    with an overloaded `operator*` in scope), or None for any other call."""
    for k in call.get_children():
        op = _unresolved_operator_ref(k)
        if op is not None:
            return op
    return None


def _unresolved_operator_ref(k: Cursor) -> str | None:
    if k.kind == K.DECL_REF_EXPR and k.referenced is not None and k.referenced.kind == K.OVERLOADED_DECL_REF:
        toks = [t.spelling for t in k.get_tokens()]
        if len(toks) == 1 and toks[0] and not (toks[0][0].isalnum() or toks[0][0] == "_"):
            return toks[0]
    return None


def _async_copy_bytes(call: tuple[Cursor, int]) -> int | None:
    """The bytes an asynchronous copy moves when argument `call[1]` is its
    destination, or None (another call, another argument, a size clang cannot
    evaluate)."""
    fn, n = call
    if callee_name(fn) not in _ASYNC_COPIES:
        return None
    args = list(fn.get_arguments())
    # In a template the destination `&As[ty][tx]` may have a dependent type.
    pointers = [k for k, a in enumerate(args)
                if a.type.get_canonical().kind in (ci.TypeKind.POINTER, ci.TypeKind.DEPENDENT)]
    if not pointers or pointers[0] != n or n + 2 >= len(args):
        return None
    size = args[n + 2]
    value = evaluate_int(size)
    if value is not None:
        return value
    ref = strip(size)
    var = ref.referenced if ref.kind == K.DECL_REF_EXPR else None
    if var is None or var.kind != K.VAR_DECL:
        return None
    # `cuda::aligned_size_t<alignof(float4)>(sizeof(float4))`: the size is the
    # largest constant in the initializer (an alignment never exceeds it).
    values = [v for k in var.walk_preorder() if k.kind.is_expression() and (v := evaluate_int(k)) is not None]
    return max(values) if values else None


def _by_value(call: Cursor, node: Cursor) -> bool:
    """Whether argument `node` of `call` is copied, not bound: the call is a
    copy constructor of a plain struct, or the parameter it lands in is not a
    reference (a dependent call's template, read with its own parameter types)."""
    ref = call.referenced
    if ref is not None and ref.kind == K.CONSTRUCTOR:
        params = parameters(ref)
        return len(params) == 1 and params[0].type.kind == ci.TypeKind.LVALUEREFERENCE \
            and params[0].type.get_pointee().is_const_qualified() \
            and _record_is_plain(params[0].type.get_pointee().get_canonical())
    n = argument_index(call, node)
    if n is None:
        return False
    if ref is not None and ref.kind == K.FUNCTION_DECL:
        types = _argument_types(ref)
    elif ref is None and (fn := _dependent_callee(call)) is not None:
        types = [p.type for p in parameters(fn)]
    else:
        return False
    if n >= len(types):
        return False
    kind = types[n].get_canonical().kind
    return kind not in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE, ci.TypeKind.POINTER,
                        ci.TypeKind.INVALID) and types[n].kind != ci.TypeKind.LVALUEREFERENCE


def _record_is_plain(t: ci.Type) -> bool:
    """A struct whose copy is a plain load of its bytes (float4, a POD struct)."""
    decl = t.get_declaration()
    return decl.kind in (K.STRUCT_DECL, K.CLASS_DECL) and decl.is_definition() and not any(
        c.kind in (K.CONSTRUCTOR, K.DESTRUCTOR) and c.is_definition() and not c.is_default_method()
        for c in decl.get_children())


def _argument_types(fn: Cursor | None) -> list[ci.Type]:
    """Parameter types of a called function (an instance's, with its template arguments)."""
    if fn is None or fn.kind != K.FUNCTION_DECL or fn.type.kind != ci.TypeKind.FUNCTIONPROTO:
        return []
    return list(fn.type.argument_types())


_ASSIGNMENT_OPERATORS = frozenset(f"operator{op}=" for op in ("", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"))


def _reference_use(fn: Cursor, param: Cursor) -> ir.AccessKind | None:
    """'update' when the function writes reference `param` directly, 'load'
    when it only reads it, None when it takes its address, binds it to another
    reference or passes it on."""
    key = decl_key(param)
    body = next((k for k in fn.get_children() if k.kind == K.COMPOUND_STMT), None)
    if body is None:
        return None
    counts = assignment_counts(body)
    if counts.get(key, 0) >= ADDRESS_TAKEN:
        return None
    written = counts.get(key, 0) > 0

    def names_param(c: Cursor) -> bool:
        while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(list(c.get_children())) == 1:
            c = next(c.get_children())
        return c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key

    for c in body.walk_preorder():
        if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and \
                (c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(c) == "="):
            lhs = strip(next(c.get_children()))
            if lhs.kind == K.MEMBER_REF_EXPR and any(names_param(k) for k in lhs.get_children()):
                written = True  # `n.x = ...` (the SDK's marching cubes) writes the element
        if c.kind == K.CALL_EXPR:
            args = list(c.get_arguments())
            if callee_name(c) in _ASSIGNMENT_OPERATORS and args and names_param(args[0]) \
                    and not any(names_param(a) for a in args[1:]):
                written = True  # `p = lerp(...)` on a class type: its copy assignment writes the element
                continue
            if any(names_param(a) for a in args):
                return None  # passed on: the callee may keep a reference
        if c.kind == K.VAR_DECL and c.type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.POINTER):
            if any(k.kind == K.DECL_REF_EXPR and k.referenced is not None and decl_key(k.referenced) == key
                   for k in c.walk_preorder()):
                return None
    return "update" if written else "load"


def _with_guard(ctx: _Ctx, guard: ir.Guard) -> _Ctx:
    return replace(ctx, guards=ctx.guards + (guard,))


def _loop_entry(body: Cursor, ctx: _Ctx,
                writes_of: Callable[[Cursor], dict[str, int]] = assignment_counts) -> _Ctx:
    """Definitions that hold at the top of every iteration: those the body does
    not write, and those it resets, as its last write, to the value they had
    before the loop (`wtx = tx;` at the end of the body)."""
    writes = writes_of(body)
    keep = {}
    if body.kind == K.COMPOUND_STMT:
        stmts = list(body.get_children())
        for key in writes:
            if key not in ctx.defs:
                continue
            last = [st for st in stmts if writes_of(st).get(key)]
            assigned = plain_assignment(last[-1]) if last else None
            if assigned is not None and assigned[0] == key and to_expr(assigned[1]) == ctx.defs[key]:
                keep[key] = ctx.defs[key]
    inner = ctx.forget(set(writes))
    return replace(inner, defs={**inner.defs, **keep}) if keep else inner


def collect(tu: ci.TranslationUnit, path: str, source: bytes, rdc: bool = False,
            unit: tuple[str, frozenset[str]] | None = None,
            unit_launches: tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...] = ()) -> ir.TranslationUnitInfo:
    """Everything rapcc needs from one parsed file, as plain dataclasses.

    `rdc`: the build links device code across files, so a device function or a
    file-scope array with external linkage may be used by another file.
    `unit`: the unit that includes the file, and the file's functions it uses;
    `unit_launches`: the block shapes of that unit's own launches (kernel name
    -> shapes), which come after the #include and so outside this parse."""
    col = _Collector(tu, path, source, FileTokens(tu, path, len(source)), rdc=rdc, unit=unit,
                     launch_shapes={name: list(shapes) for name, shapes in unit_launches})
    col.run()
    col.escapes.extend(dependent_type_escapes(col.accesses, col.vars, col.assumed_types))
    arrays, kernels, aliases = tuple(col.arrays.values()), tuple(col.kernels), _merged(col.aliases)
    return ir.TranslationUnitInfo(
        path=path, source=source, arrays=arrays, accesses=tuple(col.accesses),
        escapes=tuple(col.escapes), kernels=kernels, vars=dict(col.vars), aliases=aliases,
        already_rewritten=source.startswith(RAPCC_HEADER_MARK),
        inactive=inactive_uses(tu, path, source, col.tokens, arrays, kernels, col._range, aliases),
        spellings={a.key: spellings(col.tokens, source, a, _scope(a, kernels, source)) for a in arrays},
        macro_values=macro_values(tu, col.tokens, kernels) if arrays else {},
        comments=comments(col.tokens, source), layout_pragmas=layout_pragmas(col.tokens, path, source),
        clones=tuple(col.clones.values()), rapcc_pragmas=rapcc_pragma_spans(col.tokens, source),
        own_line_directives=own_line_directive_spans(col.tokens, source, path)
        if source.startswith(RAPCC_HEADER_MARK) else ())


def _climb(stack: tuple[Cursor, ...], i: int, kinds: tuple[ci.CursorKind, ...]) -> tuple[Cursor, int]:
    """From `stack[i]` up through single-child wrappers of `kinds`: the last
    wrapper (or `stack[i]`) and the index of the node above it (-1: none)."""
    node, j = stack[i], i - 1
    while j >= 0 and stack[j].kind in kinds and len(list(stack[j].get_children())) == 1:
        node, j = stack[j], j - 1
    return node, j


def _template_typed(decl: Cursor) -> bool:
    """Whether a local's type is a template parameter (or depends on one)."""
    return decl.type.get_canonical().kind in (ci.TypeKind.UNEXPOSED, ci.TypeKind.DEPENDENT) \
        and "*" not in decl.type.spelling and "&" not in decl.type.spelling


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


def _scope(arr: ir.SharedArray, kernels: tuple[ir.Kernel, ...], source: bytes) -> tuple[int, int]:
    """The bytes an array's name can be used in: its function, or the whole file."""
    for k in kernels:
        if arr.function is not None and k.name == arr.function and k.range.start <= arr.decl.start < k.range.end:
            return k.range.start, k.range.end
    return 0, len(source)
