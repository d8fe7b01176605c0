"""The block shapes of a file's kernel launches, read soundly from host code.

A small abstract interpreter over the host functions of the main file. A value
is a finite set of integers or `dim3` triples, or `Unknown` with the reason
(read at run time, from `argv`, through a pointer...). Straight-line code is
followed exactly (`dim3 threads; ... threads = dim3(W, H);`, `threads.x = 8`,
`const`/`constexpr` locals and globals, `#define` arithmetic, which clang has
already expanded); an `if` rapcc cannot decide runs both ways and joins them
(the union of the values, unknown if either is); a loop over a few constant
sizes (`for (int b = 32; b <= 256; b *= 2)`) is unrolled, each trip giving its
own launch, up to MAX_TRIPS trips; any other loop makes every variable it
writes unknown. A parameter takes the values each call of the function in the
file passes (each call site gives a shape); a parameter of `main`, of a
function no call in the file makes, or of one whose address is taken, is
unknown. A variable whose address is taken or that is bound to a reference is
unknown wherever it is read. Nothing is ever guessed: what is not modelled
exactly is unknown, and a launch whose block argument is unknown makes its
kernel's shape unknown (see analysis/shapes.py for how such a kernel is planned).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterable

from clang.cindex import Cursor, CursorKind as K

from .clangext import binary_operator, evaluate_int, specialized_template, unary_operator
from .exprs import decl_key, int_type, source_text, strip

Dim = tuple[int, int, int]
Instance = tuple[tuple[str, int], ...]  # integral template arguments: ((param key, value), ...)
MAX_VALUES = 16  # more values than this for one variable: unknown ("a set of shapes", not every size)
MAX_TRIPS = 16  # a loop of more trips is not unrolled
MAX_DEPTH = 4  # call chains followed from a launch back towards `main`
MAX_THREADS = 1024  # a launch of more threads fails: it runs no kernel
_FUNCTIONS = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR)
_SCOPES = (K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL)
_LAUNCH_APIS = {"cudaLaunchKernel": 2, "cudaLaunchCooperativeKernel": 2}  # name -> index of the block argument
# Runtime calls that take a kernel's address without launching it.
_INSPECTING_APIS = ("cudaFuncSetAttribute", "cudaFuncGetAttributes", "cudaFuncSetCacheConfig",
                    "cudaFuncSetSharedMemConfig", "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
                    "cudaOccupancyMaxPotentialBlockSize", "cudaOccupancyMaxPotentialBlockSizeVariableSMem",
                    "cudaOccupancyAvailableDynamicSMemPerBlock")
_OCCUPANCY = "cudaOccupancyMaxPotentialBlockSize"


@dataclass(frozen=True, slots=True)
class Unknown:
    """A value rapcc does not know, and why. `bound`: the most threads it may be
    (a block size `cudaOccupancyMaxPotentialBlockSize` picks), when known."""

    reason: str
    bound: int | None = None


Value = frozenset | Unknown  # frozenset of ints or of Dims


@dataclass(frozen=True, slots=True)
class Launch:
    """One launch site's block shapes (several where it runs in an unrolled loop
    or for several callers), or why they are unknown."""

    kernel: str
    instance: Instance | None  # None: any instance (a launch inside a template)
    line: int
    shapes: tuple[Dim, ...]
    unknown: Unknown | None = None


@dataclass(frozen=True, slots=True)
class KernelLaunches:
    """What the file's launches say of one kernel's block shape."""

    shapes: tuple[Dim, ...]  # every known shape, in source order
    unknown: tuple[str, ...] = ()  # why some launch's shape is unknown ("line 12: ...")
    bound: int | None = None  # the most threads an unknown 1-D launch may have, where every unknown one says
    by_instance: tuple[tuple[Instance, tuple[Dim, ...]], ...] = ()  # each instance's own shapes


def _cap(values: Iterable) -> Value:
    out = frozenset(values)
    return out if len(out) <= MAX_VALUES else Unknown(f"takes more than {MAX_VALUES} values")


def _wrap(v: int, cursor: Cursor) -> int:
    it = int_type(cursor.type)
    if it is None:
        return v
    bits, signed = it
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def _c_div(a: int, b: int, op: str) -> int:
    q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
    return q if op == "/" else a - q * b


def _binary(op: str, a: int, b: int) -> int | None:
    if op in ("/", "%"):
        return None if b == 0 else _c_div(a, b, op)
    if op in ("<<", ">>") and not 0 <= b < 64:
        return None
    table = {"+": a + b, "-": a - b, "*": a * b, "<<": a << b if op == "<<" else 0, ">>": a >> b if op == ">>" else 0,
             "&": a & b, "|": a | b, "^": a ^ b, "<": int(a < b), "<=": int(a <= b), ">": int(a > b),
             ">=": int(a >= b), "==": int(a == b), "!=": int(a != b), "&&": int(bool(a) and bool(b)),
             "||": int(bool(a) or bool(b))}
    return table.get(op)


def _as_dim(v) -> Dim:
    return v if isinstance(v, tuple) else (v, 1, 1)


def _is_dim3(cursor: Cursor) -> bool:
    return cursor.type.get_canonical().spelling.replace("const ", "").strip() in ("dim3", "struct dim3")


def _children(c: Cursor) -> list[Cursor]:
    return list(c.get_children())


def _args(call: Cursor) -> list[Cursor]:
    """A call's arguments: its expression children after the callee."""
    kids = [k for k in call.get_children() if k.kind.is_expression()]
    return kids[1:] if kids and strip(kids[0]).kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF) \
        and kids[0].spelling == call.spelling else kids


