"""Every mention of a kernel in host code, explained or made unknown.

A kernel's launches are known only where every mention of its name is read
exactly: the callee of a `<<<>>>` launch, the function argument of
`cudaLaunchKernel`/`cudaLaunchKernelEx`/`cudaLaunchCooperativeKernel` (and
of the runtime calls that only inspect it), or the initializer of a local
function pointer that only ever launches it (`auto f = k; f<<<g, b>>>()`).
Any other mention (its address stored, passed to a function rapcc does not
follow, a `void *` cast) is a launch rapcc cannot see (host_values.py); and a
token of its name that no expression of the parse explains (a launch clang's
parse dropped, such as `k<<<1, {64, 4}>>>`, which clang's parser rejects and
nvcc accepts) makes its launches unknown too.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key, strip
from .host_syntax import _config, _is_kernel
from .preorder import Preorder


def _is_function_pointer(decl: Cursor) -> bool:
    t = decl.type.get_canonical()
    return t.kind.name == "POINTER" and t.get_pointee().kind.name in ("FUNCTIONPROTO", "FUNCTIONNOPROTO")


def _kernel_of(init: Cursor) -> Cursor | None:
    """The kernel an initializer names: `k`, `&k`, `k<32>`."""
    c = strip(init)
    if c.kind == K.UNARY_OPERATOR:
        kids = children(c)
        c = strip(kids[0]) if len(kids) == 1 else c
    ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and _is_kernel(ref) else None


def pointer_aliases(fn: Cursor, walks: Preorder) -> dict[str, tuple[Cursor, tuple[int, int]]]:
    """Local function pointers of `fn` set once, at their declaration, from a
    kernel, and used only as the callee of `<<<>>>` launches: the pointer's
    key -> (the kernel, the extent of the kernel's name in the initializer).
    A pointer written again, passed, captured or address-taken is no alias."""
    found: dict[str, tuple[Cursor, tuple[int, int]]] = {}
    for c in walks.walk(fn):
        if c.kind != K.VAR_DECL or not _is_function_pointer(c) or \
                (c.storage_class is not None and c.storage_class.name == "STATIC"):
            continue
        init = [k for k in walks.children(c) if k.kind.is_expression()]
        kernel = _kernel_of(init[-1]) if len(init) == 1 else None
        if kernel is not None:
            name = next(k for k in walks.walk(init[-1]) if k.kind == K.DECL_REF_EXPR)
            found[decl_key(c)] = (kernel, (name.extent.start.offset, name.extent.end.offset))
    if not found:
        return found
    callees = set()
    for c in walks.walk(fn):
        if c.kind == K.CALL_EXPR and _config(c) is not None:
            first = strip(next(iter(walks.children(c)), c))
            if first.kind == K.DECL_REF_EXPR:
                callees.add(first.extent.start.offset)
    lambdas = [(c.extent.start.offset, c.extent.end.offset) for c in walks.walk(fn) if c.kind == K.LAMBDA_EXPR]
    for c in walks.walk(fn):
        if c.kind != K.DECL_REF_EXPR or c.referenced is None or c.referenced.kind != K.VAR_DECL:
            continue
        key = decl_key(c.referenced)
        at = c.extent.start.offset
        if key in found and (at not in callees or any(s <= at < e for s, e in lambdas)):
            del found[key]
    return found
