"""The calls of launch wrappers in a file (host_wrappers.py), gathered for host_values.py.

Each call of a wrapper whose argument for a launched parameter names a kernel
explains that mention of the kernel: read exactly where the parameter is
launched exactly, else a launch of unknown shape with the wrapper's reason.
A wrapper defined in another file (ggml's `ggml_cuda_kernel_launch` in
`common.cuh`) joins the functions the interpreter runs, and so do the wrappers
it calls; a parameter passed on to another wrapper's parameter passes on the
kernels it is given (those an unknown launch there stands for).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .host_domain import Launch, Unknown
from .host_syntax import _CONFIG_CALLS, _LAUNCH_APIS, _LAUNCH_EX, _args, _config, _function_key, _function_ref, \
    _is_kernel, call_name
from .host_wrappers import Wrappers, callee_definition, kernel_argument, named_param, parameters
from .exprs import decl_key
from .preorder import Preorder


class WrapperCalls:
    """What the wrapper calls of a file say: the wrappers, the kernels each
    launched parameter is passed, and the parameters passed on."""

    def __init__(self) -> None:
        self.wrapped: dict[str, dict[int, str | None]] = {}
        self.passed: dict[str, dict[int, set[str]]] = {}
        self.edges: set[tuple[str, int, str, int]] = set()  # (from, its parameter) -> (to, its parameter)
        self.outside: dict[str, Cursor] = {}  # wrappers defined in another file

    def wrapper_call(self, wrappers: Wrappers, fn: Cursor, c: Cursor, functions: dict[str, Cursor],
                     callers: dict[str, list[str]] | None = None) -> list[tuple[tuple[int, int], Launch | None]]:
        """For call `c` in `fn`: each kernel argument of a launched parameter (the
        extent of its name, and an unknown launch where it is not launched exactly)."""
        callee = callee_definition(c)
        found = wrappers.of(callee) if callee is not None else {}
        if not found:
            return []
        wkey = _function_key(callee)
        self.wrapped[wkey] = found
        if callers is not None:  # a dependent call (in a template) is no DECL_REF_EXPR's call: counted here
            callers.setdefault(wkey, []).append(_function_key(fn))
        if wkey not in functions:
            self.outside[wkey] = callee
        own = {decl_key(p): i for i, p in enumerate(parameters(fn))}
        out: list[tuple[tuple[int, int], Launch | None]] = []
        for j, a in enumerate(_args(c)):
            if j not in found:
                continue
            kernel = kernel_argument(a)
            if kernel is not None:
                line = c.location.line
                unknown = None if found[j] is None else Launch(kernel.spelling, None, line, (), Unknown(
                    f"'{kernel.spelling}' is passed at line {line} to '{callee.spelling}', which {found[j]}"), None)
                if found[j] is None:
                    self.passed.setdefault(wkey, {}).setdefault(j, set()).add(kernel.spelling)
                out.extend(((k.extent.start.offset, k.extent.end.offset), unknown)
                           for k in a.walk_preorder() if k.kind in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF))
                continue
            p = named_param(a)
            if p is not None and decl_key(p) in own:
                self.edges.add((_function_key(fn), own[decl_key(p)], wkey, j))
        return out

    def headers(self, wrappers: Wrappers, functions: dict[str, Cursor], callers: dict[str, list[str]],
                launching: set[str]) -> set[str]:
        """Add the wrappers of other files, and those they call, to the functions
        the interpreter runs; returns their keys."""
        added: set[str] = set()
        pending = list(self.outside.items())
        walks: Preorder = wrappers.walks
        while pending:
            key, d = pending.pop()
            if key in functions:
                continue
            functions[key] = d
            added.add(key)
            for c in walks.walk(d):
                if c.kind != K.CALL_EXPR:
                    continue
                if call_name(c) in _LAUNCH_APIS or c.spelling in _CONFIG_CALLS or call_name(c) in _LAUNCH_EX \
                        or _config(c) is not None:
                    launching.add(key)
                before = set(self.outside)
                for _, launch in self.wrapper_call(wrappers, d, c, functions):
                    del launch  # a kernel named in another file: that file's mentions are not judged here
                callee = callee_definition(c)
                if callee is not None and _function_key(callee) in self.wrapped:
                    callers.setdefault(_function_key(callee), []).append(key)
                pending.extend((k, v) for k, v in self.outside.items() if k not in before)
        return added

    def passed_kernels(self) -> dict[str, dict[int, set[str]]]:
        """The kernels each launched parameter may hold: those passed to it, and
        through the parameters passed on to it."""
        out = {k: {i: set(v) for i, v in params.items()} for k, params in self.passed.items()}
        changed = True
        while changed:
            changed = False
            for src, i, dst, j in self.edges:
                names = out.get(src, {}).get(i, set())
                have = out.setdefault(dst, {}).setdefault(j, set())
                if not names <= have:
                    have |= names
                    changed = True
        return out


def launched_param(wrapped: dict[str, dict[int, str | None]], key: str, fn: Cursor, c: Cursor) -> int | None:
    """The index of the parameter of `fn` that launch call `c` launches, where it is launched exactly."""
    kids = [k for k in c.get_children() if k.kind.is_expression()]
    args = _args(c)
    if _config(c) is not None:
        expr = kids[0] if kids else None
    elif call_name(c) in _LAUNCH_APIS or call_name(c) in _LAUNCH_EX:
        at = 0 if call_name(c) in _LAUNCH_APIS else 1
        expr = args[at] if len(args) > at else None
    else:
        return None
    param = named_param(expr) if expr is not None else None
    if param is None:
        return None
    index = next((i for i, p in enumerate(parameters(fn)) if decl_key(p) == decl_key(param)), None)
    return index if index is not None and wrapped.get(key, {}).get(index, "") is None else None


def wrapped_kernel_names(tops: list[Cursor], walks: Preorder) -> set[Cursor]:
    """The names of kernels (`k<4, true>`) passed to a parameter a wrapper launches
    exactly: each is a launch the host interpreter reads (or makes unknown), so an
    instance named there is launched (program.py)."""
    wrappers = Wrappers(walks)
    out: set[Cursor] = set()
    for top in tops:
        for c in walks.walk(top):
            if c.kind != K.CALL_EXPR:
                continue
            callee = callee_definition(c)
            found = wrappers.of(callee) if callee is not None else {}
            for j, a in enumerate(_args(c) if found else ()):
                if found.get(j, "") is None and kernel_argument(a) is not None:
                    out.update(k for k in walks.walk(a) if k.kind == K.DECL_REF_EXPR)
    return out