def _config(call: Cursor) -> Cursor | None:
    return next((k for k in call.get_children() if k.kind == K.CALL_EXPR
                 and k.spelling in ("cudaConfigureCall", "__cudaPushCallConfiguration")), None)


def _function_ref(c: Cursor) -> Cursor | None:
    """The function an expression names (through casts: `(void *)k`)."""
    c = strip(c)
    while c.kind in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.UNARY_OPERATOR):
        kids = [k for k in c.get_children() if k.kind.is_expression()]
        if len(kids) != 1:
            return None
        c = strip(kids[0])
    ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) else None


def _is_kernel(ref: Cursor) -> bool:
    base = specialized_template(ref) if ref.kind == K.FUNCTION_DECL else None
    return any(k.kind == K.CUDAGLOBAL_ATTR for d in (ref, base) if d is not None for k in d.get_children())


def instance_of(ref: Cursor) -> Instance | None:
    """The integral template arguments a call names (as collect.py keys a
    kernel's instantiations); () for a plain function, None when dependent."""
    if ref.kind == K.FUNCTION_TEMPLATE:
        return None
    n = ref.get_num_template_arguments()
    if n <= 0:
        return ()
    tmpl = specialized_template(ref)
    if tmpl is None:
        return None
    params = [k for k in tmpl.get_children()
              if k.kind in (K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]
    out = []
    for i, prm in enumerate(params[:n]):
        if prm.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
            out.append((decl_key(prm), int(ref.get_template_argument_value(i))))
    return tuple(out)


def _function_key(fn: Cursor) -> str:
    d = fn.get_definition()
    return decl_key(d if d is not None else fn)


def _paren_close(c: Cursor) -> int:
    """Offset of the `)` closing the first `(` of a statement (`if (...)`, `for (...)`)."""
    depth = 0
    for t in c.get_tokens():
        if t.spelling == "(":
            depth += 1
        elif t.spelling == ")":
            depth -= 1
            if depth == 0:
                return t.extent.start.offset
    return c.extent.end.offset


def _for_parts(c: Cursor) -> tuple[list[Cursor], Cursor | None, Cursor | None, Cursor | None]:
    """(init, cond, inc, body) of a `for`, any of them absent (libclang drops empty ones)."""
    semis, depth = [], 0
    for t in c.get_tokens():
        if t.spelling in ("(", "[", "{"):
            depth += 1
        elif t.spelling in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                close = t.extent.start.offset
                break
        elif t.spelling == ";" and depth == 1:
            semis.append(t.extent.start.offset)
    else:
        return [], None, None, None
    if len(semis) != 2:  # a range-based for, which clang shows otherwise
        return [], None, None, None
    init, cond, inc, body = [], None, None, None
    for k in c.get_children():
        start = k.extent.start.offset
        if start < semis[0]:
            init.append(k)
        elif start < semis[1]:
            cond = k
        elif start < close:
            inc = k
        else:
            body = k
    return init, cond, inc, body


def _walk_parents(c: Cursor, parent: Cursor | None = None):
    yield c, parent
    for k in c.get_children():
        yield from _walk_parents(k, c)


def _escaped(body: Cursor) -> dict[str, str]:
    """Locals and parameters whose address is taken, or bound to a reference
    (`int &r = n`, `f(n)` for `void f(int &)`, `std::cin >> n`), or captured by
    a lambda: key -> why. Out-parameters of cudaOccupancyMaxPotentialBlockSize are
    modelled where the call is made, and not counted."""
    out: dict[str, str] = {}
    lambdas: list[tuple[int, int]] = []
    modelled = {k.extent.start.offset for call in body.walk_preorder()
                if call.kind == K.CALL_EXPR and call.spelling == _OCCUPANCY
                for a in _args(call)[:2] for k in a.walk_preorder() if k.kind == K.DECL_REF_EXPR}
    for c, parent in _walk_parents(body):
        if c.kind == K.LAMBDA_EXPR:
            lambdas.append((c.extent.start.offset, c.extent.end.offset))
        if c.kind != K.DECL_REF_EXPR or c.referenced is None or c.referenced.kind not in (K.VAR_DECL, K.PARM_DECL):
            continue
        key, name, at = decl_key(c.referenced), c.spelling, c.extent.start.offset
        if any(s <= at < e for s, e in lambdas):
            out.setdefault(key, f"'{name}' is captured by a lambda")
        if parent is None or at in modelled:
            continue
        if parent.kind == K.UNARY_OPERATOR and unary_operator(parent) == "&":
            out.setdefault(key, f"the address of '{name}' is taken (line {c.location.line})")
        elif parent.kind == K.CALL_EXPR and parent.spelling not in ("operator=", "dim3") \
                and c.spelling != parent.spelling:
            out.setdefault(key, f"'{name}' is passed by reference to '{parent.spelling}' (line {c.location.line})")
        elif parent.kind == K.VAR_DECL and parent.type.get_canonical().kind.name.endswith("REFERENCE"):
            out.setdefault(key, f"'{name}' is bound to the reference '{parent.spelling}' (line {c.location.line})")
    return out


def _occupancy_outputs(call: Cursor) -> tuple[str, Unknown] | None:
    """(the block-size variable, its value) of `cudaOccupancyMaxPotentialBlockSize(&grid, &block, k, smem, limit)`."""
    args = _args(call)
    if len(args) < 2:
        return None
    target = strip(args[1])
    kids = [k for k in target.get_children()]
    if target.kind != K.UNARY_OPERATOR or len(kids) != 1 or strip(kids[0]).kind != K.DECL_REF_EXPR:
        return None
    limit = evaluate_int(strip(args[4])) if len(args) >= 5 else 0
    bound = limit if limit is not None and 0 < limit <= MAX_THREADS else MAX_THREADS
    return (decl_key(strip(kids[0]).referenced),
            Unknown(f"the block size is chosen at run time by '{_OCCUPANCY}' (1-D, at most {bound} threads)", bound))


State = dict[str, Value]


def _join(a: State | None, b: State | None) -> State | None:
    if a is None:
        return b
    if b is None:
        return a
    out: State = {}
    for k in a.keys() & b.keys():
        x, y = a[k], b[k]
        if isinstance(x, Unknown) or isinstance(y, Unknown):
            out[k] = x if isinstance(x, Unknown) else y
        else:
            out[k] = _cap(x | y)
    return out


def _writes(c: Cursor) -> set[str]:
    """Variables a statement may assign (`=`, compound, `++`, `operator=`, `.x = `)."""
    out = set()
    for k in c.walk_preorder():
        target = None
        if k.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or (k.kind == K.BINARY_OPERATOR and binary_operator(k) == "="):
            target = next(k.get_children(), None)
        elif k.kind == K.UNARY_OPERATOR and unary_operator(k) in ("++", "--", "x++", "x--"):
            target = next(k.get_children(), None)
        elif k.kind == K.CALL_EXPR and k.spelling == "operator=":
            target = next(k.get_children(), None)
        elif k.kind == K.VAR_DECL:
            out.add(decl_key(k))
        while target is not None and strip(target).kind == K.MEMBER_REF_EXPR:
            target = next(strip(target).get_children(), None)
        if target is not None and strip(target).kind == K.DECL_REF_EXPR and strip(target).referenced is not None:
            out.add(decl_key(strip(target).referenced))
    return out


def _has_jump(body: Cursor) -> bool:
    """A `break`/`continue` of this loop (not of a nested loop or switch)."""
    def visit(c: Cursor) -> bool:
        for k in c.get_children():
            if k.kind in (K.BREAK_STMT, K.CONTINUE_STMT):
                return True
            if k.kind not in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT, K.CXX_FOR_RANGE_STMT) and visit(k):
                return True
        return False
    return body.kind in (K.BREAK_STMT, K.CONTINUE_STMT) or visit(body)


