"""Struct arguments a callee only reads: no escape of the caller's launch params.

`launch(k, params)` for `void launch(Kernel, const params_t &p)` passes `params` by
reference, which the escape analysis (host_syntax._escaped) would count as a
write. Where the callee rapcc sees only reads `p.field`, or passes `p` on as a
`const &` to a function that only reads it (ggml: `ggml_cuda_pdl_config(params)`),
the fields stay known. A const-qualified struct without `mutable` fields is
written only through a cast, so the callee must have no cast of it.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key
from .host_records import layout, struct_decl


def readonly_arguments(body: Cursor, walks) -> set[int]:
    """The offsets of the struct variables `body` passes as a `const &`
    argument to a function that only reads their fields (`launch(k, params)`
    for `void launch(Kernel, const params_t &p)` whose body reads `p.field`
    and nothing else): not an escape. A const-qualified struct without
    `mutable` fields is written only through a cast, so the callee must have
    no cast of it and must not pass it on."""
    from .host_wrappers import callee_definition  # (host_wrappers reads host_syntax, which reads this module)
    out: set[int] = set()
    for call in walks.walk(body):
        if call.kind != K.CALL_EXPR:
            continue
        ref = call.referenced
        if ref is not None and ref.kind == K.CONSTRUCTOR and ref.is_copy_constructor() \
                and (ref.is_default_method() or not any(k == ref for k in children(ref.semantic_parent))):
            # The implicit copy (`lp_t q = p;`) only reads its argument.
            out.update(a.extent.start.offset for a in children(call) if a.kind == K.DECL_REF_EXPR)
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
            if a.kind != K.DECL_REF_EXPR or j >= len(params):
                continue
            t = params[j].type.get_canonical()
            if t.kind.name != "LVALUEREFERENCE" or not t.get_pointee().is_const_qualified():
                continue
            if (layout(a) is not None and _only_read(callee, params[j], walks)) \
                    or (_is_dim3(a) and _only_copied(callee, params[j], walks)):
                out.add(a.extent.start.offset)
    return out


def _is_dim3(c: Cursor) -> bool:
    return c.type.get_canonical().spelling.replace("const ", "").strip() in ("dim3", "struct dim3")


def _only_copied(ctor: Cursor, param: Cursor, walks) -> bool:
    """Whether constructor `ctor` (ggml's `ggml_cuda_kernel_launch_params(const dim3 &block_dims_, ...)`)
    has an empty body and uses its `const dim3 &` parameter only in member initializers,
    with no cast of it: a `dim3` (no `mutable` member) is then only read."""
    if ctor.kind != K.CONSTRUCTOR:
        return False
    kids = children(ctor)
    body = [k for k in kids if k.kind == K.COMPOUND_STMT]
    if len(body) != 1 or children(body[0]):
        return False
    key = decl_key(param)
    for init in kids:
        if not init.kind.is_expression():
            continue
        for c in walks.walk(init):
            if c.kind in (K.CXX_CONST_CAST_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR) and any(
                    k.kind == K.DECL_REF_EXPR and k.referenced is not None and decl_key(k.referenced) == key
                    for k in walks.walk(c)):
                return False
    return True


def _readonly_call(call: Cursor, arg: Cursor, walks, depth: int) -> bool:
    """Whether `call` takes `arg` (a struct parameter) as a `const &` that its callee only reads."""
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
    t = params[j].type.get_canonical()
    return t.kind.name == "LVALUEREFERENCE" and t.get_pointee().is_const_qualified() \
        and _only_read(callee, params[j], walks, depth + 1)


def _only_read(fn: Cursor, param: Cursor, walks, depth: int = 0) -> bool:
    """Whether `fn` only reads the fields of its struct parameter `param` (`p.field`),
    or passes it on as a `const &` to a function that only reads it (up to 4 deep)."""
    decl = struct_decl(param)
    if depth > 4 or decl is None or any(f.kind == K.FIELD_DECL and f.is_mutable_field() for f in children(decl)):
        return False
    return _only_read_rest(fn, decl_key(param), walks, set(), depth)


def _only_read_rest(fn: Cursor, key: str, walks, passed: set[int], depth: int) -> bool:
    """Every use of `key` in `fn` is `key.field` read, or an argument a callee only reads
    (a call is walked before its arguments: `passed` holds those); no cast of it."""
    uses = 0
    for c in walks.walk(fn):
        if c.kind == K.CALL_EXPR:
            for a in children(c):
                if a.kind == K.DECL_REF_EXPR and a.referenced is not None and decl_key(a.referenced) == key \
                        and a.extent.start.offset not in passed and _readonly_call(c, a, walks, depth):
                    passed.add(a.extent.start.offset)
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key \
                and c.extent.start.offset in passed:
            continue
        if c.kind in (K.CXX_CONST_CAST_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR) and any(
                k.kind == K.DECL_REF_EXPR and k.referenced is not None and decl_key(k.referenced) == key
                for k in walks.walk(c)):
            return False
        if c.kind == K.MEMBER_REF_EXPR:
            base = children(c)
            if base and base[0].kind == K.DECL_REF_EXPR and base[0].referenced is not None \
                    and decl_key(base[0].referenced) == key:
                uses -= 1  # read as `p.field`: accounted for below
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key:
            uses += 1
    return uses == 0
