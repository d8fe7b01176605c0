"""The launch calls the host interpreter (host_interp.py) reads exactly, and
the `cudaLaunchConfig_t` locals `cudaLaunchKernelEx` takes (one kind of the
structs host_records.py follows field by field). A launch of a wrapper's kernel
parameter launches each kernel the parameter holds (host_wrappers.py).

A launch names its kernel (`k<<<...>>>`, `cudaLaunchKernel((void *)k, ...)`,
`cudaLaunchKernelEx(&cfg, k, ...)`, or a local function pointer that only ever
holds one kernel, see host_mentions.py) and gives the block shape and the
dynamic shared memory bytes as values of the interpreter. A config struct is
followed field by field, as locals named `cfg.blockDim` and
`cfg.dynamicSmemBytes`: its declaration (`= {}`, `{grid, block, smem, ...}`,
designated `{.blockDim = {64, 4}}`) and assignments to its fields
(`cfg.blockDim = dim3(64, 4)`, `cfg.blockDim.y = 2`). Anything else that
reaches the struct (its address passed elsewhere, a whole assignment from a
value rapcc does not read, a member bound to a reference) leaves the fields
unknown; the launch attributes (cluster dims, programmatic serialization)
change no block shape and are not read.
"""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K

from .clangext import children, unary_operator
from .exprs import decl_key, strip
from .host_domain import KernelRef, Unknown, Value, _cap, assign_field
from .preorder import cursor_key
from .host_records import (CONFIG_READ, construct, field_key, is_config, layout,  # noqa: F401
                           member_key, record_fields, root_key)
from .host_syntax import _LAUNCH_APIS, _LAUNCH_EX, _args, _config, _function_ref, call_name

if TYPE_CHECKING:
    from .host_interp import _Run
    from .host_domain import State

_SMEM_INDEX = 4  # cudaLaunchKernel(func, grid, block, args, smem, stream)


def is_record(c: Cursor) -> bool:
    """Whether `c` (a declaration or an expression) is a struct followed field by field (host_records.py)."""
    return record_fields(c) is not None


def config_field(target: Cursor) -> tuple[str, str] | None:
    """(the struct's key, field) of `cfg.blockDim` or `params.block_dims`, else None."""
    target = strip(target)
    if target.kind != K.MEMBER_REF_EXPR:
        return None
    kids = [k for k in children(target) if k.kind.is_expression()]
    if not kids:  # a member of the object a constructor builds: `block_dims`, as `this.block_dims`
        parent = target.referenced.semantic_parent if target.referenced is not None else None
        fields = layout(parent) if parent is not None and parent.kind in (K.STRUCT_DECL, K.CLASS_DECL) else None
        return ("this", target.spelling) if fields is not None and target.spelling in dict(fields) else None
    if len(kids) != 1:
        return None
    base = strip(kids[0])
    key = member_key(base)
    fields = layout(base) if key is not None else None
    if fields is None or target.spelling not in {name for name, _ in fields}:
        return None
    return key, target.spelling


def dim3_value(run: "_Run", c: Cursor, st: "State") -> Value:
    """A `dim3` from an expression or a braced list (`{64, 4}`: x, y, z, the
    rest 1); the nested list of a designated initializer has no type in libclang."""
    s = strip(c)
    if s.kind != K.INIT_LIST_EXPR:
        return run.value(c, st)
    parts = [run.value(k, st) for k in children(s)]
    if len(parts) > 3:
        return Unknown("a 'dim3' list of more than three values")
    bad = next((p for p in parts if isinstance(p, Unknown)), None)
    if bad is not None:
        return Unknown(bad.reason)
    if any(isinstance(x, tuple) for p in parts for x in p):
        return Unknown("a 'dim3' list of 'dim3' values")
    parts += [frozenset({1})] * (3 - len(parts))
    return _cap(tuple(p) for p in product(*parts))


def declare_config(run: "_Run", decl: Cursor, init: Cursor | None, st: "State") -> None:
    """The fields a followed struct's declaration gives (none: not initialised)."""
    key = decl_key(decl)
    wanted = record_fields(decl) or ()
    if init is None:
        fields: dict[str, Value] = {f: Unknown(f"'{decl.spelling}.{f}' is not initialised") for f in wanted}
    else:
        fields = construct(run, init, st, decl.spelling, decl)
    for f in wanted:
        st[field_key(key, f)] = fields[f]


def assign_config(run: "_Run", target: Cursor, key: str, field: str | None, axis: int | None, v: Value,
                  st: "State", rhs: Cursor | None) -> None:
    """`cfg = rhs`, `cfg.field = v` or `cfg.blockDim.<axis> = v` (`target`: the struct's name)."""
    wanted = record_fields(target) or ()
    if field is None:
        fields = construct(run, rhs, st, target.spelling, target) if rhs is not None else {}
        for f in wanted:
            st[field_key(key, f)] = fields.get(f, Unknown("the struct is assigned a value rapcc does not read"))
        return
    if field not in wanted:
        return  # gridDim, stream, attributes: no block shape
    if axis is None:
        st[field_key(key, field)] = dim3_value(run, rhs, st) if rhs is not None and strip(rhs).kind == K.INIT_LIST_EXPR \
            else v
        return
    old = st.get(field_key(key, field), Unknown("the struct's block is not initialised"))
    st[field_key(key, field)] = assign_field(old, axis, v)