@dataclass
class _Events:
    launches: list[Launch]
    calls: dict[str, list[tuple[Value, ...]]]  # callee key -> the arguments of each call made


class _Run:
    """One interpretation of one host function under one entry state."""

    def __init__(self, host: "HostLaunches", fn: Cursor, body: Cursor):
        self.host, self.fn, self.body = host, fn, body
        self.escaped = _escaped(body)
        self.goto = any(k.kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT) for k in body.walk_preorder())
        self.events = _Events([], {})
        self.template = fn.kind == K.FUNCTION_TEMPLATE or (fn.semantic_parent is not None
                                                            and fn.semantic_parent.kind == K.CLASS_TEMPLATE)

    # -- values ----------------------------------------------------------------

    def value(self, c: Cursor, st: State) -> Value:
        c = strip(c)
        kind = c.kind
        if kind in (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CXX_UNARY_EXPR):
            v = evaluate_int(c)
            return frozenset({v}) if v is not None else Unknown(f"'{source_text(c)}' is not an integer constant")
        if kind == K.UNEXPOSED_EXPR and not _children(c):
            return Unknown("a default argument")
        if kind in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR):
            inner = [k for k in c.get_children() if k.kind.is_expression()]
            if len(inner) != 1:
                return Unknown(f"'{source_text(c)}' is not followed")
            v = self.value(inner[0], st)
            if isinstance(v, Unknown) or _is_dim3(c):
                return v
            return _cap(_wrap(x, c) for x in v if not isinstance(x, tuple))
        if kind == K.DECL_REF_EXPR:
            return self.variable(c, st)
        if kind == K.BINARY_OPERATOR:
            kids = _children(c)
            op = binary_operator(c)
            if len(kids) != 2 or op in ("=", ","):
                return Unknown(f"'{source_text(c)}' has a side effect")
            return self.combine(c, op, [self.value(kids[0], st), self.value(kids[1], st)])
        if kind == K.UNARY_OPERATOR:
            kids = _children(c)
            op = unary_operator(c)
            if len(kids) != 1 or op not in ("-", "+", "~", "!"):
                return Unknown(f"'{source_text(c)}' is not followed")
            v = self.value(kids[0], st)
            if isinstance(v, Unknown):
                return v
            f = {"-": lambda x: -x, "+": lambda x: x, "~": lambda x: ~x, "!": lambda x: int(not x)}[op]
            return _cap(_wrap(f(x), c) for x in v)
        if kind == K.CONDITIONAL_OPERATOR:
            kids = _children(c)
            if len(kids) != 3:
                return Unknown(f"'{source_text(c)}' is not followed")
            t = self.truth(kids[0], st)
            if t is not None:
                return self.value(kids[1] if t else kids[2], st)
            a, b = self.value(kids[1], st), self.value(kids[2], st)
            return a if isinstance(a, Unknown) else b if isinstance(b, Unknown) else _cap(a | b)
        if kind == K.MEMBER_REF_EXPR and c.spelling in ("x", "y", "z"):
            kids = _children(c)
            base = self.value(kids[0], st) if len(kids) == 1 and _is_dim3(kids[0]) else Unknown("not a 'dim3'")
            if isinstance(base, Unknown):
                return base
            axis = "xyz".index(c.spelling)
            return _cap(_as_dim(d)[axis] for d in base)
        if kind == K.CALL_EXPR:
            return self.call_value(c, st)
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            return self.element(c, st)
        v = evaluate_int(c)
        return frozenset({v}) if v is not None else Unknown(f"'{source_text(c)}' is not followed")

    def combine(self, c: Cursor, op: str, vals: list[Value]) -> Value:
        bad = next((v for v in vals if isinstance(v, Unknown)), None)
        if bad is not None:
            return bad
        if any(isinstance(x, tuple) for v in vals for x in v):
            return Unknown(f"'{source_text(c)}' computes with a 'dim3'")
        out = []
        for a, b in product(*vals):
            r = _binary(op, a, b)
            if r is None:
                return Unknown(f"'{source_text(c)}' divides by zero or shifts out of range")
            out.append(_wrap(r, c))
        return _cap(out)

    def call_value(self, c: Cursor, st: State) -> Value:
        name = c.spelling
        args = [a for a in _args(c) if a.kind != K.TYPE_REF]
        if name == "dim3":
            if len(args) == 1 and _is_dim3(args[0]):
                return self.value(args[0], st)  # the copy constructor
            parts: list[Value] = []
            for a in args[:3]:
                s = strip(a)
                parts.append(frozenset({1}) if s.kind == K.UNEXPOSED_EXPR and not _children(s) else self.value(a, st))
            bad = next((v for v in parts if isinstance(v, Unknown)), None)
            if bad is not None:
                return bad
            parts += [frozenset({1})] * (3 - len(parts))
            return _cap(tuple(p) for p in product(*parts))
        if name in ("min", "max") and len(args) == 2:
            vals = [self.value(a, st) for a in args]
            bad = next((v for v in vals if isinstance(v, Unknown)), None)
            if bad is not None:
                return bad
            f = min if name == "min" else max
            return _cap(f(a, b) for a, b in product(*vals))
        v = evaluate_int(c)  # a constexpr function of constants
        if v is not None:
            return frozenset({v})
        return Unknown(f"the result of '{name or source_text(c)}' is known only at run time")

    def element(self, c: Cursor, st: State) -> Value:
        """`sizes[i]` of a constant array with an initializer list."""
        kids = _children(c)
        base = strip(kids[0]) if len(kids) == 2 else None
        decl = base.referenced if base is not None and base.kind == K.DECL_REF_EXPR else None
        if decl is None or decl.kind != K.VAR_DECL or not decl.type.get_array_element_type().is_const_qualified():
            return Unknown(f"'{source_text(c)}' reads an array that may change")
        init = next((k for k in decl.get_children() if k.kind == K.INIT_LIST_EXPR), None)
        index = self.value(kids[1], st)
        if init is None or isinstance(index, Unknown):
            return index if isinstance(index, Unknown) else Unknown(f"'{decl.spelling}' has no initializer list")
        items = [k for k in init.get_children()]
        out = []
        for i in index:
            if not 0 <= i < len(items):
                return Unknown(f"'{source_text(c)}' reads past the initializer")
            v = self.value(items[i], {})
            if isinstance(v, Unknown):
                return v
            out.extend(v)
        return _cap(out)

    def variable(self, c: Cursor, st: State) -> Value:
        ref = c.referenced
        if ref is None:
            return Unknown(f"'{c.spelling}' is not followed")
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return frozenset({ref.enum_value})
        if ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            return Unknown(f"'{c.spelling}' is a template parameter or not a variable")
        key = decl_key(ref)
        local = ref.kind == K.PARM_DECL or (ref.semantic_parent is not None and ref.semantic_parent.kind in _FUNCTIONS)
        if not local:
            return self.host.global_value(ref)
        if key in self.escaped:
            return Unknown(self.escaped[key])
        if self.goto:
            return Unknown(f"'{self.fn.spelling}' uses 'goto'")
        if key in st:
            return st[key]
        if ref.type.is_const_qualified():  # a constant of an enclosing scope (a lambda's)
            init = [k for k in ref.get_children() if k.kind.is_expression()]
            return self.value(init[-1], {}) if init else Unknown(f"'{c.spelling}' has no initializer")
        return Unknown(f"'{c.spelling}' is not followed here")

    def truth(self, c: Cursor, st: State) -> bool | None:
        v = self.value(c, st)
        if isinstance(v, Unknown) or any(isinstance(x, tuple) for x in v):
            return None
        if all(v):
            return True
        return False if not any(v) else None

    # -- side effects ----------------------------------------------------------

    def assign(self, target: Cursor, v: Value, st: State) -> None:
        target = strip(target)
        if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
            st[decl_key(target.referenced)] = v
        elif target.kind == K.MEMBER_REF_EXPR and target.spelling in ("x", "y", "z"):
            base = strip(next(target.get_children()))
            if base.kind != K.DECL_REF_EXPR or base.referenced is None:
                return
            key = decl_key(base.referenced)
            old = self.value(base, st)
            if isinstance(old, Unknown) or isinstance(v, Unknown):
                st[key] = old if isinstance(old, Unknown) else v
                return
            axis = "xyz".index(target.spelling)
            st[key] = _cap(tuple(n if i == axis else _as_dim(d)[i] for i in range(3)) for d, n in product(old, v))

    def effects(self, c: Cursor, st: State) -> State:
        """`st` after evaluating expression `c`; records launches and calls."""
        kind = c.kind
        if kind == K.LAMBDA_EXPR:
            return st
        if kind == K.BINARY_OPERATOR and binary_operator(c) in ("=", "&&", "||", ","):
            op = binary_operator(c)
            kids = _children(c)
            if op == "=" and len(kids) == 2:
                st = self.effects(kids[1], st)
                self.assign(kids[0], self.value(kids[1], st), st)
                return st
            if op in ("&&", "||") and len(kids) == 2:  # the right side may not run
                st = self.effects(kids[0], st)
                return _join(st, self.effects(kids[1], dict(st))) or st
        if kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            kids = _children(c)
            st = self.effects(kids[1], st)
            op = binary_operator(c)[:-1]
            self.assign(kids[0], self.combine(c, op, [self.value(kids[0], st), self.value(kids[1], st)]), st)
            return st
        if kind == K.UNARY_OPERATOR and unary_operator(c) in ("++", "--", "x++", "x--"):
            kid = next(c.get_children())
            step = 1 if "+" in unary_operator(c) else -1
            self.assign(kid, self.combine(c, "+", [self.value(kid, st), frozenset({step})]), st)
            return st
        if kind == K.CONDITIONAL_OPERATOR:
            kids = _children(c)
            st = self.effects(kids[0], st)
            t = self.truth(kids[0], st)
            if t is not None:
                return self.effects(kids[1] if t else kids[2], st)
            return _join(self.effects(kids[1], dict(st)), self.effects(kids[2], dict(st))) or st
        if kind == K.CALL_EXPR:
            return self.call(c, st)
        for k in c.get_children():
            st = self.effects(k, st)
        return st

    def call(self, c: Cursor, st: State) -> State:
        args = _args(c)
        if c.spelling == "operator=" and len(args) >= 1:
            kids = [k for k in c.get_children() if k.kind.is_expression()]
            st = self.effects(args[-1], st)
            self.assign(kids[0], self.value(args[-1], st), st)
            return st
        for a in args:
            st = self.effects(a, st)
        config = _config(c)
        ref = c.referenced
        if config is not None and c.spelling:
            block = [a for a in _args(config)]
            self.launch(c.spelling, ref, c, self.value(block[1], st) if len(block) >= 2 else Unknown("no block argument"))
        elif c.spelling in _LAUNCH_APIS and len(args) > _LAUNCH_APIS[c.spelling]:
            kernel = _function_ref(args[0])
            if kernel is not None:
                self.launch(kernel.spelling, kernel, c, self.value(args[_LAUNCH_APIS[c.spelling]], st))
        elif c.spelling == _OCCUPANCY:
            out = _occupancy_outputs(c)
            if out is not None:
                st[out[0]] = out[1]
        elif ref is not None and ref.kind == K.FUNCTION_DECL and _function_key(ref) in self.host.functions:
            self.events.calls.setdefault(_function_key(ref), []).append(tuple(self.value(a, st) for a in args))
        return st

    def launch(self, name: str, ref: Cursor | None, at: Cursor, block: Value) -> None:
        instance = instance_of(ref) if ref is not None else None
        line = at.location.line
        if isinstance(block, Unknown):
            self.events.launches.append(Launch(name, instance, line, (), block))
            return
        shapes = tuple(dict.fromkeys(d for d in map(_as_dim, block)
                                     if min(d) > 0 and d[0] * d[1] * d[2] <= MAX_THREADS))
        self.events.launches.append(Launch(name, instance, line, shapes))

    # -- statements ------------------------------------------------------------

    def havoc(self, c: Cursor, st: State, why: str) -> State:
        st = dict(st)
        for key in _writes(c):
            st[key] = Unknown(why)
        return st

    def stmt(self, c: Cursor, st: State | None) -> State | None:
        if st is None:
            return None
        kind = c.kind
        if kind == K.COMPOUND_STMT:
            for k in c.get_children():
                st = self.stmt(k, st)
            return st
        if kind == K.DECL_STMT:
            st = dict(st)
            for d in c.get_children():
                if d.kind == K.VAR_DECL:
                    self.declare(d, st)
            return st
        if kind == K.IF_STMT:
            return self.if_stmt(c, st)
        if kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT):
            return self.loop(c, st)
        if kind == K.RETURN_STMT:
            for k in c.get_children():
                self.effects(k, dict(st))
            return None
        if kind in (K.BREAK_STMT, K.CONTINUE_STMT):
            return None  # only met where the loop or switch is followed as a whole (havoc)
        if kind.is_expression():
            return self.effects(c, dict(st))
        if kind == K.NULL_STMT:
            return st
        # switch, try, labels, range-for...: what they write is unknown; their launches are still read.
        why = f"'{source_text(c).split(' ')[0]}' at line {c.location.line} is not followed"
        st = self.havoc(c, st, why)
        inner = dict(st)
        for k in c.get_children():
            if k.kind.is_statement() or k.kind.is_expression():
                inner = self.stmt(k, inner) or dict(st)
        return st

    def declare(self, d: Cursor, st: State) -> None:
        key = decl_key(d)
        init = [k for k in d.get_children() if k.kind.is_expression()]
        if d.storage_class is not None and d.storage_class.name == "STATIC":
            st[key] = Unknown(f"'{d.spelling}' is a static local")
        elif init:
            st.update(self.effects(init[-1], dict(st)))
            st[key] = self.value(init[-1], st) if (int_type(d.type) is not None or _is_dim3(d)) \
                else Unknown(f"'{d.spelling}' is not an integer or a 'dim3'")
        else:
            st[key] = Unknown(f"'{d.spelling}' is not initialised")

    def if_stmt(self, c: Cursor, st: State) -> State | None:
        close = _paren_close(c)
        head = [k for k in c.get_children() if k.extent.start.offset < close]
        branches = [k for k in c.get_children() if k.extent.start.offset >= close]
        for k in head[:-1]:
            st = self.stmt(k, st) or st
        cond = head[-1] if head else None
        if cond is None:
            return self.havoc(c, st, "an 'if' rapcc cannot read")
        if cond.kind == K.VAR_DECL:
            st = dict(st)
            self.declare(cond, st)
            t = self.truth_of_key(decl_key(cond), st)
        else:
            st = self.effects(cond, dict(st))
            t = self.truth(cond, st)
        then = branches[0] if branches else None
        other = branches[1] if len(branches) > 1 else None
        run_then = self.stmt(then, dict(st)) if then is not None and t is not False else None
        run_else = (self.stmt(other, dict(st)) if other is not None else dict(st)) if t is not True else None
        return _join(run_then, run_else)

    def truth_of_key(self, key: str, st: State) -> bool | None:
        v = st.get(key)
        if v is None or isinstance(v, Unknown) or any(isinstance(x, tuple) for x in v):
            return None
        return True if all(v) else False if not any(v) else None

    def loop(self, c: Cursor, st: State) -> State | None:
        if c.kind == K.FOR_STMT:
            init, cond, inc, body = _for_parts(c)
        elif c.kind == K.WHILE_STMT:
            close = _paren_close(c)
            kids = _children(c)
            init, inc = [], None
            cond = next((k for k in kids if k.extent.start.offset < close), None)
            body = next((k for k in kids if k.extent.start.offset >= close), None)
        else:
            kids = _children(c)
            init, inc, body, cond = [], None, kids[0] if kids else None, kids[1] if len(kids) > 1 else None
        for k in init:
            st = self.stmt(k, st)
        if st is None:
            return None
        if body is None:
            return self.havoc(c, st, f"changed in the loop at line {c.location.line}")
        why = None if not _has_jump(body) and (cond is None or cond.kind.is_expression()) \
            else f"changed in the loop at line {c.location.line}, which has 'break' or 'continue'"
        first = c.kind == K.DO_STMT
        trips = 0
        while why is None:
            if not first:
                t = self.truth(cond, st) if cond is not None else True
                if t is False:
                    return st
                if t is None:
                    why = f"changed in the loop at line {c.location.line}, whose trips rapcc cannot count"
                    break
            first = False
            if trips == MAX_TRIPS:
                why = f"changed in the loop at line {c.location.line}, of more than {MAX_TRIPS} trips"
                break
            trips += 1
            st = self.stmt(body, dict(st))
            if st is None:
                return None
            if inc is not None:
                st = self.effects(inc, st)
            if cond is not None:
                st = self.effects(cond, st)
        # The loop as a whole: every variable it writes is unknown in it and after it.
        st = self.havoc(c, st, why)
        self.stmt(body, dict(st))
        return st


