"""Calls that pass an array: the callee's body is walked with its parameter
bound to the array (rewritten in place, or in a per-array clone), or read
only (templates, methods, offsets, rows), or the use escapes."""
from __future__ import annotations

from dataclasses import replace

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .aliases import argument_index, callee_definition, parameters
from .clangext import children, expansion_location, file_location, nontype_template_arguments, specialized_template
from .exprs import decl_key, int_type, strip
from .uses import callee_name
from .collect_arrays import _array_reference, _pointee, _row_pointer
from .collect_kinds import _dependent_callee
from .collect_state import _CollectorState, _Ctx, _Seen, _View, _function_key


class _Calls(_CollectorState):
    """Callees walked for a call, their bound parameters and clones."""

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
        elif any(k.kind == K.CUDAHOST_ATTR for k in children(fn)) or \
                not any(k.kind == K.CUDADEVICE_ATTR for k in children(fn)):
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
        body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
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
                self._name_spellings(param.spelling, poff, file_location(fn.extent.end).offset,
                                    decl_key(param))))

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
            for prm, v in nontype_template_arguments(ref, fn) or ():  # a pack: none fixed
                if v is not None:
                    values[decl_key(prm)] = ir.Const(v)
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

    def _bind_offset_call(self, ref: Cursor, view: _View, call: Cursor, ctx: _Ctx,
                          why_kept: str = "an offset into the array: the callee's subscripts are predicted, "
                                          "not rewritten") -> bool:
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
        self._bind_read_only(ref, view, call, fn, template_args, ctx, why_kept)
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
        body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
        reason = ""
        if n is None or n >= len(params) or len(params) != len(args):
            reason = "the argument does not match a parameter"
        elif fkey in ctx.callees:
            reason = f"'{callee}' is recursive"
        elif params[n].type.get_canonical().kind not in (ci.TypeKind.POINTER, ci.TypeKind.UNEXPOSED,
                                                          ci.TypeKind.DEPENDENT) \
                and not _array_reference(params[n].type, arr) and not _row_pointer(params[n].type, arr):
            reason = f"parameter '{params[n].spelling}' is not a pointer"
        elif len(arr.dims) - len(view.lead) >= 2 and not _row_pointer(params[n].type, arr) \
                and not _array_reference(params[n].type, arr):
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
        owned = owned_state(fn)
        if owned is not None:
            # Each copy would declare its own: two calls that share it through
            # the original would then reach two arrays (issue 27).
            return None, (f"'{name}' declares its own {owned}, which a copy of '{name}' would not share "
                          "with the original")
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


def owned_state(fn: Cursor) -> str | None:
    """What state `fn` declares that outlives one call (a `__shared__` array,
    a `static` or `__device__` local), described; None when it has none. A
    `extern __shared__` array is the launch's one dynamic allocation, the same
    in every copy."""
    for c in fn.walk_preorder():
        if c.kind != K.VAR_DECL or c.semantic_parent is None or c.semantic_parent.kind not in _FUNCTION_KINDS:
            continue
        attrs = {k.kind for k in children(c)}
        if c.storage_class == ci.StorageClass.EXTERN:
            continue
        if K.CUDASHARED_ATTR in attrs:
            return f"__shared__ variable '{c.spelling}'"
        if c.storage_class == ci.StorageClass.STATIC or attrs & {K.CUDADEVICE_ATTR, K.CUDACONSTANT_ATTR}:
            return f"static variable '{c.spelling}'"
    return None


_FUNCTION_KINDS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.LAMBDA_EXPR)
