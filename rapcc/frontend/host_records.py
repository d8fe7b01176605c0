"""Launch-params structs the host interpreter (host_interp.py) follows field by field.

A struct whose fields include a `dim3` (ggml's `ggml_cuda_kernel_launch_params
{dim3 block_nums; dim3 block_dims; size_t shmem; cudaStream_t stream;}`, and
the runtime's own `cudaLaunchConfig_t`) is followed like a group of locals:
each `dim3` or integer field of a local or parameter `p` is the state entry
`p.field` (host_calls.field_key). Its value comes from exactly these forms:

- aggregate or braced initialization (`{grid, block, smem, stream}`, `{}`):
  the items in field order, a field left out value-initialised (a `dim3` is
  1x1x1, an integer 0) or given its default member initializer;
- a constructor whose definition rapcc sees, with an empty body and only
  member initializers (`: block_dims(block_dims_)`), run on the call's
  arguments; the implicit copy or move constructor copies the fields;
- assignment to a field (`p.block_dims = dim3(64, 4)`, `p.block_dims.y = 2`).

Across a call (the struct passed by value or `const &` to a function the
interpreter runs) the fields travel as one `Record` value. Anything else (a
base class, a constructor body, a delegating constructor, a constructor rapcc
cannot see, default arguments) leaves the fields unknown.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K, Type

from .clangext import binary_operator, children, unary_operator
from .exprs import decl_key, int_type, strip
from .host_domain import Record, Unknown, Value, _cap

if TYPE_CHECKING:
    from .host_domain import State
    from .host_interp import _Run

CONFIG_NAMES = ("cudaLaunchConfig_st", "cudaLaunchConfig_t")
CONFIG_FIELDS = ("gridDim", "blockDim", "dynamicSmemBytes", "stream", "attrs", "numAttrs")
CONFIG_READ = ("blockDim", "dynamicSmemBytes")  # what a launch's facts need of a config
_ONE: Value = frozenset({(1, 1, 1)})
_ZERO: Value = frozenset({0})


def is_dim3_type(t: Type) -> bool:
    return t.get_canonical().spelling.replace("const ", "").strip() in ("dim3", "struct dim3")


def struct_decl(c: Cursor) -> Cursor | None:
    """The struct declaration of `c`'s type (through a reference), else None."""
    t = c.type.get_canonical()
    if t.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        t = t.get_pointee().get_canonical()
    if t.kind.name != "RECORD":
        return None
    decl = t.get_declaration()
    return decl if decl.kind in (K.STRUCT_DECL, K.CLASS_DECL) else None


def _spelled(c: Cursor) -> str:
    t = c.type.get_canonical()
    if t.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        t = t.get_pointee().get_canonical()
    return t.spelling.replace("const ", "").replace("struct ", "").strip()


def is_config(c: Cursor) -> bool:
    """Whether `c` (a declaration or an expression) is a `cudaLaunchConfig_t`."""
    return _spelled(c) in CONFIG_NAMES


def layout(c: Cursor) -> tuple[tuple[str, Cursor | None], ...] | None:
    """Every field of the struct `c` is (name, its FIELD_DECL; None for the
    stand-in config's), in declaration order, where it is a struct followed
    field by field; else None."""
    if is_config(c):
        decl = struct_decl(c)
        fields = {f.spelling: f for f in children(decl) if f.kind == K.FIELD_DECL} if decl is not None else {}
        return tuple((name, fields.get(name)) for name in CONFIG_FIELDS)
    decl = struct_decl(c)
    if decl is None or any(k.kind == K.CXX_BASE_SPECIFIER for k in children(decl)):
        return None
    members = [f for f in children(decl) if f.kind == K.FIELD_DECL]
    # A `dim3` field, or a followed struct as a field (ggml's PDL config holds a `cudaLaunchConfig_t`).
    if not any(is_dim3_type(f.type) or (struct_decl(f) is not None and struct_decl(f) != decl and is_config(f))
               for f in members):
        return None
    return tuple((f.spelling, f) for f in members)