@dataclass
class HostLaunches:
    """The launches of every host function of the main file (see the module docstring)."""

    functions: dict[str, Cursor]  # key -> definition with a body
    references: dict[str, int]  # function key -> references that are not calls
    callers: dict[str, list[str]]  # callee key -> keys of the functions calling it

    def __post_init__(self) -> None:
        self._runs: dict[tuple[str, tuple], _Events] = {}
        self._stack: set[str] = set()

    def global_value(self, ref: Cursor) -> Value:
        """A file-scope variable: a `const`/`constexpr` one is its initializer;
        any other may be written elsewhere (another file, a library), so unknown."""
        init = [k for k in ref.get_children() if k.kind.is_expression()]
        if ref.type.is_const_qualified() and init:
            return _Run(self, ref, ref).value(init[-1], {})
        return Unknown(f"'{ref.spelling}' is a global that may be written elsewhere")

    def entries(self, key: str, depth: int = 0) -> list[State]:
        """The states a function may start in: its parameters' values per call."""
        fn = self.functions[key]
        params = [p for p in fn.get_children() if p.kind == K.PARM_DECL]
        if not params:
            return [{}]

        def unknown(why: str) -> list[State]:
            return [{decl_key(p): Unknown(why.format(p.spelling)) for p in params}]
        if fn.spelling == "main":
            return unknown("'{}' is a parameter of 'main'")
        if self.references.get(key, 0):
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', whose address is taken")
        if not self.callers.get(key):
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', which no call in this file makes")
        if depth >= MAX_DEPTH or key in self._stack:
            return unknown(f"'{{}}' is a parameter of '{fn.spelling}', reached through calls rapcc does not follow")
        self._stack.add(key)
        try:
            out: list[State] = []
            for caller in dict.fromkeys(self.callers[key]):
                for entry in self.entries(caller, depth + 1):
                    for values in self.run(caller, entry).calls.get(key, []):
                        if len(values) == len(params):
                            out.append({decl_key(p): v for p, v in zip(params, values)})
                        else:  # default arguments, variadic calls
                            return unknown(f"'{{}}' is a parameter of '{fn.spelling}' with a default argument")
        finally:
            self._stack.discard(key)
        unique = list({tuple(sorted(e.items(), key=lambda kv: kv[0])): e for e in out}.values())
        if len(unique) > MAX_VALUES:
            merged: State = {}
            for e in unique:
                merged = _join(merged, e) if merged else dict(e)
            return [merged]
        return unique or unknown(f"'{{}}' is a parameter of '{fn.spelling}', whose calls are never reached")

    def run(self, key: str, entry: State) -> _Events:
        memo = (key, tuple(sorted(entry.items(), key=lambda kv: kv[0])))
        if memo not in self._runs:
            fn = self.functions[key]
            body = next(k for k in fn.get_children() if k.kind == K.COMPOUND_STMT)
            r = _Run(self, fn, body)
            r.stmt(body, dict(entry))
            self._runs[memo] = r.events
        return self._runs[memo]

    def launches(self) -> list[Launch]:
        out: list[Launch] = []
        for key, fn in self.functions.items():
            template = fn.kind == K.FUNCTION_TEMPLATE
            for entry in self.entries(key):
                for launch in self.run(key, entry).launches:
                    out.append(Launch(launch.kernel, None, launch.line, launch.shapes, launch.unknown)
                               if template else launch)
        return out


