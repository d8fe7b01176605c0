"""The whole file as the sound range analysis sees it (`sound_ir.Program`):
every device-side function lowered (`lower.py`), every `__shared__` array with
its extents, every instance a kernel runs as, and every place an array is
named that no expression explains (asm strings, macro bodies, stray tokens)."""
from __future__ import annotations

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import sound_ir as s
from .clangext import (children, file_location, in_main_file, nontype_template_arguments, overloaded_decls,
                       specialized_template)
from .exprs import decl_key
from .lower import FunctionLowering, is_shared, lower_type, offset_of, param_use
from .host_wrapper_calls import wrapped_kernel_names
from .lower_refs import array_extents
from .preorder import Preorder
from .tokens import FileTokens
from .toplevel import main_file_tops

_CONTAINERS = {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL}
_FUNCTIONS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE}
_DEVICE_ATTRS = {K.CUDADEVICE_ATTR, K.CUDAGLOBAL_ATTR}

# Strings that name no symbol: asm constraints, and the one PTX instruction of
# rapcc's guard mask (rewrite.guard_function), which reads and writes registers only.
_NO_SYMBOL = frozenset({'"r"', '"=r"', '"neg.s32 %0, %1;"'})


def _tops(tu: ci.TranslationUnit) -> list[Cursor]:
    out: list[Cursor] = []
    stack = main_file_tops(tu)
    while stack:
        c = stack.pop(0)
        out.append(c)
        if c.kind in _CONTAINERS:
            stack[:0] = [k for k in children(c) if in_main_file(k)]
    return out


def _body(fn: Cursor) -> Cursor | None:
    return next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)


def _is_kernel(fn: Cursor) -> bool:
    return any(k.kind == K.CUDAGLOBAL_ATTR for k in children(fn))


def _device_side(fn: Cursor) -> bool:
    kids = children(fn)
    has_attr = any(k.kind in _DEVICE_ATTRS for k in kids)
    host_only = any(k.kind == K.CUDAHOST_ATTR for k in kids) and not has_attr
    return has_attr or (not host_only and fn.kind == K.FUNCTION_TEMPLATE)


def _dims(decl: Cursor, lowering: FunctionLowering | None) -> tuple[s.Expr, ...] | None:
    """Each extent of the array, outermost first; None when rapcc cannot read them."""
    t = decl.type.get_canonical()
    consts: list[int | None] = []
    while t.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY, ci.TypeKind.INCOMPLETEARRAY,
                     ci.TypeKind.VARIABLEARRAY):
        if t.kind == ci.TypeKind.INCOMPLETEARRAY:
            return ()
        consts.append(t.get_array_size() if t.kind == ci.TypeKind.CONSTANTARRAY else None)
        t = t.element_type.get_canonical()
    if all(c is not None and c >= 0 for c in consts):
        return tuple(s.Lit(int(c), s.int_ty(s.CType(64, False))) for c in consts)
    # libclang lists the extents' expressions innermost first (it visits an
    # array type's element before its size): `s[N / 32][33 - 1]` gives
    # `33 - 1`, then `N / 32`.
    sizes = [k for k in children(decl) if k.kind.is_expression()][::-1]
    if len(sizes) != len(consts) or lowering is None:
        return None
    out: list[s.Expr] = []
    for c, e in zip(consts, sizes):
        out.append(s.Lit(int(c), s.int_ty(s.CType(64, False))) if c is not None and c >= 0 else lowering.expr(e))
    return tuple(out)


def _template_arguments(ref: Cursor, tmpl: Cursor) -> tuple[tuple[str, int], ...] | None:
    """The integer arguments of a kernel template's specialization, by
    parameter name; None where one is not an integer rapcc can read (a pack,
    a pointer, a dependent expression): that instance is not known."""
    pairs = nontype_template_arguments(ref, tmpl)
    if pairs is None or any(v is None for _, v in pairs):
        return None
    return tuple((p.spelling, v) for p, v in pairs if v is not None)


