"""The launch calls the host interpreter (host_interp.py) reads exactly, and
the `cudaLaunchConfig_t` locals `cudaLaunchKernelEx` takes.

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
from .host_domain import Unknown, Value, _cap
from .host_syntax import _LAUNCH_APIS, _LAUNCH_EX, _args, _config, _function_ref

if TYPE_CHECKING:
    from .host_interp import _Run
    from .host_domain import State

CONFIG_FIELDS = ("gridDim", "blockDim", "dynamicSmemBytes", "stream", "attrs", "numAttrs")
_READ = ("blockDim", "dynamicSmemBytes")  # what a launch's facts need
_DEFAULTS: dict[str, Value] = {"blockDim": frozenset({(1, 1, 1)}), "dynamicSmemBytes": frozenset({0})}
_SMEM_INDEX = 4  # cudaLaunchKernel(func, grid, block, args, smem, stream)


def is_config(c: Cursor) -> bool:
    """Whether `c` (a declaration or an expression) is a `cudaLaunchConfig_t`."""
    spelled = c.type.get_canonical().spelling.replace("const ", "").replace("struct ", "").strip()
    return spelled in ("cudaLaunchConfig_st", "cudaLaunchConfig_t")


def field_key(key: str, name: str) -> str:
    return f"{key}.{name}"


def config_field(target: Cursor) -> tuple[str, str] | None:
    """(the config's key, field) of `cfg.blockDim`, else None."""
    target = strip(target)
    if target.kind != K.MEMBER_REF_EXPR or target.spelling not in CONFIG_FIELDS:
        return None
    base = strip(next(iter(children(target)), target))
    if base.kind != K.DECL_REF_EXPR or base.referenced is None or not is_config(base):
        return None
    return decl_key(base.referenced), target.spelling


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
    """The fields a config's declaration gives (none: not initialised)."""
    key = decl_key(decl)
    if init is None:
        fields: dict[str, Value] = {f: Unknown(f"'{decl.spelling}.{f}' is not initialised") for f in _READ}
    else:
        fields = config_init(run, init, st, decl.spelling)
    for f in _READ:
        st[field_key(key, f)] = fields[f]


def config_init(run: "_Run", init: Cursor, st: "State", name: str) -> dict[str, Value]:
    """The fields an initializer gives: `{}`, `{grid, block, smem, ...}` or
    `{.blockDim = b, ...}` (omitted fields are value-initialised: a `dim3`
    is 1x1x1, the bytes 0); any other value is unknown."""
    s = strip(init)
    if s.kind == K.CALL_EXPR and not children(s) and is_config(s):  # default construction: `cudaLaunchConfig_t cfg;`
        return {"blockDim": _DEFAULTS["blockDim"], "dynamicSmemBytes": Unknown(f"'{name}.dynamicSmemBytes' is not set")}
    if s.kind != K.INIT_LIST_EXPR:
        why = Unknown(f"'{name}' is a config rapcc does not read field by field")
        return {f: why for f in _READ}
    out = dict(_DEFAULTS)
    for i, item in enumerate(children(s)):
        kids = children(item)
        designated = item.kind == K.UNEXPOSED_EXPR and any(k.kind == K.MEMBER_REF for k in kids)
        if designated and len(kids) == 2 and kids[0].kind == K.MEMBER_REF:  # `.field = v`
            field, value = kids[0].spelling, kids[1]
        elif not designated and i < len(CONFIG_FIELDS):
            field, value = CONFIG_FIELDS[i], item
        else:  # `.blockDim.x = 64`, and anything else
            return {f: Unknown(f"'{name}' has an initializer rapcc does not read") for f in _READ}
        if field == "blockDim":
            out[field] = dim3_value(run, value, st)
        elif field == "dynamicSmemBytes":
            out[field] = run.value(value, st)
    return out


def assign_config(run: "_Run", key: str, field: str | None, axis: int | None, v: Value, st: "State",
                  rhs: Cursor | None) -> None:
    """`cfg = rhs`, `cfg.field = v` or `cfg.blockDim.<axis> = v`."""
    if field is None:
        fields = config_init(run, rhs, st, "the config") if rhs is not None else {}
        for f in _READ:
            st[field_key(key, f)] = fields.get(f, Unknown("the config is assigned a value rapcc does not read"))
        return
    if field not in _READ:
        return  # gridDim, stream, attributes: no block shape
    if axis is None:
        st[field_key(key, field)] = dim3_value(run, rhs, st) if field == "blockDim" and rhs is not None else v
        return
    old = st.get(field_key(key, field), Unknown("the config's block is not initialised"))
    if isinstance(old, Unknown) or isinstance(v, Unknown):
        st[field_key(key, field)] = old if isinstance(old, Unknown) else v
        return
    st[field_key(key, field)] = _cap(tuple(n if i == axis else (d if isinstance(d, tuple) else (d, 1, 1))[i]
                                           for i in range(3)) for d, n in product(old, v))


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
        kernel = run.pointed_kernel(next(iter(children(c)), c))
        name, ref = (kernel.spelling, kernel) if kernel is not None else (c.spelling, c.referenced)
        block = run.value(conf[1], st) if len(conf) >= 2 else Unknown("no block argument")
        grid = run.value(conf[0], st) if len(conf) >= 2 else None
        run.launch(name, ref, c, block, smem_value(run, conf[2] if len(conf) >= 3 else None, st), grid)
        return True
    if c.spelling in _LAUNCH_APIS and len(args) > _LAUNCH_APIS[c.spelling]:
        kernel = _function_ref(args[0]) or run.pointed_kernel(args[0])
        if kernel is not None:
            smem = smem_value(run, args[_SMEM_INDEX] if len(args) > _SMEM_INDEX else None, st)
            at = _LAUNCH_APIS[c.spelling]  # the grid is the argument before the block
            run.launch(kernel.spelling, kernel, c, run.value(args[at], st), smem, run.value(args[at - 1], st))
        return True
    if c.spelling in _LAUNCH_EX and len(args) >= 2:
        kernel = _function_ref(args[1]) or run.pointed_kernel(args[1])
        if kernel is not None:
            block, smem = config_of(run, args[0], st)
            run.launch(kernel.spelling, kernel, c, block, smem)
        return True
    return False


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
    if target is None or target.kind != K.DECL_REF_EXPR or target.referenced is None or not is_config(target):
        why = Unknown("the launch config is not a local 'cudaLaunchConfig_t' given as '&cfg'")
        return why, why
    key = decl_key(target.referenced)
    if key in run.escaped or run.goto or run.broken:
        why = Unknown(run.escaped.get(key, run.broken or f"'{run.fn.spelling}' uses 'goto'"))
        return why, why
    return tuple(st.get(field_key(key, f), Unknown(f"'{target.spelling}.{f}' is not set here"))  # type: ignore
                 for f in _READ)