def record_fields(c: Cursor) -> tuple[str, ...] | None:
    """The fields of struct `c` the interpreter follows: a config's block and
    bytes; a params struct's `dim3` and integer fields; None for any other type."""
    if is_config(c):
        return CONFIG_READ
    fields = layout(c)
    if fields is None:
        return None
    out: list[str] = []
    for name, f in fields:
        if f is not None and (is_dim3_type(f.type) or int_type(f.type) is not None):
            out.append(name)
        elif f is not None and is_config(f):  # a nested config: its fields, as `cfg.blockDim`
            out.extend(f"{name}.{sub}" for sub in CONFIG_READ)
    return tuple(out)


def field_key(key: str, name: str) -> str:
    return f"{key}.{name}"


def member_key(c: Cursor) -> str | None:
    """The state key of a struct lvalue: a local or parameter (`p`), a member of
    one (`pdl.cfg`), or a member of the object a constructor builds (`cfg`:
    `this.cfg`); None for anything else (`q->cfg`: through a pointer)."""
    c = strip(c)
    if c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind in (K.VAR_DECL, K.PARM_DECL):
        return decl_key(c.referenced)
    if c.kind == K.MEMBER_REF_EXPR:
        kids = [k for k in children(c) if k.kind.is_expression()]
        if not kids:
            return f"this.{c.spelling}"
        if len(kids) == 1 and kids[0].type.get_canonical().kind.name == "RECORD":
            base = member_key(kids[0])
            return None if base is None else field_key(base, c.spelling)
    return None


def root_key(key: str) -> str:
    return key.split(".")[0]


def _default(name: str, field: Cursor | None, run: "_Run") -> Value:
    """A field no initializer names: its default member initializer, or value-initialised."""
    init = [k for k in children(field) if k.kind.is_expression()] if field is not None else []
    if init:
        return run.value(init[-1], {})
    if field is None:  # the stand-in config: its `dim3` members construct to 1x1x1, the rest are zero
        return _ONE if name in ("gridDim", "blockDim") else _ZERO
    return _ONE if is_dim3_type(field.type) else _ZERO


def _uninitialised(name: str, field: Cursor | None, run: "_Run", what: str) -> Value:
    """A field a constructor does not initialise: a `dim3` constructs to 1x1x1, an integer is indeterminate."""
    init = [k for k in children(field) if k.kind.is_expression()] if field is not None else []
    if init:
        return run.value(init[-1], {})
    if field is not None and is_dim3_type(field.type) or field is None and name in ("gridDim", "blockDim"):
        return _ONE
    return Unknown(f"'{what}.{name}' is not initialised")


def _all(wanted: tuple[str, ...], why: str) -> dict[str, Value]:
    return {f: Unknown(why) for f in wanted}


def construct(run: "_Run", init: Cursor, st: "State", name: str, shape: Cursor) -> dict[str, Value]:
    """The followed fields of struct `shape`'s type that expression `init` gives."""
    wanted = record_fields(shape) or ()
    fields = layout(shape) or ()
    s = strip(init)
    while True:  # implicit conversions, and `T(args)` spelled as a cast around the constructor call
        kids = [k for k in children(s) if k.kind.is_expression()]
        if len(kids) != 1 or not (s.kind == K.UNEXPOSED_EXPR or (s.kind == K.CXX_FUNCTIONAL_CAST_EXPR
                                                                  and kids[0].kind == K.CALL_EXPR)):
            break
        s = strip(kids[0])
    if s.kind == K.INIT_LIST_EXPR:
        return _aggregate(run, s, st, name, fields, wanted)
    if s.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and member_key(s) is not None and layout(s) is not None:
        return run.fields_of(s, wanted, st)
    if s.kind == K.CALL_EXPR and s.referenced is not None and s.referenced.kind == K.CONSTRUCTOR:
        return _constructed(run, s, st, name, fields, wanted)
    return _all(wanted, f"'{name}' is a struct rapcc does not read field by field")