def lower_program(tu: ci.TranslationUnit, path: str, source: bytes, tokens: FileTokens, rdc: bool,
                  inactive_offsets: frozenset[int] = frozenset(), providers: frozenset[str] = frozenset(),
                  walks: Preorder | None = None) -> s.Program:
    """`inactive_offsets`: where the front end already accounts for an array's
    name in a preprocessor branch this parse skipped (frontend/inactive.py);
    `providers`: pointer locals initialised from the launch's dynamic shared
    memory (`T *s = SharedMemory<T>()`, frontend/providers.py), followed as
    arrays of unknown length. `walks`: the parse's walks, shared with its
    collection (preorder.py)."""
    walks = walks if walks is not None else Preorder()
    tops = _tops(tu)
    shared_decls: list[tuple[Cursor, Cursor | None]] = []  # (declaration, enclosing function)
    fns: list[Cursor] = []
    for top in tops:
        if top.kind == K.VAR_DECL and is_shared(top):
            shared_decls.append((top, None))
        elif top.kind in _FUNCTIONS and top.is_definition():
            fns.append(top)
            body = _body(top)
            if body is not None:
                shared_decls += [(d, top) for d in walks.walk(body)
                                 if d.kind == K.VAR_DECL and (is_shared(d) or decl_key(d) in providers)]
    shared = {decl_key(d) for d, _ in shared_decls}
    functions: list[s.Function] = []
    lowerings: dict[str, FunctionLowering] = {}
    hidden: list[tuple[str, str, int]] = []
    unseen: set[str] = set()
    for fn in fns:
        body = _body(fn)
        if body is None or not _device_side(fn):
            if body is not None:  # host code cannot name shared memory; it may take a device function's address
                for c in walks.walk(body):
                    if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) in shared:
                        hidden.append((decl_key(c.referenced), "host", offset_of(c)))
            continue
        low = FunctionLowering(fn, shared, tokens, providers)
        low.scan(body, walks)
        lowered = low.stmt(body)
        for off, key in low.all_refs.items():
            if off not in low.seen_refs:
                hidden.append((key, "unlowered", off))
        key = decl_key(fn)
        lowerings[key] = low
        params = tuple(_param(p, fn) for p in children(fn) if p.kind == K.PARM_DECL)
        functions.append(s.Function(
            key=key, name=fn.spelling, params=params, body=lowered, is_kernel=_is_kernel(fn),
            escaped=frozenset(low.escaped), writes=tuple(sorted(low.writes.items())),
            returns=lower_type(fn.result_type), escapes=tuple(low.escapes),
            returns_ref=fn.result_type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE,
                                                                ci.TypeKind.RVALUEREFERENCE)))
        unseen |= low.unseen_functions
        static = fn.storage_class == ci.StorageClass.STATIC
        if rdc and not _is_kernel(fn) and not static:
            unseen.add(key)
    arrays = []
    for d, fn in shared_decls:
        low = lowerings.get(decl_key(fn)) if fn is not None else None
        dims = _dims(d, low)
        key = decl_key(d)
        if dims is None:
            hidden.append((key, "extent", offset_of(d)))
            dims = ()
        is_extern = d.storage_class == ci.StorageClass.EXTERN or key in providers
        if rdc and fn is None and d.storage_class != ci.StorageClass.STATIC:
            hidden.append((key, "rdc", offset_of(d)))
        elem = d.type.get_canonical()
        if key in providers:
            elem = elem.get_pointee().get_canonical()
            dims = ()
        while elem.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY):
            elem = elem.element_type.get_canonical()
        arrays.append(s.SharedDecl(key, d.spelling, decl_key(fn) if fn is not None else None, dims,
                                   offset_of(d), is_extern, max(elem.get_size(), 0)))
    launched = _instances(tops, fns, walks)
    instances = launched + _explicit_instances(fns, tokens, launched)
    hidden += _hidden_tokens(tops, arrays, tokens, inactive_offsets, walks)
    return s.Program(tuple(functions), tuple(arrays), instances, frozenset(unseen), tuple(hidden))


