"""Struct arguments a callee only reads: no escape of the caller's launch params.

`launch(k, params)` for `void launch(Kernel, const params_t &p)` passes `params` by
reference, which the escape analysis (host_syntax._escaped) would count as a
write. Where the callee rapcc sees only reads `p.field`, or passes `p` on as a
`const &` to a function that only reads it (ggml: `ggml_cuda_pdl_config(params)`),
the fields stay known. A const-qualified struct without `mutable` fields is
written only through a cast, so every mention of the parameter in the callee
must be a read rapcc recognises (a whitelist): a field read as a value, a copy
by the implicit copy constructor, or an argument to another such callee. A
cast, an address, a reference bound to it or to a field, a method call or a
field passed by reference makes it not read-only (`Cfg(const dim3 &d)` whose
body does `const_cast<dim3 &>(d).x = 64`).
"""
from __future__ import annotations

from collections.abc import Iterator

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key
from .host_lvalues import lvalue_use, named_variable
from .host_records import is_dim3_type, layout, struct_decl

_MAX_DEPTH = 4  # callees followed through `const &` arguments


def readonly_arguments(body: Cursor, walks) -> set[int]:
    """The offsets of the struct variables `body` passes as a `const &`
    argument to a function that only reads them (`launch(k, params)` for
    `void launch(Kernel, const params_t &p)` whose body reads `p.field` and
    nothing else; `Cfg c(b)` for a `dim3 b` and `Cfg(const dim3 &d) : n(d.x) {}`):
    not an escape. `walks`: the parse's walks."""
    from .host_wrappers import callee_definition  # (host_wrappers reads host_syntax, which reads this module)
    out: set[int] = set()
    for call in walks.walk(body):
        if call.kind != K.CALL_EXPR:
            continue
        ref = call.referenced
        if _implicit_copy(call):
            # The implicit copy (`lp_t q = p;`) only reads its argument.
            out.update(v.extent.start.offset for v in map(named_variable, children(call)) if v is not None)
            continue
        callee = callee_definition(call)  # a free function whose body rapcc sees (a dependent call's one candidate)
        if callee is None and ref is not None and ref.kind == K.CONSTRUCTOR:
            callee = ref.get_definition()  # ggml's `ggml_cuda_pdl_config(params)`
        if callee is None:
            continue
        params = [p for p in children(callee) if p.kind == K.PARM_DECL]
        kids = [k for k in children(call) if k.kind.is_expression()]
        args = kids if callee.kind == K.CONSTRUCTOR else kids[1:]  # a constructor call has no callee child
        for j, a in enumerate(args):
            var = named_variable(a)
            if var is None or j >= len(params) or not _const_reference(params[j]):
                continue
            if (layout(var) is not None or is_dim3_type(var.type)) and _only_read(callee, params[j], walks):
                out.add(var.extent.start.offset)
    return out


def _const_reference(param: Cursor) -> bool:
    t = param.type.get_canonical()
    return t.kind.name == "LVALUEREFERENCE" and t.get_pointee().is_const_qualified()


def _implicit_copy(call: Cursor) -> bool:
    """Whether `call` is a class's implicit or defaulted copy constructor, which only reads its argument."""
    ref = call.referenced
    return call.kind == K.CALL_EXPR and ref is not None and ref.kind == K.CONSTRUCTOR \
        and ref.is_copy_constructor() and _implicit(ref)


def _implicit_assignment(call: Cursor, arg: Cursor) -> bool:
    """Whether `call` is a class's implicit or defaulted copy assignment (`cfg.blockDim = p.block_dims`)
    and `arg` its right side, which it only reads."""
    ref = call.referenced
    kids = [k for k in children(call) if k.kind.is_expression()]
    return ref is not None and ref.kind == K.CXX_METHOD and ref.is_copy_assignment_operator_method() \
        and _implicit(ref) and len(kids) == 3 and kids[2] == arg


def _implicit(method: Cursor) -> bool:
    """Whether a special member is the compiler's: declared `= default`, or not declared in its class."""
    return method.is_default_method() or not any(k == method for k in children(method.semantic_parent))


def _readonly_call(call: Cursor, arg: Cursor, walks, depth: int) -> bool:
    """Whether `call` takes `arg` (a mention of a struct parameter) as a `const &`
    that its callee only reads."""
    from .host_wrappers import callee_definition
    callee = callee_definition(call)
    if callee is None and call.referenced is not None and call.referenced.kind == K.CONSTRUCTOR:
        callee = call.referenced.get_definition()
    if callee is None:
        return False
    params = [p for p in children(callee) if p.kind == K.PARM_DECL]
    args = [k for k in children(call) if k.kind.is_expression()]
    args = args if call.referenced is not None and call.referenced.kind == K.CONSTRUCTOR else args[1:]
    j = next((i for i, a in enumerate(args) if a == arg), None)
    if j is None or j >= len(params):
        return False
    return _const_reference(params[j]) and _only_read(callee, params[j], walks, depth + 1)


def _only_read(fn: Cursor, param: Cursor, walks, depth: int = 0) -> bool:
    """Whether `fn` only reads its `const &` struct parameter `param`: every
    mention is a read `_read` recognises (callees followed up to 4 deep)."""
    decl = struct_decl(param)
    if depth > _MAX_DEPTH or decl is None \
            or any(f.kind == K.FIELD_DECL and f.is_mutable_field() for f in children(decl)):
        return False
    key = decl_key(param)
    return all(_read(mention, ancestors, walks, depth) for mention, ancestors in _mentions(fn, key, walks, []))


def _mentions(c: Cursor, key: str, walks, ancestors: list[Cursor]) -> Iterator[tuple[Cursor, list[Cursor]]]:
    """Each DECL_REF_EXPR of `key` under `c`, with the cursors above it (outermost first)."""
    if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key:
        yield c, list(ancestors)
    ancestors.append(c)
    for k in walks.children(c):
        yield from _mentions(k, key, walks, ancestors)
    ancestors.pop()


def _read(mention: Cursor, ancestors: list[Cursor], walks, depth: int) -> bool:
    """Whether a mention of a `const &` parameter only reads it (a whitelist): its
    lvalue (`p`, `p.block_dims`, `p.block_dims.x`) is converted to a value (a read
    of a scalar field), copied by an implicit copy constructor, or passed to a
    callee that only reads it, or the right side of an implicit copy assignment;
    a field, not a method."""
    node, use = lvalue_use(mention, ancestors)
    if use is None or any(c.kind == K.MEMBER_REF_EXPR and c.referenced is not None
                          and c.referenced.kind != K.FIELD_DECL for c in walks.walk(node)):
        return False
    if use.kind == K.UNEXPOSED_EXPR:
        return True  # not a conversion keeping the object (host_lvalues.keeps_object): a value
    if use.kind != K.CALL_EXPR or next(iter(children(use)), None) == node and use.referenced is not None \
            and use.referenced.kind != K.CONSTRUCTOR:
        return False
    return _implicit_copy(use) or _implicit_assignment(use, node) or _readonly_call(use, node, walks, depth)