def _aggregate(run: "_Run", s: Cursor, st: "State", name: str, fields, wanted) -> dict[str, Value]:
    """`{a, b, ...}` and designated `{.blockDim = b}`: items in field order, the rest value-initialised."""
    from .host_calls import dim3_value
    out = {f: _default(f, decl, run) for f, decl in fields if f in wanted}
    names = [f for f, _ in fields]
    for i, item in enumerate(children(s)):
        kids = children(item)
        designated = item.kind == K.UNEXPOSED_EXPR and any(k.kind == K.MEMBER_REF for k in kids)
        if designated and len(kids) == 2 and kids[0].kind == K.MEMBER_REF:  # `.field = v`
            field, value = kids[0].spelling, kids[1]
        elif not designated and i < len(names):
            field, value = names[i], item
        else:  # `.blockDim.x = 64`, and anything else
            return _all(wanted, f"'{name}' has an initializer rapcc does not read")
        if field in wanted:
            decl = dict(fields).get(field)
            dim = field in ("gridDim", "blockDim") if decl is None else is_dim3_type(decl.type)
            out[field] = dim3_value(run, value, st) if dim else run.value(value, st)
    return out


def _constructed(run: "_Run", call: Cursor, st: "State", name: str, fields, wanted) -> dict[str, Value]:
    """A constructor call: the implicit copy, or a visible constructor of member initializers only."""
    ctor = call.referenced
    args = [a for a in children(call) if a.kind.is_expression()]
    if ctor.is_copy_constructor() or ctor.is_move_constructor():
        if len(args) == 1 and (ctor.is_default_method() or not _user_declared(ctor)):
            return unpack(run.value(args[0], st), wanted)
        return _all(wanted, f"'{name}' is copied by a constructor rapcc does not read")
    if not args and not _user_declared(ctor):  # the implicit default constructor
        return {f: _uninitialised(f, decl, run, name) for f, decl in fields if f in wanted}
    defined = ctor.get_definition()
    if defined is None:
        return _all(wanted, f"'{name}' is built by a constructor rapcc cannot see")
    kids = children(defined)
    params = [k for k in kids if k.kind == K.PARM_DECL]
    body = [k for k in kids if k.kind == K.COMPOUND_STMT]
    if len(params) != len(args) or len(body) != 1 or (children(body[0]) and not _plain_body(body[0], wanted)):
        return _all(wanted, f"'{name}' is built by a constructor that does more than copy its arguments "
                            f"(line {defined.location.line})")
    entry = entry_fields(params, {decl_key(p): run.value(a, st) for p, a in zip(params, args)})
    inits = [k for k in kids if k.kind not in (K.PARM_DECL, K.COMPOUND_STMT)]
    out: dict[str, Value] = {}
    for ref, value in zip(inits[::2], inits[1::2]):
        if ref.kind != K.MEMBER_REF or not value.kind.is_expression():
            return _all(wanted, f"'{name}' is built by a constructor rapcc does not read (line {defined.location.line})")
        if ref.spelling in wanted:
            out[ref.spelling] = run.value(value, entry)
    if len(inits) % 2:
        return _all(wanted, f"'{name}' is built by a constructor rapcc does not read (line {defined.location.line})")
    for f in wanted:
        if f not in out:
            top = f.split(".")[0]
            decl = dict(fields).get(top)
            out[f] = _uninitialised(f, decl, run, name) if top == f else \
                Unknown(f"'{name}.{f}' is not initialised")
    if children(body[0]):  # the body's member assignments, run on the members (`this.cfg.blockDim`)
        state = dict(entry)
        state.update({field_key("this", f): v for f, v in out.items()})
        after = run.host.constructor_body(defined, body[0], state)
        if after is None:
            return _all(wanted, f"'{name}' is built by a constructor rapcc does not follow (line {defined.location.line})")
        out = {f: after.get(field_key("this", f), Unknown(f"'{name}.{f}' is not followed")) for f in wanted}
    return out


