"""Uses of a shared array: subscript chains become accesses, and every other
use an escape (decay, inline asm, a pasting macro) unless it is a call the
walk follows, an atomic on the array plus an offset, a cast to wider
elements, or a subscript spelled in a macro body (predicted, kept)."""
from __future__ import annotations

from dataclasses import replace

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .clangext import binary_operator, children, expansion_location, file_location
from .exprs import int_type, strip
from .uses import callee_name, decay_reason, rewritten_by_rapcc
from .collect_arrays import _flat_indices
from .collect_state import _ATOMIC_PREFIX, _CollectorState, _Ctx, _Seen, _View


def _member_follows(source: bytes, end: int) -> bool:
    """Whether `.name` is spelled right after the chain ending at `end` (`s[i].x`,
    not `s[i].*pm`, not a member reached through a macro or parentheses)."""
    rest = source[end:end + 256].lstrip(b" \t\r\n")
    return rest[:1] == b"." and (rest[1:2].isalpha() or rest[1:2] == b"_")


class _Uses(_CollectorState):
    """Each use of an array (or of a view of it) as an access or an escape."""

    # -- uses ------------------------------------------------------------------

    def _pasting_macro(self, offset: int) -> str | None:
        """The macro whose argument text contains `offset`, if its body uses `#`
        or `##`: rewriting the argument would change a string or a pasted name."""
        for start, end, name in self._expansions:
            if start <= offset < end and any(t in ("#", "##") for t in self.macros.get(name, ())):
                return name
        return None

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
            if not self._row_argument(ref, view, chain, ctx, stack, i):
                self._escape(arr, ctx, chain[-1], f"a row of {said} is used as a pointer")
            return
        top = chain[-1]
        groups = self.tokens.bracket_groups(name_off, name, depth)
        end = file_location(top.extent.end).offset
        if groups is None or groups[-1][1].end != end:
            where = "with digraphs ('<:' ':>'), which rapcc does not rewrite" \
                if self._digraph_subscript(name_off, depth) else "inside a macro body"
            self._macro_access(ref, view, ctx, stack, top, f"a subscript of {said} is spelled {where}")
            return
        kind, width, offset, reason = self._access_kind(top, stack[:i + 1], arr, ctx)
        if reason and not isinstance(reason, _Seen):
            self._escape(arr, ctx, top, reason)
            return
        if reason:
            self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(top), reason, seen=True))
        spelled = [ctx.expr(children(c)[1]) for c in chain]
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
            loops=ctx.loops, guards=ctx.guards, in_phase=ctx.in_phase,
            text=self.source[name_off:end].decode(errors="replace"),
            via=view.via, clone_of=ctx.clone_of, member=bool(width) and _member_follows(self.source, end)))

    def _offset_argument(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], i: int) -> bool:
        """`merge<dir>(..., s_key + SAMPLE_STRIDE, ...)`, `addData1024(s_Hist + warpBase, ...)`:
        the array plus an offset given to a function of this file, walked
        read-only as an offset alias would be."""
        plus = stack[i]
        if plus.kind != K.BINARY_OPERATOR or binary_operator(plus) != "+":
            return False
        kids = children(plus)
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

    def _row_argument(self, ref: Cursor, view: _View, chain: list[Cursor], ctx: _Ctx, stack: tuple[Cursor, ...],
                      i: int) -> bool:
        """`fill(tile[r], ...)` with `void fill(float *row, ...)` of this file:
        a row given to a function, walked read-only with the row's indices
        leading the callee's, so its subscripts are predicted. The array is
        kept: a rewrite changes a callee's subscripts only where it is given a
        whole 1-D array (collect_calls._bind_call, a copy per array), and a row
        of a padded or swizzled layout is not a flat run of elements."""
        if i < 0 or view.offset is not None or view.cast:
            return False
        node, j = _climb(stack, i, (K.PAREN_EXPR, K.UNEXPOSED_EXPR)) \
            if stack[i].kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR) else (chain[-1], i)
        call = stack[j] if j >= 0 else None
        if call is None or call.kind != K.CALL_EXPR or callee_name(call).startswith(("__rapcc_",) + _ATOMIC_PREFIX) \
                or not any(a.hash == node.hash for a in call.get_arguments()):
            return False
        lead = view.lead + tuple(ctx.expr(children(c)[1]) for c in chain)
        return self._bind_offset_call(ref, replace(view, lead=lead), call, ctx,
                                      "a row of the array: the callee's subscripts are predicted, not rewritten "
                                      "(rapcc rewrites a function's subscripts only for a whole 1-D array it is "
                                      "given)")

    def _pointer_atomic(self, ref: Cursor, view: _View, ctx: _Ctx, stack: tuple[Cursor, ...], i: int) -> bool:
        """`atomicAdd(s_WarpHist + data, 1)` (the SDK's histogram256): the
        atomic reaches element `data` of the pointer. Predicted as an atomic
        access; kept as written (the sum is not a subscript rapcc rewrites)."""
        plus = stack[i]
        if plus.kind != K.BINARY_OPERATOR or binary_operator(plus) != "+":
            return False
        kids = children(plus)
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
            width=arr.elem_bytes, offset=0, loops=ctx.loops, guards=ctx.guards, in_phase=ctx.in_phase,
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
        if top is None or top.kind != K.ARRAY_SUBSCRIPT_EXPR or next(iter(children(top))).hash != node.hash:
            return False
        if self._spelled_here(ref) is None or self._spelled_here(top) is None:
            return False
        start, end = file_location(top.extent.start).offset, file_location(top.extent.end).offset
        kind, _, offset, why = self._access_kind(top, stack[:j], arr, ctx)
        if why and not isinstance(why, _Seen):
            self._escape(arr, ctx, top, why)
            return True
        k = wide // arr.elem_bytes
        index = ir.BinOp("*", ctx.expr(children(top)[1]), ir.Const(k))
        if view.offset is not None:
            index = ir.BinOp("+", view.offset, index)
        said = f"'{view.name}'" if view.name == arr.name else f"'{view.name}' (an alias of '{arr.name}')"
        what = f"{wide}-byte accesses; its elements must stay adjacent" if k > 1 else \
            "read as one flat run of elements, which a new layout would have to keep"
        self.escapes.append(ir.Escape(arr.key, ctx.function, self._cursor_range(top),
                                      f"{said} is cast to '{cast.type.spelling}' ({what})", seen=True))
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=self._range(start, end),
            index_ranges=(self._cursor_range(children(top)[1]),), indices=_flat_indices(index, arr.dims),
            kind=kind,
            width=wide, offset=offset, loops=ctx.loops, guards=ctx.guards, in_phase=ctx.in_phase,
            text=self.source[start:end].decode(errors="replace"), via=view.via, clone_of=ctx.clone_of))
        return True

    def _digraph_subscript(self, name_offset: int, count: int) -> bool:
        """Whether one of the `count` subscripts after the name at `name_offset` opens
        with the digraph `<:` (`tile<:ty:><:tx:>`): the access is predicted like one
        spelled in a macro body, but its text is not rewritten, and the reason says so."""
        j = self.tokens.index_at(name_offset)
        for _ in range(count):
            if j is None or j + 1 >= len(self.tokens.tokens):
                return False
            opener = self.tokens.tokens[j + 1].spelling
            if opener == "<:":
                return True
            j = self.tokens.matching(j + 1) if opener == "[" else None
        return False

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
        spelled = [ctx.expr(children(c)[1]) for c in chain]
        if view.scale != 1:
            spelled[0] = ir.BinOp("*", spelled[0], ir.Const(view.scale))
            width = width or arr.elem_bytes * view.scale
        if view.offset is not None:
            spelled[0] = ir.BinOp("+", view.offset, spelled[0])
        expansion = self._range(start.offset, end.offset)
        self.accesses.append(ir.Access(
            array=arr.key, function=ctx.function, range=expansion, index_ranges=tuple(expansion for _ in chain),
            indices=view.lead + tuple(spelled), kind=kind, width=width or arr.elem_bytes, offset=offset,
            loops=ctx.loops, guards=ctx.guards, in_phase=ctx.in_phase,
            text=self.source[start.offset:end.offset].decode(errors="replace"),
            via=view.via, clone_of=ctx.clone_of))


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
        if parent.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(children(parent)) == 1:
            node, i = parent, i - 1
            continue
        if parent.kind == K.ARRAY_SUBSCRIPT_EXPR and next(iter(children(parent))).hash == node.hash:
            chain.append(parent)
            node, i = parent, i - 1
            above_top = i
            continue
        break
    return chain, (above_top if chain else i)


def _climb(stack: tuple[Cursor, ...], i: int, kinds: tuple[ci.CursorKind, ...]) -> tuple[Cursor, int]:
    """From `stack[i]` up through single-child wrappers of `kinds`: the last
    wrapper (or `stack[i]`) and the index of the node above it (-1: none)."""
    node, j = stack[i], i - 1
    while j >= 0 and stack[j].kind in kinds and len(list(stack[j].get_children())) == 1:
        node, j = stack[j], j - 1
    return node, j
