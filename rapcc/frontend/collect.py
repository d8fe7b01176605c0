"""Find every `__shared__` array, every subscript into it and every escaping use.

The walk keeps the enclosing `for` loops and branch conditions of each access,
and a table of what each variable holds, so the analysis can evaluate
subscripts per lane without seeing a libclang cursor.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .clangext import binary_operator, file_location, in_main_file, specialized_template, unary_operator
from .exprs import decl_key, int_type, substitute, to_expr
from .launches import dim3_value
from .statements import (ADDRESS_TAKEN, assignment_counts, for_parts, loop_init, loop_step, only_exits,
                         plain_assignment, self_update, step_target)
from .tokens import FileTokens
from .uses import callee_name, decay_reason, enclosing_call

RAPCC_HEADER_MARK = b"/* rapcc "
_FUNCTION_KINDS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD}
_ATOMIC_PREFIX = ("atomic",)


def _is_shared(decl: Cursor) -> bool:
    return decl.kind == K.VAR_DECL and any(c.kind == K.CUDASHARED_ATTR for c in decl.get_children())


@dataclass
class _Ctx:
    function: str
    loops: tuple[ir.Loop, ...] = ()
    guards: tuple[ir.Guard, ...] = ()
    in_asm: bool = False
    # Reaching definitions of variables assigned more than once, in straight-line
    # order: `idx = threadIdx.x; ... idx = threadIdx.x - 16;` (never mutated in place).
    defs: dict[str, ir.Expr] = field(default_factory=dict)

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
    arrays: dict[str, ir.SharedArray] = field(default_factory=dict)
    accesses: list[ir.Access] = field(default_factory=list)
    escapes: list[ir.Escape] = field(default_factory=list)
    kernels: list[ir.Kernel] = field(default_factory=list)
    vars: dict[str, ir.VarDef] = field(default_factory=dict)
    macros: dict[str, list[str]] = field(default_factory=dict)
    initial: dict[str, tuple[ir.Expr, int]] = field(default_factory=dict)  # local -> (initializer, offset)
    _assigned: dict[str, int] = field(default_factory=dict)
    _last_loop: ir.Loop | None = None
    instantiations: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = field(default_factory=dict)
    launch_shapes: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    _tops: list[Cursor] = field(default_factory=list)  # the main file's top-level cursors
    _expansions: list[tuple[int, int, str]] = field(default_factory=list)  # macro uses: (start, end, name)

    # -- locations -----------------------------------------------------------

    def _in_main(self, cursor: Cursor) -> bool:
        return in_main_file(cursor)

    def _range(self, start: int, end: int) -> ir.SourceRange:
        line = self.source.count(b"\n", 0, start) + 1
        col = start - (self.source.rfind(b"\n", 0, start) + 1) + 1
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
        for c in self._tops:
            if c.kind == K.MACRO_DEFINITION:
                self.macros[c.spelling] = [t.spelling for t in c.get_tokens()][1:]
        for c in self._tops:
            if c.kind == K.MACRO_INSTANTIATION:
                self._expansions.append((c.extent.start.offset, c.extent.end.offset, c.spelling))
        # Walk only what the main file declares: the shim's thousands of
        # declarations hold no shared arrays of the user's.
        decls = [d for top in self._tops
                 for d in top.walk_preorder() if d.kind in _FUNCTION_KINDS or d.kind == K.VAR_DECL]
        for c in decls:
            if _is_shared(c) and c.semantic_parent is not None and c.semantic_parent.kind == K.TRANSLATION_UNIT:
                self._add_array(c, None)
        self._find_instantiations()
        for c in decls:
            if c.kind in _FUNCTION_KINDS and self._in_main(c) and c.is_definition():
                self._function(c)

    def _launch_shape(self, call: Cursor, scope: Cursor) -> None:
        """Record the block shape of a `kernel<<<grid, block>>>(...)` launch."""
        config = next((k for k in call.get_children() if k.kind == K.CALL_EXPR
                       and k.spelling in ("cudaConfigureCall", "__cudaPushCallConfiguration")), None)
        if config is None or not call.spelling:
            return
        args = [k for k in config.get_children() if k.kind.is_expression() and k.spelling not in (config.spelling,)]
        if len(args) < 2:
            return
        shape = dim3_value(args[1], scope)
        if shape is not None:
            self.launch_shapes.setdefault(call.spelling, []).append(shape)

    def _find_instantiations(self) -> None:
        """Integer template arguments of every call of a function template in the
        file (`k<16><<<grid, block>>>(...)` included)."""
        found: dict[str, set[tuple[tuple[str, int], ...]]] = {}
        for top in self._tops:
            for c in top.walk_preorder():
                if c.kind != K.CALL_EXPR:
                    continue
                self._launch_shape(c, top)
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
            launch_bounds=self._launch_bounds(fn, body), pragma_block_dim=self._pragma_block_dim(body),
            template_params=tuple(tparams), instantiations=self.instantiations.get(decl_key(fn), ()),
            launch_block_dims=tuple(dict.fromkeys(self.launch_shapes.get(name, ())))))
        assigned = assignment_counts(body)
        self._assigned = assigned
        for c in body.walk_preorder():
            if c.kind == K.VAR_DECL:
                if _is_shared(c):
                    self._add_array(c, name)
                else:
                    self._local(c, assigned)
        self._walk(body, _Ctx(name))

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
        if init_cursor is not None and int_type(decl.type) is not None:
            self.initial[key] = (to_expr(init_cursor), file_location(decl.location).offset)
            if assigned.get(key, 0) == 0:
                init = self.initial[key][0]
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
            if ref is not None and decl_key(ref) in self.arrays and ref.kind == K.VAR_DECL:
                self._use(cursor, self.arrays[decl_key(ref)], ctx, stack)
            return
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
        written = assignment_counts(stmt) if stmt.kind != K.DECL_STMT else {}
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
                if key in self.initial and self._assigned.get(key, 0) > 0 and self._trackable(key):
                    value = substitute(self.initial[key][0], ctx.defs)
                    ctx = ctx.forget({key})
                    ctx = replace(ctx, defs={**ctx.defs, key: value})
            return ctx
        return ctx.forget(set(written))

    def _trackable(self, key: str) -> bool:
        """A local integer whose address is never taken: every write to it is visible."""
        d = self.vars.get(key)
        return d is not None and d.kind == "local" and self._assigned.get(key, 0) < ADDRESS_TAKEN

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
        inner = _loop_entry(body, ctx) if body is not None else ctx
        inner = replace(inner, loops=ctx.loops + (loop,)) if loop else inner
        if body is not None:
            self._walk(body, inner, stack)
        self._last_loop = loop  # after the body, whose own loops set it too

    def _loop(self, parts: dict[str, Cursor | None], ctx: _Ctx) -> ir.Loop | None:
        init, cond, inc, body = parts.get("init"), parts.get("cond"), parts.get("inc"), parts.get("body")
        if cond is None or inc is None:
            return None
        if init is not None:
            var_cursor, start_cursor = loop_init(init)
            start = ctx.expr(start_cursor) if start_cursor is not None else None
        else:  # `for (; stride >= 4; stride >>= 2)` starts from the reaching definition
            var_cursor = step_target(inc)
            start = ctx.defs.get(decl_key(var_cursor)) if var_cursor is not None else None
            if var_cursor is not None and start is None:
                d = self.vars.get(decl_key(var_cursor))
                start = d.init if d is not None else None
        if var_cursor is None or start is None:
            return None
        key = decl_key(var_cursor)
        step = loop_step(inc, key)
        if step is None:
            return None
        body_writes = assignment_counts(body) if body is not None else {}
        if body_writes.get(key, 0):
            return None  # the body moves the induction variable: not canonical
        inside = ctx.forget(set(body_writes) | {key})
        self._var(var_cursor, "loop", None)
        return ir.Loop(key, start, inside.expr(cond), step[0], substitute(step[1], inside.defs),
                       self._carried(body, key, ctx, body_writes))

    def _while(self, stmt: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        """`while (v < n) { ...; v += step; }` is a loop whose trip counter is
        implicit and whose variable `v` is carried."""
        kids = list(stmt.get_children())
        if len(kids) != 2:
            for k in kids:
                self._walk(k, ctx, stack)
            return
        cond, body = kids
        writes = assignment_counts(body)
        carried = self._carried(body, "", ctx, writes)
        inner = _loop_entry(body, ctx)
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
            upd = self_update(stmt)
            if upd is None:
                continue
            key, op, step = upd
            if key == induction or writes.get(key) != 1:
                continue
            start = ctx.defs.get(key)
            if start is None and key in self.initial and self._assigned.get(key) == 1:
                start = substitute(self.initial[key][0], ctx.defs)
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

    def _escape(self, arr: ir.SharedArray, ctx: _Ctx, where: Cursor, reason: str) -> None:
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(where), reason))

    def _use(self, ref: Cursor, arr: ir.SharedArray, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        name_off = self._spelled_here(ref)
        if name_off is None:
            self._escape(arr, ctx, ref, f"'{arr.name}' is spelled inside a macro body")
            return
        if ctx.in_asm:
            self._escape(arr, ctx, ref, f"'{arr.name}' is used in inline asm")
            return
        pasting = self._pasting_macro(name_off)
        if pasting is not None:
            self._escape(arr, ctx, ref, f"'{arr.name}' is an argument of macro '{pasting}', which stringizes or "
                         "pastes tokens")
            return
        # Climb the subscript chain: a[i] -> a[i][j] -> ...
        chain: list[Cursor] = []
        node = ref
        i = len(stack) - 1
        above_top = i  # stack index of the first parent above the chain (or above the name)
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
        if chain:
            i = above_top  # keep the conversions above the chain: they tell loads from references
        depth = len(chain)
        ndims = max(len(arr.dims), 1) if not arr.is_extern else len(arr.dims) + 1
        if depth == 0:
            self._escape(arr, ctx, ref, decay_reason(arr.name, stack[i] if i >= 0 else None))
            return
        if depth < ndims:
            self._escape(arr, ctx, chain[-1], f"a row of '{arr.name}' is used as a pointer")
            return
        top = chain[-1]
        groups = self.tokens.bracket_groups(name_off, arr.name, depth)
        end = file_location(top.extent.end).offset
        if groups is None or groups[-1][1].end != end:
            self._escape(arr, ctx, top, f"a subscript of '{arr.name}' is spelled inside a macro body")
            return
        kind, width, offset, reason = self._access_kind(top, stack[:i + 1], arr)
        if reason:
            self._escape(arr, ctx, top, reason)
            return
        indices = tuple(ctx.expr(list(c.get_children())[1]) for c in chain)
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=self._range(name_off, end),
            index_ranges=tuple(self._range(o.end, c.start) for o, c in groups),
            indices=indices, kind=kind, width=width or arr.elem_bytes, offset=offset,
            loops=ctx.loops, guards=ctx.guards))
        # Subscripts may themselves read shared arrays: s[s2[i]].
        for c in chain:
            self._walk(list(c.get_children())[1], ctx, stack[:i + 1] + tuple(chain))

    def _access_kind(self, top: Cursor, stack: tuple[Cursor, ...], arr: ir.SharedArray) -> tuple[ir.AccessKind, int, int, str]:
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
                return "load", width, offset, f"the address of an element of '{arr.name}' is taken"
        if parent.kind == K.CALL_EXPR and callee_name(parent).startswith("operator") and \
                next(parent.get_children()).hash == node.hash:
            op = callee_name(parent)[len("operator"):]
            if op == "=":
                return "store", width, offset, ""
            if op in ("+=", "-=", "*=", "/=", "|=", "&=", "^=", "<<=", ">>="):
                return "update", width, offset, ""
        if parent.kind == K.CALL_EXPR and not lvalue_to_rvalue:
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


def _with_guard(ctx: _Ctx, guard: ir.Guard) -> _Ctx:
    return replace(ctx, guards=ctx.guards + (guard,))


def _loop_entry(body: Cursor, ctx: _Ctx) -> _Ctx:
    """Definitions that hold at the top of every iteration: those the body does
    not write, and those it resets, as its last write, to the value they had
    before the loop (`wtx = tx;` at the end of the body)."""
    writes = assignment_counts(body)
    keep = {}
    if body.kind == K.COMPOUND_STMT:
        stmts = list(body.get_children())
        for key in writes:
            if key not in ctx.defs:
                continue
            last = [st for st in stmts if assignment_counts(st).get(key)]
            assigned = plain_assignment(last[-1]) if last else None
            if assigned is not None and assigned[0] == key and to_expr(assigned[1]) == ctx.defs[key]:
                keep[key] = ctx.defs[key]
    inner = ctx.forget(set(writes))
    return replace(inner, defs={**inner.defs, **keep}) if keep else inner


def collect(tu: ci.TranslationUnit, path: str, source: bytes) -> ir.TranslationUnitInfo:
    """Everything rapcc needs from one parsed file, as plain dataclasses."""
    col = _Collector(tu, path, source, FileTokens(tu, path))
    col.run()
    return ir.TranslationUnitInfo(
        path=path, source=source, arrays=tuple(col.arrays.values()), accesses=tuple(col.accesses),
        escapes=tuple(col.escapes), kernels=tuple(col.kernels), vars=dict(col.vars),
        already_rewritten=source.startswith(RAPCC_HEADER_MARK))