def smem_value(run: "_Run", c: Cursor | None, st: "State") -> Value:
    """Dynamic shared memory bytes: an argument left out is 0."""
    if c is None:
        return frozenset({0})
    s = strip(c)
    if s.kind == K.UNEXPOSED_EXPR and not children(s):
        return frozenset({0})  # the default argument
    return run.value(c, st)


def launch_call(run: "_Run", c: Cursor, st: "State") -> bool:
    """Record the launch `c` makes, if it is one of the forms read exactly
    (True), after its arguments' effects are in `st`."""
    config = _config(c)
    args = _args(c)
    if config is not None and c.spelling:
        conf = _args(config)
        passed = run.passed_kernels(next(iter(children(c)), c), st)
        if passed is not None:  # a wrapper's parameter: each kernel its calls pass (host_wrappers.py)
            block = run.value(conf[1], st) if len(conf) >= 2 else Unknown("no block argument")
            grid = run.value(conf[0], st) if len(conf) >= 2 else None
            _launch_each(run, c, passed, block, smem_value(run, conf[2] if len(conf) >= 3 else None, st), grid)
            return True
        kernel = run.pointed_kernel(next(iter(children(c)), c))
        name, ref = (kernel.spelling, kernel) if kernel is not None else (c.spelling, c.referenced)
        block = run.value(conf[1], st) if len(conf) >= 2 else Unknown("no block argument")
        grid = run.value(conf[0], st) if len(conf) >= 2 else None
        run.launch(name, ref, c, block, smem_value(run, conf[2] if len(conf) >= 3 else None, st), grid)
        return True
    name = call_name(c)
    if name in _LAUNCH_APIS and len(args) > _LAUNCH_APIS[name]:
        passed = run.passed_kernels(args[0], st)
        kernel = _function_ref(args[0]) or run.pointed_kernel(args[0])
        if passed is not None:
            at = _LAUNCH_APIS[name]
            smem = smem_value(run, args[_SMEM_INDEX] if len(args) > _SMEM_INDEX else None, st)
            _launch_each(run, c, passed, run.value(args[at], st), smem, run.value(args[at - 1], st))
        elif kernel is not None:
            smem = smem_value(run, args[_SMEM_INDEX] if len(args) > _SMEM_INDEX else None, st)
            at = _LAUNCH_APIS[name]  # the grid is the argument before the block
            run.launch(kernel.spelling, kernel, c, run.value(args[at], st), smem, run.value(args[at - 1], st))
        return True
    if name in _LAUNCH_EX and len(args) >= 2:
        passed = run.passed_kernels(args[1], st)
        kernel = _function_ref(args[1]) or run.pointed_kernel(args[1])
        if passed is not None:
            _launch_each(run, c, passed, *config_of(run, args[0], st))
        elif kernel is not None:
            block, smem = config_of(run, args[0], st)
            run.launch(kernel.spelling, kernel, c, block, smem)
        return True
    return False


def _launch_each(run: "_Run", c: Cursor, passed: tuple[list[KernelRef], Unknown | None], block: Value,
                 smem: Value, grid: Value | None = None) -> None:
    """A launch of each kernel a wrapper's parameter holds (unknown where its value is)."""
    kernels, why = passed
    for ref in kernels:
        run.launch(ref.name, ref, c, block if why is None else why, smem, grid)
    if not kernels:
        run.host.read.add(cursor_key(c))  # no call passes a kernel: nothing is launched here


def site_kernel(c: Cursor, pointers: dict[str, Cursor]) -> str | None:
    """The name of the kernel call `c` launches in a form `launch_call` reads, else None."""
    def named(expr: Cursor) -> Cursor | None:
        ref = _function_ref(expr)
        if ref is not None:
            return ref
        s = strip(expr)
        while s.kind in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR) and children(s):
            s = strip(children(s)[-1])
        var = s.referenced if s.kind == K.DECL_REF_EXPR else None
        return pointers.get(decl_key(var)) if var is not None and var.kind == K.VAR_DECL else None
    args = _args(c)
    if _config(c) is not None and c.spelling:
        kernel = named(next(iter(children(c)), c))
        return kernel.spelling if kernel is not None else c.spelling
    at = _LAUNCH_APIS.get(c.spelling, 1 if c.spelling in _LAUNCH_EX else None)
    kernel = named(args[at]) if at is not None and len(args) > at else None
    return kernel.spelling if kernel is not None else None


def config_of(run: "_Run", arg: Cursor, st: "State") -> tuple[Value, Value]:
    """(block, dynamic smem) of the config `&cfg` a launch is given."""
    s = strip(arg)
    kids = children(s)
    target = strip(kids[0]) if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" and len(kids) == 1 else None
    key = member_key(target) if target is not None and is_config(target) else None
    if key is None or key.startswith("this."):
        why = Unknown("the launch config is not a local 'cudaLaunchConfig_t' given as '&cfg'")
        return why, why
    root = root_key(key)
    if root in run.escaped or run.goto or run.broken:
        why = Unknown(run.escaped.get(root, run.broken or f"'{run.fn.spelling}' uses 'goto'"))
        return why, why
    return tuple(st.get(field_key(key, f), Unknown(f"'{target.spelling}.{f}' is not set here"))  # type: ignore
                 for f in CONFIG_READ)
