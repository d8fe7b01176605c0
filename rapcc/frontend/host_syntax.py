"""Host-code syntax the launch-shape interpreter (host_interp.py) reads:
calls and their arguments, the parts of `for` and `if`, and the variables a
statement writes or lets escape."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import binary_operator, children, evaluate_int, nontype_template_arguments, specialized_template, \
    unary_operator
from .exprs import decl_key, strip
from .host_domain import MAX_THREADS, Instance, Unknown
from .host_lvalues import chooses, in_std, is_reference, lvalue_use
from .host_readonly import readonly_arguments
from .host_records import is_dim3_type
from .preorder import Preorder

_FUNCTIONS = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR)
_LAUNCH_APIS = {"cudaLaunchKernel": 2, "cudaLaunchCooperativeKernel": 2}  # name -> index of the block argument
# Runtime calls that take a kernel's address without launching it.
_INSPECTING_APIS = ("cudaFuncSetAttribute", "cudaFuncGetAttributes", "cudaFuncSetCacheConfig",
                    "cudaFuncSetSharedMemConfig", "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
                    "cudaOccupancyMaxPotentialBlockSize", "cudaOccupancyMaxPotentialBlockSizeVariableSMem",
                    "cudaOccupancyAvailableDynamicSMemPerBlock")
_OCCUPANCY = "cudaOccupancyMaxPotentialBlockSize"


def _is_dim3(cursor: Cursor) -> bool:
    return is_dim3_type(cursor.type)


def _args(call: Cursor) -> list[Cursor]:
    """A call's arguments: its expression children after the callee."""
    kids = [k for k in children(call) if k.kind.is_expression()]
    return kids[1:] if kids and strip(kids[0]).kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF) \
        and kids[0].spelling == call.spelling else kids


def call_name(call: Cursor) -> str:
    """The name a call spells: in a template, a call whose arguments depend on its
    parameters (`cudaLaunchKernelEx(&cfg, kernel, ...)`) has no spelling of its own,
    only the overloaded name it calls."""
    if call.spelling:
        return call.spelling
    kids = [k for k in children(call) if k.kind.is_expression()]
    first = kids[0] if kids else None
    if first is not None and first.kind == K.DECL_REF_EXPR and not first.spelling:
        ref = next((k for k in children(first) if k.kind == K.OVERLOADED_DECL_REF), None)
        return ref.spelling if ref is not None else ""
    return ""


_CONFIG_CALLS = ("cudaConfigureCall", "__cudaPushCallConfiguration")  # what clang makes of `<<<...>>>`


def _config(call: Cursor) -> Cursor | None:
    return next((k for k in children(call) if k.kind == K.CALL_EXPR and k.spelling in _CONFIG_CALLS), None)


_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR)


def uncast(c: Cursor, through: tuple[K, ...] = _CASTS) -> Cursor | None:
    """`c` under its explicit casts (`(void *)f` -> `f`), or None where one has not a single operand."""
    c = strip(c)
    while c.kind in through:
        kids = [k for k in children(c) if k.kind.is_expression()]
        if len(kids) != 1:
            return None
        c = strip(kids[0])
    return c


def variable_ref(c: Cursor) -> Cursor | None:
    """The reference to a variable (not a parameter) an expression is through casts: `(void *)f` -> `f`."""
    c = uncast(c)
    return c if c is not None and c.kind == K.DECL_REF_EXPR and c.referenced is not None \
        and c.referenced.kind == K.VAR_DECL else None


def _function_ref(c: Cursor) -> Cursor | None:
    """The function an expression names (through casts and `&`: `(void *)&k`)."""
    c = uncast(c, _CASTS + (K.UNARY_OPERATOR,))
    ref = c.referenced if c is not None and c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) else None


def _is_kernel(ref: Cursor) -> bool:
    base = specialized_template(ref) if ref.kind == K.FUNCTION_DECL else None
    return any(k.kind == K.CUDAGLOBAL_ATTR for d in (ref, base) if d is not None for k in children(d))


def instance_of(ref: Cursor) -> Instance | None:
    """The integral template arguments a call names (as collect.py keys a
    kernel's instantiations); () for a plain function, None when dependent
    or not all integers rapcc can read (a parameter pack)."""
    if ref.kind == K.FUNCTION_TEMPLATE:
        return None
    if ref.get_num_template_arguments() <= 0:
        return ()
    tmpl = specialized_template(ref)
    pairs = nontype_template_arguments(ref, tmpl) if tmpl is not None else None
    if pairs is None or any(v is None for _, v in pairs):
        return None
    return tuple((decl_key(prm), v) for prm, v in pairs if v is not None)


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
    for k in children(c):
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