def _plain_body(body: Cursor, wanted: tuple[str, ...]) -> bool:
    """Whether a constructor's body only assigns its members (`cfg.blockDim = p.block_dims;`),
    and never lets a followed member (or the object) escape: no `this`, no address or
    reference of one, no call given one; what it assigns is read by the interpreter."""
    followed = {f.split(".")[0] for f in wanted}
    for stmt in children(body):
        if not stmt.kind.is_expression():
            return False
        while stmt.kind == K.UNEXPOSED_EXPR and len(children(stmt)) == 1:  # the temporaries' cleanup
            stmt = children(stmt)[0]
        op = binary_operator(stmt) if stmt.kind == K.BINARY_OPERATOR else None
        if op != "=" and not (stmt.kind == K.CALL_EXPR and stmt.spelling == "operator="):
            return False
        lhs = strip(children(stmt)[0])
        key = member_key(lhs)
        if key is None or not key.startswith("this."):
            return False
        path = key[len("this."):]
        inside = next((w for w in wanted if path.startswith(w + ".")), None)
        if inside is not None and path not in (f"{inside}.x", f"{inside}.y", f"{inside}.z"):
            return False  # a write into a followed field the interpreter does not model
        for k in _walk(stmt):
            if k.kind in (K.CXX_THIS_EXPR, K.LAMBDA_EXPR):
                return False
            first = next(iter(children(k)), None) if k.kind == K.CALL_EXPR else None
            if first is not None and first.kind == K.MEMBER_REF_EXPR and not children(first) \
                    and first.referenced is not None and first.referenced.kind == K.CXX_METHOD:
                return False  # a method of the object being built may write its members
        rhs = children(stmt)[-1]
        for k in _walk(rhs):  # a followed member read on the right is a value; `&cfg` would let it out
            if k.kind == K.UNARY_OPERATOR and unary_operator(k) == "&":
                target = member_key(children(k)[0]) if children(k) else None
                if target is None or (target.startswith("this.") and target.split(".")[1] in followed):
                    return False
    return True


def _walk(c: Cursor):
    yield c
    for k in children(c):
        yield from _walk(k)


def _user_declared(ctor: Cursor) -> bool:
    """Whether the copy or move constructor is the class's own (spelled in its source)."""
    parent = ctor.semantic_parent
    return parent is not None and any(k == ctor for k in children(parent))


def pack(fields: dict[str, Value]) -> Value:
    return frozenset({Record(tuple(sorted(fields.items())))})


def unpack(v: Value, wanted: tuple[str, ...]) -> dict[str, Value]:
    """Each field of a struct value (a set of Records: the union of theirs)."""
    if isinstance(v, Unknown):
        return _all(wanted, v.reason)
    if not v or not all(isinstance(r, Record) for r in v):
        return _all(wanted, "a struct value rapcc does not read")
    out: dict[str, Value] = {}
    for f in wanted:
        vals = [dict(r.fields).get(f, Unknown(f"the struct has no field '{f}' rapcc follows")) for r in v]
        bad = next((x for x in vals if isinstance(x, Unknown)), None)
        out[f] = bad if bad is not None else _cap(x for val in vals for x in val)
    return out


def entry_fields(params: list[Cursor], entry: "State") -> "State":
    """A function's entry state with each struct parameter's fields as their own entries."""
    out = dict(entry)
    for p in params:
        wanted = record_fields(p)
        if wanted is None:
            continue
        key = decl_key(p)
        v = entry.get(key, Unknown(f"'{p.spelling}' is not followed"))
        for f, x in unpack(v, wanted).items():
            out[field_key(key, f)] = x
    return out