def _param(p: Cursor, fn: Cursor) -> s.Param:
    use = param_use(p, fn)
    dims = array_extents(p.type) if use == s.RefUse.ARRAY else None
    return s.Param(decl_key(p), lower_type(p.type),
                   p.type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE),
                   use, dims or ())


_UNKNOWN = (("?", -1),)  # the arguments of an instance rapcc cannot name: its template's arrays stay as written
_REFERENCES = {K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF, K.MEMBER_REF_EXPR, K.CALL_EXPR}


def _instances(tops: list[Cursor], fns: list[Cursor], walks: Preorder) -> tuple[s.Instance, ...]:
    """Every instance a kernel of the file may run as. A kernel template's
    instance counts as seen only where a call names it with integer
    arguments rapcc reads (`k<16><<<g, b>>>(...)` in code that is no
    template). Named anywhere else (a host function template's
    `k<N><<<...>>>`, a generic lambda's, a pointer `&k<16>`), the instances
    it adds are not modelled: an instance with unknown arguments, at that
    place, keeps the template's arrays (analysis/soundness.py)."""
    out: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[bool, int]] = {}
    for fn in fns:
        if _is_kernel(fn) and fn.kind == K.FUNCTION_DECL:
            out[(decl_key(fn), ())] = (True, 0)
    kernel_templates = {decl_key(f) for f in fns if _is_kernel(f) and f.kind == K.FUNCTION_TEMPLATE}
    if not kernel_templates:
        return tuple(s.Instance(k, a, v, at) for (k, a), (v, at) in out.items())

    def add(key: tuple[str, tuple[tuple[str, int], ...]], launched: bool, at: int) -> None:
        was, first = out.get(key, (False, at))
        out[key] = (was or launched, first)

    # A name passed to a parameter a launch wrapper launches exactly is a launch too (host_wrappers.py).
    wrapped = wrapped_kernel_names(tops, walks)

    for top in tops:
        explicit = top.kind == K.FUNCTION_DECL and not top.is_definition()
        for c in ([top] if explicit else walks.walk(top)):
            if c.kind not in _REFERENCES and not explicit:
                continue
            ref = c if explicit else c.referenced
            if ref is None:
                continue
            if ref.kind == K.OVERLOADED_DECL_REF or c.kind == K.OVERLOADED_DECL_REF:
                # A dependent name (`k<N>` in a template): any of its declarations may be meant.
                named = {decl_key(d) for d in overloaded_decls(ref)}
                for key in sorted(named & kernel_templates):
                    add((key, _UNKNOWN), False, offset_of(c))
                continue
            if ref.kind == K.FUNCTION_TEMPLATE:
                if decl_key(ref) in kernel_templates and c.kind != K.FUNCTION_TEMPLATE:
                    add((decl_key(ref), _UNKNOWN), False, offset_of(c))
                continue
            if ref.kind != K.FUNCTION_DECL or ref.get_num_template_arguments() <= 0:
                continue
            tmpl = specialized_template(ref)
            if tmpl is None or decl_key(tmpl) not in kernel_templates:
                continue
            args = _template_arguments(ref, tmpl)
            add((decl_key(tmpl), args if args is not None else _UNKNOWN), c.kind == K.CALL_EXPR or c in wrapped,
                offset_of(c))
    return tuple(s.Instance(k, a, v, at) for (k, a), (v, at) in out.items())