def _walk_parents(c: Cursor, parent: Cursor | None = None, walks: Preorder | None = None):
    yield c, parent
    for k in (walks.children(c) if walks is not None else children(c)):
        yield from _walk_parents(k, c, walks)


_REF_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR,
              K.CXX_FUNCTIONAL_CAST_EXPR)
_LAUNCH_EX = ("cudaLaunchKernelEx", "cudaLaunchKernelExC")  # (config *, kernel, ...): the config is only read


def _escaped(body: Cursor, walks: Preorder) -> dict[str, str]:
    """Locals and parameters whose address is taken, or bound to a reference
    (`int &r = n`, `f(n)` for `void f(int &)`, `std::cin >> n`), or captured by
    a lambda: key -> why; a member counts for its variable (`std::swap(b.x, b.y)`,
    `set(b.x)`, `&b.x`, `unsigned &r = b.x`), and so do a `const &` bound to it
    (`Cfg c(b)` for `Cfg(const dim3 &)`, unless host_readonly.py proves the callee
    only reads it; `std::min(t, 256)` read as a value) and a `?:` or `,` that may
    give it as an object (`(f ? b : b2).x = 64`). Out-parameters of
    cudaOccupancyMaxPotentialBlockSize are modelled where the call is made, and
    the config `cudaLaunchKernelEx(&cfg, ...)` reads; neither is counted.
    `walks`: the parse's walks."""
    out: dict[str, str] = {}
    lambdas: list[tuple[int, int]] = []
    modelled = {k.extent.start.offset for call in walks.walk(body)
                if call.kind == K.CALL_EXPR and call.spelling == _OCCUPANCY
                for a in _args(call)[:2] for k in walks.walk(a) if k.kind == K.DECL_REF_EXPR}
    modelled |= {k.extent.start.offset for call in walks.walk(body)
                 if call.kind == K.CALL_EXPR and call_name(call) in _LAUNCH_EX
                 for a in _args(call)[:1] if strip(a).kind == K.UNARY_OPERATOR
                 for k in walks.walk(a) if k.kind == K.DECL_REF_EXPR}
    # The kernel a launch API is given is only read (a dependent call in a template binds it directly).
    modelled |= {k.extent.start.offset for call in walks.walk(body)
                 if call.kind == K.CALL_EXPR and (call_name(call) in _LAUNCH_EX or call_name(call) in _LAUNCH_APIS)
                 for a in _args(call)[(1 if call_name(call) in _LAUNCH_EX else 0):][:1]
                 for k in walks.walk(a) if k.kind == K.DECL_REF_EXPR}
    modelled |= readonly_arguments(body, walks)  # a params struct a wrapper only reads (host_records.py)
    stack: list[Cursor] = []

    def visit(c: Cursor) -> None:
        if c.kind == K.LAMBDA_EXPR:
            lambdas.append((c.extent.start.offset, c.extent.end.offset))
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind in (K.VAR_DECL, K.PARM_DECL):
            note(c)
        stack.append(c)
        for k in walks.children(c):
            visit(k)
        stack.pop()

    def note(c: Cursor) -> None:
        key, name, at, line = decl_key(c.referenced), c.spelling, c.extent.start.offset, c.location.line
        if any(s <= at < e for s, e in lambdas):
            out.setdefault(key, f"'{name}' is captured by a lambda")
        if not stack or at in modelled:
            return
        node, use = lvalue_use(c, stack)
        if use is None:
            return
        # A constructor call has no callee child: its first child is an argument.
        ctor = use.kind == K.CALL_EXPR and use.referenced is not None and use.referenced.kind == K.CONSTRUCTOR
        callee = None if ctor else next(iter(children(use)), None)
        path = [c]  # from the name up to `node`
        for a in reversed(stack):
            if path[-1] == node:
                break
            path.append(a)
        chosen = any(chooses(a, b) for b, a in zip(path, path[1:]))
        if chosen and not (use.kind == K.UNEXPOSED_EXPR or (use.kind == K.CALL_EXPR and use.spelling == "dim3")):
            # `(f ? b : b2).x = 64`, `dim3 &r = f ? b : b2`: an object whose writes `_writes` cannot name
            out.setdefault(key, f"'{name}' may be the object a '?:' or ',' gives (line {line})")
        elif use.kind == K.UNARY_OPERATOR and unary_operator(use) == "&":
            out.setdefault(key, f"the address of '{name}' is taken (line {line})")
        elif use.kind == K.CALL_EXPR and use.spelling not in ("operator=", "dim3") \
                and not (callee is not None and callee == node) and c.spelling != use.spelling \
                and not _selection_read(use, stack):
            out.setdefault(key, f"'{name}' is passed by reference to '{use.spelling}' (line {line})")
        elif use.kind == K.CALL_EXPR and callee is not None and callee == node and _may_write_its_object(node):
            out.setdefault(key, f"'{name}' calls its method '{node.spelling}' (line {line})")
        elif use.kind == K.VAR_DECL and is_reference(use.type):
            out.setdefault(key, f"'{name}' is bound to the reference '{use.spelling}' (line {line})")
        elif use.kind in _REF_CASTS and _may_bind(use, c.referenced):  # of the lvalue itself: a reference
            out.setdefault(key, f"'{name}' is cast to a reference (line {line})")

    visit(body)
    return out