def _definitions(tops: Iterable[Cursor]) -> Iterable[Cursor]:
    for c in tops:
        if c.kind in _FUNCTIONS and c.is_definition():
            if any(k.kind == K.COMPOUND_STMT for k in c.get_children()):
                yield c
        elif c.kind in _SCOPES:
            yield from _definitions(c.get_children())


def _callee(call: Cursor) -> Cursor | None:
    """The name a call is made through: its first child, through implicit conversions."""
    first = next(call.get_children(), None)
    while first is not None and first.kind == K.UNEXPOSED_EXPR:
        first = next(first.get_children(), None)
    return first if first is not None and first.kind == K.DECL_REF_EXPR else None


def _offset(c: Cursor) -> tuple[int, int]:
    return c.extent.start.offset, c.extent.end.offset


def host_launches(tops: list[Cursor]) -> list[Launch]:
    """Every kernel launch the main file's functions make (`tops`: its top-level cursors)."""
    functions = {_function_key(f): f for f in _definitions(tops)}
    references: dict[str, int] = {}
    callers: dict[str, list[str]] = {}
    kernel_refs: list[Launch] = []
    for key, fn in functions.items():
        calls, inspected = set(), set()
        for c in fn.walk_preorder():
            if c.kind != K.CALL_EXPR:
                continue
            callee = _callee(c)
            if callee is not None:
                calls.add(_offset(callee))
            if c.spelling in tuple(_LAUNCH_APIS) + _INSPECTING_APIS:
                for a in _args(c):
                    ref = _function_ref(a)
                    if ref is not None:
                        inspected.update(_offset(k) for k in a.walk_preorder() if k.kind == K.DECL_REF_EXPR)
        for c in fn.walk_preorder():
            if c.kind != K.DECL_REF_EXPR or c.referenced is None or \
                    c.referenced.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                continue
            target = _function_key(c.referenced)
            if _offset(c) in calls:
                callers.setdefault(target, []).append(key)
            elif _is_kernel(c.referenced):
                if _offset(c) not in inspected:
                    kernel_refs.append(Launch(c.spelling, None, c.location.line, (), Unknown(
                        f"'{c.spelling}' is passed as a pointer at line {c.location.line}; rapcc cannot see that launch")))
            else:
                references[target] = references.get(target, 0) + 1
    host = HostLaunches(functions, references, callers)
    return host.launches() + kernel_refs


