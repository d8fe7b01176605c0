"""Launch wrappers: host functions that launch a kernel they are given.

ggml launches most kernels through `ggml_cuda_kernel_launch(Kernel kernel,
const params &p, Args &&...args)`, whose body is
`kernel<<<p.block_nums, p.block_dims, p.shmem, p.stream>>>(args...)`. A
parameter of a function is *launched exactly* where every use of it in the
body is one of:

- the callee of a `<<<>>>` launch, the function argument of
  `cudaLaunchKernel`/`cudaLaunchCooperativeKernel`/`cudaLaunchKernelEx`
  (through casts: `(void *)kernel`);
- an argument of a runtime call that only inspects a kernel (`cudaFuncSetAttribute`);
- the argument, by value, of another function's parameter launched exactly
  (a chain of wrappers, up to MAX_DEPTH deep).

Then a call of the function whose argument for that parameter names a kernel
(`k`, `&k`, `k<4, true>`) is a launch of that kernel, read by the interpreter
(host_interp.py) under the entry state the call gives: the kernel travels as a
`KernelRef` value, the params struct as a `Record` (host_records.py). Any other
use (the parameter written, passed elsewhere, captured by a lambda, stored)
and a use in a branch of `#if` the parse leaves out (another build may take
it, and it is not read) makes the kernels passed there launched with an
unknown shape, with the reason.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children, overloaded_decls, skipped_ranges, specialized_template
from .exprs import decl_key, strip
from .host_domain import MAX_DEPTH
from .host_inspect import only_inspects
from .host_syntax import _INSPECTING_APIS, _LAUNCH_APIS, _LAUNCH_EX, _args, _config, _function_key, _function_ref, \
    _is_kernel, call_name
from .preorder import Preorder

_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)

# function key -> {parameter index: None where launched exactly, else why not}
Wrapped = dict[int, "str | None"]


def strip_casts(expr: Cursor) -> Cursor:
    c = strip(expr)
    while c.kind in _CASTS:
        kids = [k for k in children(c) if k.kind.is_expression()]
        if len(kids) != 1:
            return c
        c = strip(kids[0])
    return c


def named_param(expr: Cursor) -> Cursor | None:
    """The parameter an expression names, through casts (`(const void *)kernel`)."""
    c = strip_casts(expr)
    ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind == K.PARM_DECL else None


def callee_definition(call: Cursor) -> Cursor | None:
    """The definition (with a body) of the free function a call names; None for
    a call through a pointer, a member call, or a function rapcc cannot see."""
    kids = [k for k in children(call) if k.kind.is_expression()]
    first = strip(kids[0]) if kids else None
    if first is not None and first.kind == K.DECL_REF_EXPR and not first.spelling:
        # A dependent call in a template: the one declaration its name may mean.
        named = next((k for k in children(first) if k.kind == K.OVERLOADED_DECL_REF), None)
        decls = overloaded_decls(named) if named is not None else []
        ref = decls[0] if len(decls) == 1 else None
    else:
        ref = first.referenced if first is not None and first.kind == K.DECL_REF_EXPR else None
    if ref is None:
        return None
    if ref.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or _is_kernel(ref):
        return None
    if ref.spelling in _LAUNCH_APIS or ref.spelling in _LAUNCH_EX or ref.spelling in _INSPECTING_APIS:
        return None  # the runtime's own templates over its C API: read as launches (host_calls.py)
    # An instance of a function template: the template's definition, whose parameters every
    # call shares (an instance's are its own expansion of a parameter pack).
    tmpl = specialized_template(ref) if ref.kind == K.FUNCTION_DECL else None
    d = tmpl.get_definition() if tmpl is not None else ref.get_definition()
    if d is None or not any(k.kind == K.COMPOUND_STMT for k in children(d)):
        return None
    return d


def kernel_argument(arg: Cursor) -> Cursor | None:
    """The kernel an argument names: `k`, `&k`, `k<4, true>`, or in a template a
    dependent `k<N, B>` whose name means one kernel template only."""
    ref = _function_ref(arg)
    if ref is None:
        c = strip_casts(arg)
        named = next((k for k in children(c) if k.kind == K.OVERLOADED_DECL_REF), None) \
            if c.kind == K.DECL_REF_EXPR and not c.spelling else None
        decls = overloaded_decls(named) if named is not None else []
        ref = decls[0] if len(decls) == 1 else None
    return ref if ref is not None and _is_kernel(ref) else None


def parameters(fn: Cursor) -> list[Cursor]:
    return [p for p in children(fn) if p.kind == K.PARM_DECL]


class Wrappers:
    """Which parameters of which functions are launched exactly (memoized per function)."""

    def __init__(self, walks: Preorder):
        self.walks = walks
        # (function key, depth) -> its answer: a deeper ask may be cut short by MAX_DEPTH.
        self._known: dict[tuple[str, int], Wrapped] = {}
        self._cycle = False  # whether the answer being computed met a call cycle

    def of(self, fn: Cursor, stack: tuple[str, ...] = ()) -> Wrapped:
        key = _function_key(fn)
        if (key, len(stack)) in self._known:
            return self._known[(key, len(stack))]
        if key in stack:
            self._cycle = True
            return {}
        if len(stack) >= MAX_DEPTH:
            return {}
        body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
        outer, self._cycle = self._cycle, False
        found = self._read(fn, body, stack + (key,)) if body is not None else {}
        if not self._cycle:  # an answer cut short by a cycle holds for this chain of calls only
            self._known[(key, len(stack))] = found
        self._cycle = outer or self._cycle
        return found

    def _read(self, fn: Cursor, body: Cursor, stack: tuple[str, ...]) -> Wrapped:
        params = {decl_key(p): i for i, p in enumerate(parameters(fn))}
        launched: Wrapped = {}
        accepted: set[int] = set()  # offsets of the parameters' names in the forms above
        inspected: list[tuple[Cursor, int, Cursor]] = []  # (callee, its parameter, the argument) given a parameter

        def take(arg: Cursor, why: str | None = None) -> None:
            p = named_param(arg)
            if p is not None and decl_key(p) in params:
                i = params[decl_key(p)]
                if why is not None:
                    launched[i] = why
                else:
                    launched.setdefault(i, None)
                accepted.update(k.extent.start.offset for k in self.walks.walk(arg) if k.kind == K.DECL_REF_EXPR)

        for c in self.walks.walk(body):
            if c.kind != K.CALL_EXPR:
                continue
            args = _args(c)
            if _config(c) is not None:
                take(next(iter(self.walks.children(c))))
            elif call_name(c) in _LAUNCH_APIS or call_name(c) in _LAUNCH_EX:
                at = 0 if call_name(c) in _LAUNCH_APIS else 1
                if len(args) > at:
                    take(args[at])
            elif call_name(c) in _INSPECTING_APIS:
                for a in args:
                    p = named_param(a)
                    if p is not None and decl_key(p) in params:
                        accepted.update(k.extent.start.offset for k in self.walks.walk(a) if k.kind == K.DECL_REF_EXPR)
            else:
                callee = callee_definition(c)
                inner = self.of(callee, stack) if callee is not None else {}
                for j, a in enumerate(args):
                    if j in inner and strip(a).kind == K.DECL_REF_EXPR:
                        why = inner[j]
                        take(a, None if why is None else f"passes it to '{callee.spelling}', which {why}")
                    elif callee is not None and named_param(a) is not None and decl_key(named_param(a)) in params:
                        inspected.append((callee, j, a))  # judged below, for a launched parameter only
        for callee, j, a in inspected:
            p = named_param(a)
            if p is not None and launched.get(params[decl_key(p)], "") is None \
                    and only_inspects(callee, j, self.walks) is None:
                # `ggml_cuda_kernel_can_use_pdl((const void *)kernel)`: no launch (host_inspect.py)
                accepted.update(k.extent.start.offset for k in self.walks.walk(a) if k.kind == K.DECL_REF_EXPR)
        lambdas = [(c.extent.start.offset, c.extent.end.offset) for c in self.walks.walk(body)
                   if c.kind == K.LAMBDA_EXPR]
        for c in self.walks.walk(body):
            if c.kind != K.DECL_REF_EXPR or c.referenced is None or decl_key(c.referenced) not in params:
                continue
            i, at = params[decl_key(c.referenced)], c.extent.start.offset
            if i not in launched or launched[i] is not None:
                continue
            if any(s <= at < e for s, e in lambdas):
                launched[i] = f"uses '{c.spelling}' in a lambda (line {c.location.line})"
            elif at not in accepted:
                launched[i] = f"uses '{c.spelling}' other than as a launch's kernel (line {c.location.line})"
        for i, p in enumerate(parameters(fn)):
            if launched.get(i, "") is None:
                hidden = _inactive_use(fn, p.spelling)
                if hidden is not None:
                    launched[i] = f"launches '{p.spelling}' in a branch of '#if' this parse leaves out " \
                                  f"(line {hidden}): another build may take it"
        return launched


def _inactive_use(fn: Cursor, name: str) -> int | None:
    """The line of a token `name` in a preprocessor-inactive region of `fn`'s body, if any."""
    import clang.cindex as ci
    start, end = fn.extent.start, fn.extent.end
    if start.file is None:
        return None
    tu = fn.translation_unit
    for a, b in skipped_ranges(tu, start.file.name):
        if b.offset <= start.offset or a.offset >= end.offset:
            continue
        lo = ci.SourceLocation.from_offset(tu, start.file, a.offset)
        hi = ci.SourceLocation.from_offset(tu, start.file, b.offset)
        for t in tu.get_tokens(extent=ci.SourceRange.from_locations(lo, hi)):
            if t.spelling == name:
                return t.location.line
    return None
