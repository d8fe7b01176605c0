"""Functions that only inspect a kernel's address (ggml's `ggml_cuda_kernel_can_use_pdl`).

ggml's launch wrapper asks `ggml_cuda_kernel_can_use_pdl(reinterpret_cast<const
void *>(kernel))` before it launches: the function reads the kernel's attributes
(`cudaFuncGetAttributes`) and caches the answer in a map of its own. Passing a
wrapper's kernel parameter there launches nothing, and host_wrappers.py accepts
it, where rapcc sees the function and all of this holds:

- its parameter is a `const void *` or `void *` (no call through it without a cast);
- nothing in its body (its local classes and lambdas included) launches a kernel,
  builds a graph, casts to a function pointer, or names a global variable that
  is not `const` (the address cannot be stored for code elsewhere);
- it returns no pointer or reference, and takes no other pointer or reference
  to something it may write (the address cannot come back out);
- the parameter is only given to a runtime call that inspects a kernel, or used
  in the initializer of a local, and such a local only compared or given to
  the C++ library (`std::unordered_map::find`), which launches no kernel.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .exprs import decl_key, strip
from .host_lvalues import in_std
from .host_syntax import _CONFIG_CALLS, _FUNCTIONS, _INSPECTING_APIS, _LAUNCH_APIS, _LAUNCH_EX, call_name
from .preorder import Preorder

_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)


def _pointer_to_void(t) -> bool:
    t = t.get_canonical()
    return t.kind.name == "POINTER" and t.get_pointee().get_canonical().kind.name == "VOID"


def _launches(c: Cursor) -> bool:
    name = call_name(c)
    return c.spelling in _CONFIG_CALLS or name in _LAUNCH_APIS or name in _LAUNCH_EX \
        or name.startswith(("cuLaunch", "cudaGraph", "cuGraph")) or any(
            k.kind == K.CALL_EXPR and k.spelling in _CONFIG_CALLS for k in children(c))


def only_inspects(fn: Cursor, index: int, walks: Preorder) -> str | None:
    """None where function `fn` only inspects its parameter `index` (see the module docstring), else why not."""
    params = [p for p in children(fn) if p.kind == K.PARM_DECL]
    body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
    if body is None or index >= len(params) or not _pointer_to_void(params[index].type):
        return "takes it as other than a 'void *' rapcc sees used"
    if fn.result_type.get_canonical().kind.name in ("POINTER", "LVALUEREFERENCE", "RVALUEREFERENCE"):
        return "returns a pointer"
    for i, p in enumerate(params):
        t = p.type.get_canonical()
        if i != index and t.kind.name in ("POINTER", "LVALUEREFERENCE", "RVALUEREFERENCE") \
                and not t.get_pointee().is_const_qualified():
            return f"may write through '{p.spelling}'"
    key = decl_key(params[index])
    carriers = {key}  # the parameter, and the locals its value initializes
    for c in walks.walk(body):
        if c.kind == K.CALL_EXPR and _launches(c):
            return f"launches a kernel (line {c.location.line})"
        if c.kind in _CASTS and c.type.get_canonical().kind.name == "POINTER" \
                and c.type.get_canonical().get_pointee().kind.name in ("FUNCTIONPROTO", "FUNCTIONNOPROTO"):
            return f"casts to a function pointer (line {c.location.line})"
        ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
        if ref is not None and ref.kind == K.VAR_DECL and not ref.type.is_const_qualified() \
                and (ref.semantic_parent is None or ref.semantic_parent.kind not in _FUNCTIONS):
            return f"names the global '{ref.spelling}' (line {c.location.line})"
    carriers |= _carriers(body, key, walks)
    stack: list[Cursor] = []
    why: list[str] = []

    def visit(c: Cursor) -> None:
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) in carriers:
            bad = _use(c, stack, key)
            if bad is not None:
                why.append(bad)
        stack.append(c)
        for k in walks.children(c):
            visit(k)
        stack.pop()

    visit(body)
    return why[0] if why else None


def _carriers(body: Cursor, key: str, walks: Preorder) -> set[str]:
    """The locals whose initializer holds the parameter's value: not those where it only
    reaches an inspecting call (`cudaError_t err_ = cudaFuncGetAttributes(&attr, kernel)`)."""
    out: set[str] = set()
    stack: list[Cursor] = []

    def visit(c: Cursor) -> None:
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key:
            for i in range(len(stack) - 1, -1, -1):
                p = stack[i]
                if p.kind == K.CALL_EXPR and call_name(p) in _INSPECTING_APIS:
                    break  # the call's result is no address
                if p.kind == K.VAR_DECL:
                    out.add(decl_key(p))
                    break
        stack.append(c)
        for k in walks.children(c):
            visit(k)
        stack.pop()

    visit(body)
    return out


def _use(c: Cursor, stack: list[Cursor], param: str) -> str | None:
    """None where this use of the parameter (or a local it initializes) is one the module docstring allows."""
    line = c.location.line
    for parent in reversed(stack):
        if parent.kind in _CASTS or parent.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            continue
        if parent.kind in (K.INIT_LIST_EXPR, K.VAR_DECL):
            return None if parent.kind == K.VAR_DECL or any(p.kind == K.VAR_DECL for p in stack) \
                else f"stores '{c.spelling}' (line {line})"
        if parent.kind == K.BINARY_OPERATOR and decl_key(c.referenced) != param:
            return None  # a comparison of a local (`key == other`)
        if parent.kind == K.CALL_EXPR:
            name = call_name(parent)
            if name in _INSPECTING_APIS:
                return None
            callee = parent.referenced
            if decl_key(c.referenced) != param and (in_std(callee) or name.startswith("operator")):
                return None  # the C++ library (a map's `find`), which launches no kernel
            return f"passes '{c.spelling}' to '{name}' (line {line})"
        if parent.kind == K.MEMBER_REF_EXPR and decl_key(c.referenced) != param:
            continue  # a member of the local: its use is judged above it
        return f"uses '{c.spelling}' in a way rapcc does not read (line {line})"
    return f"uses '{c.spelling}' in a way rapcc does not read (line {line})"