def kernel_launches(launches: list[Launch], name: str,
                    instances: tuple[Instance, ...] = ()) -> KernelLaunches:
    """What `launches` say of kernel `name`, whose template instantiations are `instances`."""
    mine = [x for x in launches if x.kernel == name]
    shapes = tuple(dict.fromkeys(s for x in mine for s in x.shapes))
    unknown = tuple(dict.fromkeys(f"line {x.line}: {x.unknown.reason}" for x in mine if x.unknown is not None))
    bounds = [x.unknown.bound for x in mine if x.unknown is not None]
    bound = max(bounds) if bounds and all(b is not None for b in bounds) else None  # type: ignore[type-var]
    by_instance = []
    if instances and not unknown:
        for inst in instances:
            own = tuple(dict.fromkeys(s for x in mine if x.instance is None or x.instance == inst for s in x.shapes))
            by_instance.append((inst, own))
    return KernelLaunches(shapes, unknown, bound, tuple(by_instance))


def kernel_fields(launches: list[Launch], name: str, instances: tuple[Instance, ...],
                  elsewhere: Iterable[Dim] = ()) -> dict:
    """The `ir.Kernel` fields the launches give kernel `name`; `elsewhere`: the
    shapes of its launches in the unit that includes this file."""
    facts = kernel_launches(launches, name, instances)
    extra = tuple(elsewhere)
    return {"launch_block_dims": tuple(dict.fromkeys(facts.shapes + extra)),
            "launch_unknown": facts.unknown, "launch_bound": facts.bound,
            "instance_block_dims": facts.by_instance if not extra else ()}