def _explicit_instances(fns: list[Cursor], tokens: FileTokens, seen: tuple[s.Instance, ...]) -> tuple[s.Instance, ...]:
    """`template __global__ void k<16>(...);` (and `extern template ...`): libclang
    shows no cursor for an explicit instantiation, so its tokens are read. An
    instance this file does not also launch may run from another file with any
    shape: it counts as unlaunched, and the template's arrays stay as written."""
    templates = {f.spelling: f for f in fns if _is_kernel(f) and f.kind == K.FUNCTION_TEMPLATE}
    if not templates:
        return ()
    launched = {(i.kernel, i.arguments) for i in seen if i.launched}
    toks = tokens.tokens
    out: dict[tuple[str, tuple[tuple[str, int], ...]], int] = {}
    for i, tok in enumerate(toks):
        if tok.spelling != "template" or i + 1 >= len(toks) or toks[i + 1].spelling == "<":
            continue
        if i > 0 and toks[i - 1].spelling in (".", "->", "::"):
            continue  # `x.template f<...>()`: a disambiguator
        for j in range(i + 1, len(toks)):
            if toks[j].spelling in (";", "{"):
                break
            fn = templates.get(toks[j].spelling)
            if fn is not None:
                key = (decl_key(fn), _spelled_arguments(fn, toks, j + 1))
                if key not in launched:
                    out.setdefault(key, toks[j].start)
                break
    return tuple(s.Instance(k, a, False, at) for (k, a), at in out.items())


def _spelled_arguments(tmpl: Cursor, toks, i: int) -> tuple[tuple[str, int], ...]:
    """`<16, 4>` after a template's name, as ((parameter, value), ...); (("?", -1),)
    unless every argument is an integer literal for a non-type parameter."""
    params = [k for k in children(tmpl)
              if k.kind in (K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]
    if i >= len(toks) or toks[i].spelling != "<":
        return (("?", -1),)
    values: list[str] = []
    for t in toks[i + 1:]:
        if t.spelling == ">":
            break
        if t.spelling != ",":
            values.append(t.spelling)
    if len(values) != len(params) or any(p.kind != K.TEMPLATE_NON_TYPE_PARAMETER for p in params):
        return (("?", -1),)
    try:
        return tuple((p.spelling, int(v.rstrip("uUlL"), 0)) for p, v in zip(params, values))
    except ValueError:
        return (("?", -1),)


def _hidden_tokens(tops: list[Cursor], arrays: list[s.SharedDecl], tokens: FileTokens,
                   inactive_offsets: frozenset[int], walks: Preorder) -> list[tuple[str, str, int]]:
    """An array's name spelled where no cursor of this parse stands (a macro
    body, a skipped branch the front end did not account for) or inside a
    string of device code or file scope (an asm operand): its uses are not all seen."""
    names: dict[str, list[str]] = {}
    for a in arrays:
        names.setdefault(a.name, []).append(a.key)
    if not names:
        return []
    explained: set[int] = set()
    host_spans: list[tuple[int, int]] = []
    for top in tops:
        if top.kind in _FUNCTIONS and _body(top) is not None and not _device_side(top):
            host_spans.append((offset_of(top), file_location(top.extent.end).offset))
        for c in walks.walk(top):
            if c.spelling in names:
                explained.add(file_location(c.location).offset)
    out: list[tuple[str, str, int]] = []
    toks = tokens.tokens
    # Directives other than `#define` cannot reach memory: `#include "tiles.h"`,
    # rapcc's own `#pragma rapcc layout(tile, ...)`, `#error`.
    pragma_lines = {toks[i].line for i in range(len(toks) - 1)
                    if toks[i].spelling == "#" and toks[i + 1].line == toks[i].line and toks[i + 1].spelling != "define"
                    and (i == 0 or toks[i - 1].line != toks[i].line)}
    for t in toks:
        if t.line in pragma_lines:
            continue
        if '"' in t.spelling:
            if any(a <= t.start < b for a, b in host_spans) or t.spelling in _NO_SYMBOL:
                continue
            for name, keys in names.items():
                if name in t.spelling:
                    out += [(k, "string", t.start) for k in keys]
        elif t.spelling in names and t.start not in explained and t.start not in inactive_offsets:
            out += [(k, "token", t.start) for k in names[t.spelling]]
    return out