def _may_write_its_object(callee: Cursor) -> bool:
    """Whether a member call's callee (`q.widen` in `q.widen()`) may write its object: any
    method but a `const` one of a library class (dim3's `operator uint3`); a `const`
    method of the file's own may cast `this`."""
    method = callee.referenced if callee.kind == K.MEMBER_REF_EXPR else None
    if method is None or method.kind not in (K.CXX_METHOD, K.CONVERSION_FUNCTION, K.FUNCTION_TEMPLATE):
        return False
    return not (method.is_const_method() and method.location.file is not None
                and method.location.is_in_system_header)


def _selection_read(call: Cursor, ancestors: list[Cursor]) -> bool:
    """Whether `call` is the standard library's `std::min` or `std::max` of two
    arguments, whose result is read as a value (`int u = std::min(t, 256)`): they
    take `const &`s, write neither and return one of them (the interpreter's
    `call_value` computes them), so the arguments do not escape unless the
    returned reference itself is bound, cast or passed on.
    `ancestors`: the cursors above a mention under `call`, outermost first."""
    ref = call.referenced
    if ref is None or ref.kind != K.FUNCTION_DECL or ref.spelling not in ("min", "max") or len(_args(call)) != 2 \
            or not in_std(ref):
        return False
    at = max(i for i, a in enumerate(ancestors) if a == call)
    _, use = lvalue_use(call, ancestors[:at])
    return use is not None and use.kind == K.UNEXPOSED_EXPR  # not a conversion keeping it: a value read


def _may_bind(cast: Cursor, var: Cursor) -> bool:
    """Whether a cast applied to a variable itself may give a reference to it. Outside a
    template a value cast reads the variable first (an implicit conversion between the
    two); in a template a value cast (`reinterpret_cast<const void *>(kernel)`) has the
    variable as its operand: its type, no reference, no array and not dependent, says so."""
    t = cast.type.get_canonical()  # the expression's type: a cast to `unsigned &` has type `unsigned`
    if t.kind.name in ("DEPENDENT", "UNEXPOSED", "INVALID") or var.type.get_canonical().kind.name.endswith("ARRAY"):
        return True
    if any(k.kind == K.TYPE_REF and is_reference(k.type) for k in children(cast)):
        return True  # a reference spelled through a typedef
    spelled = _spelled_type(cast)
    return spelled is None or "&" in spelled or "&&" in spelled


def _spelled_type(cast: Cursor) -> list[str] | None:
    """The tokens of the type a cast spells: `(T)` or `xxx_cast<T>`; None where they cannot be told."""
    tokens = [t.spelling for t in cast.get_tokens()]
    if not tokens:
        return None
    opening, closing = ("(", ")") if tokens[0] == "(" else ("<", ">")
    start = 0 if opening == "(" else (tokens.index("<") if "<" in tokens else None)
    if start is None:
        return None
    depth = 0
    for i in range(start, len(tokens)):
        if tokens[i] == opening:
            depth += 1
        elif tokens[i] == closing:
            depth -= 1
            if depth == 0:
                return tokens[start + 1:i]
        elif tokens[i] == ">>" and opening == "<":
            return None  # `cast<a<b>>`: not split here
    return None


