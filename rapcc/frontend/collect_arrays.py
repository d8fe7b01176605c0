"""Shared array declarations: their dims, element type and the ranges of their
sizes; the launch's dynamic memory reached some other way (a provider call
not followed, a callee's own `extern __shared__`); and the type tests that
match a parameter against an array (pointer, rows, reference)."""
from __future__ import annotations

from pathlib import Path

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .clangext import children, file_location
from .exprs import decl_key, to_expr
from .parse import SHIM_DIR
from .providers import classify, PROVIDES
from .collect_state import _ALL_FUNCTIONS, _CollectorState, _Ctx, _function_key, _is_shared


class _Arrays(_CollectorState):
    """Declarations and dims of shared arrays."""

    # -- arrays ----------------------------------------------------------------

    def _add_object(self, decl: Cursor, function: str | None, t: ci.Type) -> None:
        """A `__shared__` object of class type (`__shared__ SharedTile<float, 32> tile`):
        its member arrays are indexed inside its methods, which rapcc does not
        follow. It is recorded as one element of its type, kept as written
        with a reason, so that the report names it."""
        key = decl_key(decl)
        name_off = self._spelled_here(decl)
        where = name_off if name_off is not None else file_location(decl.location).offset
        decl_range = self._range(where, where + len(decl.spelling))
        type_name = decl.type.spelling
        self.arrays[key] = ir.SharedArray(
            key=key, name=decl.spelling, function=function, decl=decl_range, dims=(1,), dim_ranges=(None,),
            elem_type=type_name, elem_bytes=max(t.get_size(), 0), is_extern=False, decl_in_macro=name_off is None)
        self._objects.add(key)
        self.escapes.append(ir.Escape(
            key, function, decl_range,
            f"'{decl.spelling}' is a shared object of type '{type_name}', and rapcc analyses shared arrays, not the "
            f"arrays inside objects: declare the array itself __shared__ in the kernel and pass it to the code "
            f"that indexes it"))

    def member_escape(self, decl: Cursor, fn: Cursor) -> None:
        """An array declared in a member function (`__device__` method,
        constructor): rapcc follows calls of free functions only, so it is kept
        as written, with what the user can do about it."""
        key = decl_key(decl)
        arr = self.arrays.get(key)
        if arr is None:
            return
        owner = fn.semantic_parent.spelling if fn.semantic_parent is not None else ""
        where = f"{owner}::{fn.spelling}" if owner else fn.spelling
        self.escapes.append(ir.Escape(
            key, arr.function, arr.decl,
            f"'{arr.name}' is declared in member function '{where}', and rapcc follows calls of kernels and free "
            f"__device__ functions only: declare it in the kernel (or a free __device__ function) and pass it in"))

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
            # A class of the user's file, whose code the user can change; a
            # library's (CUB's TempStorage) is no array of the user's.
            if t.kind == ci.TypeKind.RECORD and self._in_main(t.get_declaration()):
                self._add_object(decl, function, t)
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
        size_exprs = [k for k in children(decl) if k.kind.is_expression()]
        dim_exprs = []
        for r in dim_ranges:
            inside = [k for k in size_exprs if r is not None and r.start <= file_location(k.extent.start).offset < r.end]
            dim_exprs.append(to_expr(inside[0]) if len(inside) == 1 else None)
        self.arrays[key] = ir.SharedArray(
            key=key, name=decl.spelling, function=function,
            decl=self._range(where, where + len(decl.spelling)), dims=tuple(dims),
            dim_ranges=tuple(dim_ranges), elem_type=t.spelling, elem_bytes=max(size, 0),
            is_extern=is_extern, decl_in_macro=name_off is None, dim_exprs=tuple(dim_exprs),
            elem_align=max(t.get_align(), 0) if size > 0 else 0,
            elem_type_range=self._class_name_range(t, name_off, decl.spelling, ndecl) if size > 0 else None)

    def _class_name_range(self, t: ci.Type, name_off: int | None, name: str, ndims: int) -> ir.SourceRange | None:
        """The text of the element type of `__shared__ P s[N];` where it is a
        class spelled as a plain (qualified) name right before the array's
        name, after `__shared__` or an attribute's `)`, and the declaration
        declares this array alone: the one spelling element padding may wrap
        (`__rapcc_padded<P, 8> s[N];`). None for any other spelling (`struct
        P`, a template-id, `P a[N], s[N]`, a macro)."""
        if t.kind != ci.TypeKind.RECORD or name_off is None or ndims < 1:
            return None
        toks = self.tokens
        i = toks.index_at(name_off)
        groups = toks.bracket_groups(name_off, name, ndims)
        if i is None or groups is None:
            return None
        after = toks.index_at(groups[-1][1].start)
        if after is None or after + 1 >= len(toks.tokens) or toks.tokens[after + 1].spelling != ";":
            return None

        def spelled(k: int) -> str:
            return toks.tokens[k].spelling if k >= 0 else ""

        def names_a_class(k: int) -> bool:
            w = spelled(k)
            return (w[:1].isalpha() or w[:1] == "_") and w.replace("_", "a").isalnum() and w not in _NOT_A_TYPE_NAME
        j = i - 1
        if not names_a_class(j):
            return None
        j -= 1
        while spelled(j) == "::" and names_a_class(j - 1):
            j -= 2
        if spelled(j) == "::":  # `::P`: the global qualifier
            j -= 1
        first = j + 1
        if spelled(j) not in ("__shared__", ")"):
            return None
        return self._range(toks.tokens[first].start, toks.tokens[i - 1].end)

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


# Words that may precede an array's name but name no class by themselves.
_NOT_A_TYPE_NAME = frozenset({"__shared__", "static", "extern", "const", "volatile", "struct", "class", "union",
                              "enum", "typename", "unsigned", "signed", "auto", "register", "template"})


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
