"""The walk of a function body: statements in order, with the enclosing
loops (canonical, lockstep, `while` with carried variables), the branch
conditions that guard each statement, and the definitions that reach it."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .clangext import binary_operator, children, file_location
from .exprs import LANE, decl_key, int_type, strip, substitute, to_expr
from .intrinsics import laneid_output
from .lower_refs import asm_outputs
from .barriers import ends_trips_at_barrier
from .providers import provider_call
from .statements import (ADDRESS_TAKEN, assignment_counts, for_parts, loop_init, loop_step, only_exits,
                         plain_assignment, self_update, step_target)
from .uniform import nonnegative_counter, uniform_locals
from .collect_state import _CollectorState, _Ctx, _View


class _Loops(_CollectorState):
    """The statement walk: loops, guards and reaching definitions."""

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
        if kind == K.DO_STMT:  # a loop rapcc does not follow: its trips are no phases of the enclosing loop
            ctx = replace(ctx, unfollowed=True)
        if kind == K.CONDITIONAL_OPERATOR:
            kids = self._walks.children(cursor)
            if len(kids) == 3:
                cond = ctx.expr(kids[0])
                self._walk(kids[0], ctx, stack)
                self._walk(kids[1], _with_guard(ctx, ir.Guard(cond)), stack)
                self._walk(kids[2], _with_guard(ctx, ir.Guard(cond, negated=True)), stack)
                return
        for child in self._walks.children(cursor):
            self._walk(child, ctx, stack)

    def _compound(self, block: Cursor, ctx: _Ctx, stack: tuple[Cursor, ...]) -> None:
        # `if (tid >= n) return;` guards every statement after it.
        for stmt in self._walks.children(block):
            self._last_loop = None
            self._walk(stmt, ctx, stack)
            ctx = self._after_statement(stmt, ctx)
            if stmt.kind in (K.FOR_STMT, K.WHILE_STMT) and self._last_loop is not None and self._last_loop.carried:
                # `p` after `for (...) { ...; p ^= 1; }` holds its value from the last iteration.
                loop = self._last_loop
                finals = {c.var: ir.AfterLoop(loop, c) for c in loop.carried if self._trackable(c.var)}
                ctx = replace(ctx, defs={**ctx.defs, **finals})
            if stmt.kind == K.IF_STMT:
                kids = children(stmt)
                if len(kids) == 2 and only_exits(kids[1]):
                    ctx = _with_guard(ctx, ir.Guard(ctx.expr(kids[0]), negated=True))

    def _after_statement(self, stmt: Cursor, ctx: _Ctx) -> _Ctx:
        """Definitions that reach the next statement of a block."""
        if stmt.kind == K.COMPOUND_STMT:
            # A plain nested block runs its statements in order, as the
            # enclosing one does (the SDK's odd-even merge sort steps `stride`
            # inside `{ ...; stride >>= 1; }` before the loop that reads it).
            for inner in children(stmt):
                ctx = self._after_statement(inner, ctx)
            return ctx
        if stmt.kind == K.ASM_STMT:
            return self._after_asm(stmt, ctx)
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
            for d in children(stmt):
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

    def _after_asm(self, stmt: Cursor, ctx: _Ctx) -> _Ctx:
        """`asm("mov.u32 %0, %%laneid;" : "=r"(lane))` sets `lane` to the
        thread's lane (intrinsics.py); any other asm statement writes its
        output operands (every local it names where the tokens cannot tell)."""
        lane = laneid_output(stmt)
        if lane is not None:
            key = decl_key(lane)
            ctx = ctx.forget({key})
            it = int_type(lane.type)
            if self._trackable(key) and it is not None:
                return replace(ctx, defs={**ctx.defs, key: ir.Cast(it.bits, it.signed, LANE)})
            return ctx
        written = asm_outputs(stmt, self.tokens)
        if written is None:
            written = {decl_key(k.referenced) for k in stmt.walk_preorder()
                       if k.kind == K.DECL_REF_EXPR and k.referenced is not None}
        return ctx.forget(written)

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
        kids = children(stmt)
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
        if loop is not None and ends_trips_at_barrier(body):
            loop = replace(loop, barrier=True)
        inner = _loop_entry(body, ctx, self._writes) if body is not None else ctx
        # What the header steps differs from trip to trip: a definition that
        # reached the loop (`s >>= 1;` before `for (; s > 0; s >>= 1)`) holds
        # in no trip but the first.
        stepped = {k for part in ("cond", "inc") if parts.get(part) is not None
                   for k in self._writes(parts[part])}  # type: ignore[arg-type]
        inner = inner.forget(stepped)
        inner = replace(inner, loops=ctx.loops + (loop,), unfollowed=False) if loop else replace(inner, unfollowed=True)
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
                else strip(next(iter(children(inc)))).referenced
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
            for d in children(init):
                value = next((k for k in children(d) if k.kind.is_expression()), None) \
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
        kids = children(stmt)
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
            loop = ir.Loop(counter, ir.Const(0), inner.expr(cond), "+", ir.Const(1), carried,
                           ends_trips_at_barrier(body))
            inner = replace(inner, loops=ctx.loops + (loop,), unfollowed=False)
        else:
            inner = replace(inner, unfollowed=True)
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
        for stmt in children(body):
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
        stmts = children(body)
        for key in writes:
            if key not in ctx.defs:
                continue
            last = [st for st in stmts if writes_of(st).get(key)]
            assigned = plain_assignment(last[-1]) if last else None
            if assigned is not None and assigned[0] == key and to_expr(assigned[1]) == ctx.defs[key]:
                keep[key] = ctx.defs[key]
    inner = ctx.forget(set(writes))
    return replace(inner, defs={**inner.defs, **keep}) if keep else inner


def _comma_list(expr: Cursor) -> list[Cursor]:
    """The operands of `a, b, c` in order (`[expr]` for anything else)."""
    out: list[Cursor] = []
    pending = [strip(expr)]
    while pending:
        c = pending.pop(0)
        if c.kind == K.BINARY_OPERATOR and binary_operator(c) == ",":
            pending[:0] = [strip(k) for k in children(c)]
        else:
            out.append(c)
    return out


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