def _occupancy_outputs(call: Cursor) -> tuple[str, Unknown] | None:
    """(the block-size variable, its value) of `cudaOccupancyMaxPotentialBlockSize(&grid, &block, k, smem, limit)`."""
    args = _args(call)
    if len(args) < 2:
        return None
    target = strip(args[1])
    kids = [k for k in children(target)]
    if target.kind != K.UNARY_OPERATOR or len(kids) != 1 or strip(kids[0]).kind != K.DECL_REF_EXPR:
        return None
    limit = evaluate_int(strip(args[4])) if len(args) >= 5 else 0
    bound = limit if limit is not None and 0 < limit <= MAX_THREADS else MAX_THREADS
    return (decl_key(strip(kids[0]).referenced),
            Unknown(f"the block size is chosen at run time by '{_OCCUPANCY}' (1-D, at most {bound} threads)", bound))



def _writes(c: Cursor, walks: Preorder) -> set[str]:
    """Variables a statement may assign (`=`, compound, `++`, `operator=`, `.x = `);
    `walks`: the parse's walks (a loop's statements are asked again per loop around them)."""
    out = set()
    for k in walks.walk(c):
        target = None
        if k.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or (k.kind == K.BINARY_OPERATOR and binary_operator(k) == "="):
            target = next(iter(children(k)), None)
        elif k.kind == K.UNARY_OPERATOR and unary_operator(k) in ("++", "--", "x++", "x--"):
            target = next(iter(children(k)), None)
        elif k.kind == K.CALL_EXPR and k.spelling == "operator=":
            target = next(iter(children(k)), None)
        elif k.kind == K.VAR_DECL:
            out.add(decl_key(k))
        while target is not None and strip(target).kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            target = next(iter(children(strip(target))), None)
        if target is not None and strip(target).kind == K.DECL_REF_EXPR and strip(target).referenced is not None:
            out.add(decl_key(strip(target).referenced))
    return out


def library_function(ref: Cursor | None) -> bool:
    """Whether a callee is declared in a system header (`std::min`, CUDA's `min(int, int)`):
    a `min` of the file's own may compute anything (it is run as the file's function)."""
    return ref is not None and ref.location.file is not None and ref.location.is_in_system_header


def errors_in(fn: Cursor) -> list[int]:
    """The offsets of clang's errors in the file that defines `fn` (not the main file)."""
    import clang.cindex as ci
    name = fn.extent.start.file.name if fn.extent.start.file is not None else None
    return [d.location.offset for d in fn.translation_unit.diagnostics
            if d.severity >= ci.Diagnostic.Error and d.location.file is not None and d.location.file.name == name]


def array_uses(body: Cursor, decl: Cursor) -> Unknown | int:
    """The length of local array `decl` where `body` uses it only as `a[i]`
    read as a value or assigned (`a[i] = v`, `a[i] += v`), else why not."""
    key = decl_key(decl)
    for c, parent in _walk_parents(body):
        if c.kind != K.DECL_REF_EXPR or c.referenced is None or decl_key(c.referenced) != key:
            continue
        sub = parent
        while sub is not None and sub.kind == K.UNEXPOSED_EXPR:  # the decay to a pointer
            sub = _parent_of(body, sub)
        if sub is None or sub.kind != K.ARRAY_SUBSCRIPT_EXPR or strip(children(sub)[0]).extent != c.extent:
            return Unknown(f"'{decl.spelling}' is used other than as '{decl.spelling}[i]' (line {c.location.line})")
        use = _parent_of(body, sub)
        assigned = use is not None and ((use.kind == K.BINARY_OPERATOR and binary_operator(use) == "=")
                                        or use.kind == K.COMPOUND_ASSIGNMENT_OPERATOR) \
            and children(use)[0].extent == sub.extent
        if not assigned and (use is None or use.kind != K.UNEXPOSED_EXPR):
            return Unknown(f"'{decl.spelling}[i]' may be written through at line {c.location.line}")
    return decl.type.get_array_size()


def copies_dim3(c: Cursor, args: list[Cursor]) -> bool:
    """An unnamed `dim3` construction from one `dim3`: the copy or move
    constructor, as C++14 spells a `dim3` parameter's conversion (`k<<<g, n>>>`
    with a `size_t n`: a copy of `dim3(n)`, which C++17 no longer makes)."""
    # A call has its callee as a child: one child alone is a construction, and a `dim3`
    # made from one `dim3` is copied or moved (its other constructors take integers or
    # a `uint3`, which a `dim3` reaches only through a user conversion, never preferred).
    kids = [k for k in children(c) if k.kind.is_expression()]
    return _is_dim3(c) and len(kids) == 1 and len(args) == 1 and _is_dim3(args[0]) \
        and (c.referenced is None or c.referenced.kind == K.CONSTRUCTOR)


def _parent_of(body: Cursor, node: Cursor) -> Cursor | None:
    return next((p for c, p in _walk_parents(body) if c == node), None)
