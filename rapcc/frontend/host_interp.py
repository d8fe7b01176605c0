"""The interpreter of one host function under one entry state (see host_values.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K

from .. import cint
from .clangext import binary_operator, evaluate_int, in_main_file, unary_operator
from .exprs import decl_key, int_type, source_text, strip
from .host_domain import (MAX_THREADS, KernelRef, Launch, State, Unknown, Value, _as_dim, _cap, _join, arithmetic,
                          assign_field, converted, grid_blocks, truth_of)
from .host_gotos import forward_labels, goto_target
from .host_loops import Jumps, jump, loop, range_for
from .preorder import cursor_key
from .host_calls import assign_config, config_field, declare_config, dim3_value, field_key, is_record, launch_call
from .host_records import construct, member_key, pack, record_fields, root_key
from .host_interp_structs import StructReads
from .host_wrappers import callee_definition
from .host_syntax import (_FUNCTIONS, _OCCUPANCY, _args, _escaped, _function_key, _is_dim3, _occupancy_outputs,
                          _paren_close, _writes, array_uses, copies_dim3, errors_in, instance_of, library_function,
                          variable_ref)

if TYPE_CHECKING:
    from .host_values import HostLaunches


@dataclass
class _Events:
    launches: list[Launch]
    calls: dict[str, list[tuple[Value, ...]]]  # callee key -> the arguments of each call made
    returns: list[Value] = field(default_factory=list)  # the value of each `return expr;` reached
    wrapped: set[int] = field(default_factory=set)  # indices of the launches of a wrapper's kernel parameter


class _Run(StructReads):
    """One interpretation of one host function under one entry state."""

    def __init__(self, host: "HostLaunches", fn: Cursor, body: Cursor):
        self.host, self.fn, self.body = host, fn, body
        self.escaped = _escaped(body, host.walks)
        # Forward `goto`s to labels of the body are followed (host_gotos.py); any other makes
        # the function's variables unknown.
        self.labels = forward_labels(body, host.walks)
        self.goto = self.labels is None
        self.at_labels: dict[str, State | None] = {}  # the states the `goto`s to each label carry
        # clang dropped code here (an error): what it wrote is missing, so no variable is known.
        start, end = body.extent.start.offset, body.extent.end.offset
        # The errors' offsets are the main file's; another file's function (a wrapper in a header)
        # is asked of the parse's own diagnostics.
        errors = host.errors if in_main_file(fn) else errors_in(fn)
        self.broken = next((f"'{fn.spelling}' has code clang could not parse" for at in errors
                            if start <= at < end), None)
        self.events = _Events([], {})
        self.arrays: dict[str, Unknown | int] = {}  # local arrays: length, or why their elements are unknown
        self.jumps: list[Jumps] = []  # the loops and switches around the statement being read
        self.members = False  # whether `this.field` is followed: a constructor's body (HostLaunches.constructor_body)
        self.template = fn.kind == K.FUNCTION_TEMPLATE or (fn.semantic_parent is not None
                                                            and fn.semantic_parent.kind == K.CLASS_TEMPLATE)

    def _kids(self, c: Cursor) -> list[Cursor]:
        """`c`'s children (do not modify): a loop's statements are interpreted
        once per iteration, so each is listed by the parse's walks once."""
        return self.host.walks.children(c)

    # -- values ----------------------------------------------------------------

    def value(self, c: Cursor, st: State) -> Value:
        c = strip(c)
        kind = c.kind
        if kind in (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CXX_UNARY_EXPR):
            v = evaluate_int(c)
            return frozenset({v}) if v is not None else Unknown(f"'{source_text(c)}' is not an integer constant")
        if kind == K.UNEXPOSED_EXPR and not self._kids(c):
            return Unknown("a default argument")
        if kind in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR):
            inner = [k for k in self._kids(c) if k.kind.is_expression()]
            if len(inner) != 1:
                return Unknown(f"'{source_text(c)}' is not followed")
            return converted(self.value(inner[0], st), c)
        if kind in (K.DECL_REF_EXPR, K.CALL_EXPR, K.INIT_LIST_EXPR, K.MEMBER_REF_EXPR) and record_fields(c) is not None:
            return pack(construct(self, c, st, source_text(c), c))  # a struct crossing a call
        if kind == K.DECL_REF_EXPR:
            return self.variable(c, st)
        if kind == K.BINARY_OPERATOR:
            kids = self._kids(c)
            op = binary_operator(c)
            if len(kids) != 2 or op in ("=", ","):
                return Unknown(f"'{source_text(c)}' has a side effect")
            return self.combine(c, op, (kids[0], kids[1]), [self.value(kids[0], st), self.value(kids[1], st)])
        if kind == K.UNARY_OPERATOR:
            kids = self._kids(c)
            op = unary_operator(c)
            named = self.kernel_named(kids[0]) if len(kids) == 1 and op == "&" else None
            if named is not None:
                return named  # `&k`: the kernel as a value
            if len(kids) != 1 or op not in ("-", "+", "~", "!"):
                return Unknown(f"'{source_text(c)}' is not followed")
            v, ta, t = self.value(kids[0], st), int_type(kids[0].type), int_type(c.type)
            if isinstance(v, Unknown) or ta is None or t is None:
                return v if isinstance(v, Unknown) else Unknown(f"'{source_text(c)}' is no integer arithmetic")
            out = [cint.unary(op, cint.wrap(x, ta), t) for x in v]
            bad = next((r for r in out if isinstance(r, cint.Undefined)), None)
            return Unknown(f"'{source_text(c)}' is not computed: {bad.value}") if bad is not None else _cap(out)
        if kind == K.CONDITIONAL_OPERATOR:
            kids = self._kids(c)
            if len(kids) != 3:
                return Unknown(f"'{source_text(c)}' is not followed")
            t = self.truth(kids[0], st)
            if t is not None:
                return self.value(kids[1] if t else kids[2], st)
            a, b = self.value(kids[1], st), self.value(kids[2], st)
            return a if isinstance(a, Unknown) else b if isinstance(b, Unknown) else _cap(a | b)
        if kind == K.INIT_LIST_EXPR and _is_dim3(c):
            return dim3_value(self, c, st)
        field = self.field(c) if kind == K.MEMBER_REF_EXPR else None
        if field is not None:
            return self.config_read(c, *field, st)
        if kind == K.MEMBER_REF_EXPR and c.spelling in ("x", "y", "z"):
            kids = self._kids(c)
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

    def config_read(self, c: Cursor, key: str, field: str, st: State) -> Value:
        """`cfg.blockDim`, `cfg.dynamicSmemBytes` of a local config (host_calls.py)."""
        if root_key(key) in self.escaped:
            return Unknown(self.escaped[root_key(key)])
        if self.goto or self.broken:
            return Unknown(self.broken or f"'{self.fn.spelling}' uses 'goto'")
        return st.get(field_key(key, field), Unknown(f"'{source_text(c)}' is not followed"))

    def combine(self, c: Cursor, op: str, kids: tuple[Cursor, Cursor | None], vals: list[Value]) -> Value:
        """`kids[0] op kids[1]` (an increment's amount has no cursor: an `int`), of type `c`."""
        bad = next((v for v in vals if isinstance(v, Unknown)), None)
        if bad is not None:
            return bad
        a, b = vals
        assert not isinstance(a, Unknown) and not isinstance(b, Unknown)
        if any(isinstance(x, tuple) for x in a | b):
            return Unknown(f"'{source_text(c)}' computes with a 'dim3'")
        if not all(isinstance(x, int) for x in a | b):
            return Unknown(f"'{source_text(c)}' computes with a kernel or a struct")
        types = (int_type(kids[0].type), int_type(kids[1].type) if kids[1] is not None else cint.INT)
        r = arithmetic(op, (a, b), types, int_type(c.type))
        return Unknown(f"'{source_text(c)}' is not computed: {r.reason}") if isinstance(r, Unknown) else r

    def call_value(self, c: Cursor, st: State) -> Value:
        name = c.spelling
        args = [a for a in _args(c) if a.kind != K.TYPE_REF]
        if name == "dim3" or (not name and copies_dim3(c, args)):
            if len(args) == 1 and _is_dim3(args[0]):
                return self.value(args[0], st)  # the copy constructor (unnamed where C++14 elides it)
            parts: list[Value] = []
            for a in args[:3]:
                s = strip(a)
                parts.append(frozenset({1}) if s.kind == K.UNEXPOSED_EXPR and not self._kids(s) else self.value(a, st))
            bad = next((v for v in parts if isinstance(v, Unknown)), None)
            if bad is not None:  # a bound on x is one on the threads only where y and z are 1
                flat = parts[0] is bad and all(p == frozenset({1}) for p in parts[1:])
                return bad if flat else Unknown(bad.reason)
            parts += [frozenset({1})] * (3 - len(parts))
            return _cap(tuple(p) for p in product(*parts))
        if name in ("min", "max") and len(args) == 2 and library_function(c.referenced):
            vals = [converted(self.value(a, st), c) for a in args]  # `min(int, unsigned)` is unsigned
            bad = next((v for v in vals if isinstance(v, Unknown)), None)
            if bad is not None:
                return bad
            f = min if name == "min" else max
            return _cap(f(a, b) for a, b in product(*vals))
        v = evaluate_int(c)  # a constexpr function of constants
        if v is not None:
            return frozenset({v})
        ref = c.referenced
        if ref is not None and ref.kind == K.FUNCTION_DECL and _function_key(ref) in self.host.functions:
            return self.host.returned(_function_key(ref), tuple(self.value(a, st) for a in args))
        return Unknown(f"the result of '{name or source_text(c)}' is known only at run time")

    def element(self, c: Cursor, st: State) -> Value:
        """`sizes[i]` of a constant array with an initializer list, or of a local
        array whose elements are assigned one by one (`size_t block[2]; block[0] = 16;`)."""
        kids = self._kids(c)
        base = strip(kids[0]) if len(kids) == 2 else None
        decl = base.referenced if base is not None and base.kind == K.DECL_REF_EXPR else None
        if decl is not None and self.local_array(decl) is not None:
            index = self.value(kids[1], st)
            if isinstance(index, Unknown) or len(index) != 1:
                return Unknown(f"'{source_text(c)}' reads an element rapcc cannot name")
            why = self.local_array(decl)
            return why if isinstance(why, Unknown) else \
                st.get(f"{decl_key(decl)}[{next(iter(index))}]", Unknown(f"'{source_text(c)}' is not assigned here"))
        if decl is None or decl.kind != K.VAR_DECL or not decl.type.get_array_element_type().is_const_qualified():
            return Unknown(f"'{source_text(c)}' reads an array that may change")
        init = next((k for k in self._kids(decl) if k.kind == K.INIT_LIST_EXPR), None)
        index = self.value(kids[1], st)
        if init is None or isinstance(index, Unknown):
            return index if isinstance(index, Unknown) else Unknown(f"'{decl.spelling}' has no initializer list")
        items = [k for k in self._kids(init)]
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
        kernel = self.kernel_named(c)
        if kernel is not None:
            return kernel
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
        if self.broken:
            return Unknown(self.broken)
        if key in st:
            return st[key]
        if ref.type.is_const_qualified():  # a constant of an enclosing scope (a lambda's)
            init = [k for k in self._kids(ref) if k.kind.is_expression()]
            return self.value(init[-1], {}) if init else Unknown(f"'{c.spelling}' has no initializer")
        return Unknown(f"'{c.spelling}' is not followed here")

    def local_array(self, decl: Cursor) -> Unknown | int | None:
        """None: `decl` is no local array of integers; its length where every use
        is `a[i]` read or assigned as a value; else why its elements are unknown
        (passed to a function, address taken, bound to a reference)."""
        if decl.kind != K.VAR_DECL or decl.semantic_parent is None or decl.semantic_parent.kind not in _FUNCTIONS \
                or decl.type.kind.name != "CONSTANTARRAY" or decl.type.get_array_element_type().is_const_qualified() \
                or int_type(decl.type.get_array_element_type()) is None:
            return None
        key = decl_key(decl)
        if key not in self.arrays:
            self.arrays[key] = array_uses(self.body, decl)
        return self.arrays[key]

    def truth(self, c: Cursor, st: State) -> bool | None:
        return truth_of(self.value(c, st))

    # -- side effects ----------------------------------------------------------

    def assign(self, target: Cursor, v: Value, st: State, rhs: Cursor | None = None) -> None:
        target = strip(target)
        field = self.field(target)
        if field is not None:
            assign_config(self, self.struct_of(target), field[0], field[1], None, v, st, rhs)
            return
        if target.kind == K.MEMBER_REF_EXPR and target.spelling in ("x", "y", "z"):
            member = next(iter(self._kids(target)))
            field = self.field(member)
            if field is not None:
                assign_config(self, self.struct_of(strip(member)), field[0], field[1],
                              "xyz".index(target.spelling), v, st, rhs)
                return
        whole = member_key(target) if target.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) else None
        if whole is not None and (self.members or not whole.startswith("this.")) and is_record(target):
            assign_config(self, target, whole, None, None, v, st, rhs)  # a whole struct: `cfg = {}`, `p = q`
        elif target.kind == K.DECL_REF_EXPR and target.referenced is not None:
            st[decl_key(target.referenced)] = v
        elif target.kind == K.ARRAY_SUBSCRIPT_EXPR:
            kids = self._kids(target)
            base = strip(kids[0]) if len(kids) == 2 else None
            decl = base.referenced if base is not None and base.kind == K.DECL_REF_EXPR else None
            size = self.local_array(decl) if decl is not None else None
            if not isinstance(size, int):
                return
            index = self.value(kids[1], st)
            key = decl_key(decl)
            if isinstance(index, Unknown) or len(index) != 1:  # any element may be the one written
                for i in range(size):
                    st[f"{key}[{i}]"] = Unknown(f"'{decl.spelling}' is written at an index rapcc cannot name")
            else:
                st[f"{key}[{next(iter(index))}]"] = v
        elif target.kind == K.MEMBER_REF_EXPR and target.spelling in ("x", "y", "z"):
            base = strip(next(iter(self._kids(target))))
            if base.kind != K.DECL_REF_EXPR or base.referenced is None:
                return
            st[decl_key(base.referenced)] = assign_field(self.value(base, st), "xyz".index(target.spelling), v)

    def effects(self, c: Cursor, st: State) -> State:
        """`st` after evaluating expression `c`; records launches and calls."""
        kind = c.kind
        if kind == K.LAMBDA_EXPR:
            return st
        if kind == K.BINARY_OPERATOR and binary_operator(c) in ("=", "&&", "||", ","):
            op = binary_operator(c)
            kids = self._kids(c)
            if op == "=" and len(kids) == 2:
                st = self.effects(kids[1], st)
                self.assign(kids[0], self.value(kids[1], st), st, kids[1])
                return st
            if op in ("&&", "||") and len(kids) == 2:  # the right side may not run
                st = self.effects(kids[0], st)
                return _join(st, self.effects(kids[1], dict(st))) or st
        if kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            kids = self._kids(c)
            st = self.effects(kids[1], st)
            op = binary_operator(c)[:-1]
            self.assign(kids[0], self.combine(c, op, (kids[0], kids[1]),
                                              [self.value(kids[0], st), self.value(kids[1], st)]), st)
            return st
        if kind == K.UNARY_OPERATOR and unary_operator(c) in ("++", "--", "x++", "x--"):
            kid = next(iter(self._kids(c)))
            step = 1 if "+" in unary_operator(c) else -1
            self.assign(kid, self.combine(c, "+", (kid, None), [self.value(kid, st), frozenset({step})]), st)
            return st
        if kind == K.CONDITIONAL_OPERATOR:
            kids = self._kids(c)
            st = self.effects(kids[0], st)
            t = self.truth(kids[0], st)
            if t is not None:
                return self.effects(kids[1] if t else kids[2], st)
            return _join(self.effects(kids[1], dict(st)), self.effects(kids[2], dict(st))) or st
        if kind == K.CALL_EXPR:
            return self.call(c, st)
        for k in self._kids(c):
            st = self.effects(k, st)
        return st

    def call(self, c: Cursor, st: State) -> State:
        args = _args(c)
        if c.spelling == "operator=" and len(args) >= 1:
            kids = [k for k in self._kids(c) if k.kind.is_expression()]
            st = self.effects(args[-1], st)
            self.assign(kids[0], self.value(args[-1], st), st, args[-1])
            return st
        for a in args:
            st = self.effects(a, st)
        ref = c.referenced
        if launch_call(self, c, st):
            pass
        elif c.spelling == _OCCUPANCY:
            out = _occupancy_outputs(c)
            if out is not None:
                st[out[0]] = out[1]
        elif ref is not None and ref.kind == K.FUNCTION_DECL and _function_key(ref) in self.host.functions:
            self.record_call(_function_key(ref), args, st)
        elif ref is None and c.spelling == "":  # a dependent call of a wrapper, in a template
            callee = callee_definition(c)
            key = _function_key(callee) if callee is not None else None
            if key is not None and key in self.host.wrapped and key in self.host.functions:
                self.record_call(key, args, st)
        return st

    def record_call(self, key: str, args: list[Cursor], st: State) -> None:
        """A call of the file's function `key`: its arguments' values, for the run of its body."""
        self.events.calls.setdefault(key, []).append(tuple(self.value(a, st) for a in args))

    def pointed_kernel(self, expr: Cursor) -> Cursor | None:
        """The kernel a local function pointer named by `expr` (a launch's callee,
        `(void *)f`) holds, where host_mentions.py found it holds only that one."""
        ref = variable_ref(expr)
        return self.host.pointers.get(decl_key(ref.referenced)) if ref is not None else None

    def launch(self, name: str, ref: Cursor | KernelRef | None, at: Cursor, block: Value, smem: Value,
               grid: Value | None = None) -> None:
        self.host.read.add(cursor_key(at))
        if isinstance(ref, KernelRef):  # through a wrapper's parameter: the instance its caller names
            self.events.wrapped.add(len(self.events.launches))
        instance = ref.instance if isinstance(ref, KernelRef) else instance_of(ref) if ref is not None else None
        line = at.location.line
        bytes_ = None if isinstance(smem, Unknown) or any(isinstance(x, tuple) for x in smem) \
            else tuple(sorted(smem))
        if isinstance(block, Unknown):
            self.events.launches.append(Launch(name, instance, line, (), block, bytes_))
            return
        shapes = tuple(dict.fromkeys(d for d in map(_as_dim, block)
                                     if min(d) > 0 and d[0] * d[1] * d[2] <= MAX_THREADS))
        self.events.launches.append(Launch(name, instance, line, shapes, None, bytes_, grid_blocks(grid)))

    # -- statements ------------------------------------------------------------

    def havoc(self, c: Cursor, st: State, why: str) -> State:
        st = dict(st)
        written = _writes(c, self.host.walks)
        for key in list(st):  # and each element of an array written
            if key in written or key.split("[")[0] in written or key.split(".")[0] in written:
                st[key] = Unknown(why)
        for key in written:
            st[key] = Unknown(why)
        return st

    def stmt(self, c: Cursor, st: State | None) -> State | None:
        kind = c.kind
        if kind == K.LABEL_STMT and self.labels and c.spelling in self.labels:
            # Entered from the `goto`s above it as well as from the statement before it.
            st = _join(st, self.at_labels.get(c.spelling))
            for k in self._kids(c):
                st = self.stmt(k, st)
            return st
        if st is None:
            return None
        if kind == K.GOTO_STMT and self.labels:
            target = goto_target(c, self.host.walks)
            assert target is not None  # forward_labels accepted every goto of the body
            self.at_labels[target] = _join(self.at_labels.get(target), dict(st))
            return None
        if kind == K.COMPOUND_STMT:
            for k in self._kids(c):
                st = self.stmt(k, st)
            return st
        if kind == K.DECL_STMT:
            st = dict(st)
            for d in self._kids(c):
                if d.kind == K.VAR_DECL:
                    self.declare(d, st)
            return st
        # An `if`, `for` or `while` expanded from a macro (`CHECK(k<<<...>>>())`) has
        # no tokens of its own to split its parts by: followed as a whole, below.
        kids = self._kids(c) if kind in (K.IF_STMT, K.FOR_STMT, K.WHILE_STMT) else []
        expanded = bool(kids) and kids[0].extent.start.offset <= c.extent.start.offset
        if kind == K.IF_STMT and not expanded:
            return self.if_stmt(c, st)
        if kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT) and not expanded:
            return loop(self, c, st)
        if kind == K.CXX_FOR_RANGE_STMT:
            return range_for(self, c, st)
        if kind == K.RETURN_STMT:
            for k in self._kids(c):
                self.effects(k, dict(st))
                self.events.returns.append(self.value(k, st))
            return None
        if kind in (K.BREAK_STMT, K.CONTINUE_STMT):
            jump(self, c, st)
            return None
        if kind.is_expression():
            return self.effects(c, dict(st))
        if kind == K.NULL_STMT:
            return st
        # switch, try, labels, what a macro spells...: what they write is unknown in
        # them and after them, and each part is read from that state for its
        # launches (not one after another: a `catch` or an `else` does not follow
        # what runs before it in the text).
        why = f"'{source_text(c).split(' ')[0]}' at line {c.location.line} is not followed"
        st = self.havoc(c, st, why)
        for k in self._kids(c):
            if kind == K.SWITCH_STMT and k.kind == K.COMPOUND_STMT:
                self.switch_body(k, st)
            elif k.kind.is_statement() or k.kind.is_expression():
                self.stmt(k, dict(st))
        return st

    def switch_body(self, body: Cursor, st: State) -> None:
        """A switch's cases: each `case`/`default` label is entered from the switch
        (in `st`, where what the switch writes is unknown), so the cases after a
        `break` are read too (their launches and calls)."""
        inner: State | None = dict(st)
        self.jumps.append(Jumps(False))  # its `break`s leave the switch, whose state is `st`
        try:
            for k in self._kids(body):
                if k.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                    inner = dict(st) if inner is None else _join(inner, dict(st))
                inner = self.stmt(k, inner)
        finally:
            self.jumps.pop()

    def declare(self, d: Cursor, st: State) -> None:
        key = decl_key(d)
        init = [k for k in self._kids(d) if k.kind.is_expression()]
        if d.storage_class is not None and d.storage_class.name == "STATIC":
            st[key] = Unknown(f"'{d.spelling}' is a static local")
        elif is_record(d):
            if init:
                st.update(self.effects(init[-1], dict(st)))
            declare_config(self, d, init[-1] if init else None, st)
        elif init:
            st.update(self.effects(init[-1], dict(st)))
            st[key] = self.value(init[-1], st) if (int_type(d.type) is not None or _is_dim3(d)) \
                else Unknown(f"'{d.spelling}' is not an integer or a 'dim3'")
        else:
            st[key] = Unknown(f"'{d.spelling}' is not initialised")

    def if_stmt(self, c: Cursor, st: State) -> State | None:
        close = _paren_close(c)
        head = [k for k in self._kids(c) if k.extent.start.offset < close]
        branches = [k for k in self._kids(c) if k.extent.start.offset >= close]
        for k in head[:-1]:
            st = self.stmt(k, st) or st
        cond = head[-1] if head else None
        if cond is None:
            return self.havoc(c, st, "an 'if' rapcc cannot read")
        if cond.kind == K.VAR_DECL:
            st = dict(st)
            self.declare(cond, st)
            t = truth_of(st.get(decl_key(cond)))
        else:
            st = self.effects(cond, dict(st))
            t = self.truth(cond, st)
        then = branches[0] if branches else None
        other = branches[1] if len(branches) > 1 else None
        run_then = self.stmt(then, dict(st)) if then is not None and t is not False else None
        run_else = (self.stmt(other, dict(st)) if other is not None else dict(st)) if t is not True else None
        return _join(run_then, run_else)

