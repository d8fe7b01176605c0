"""What a full subscript chain does to its element: load, store, update,
atomic or asynchronous copy, its width and member offset, or why it must
escape (its address taken, bound to a reference a callee may keep)."""
from __future__ import annotations

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .aliases import argument_index, callee_definition, parameters
from .clangext import binary_operator, children, evaluate_int, overloaded_decls, specialized_template, unary_operator
from .exprs import decl_key, strip
from .statements import ADDRESS_TAKEN, assignment_counts
from .uses import callee_name, enclosing_call
from .collect_state import _ATOMIC_PREFIX, _CollectorState, _Ctx, _Seen


# Asynchronous copies into shared memory (LDGSTS): `cuda::memcpy_async(dst, src,
# size, pipe)`, `cooperative_groups::memcpy_async(group, dst, src, bytes)`,
# `__pipeline_memcpy_async(dst, src, bytes)`. The destination is the first
# pointer argument, the size two after it. A group's copy (the destination
# second) is one copy by the whole group: only a one-element one is followed.
_ASYNC_COPIES = ("memcpy_async", "__pipeline_memcpy_async")


class _Kinds(_CollectorState):
    """The kind of each access, read from the cursors above its subscript chain."""

    def _bound_reference(self, call: Cursor, node: Cursor, arr: ir.SharedArray, ctx: _Ctx) -> ir.AccessKind | None:
        """`Comparator(s_key[a], s_key[b], dir)` with `T &` parameters: the
        element is loaded and stored in place when the callee only reads and
        writes the reference itself (never takes its address or passes it on)."""
        fn, _ = callee_definition(call, None)  # only read: its text is not rewritten
        n = argument_index(call, node)
        types = _argument_types(call.referenced)
        if fn is None and call.referenced is not None and call.referenced.kind == K.FUNCTION_DECL:
            # A function template's instance (`ComparatorExtended<sortDir>(...)`):
            # its parameter types are the instance's, its uses of them the pattern's.
            pattern = specialized_template(call.referenced)
            fn = pattern.get_definition() if pattern is not None else None
        if fn is None and call.referenced is None:
            # Inside a template the call is dependent (`Comparator<dir>(...)`):
            # one function template by that name, read with its own parameter types.
            fn = _dependent_callee(call)
            types = [p.type for p in parameters(fn)] if fn is not None else []
            if n is not None and n < len(types) and types[n].get_pointee().get_canonical().kind in _CLASS_TYPES:
                return None  # argument-dependent lookup may find another overload when instantiated
        if fn is None or n is None or n >= len(types):
            return None
        params = parameters(fn)
        if n >= len(params) or types[n].kind != ci.TypeKind.LVALUEREFERENCE:
            return None
        if " ".join(w for w in types[n].get_pointee().get_canonical().spelling.split() if w != "const") != \
                " ".join(w for w in arr.elem_type.split() if w != "const"):
            return None
        return _reference_use(fn, params[n])

    def _access_kind(self, top: Cursor, stack: tuple[Cursor, ...], arr: ir.SharedArray,
                     ctx: _Ctx) -> tuple[ir.AccessKind, int, int, str]:
        """(kind, width, member offset, escape reason) of a full subscript chain."""
        node = top
        width, offset = 0, 0
        i = len(stack) - 1
        lvalue_to_rvalue = False
        while i >= 0 and stack[i].kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.MEMBER_REF_EXPR):
            p = stack[i]
            if p.kind == K.MEMBER_REF_EXPR:
                field_decl = p.referenced
                if field_decl is None or field_decl.kind != K.FIELD_DECL:
                    return "load", 0, 0, f"member call on an element of '{arr.name}'"
                offset += max(field_decl.get_field_offsetof(), 0) // 8
                width = max(p.type.get_size(), 0)
            elif p.kind == K.UNEXPOSED_EXPR:
                lvalue_to_rvalue = True
            node, i = p, i - 1
        parent = stack[i] if i >= 0 else None
        if parent is None:
            return "load", width, offset, ""
        if parent.kind == K.BINARY_OPERATOR and binary_operator(parent) == "=":
            first = next(iter(children(parent)))
            return ("store" if first.hash == node.hash else "load"), width, offset, ""
        if parent.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            first = next(iter(children(parent)))
            return ("update" if first.hash == node.hash else "load"), width, offset, ""
        if parent.kind == K.UNARY_OPERATOR:
            op = unary_operator(parent)
            if op in ("++", "--", "x++", "x--"):
                return "update", width, offset, ""
            if op == "&":
                call = enclosing_call(stack[:i])
                if call is not None and callee_name(call[0]).startswith(_ATOMIC_PREFIX) and call[1] == 0:
                    return "atomic", width, offset, ""
                copied = _async_copy_bytes(call) if call is not None else None
                if copied is not None and not width:
                    if copied == arr.elem_bytes:
                        return "copy", copied, offset, ""
                    if copied in (8, 16) and arr.elem_bytes and copied % arr.elem_bytes == 0 and call[1] == 0:
                        return "copy", copied, offset, _Seen(
                            f"an asynchronous copy of {copied} bytes lands at an element of '{arr.name}' "
                            "(its elements must stay adjacent)")
                return "load", width, offset, f"the address of an element of '{arr.name}' is taken"
        if parent.kind == K.CALL_EXPR and callee_name(parent).startswith("operator") and \
                next(iter(children(parent))).hash == node.hash:
            op = callee_name(parent)[len("operator"):]
            if op == "=":
                return "store", width, offset, ""
            if op in ("+=", "-=", "*=", "/=", "|=", "&=", "^=", "<<=", ">>="):
                return "update", width, offset, ""
        op = _unresolved_operator(parent) if parent.kind == K.CALL_EXPR else None
        if op is not None:
            # Inside a template, with an `operator*` overload in scope, clang
            # leaves `As[ty][k] * Bs[k][tx]` an unresolved operator call.
            operands = [k for k in children(parent) if _unresolved_operator_ref(k) is None]
            if op == "&" and len(operands) == 1:
                return "load", width, offset, f"the address of an element of '{arr.name}' is taken"
            is_first = bool(operands) and operands[0].hash == node.hash
            if is_first and op == "=":
                return "store", width, offset, ""
            if is_first and (op in ("++", "--") or (op.endswith("=") and op not in ("==", "!=", "<=", ">="))):
                return "update", width, offset, ""
            return "load", width, offset, ""
        if parent.kind == K.CALL_EXPR and not lvalue_to_rvalue and (
                _by_value(parent, node) or _copied_by_every_overload(parent, node, arr)):
            # A class-type element copied into a by-value parameter (the SDK's
            # n-body: `bodyBodyInteraction<T>(acc, pos, sharedPos[j])` takes a
            # float4), or by a copy constructor: a load of the whole element.
            return "load", width, offset, ""
        if parent.kind == K.CALL_EXPR and not lvalue_to_rvalue:
            bound = self._bound_reference(parent, node, arr, ctx)
            if bound is not None:
                return bound, width, offset, ""
            if parent.referenced is None and _unresolved_name(parent):
                # A dependent call (`atomicAdd(&out[i], s[j])` with `out` a `T *`):
                # clang resolves its overload per instance, and the template's text
                # does not say whether the element is copied or bound (issue 30).
                return "load", width, offset, (
                    f"an element of '{arr.name}' is passed to '{callee_name(parent)}', a call the template "
                    "leaves unresolved (an argument's type depends on a template parameter), so rapcc cannot "
                    "tell whether it is copied or bound to a reference")
            return "load", width, offset, f"an element of '{arr.name}' is bound to a reference in a call to '{callee_name(parent)}'"
        if parent.kind == K.VAR_DECL and parent.type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
            return "load", width, offset, f"reference '{parent.spelling}' aliases an element of '{arr.name}'"
        if parent.kind == K.CXX_UNARY_EXPR:
            return "load", width, offset, f"'sizeof' of an element of '{arr.name}'"
        return "load", width, offset, ""


_CLASS_TYPES = (ci.TypeKind.RECORD, ci.TypeKind.ENUM, ci.TypeKind.ELABORATED, ci.TypeKind.UNEXPOSED,
                ci.TypeKind.DEPENDENT)


def _unresolved_name(call: Cursor) -> bool:
    """Whether the callee is a name whose overload the template's text leaves to each instance."""
    callee = next(iter(children(call)), None)
    return callee is not None and any(c.kind == K.OVERLOADED_DECL_REF for c in callee.walk_preorder())


def _dependent_callee(call: Cursor) -> Cursor | None:
    """The definition of the one function template a dependent call can name."""
    callee = next(iter(children(call)), None)
    refs = [c for c in callee.walk_preorder() if c.kind == K.OVERLOADED_DECL_REF] if callee is not None else []
    decls = overloaded_decls(refs[0]) if len(refs) == 1 else []
    if len(decls) != 1 or decls[0].kind != K.FUNCTION_TEMPLATE:
        return None
    return decls[0].get_definition()


def _unresolved_operator(call: Cursor) -> str | None:
    """The operator of a call clang leaves unresolved in a template (`a * b`
    with an overloaded `operator*` in scope), or None for any other call."""
    for k in children(call):
        op = _unresolved_operator_ref(k)
        if op is not None:
            return op
    return None


def _unresolved_operator_ref(k: Cursor) -> str | None:
    if k.kind == K.DECL_REF_EXPR and k.referenced is not None and k.referenced.kind == K.OVERLOADED_DECL_REF:
        toks = [t.spelling for t in k.get_tokens()]
        if len(toks) == 1 and toks[0] and not (toks[0][0].isalnum() or toks[0][0] == "_"):
            return toks[0]
    return None


def _async_copy_bytes(call: tuple[Cursor, int]) -> int | None:
    """The bytes an asynchronous copy moves when argument `call[1]` is its
    destination, or None (another call, another argument, a size clang cannot
    evaluate)."""
    fn, n = call
    if callee_name(fn) not in _ASYNC_COPIES:
        return None
    args = list(fn.get_arguments())
    # In a template the destination `&As[ty][tx]` may have a dependent type.
    pointers = [k for k, a in enumerate(args)
                if a.type.get_canonical().kind in (ci.TypeKind.POINTER, ci.TypeKind.DEPENDENT)]
    if not pointers or pointers[0] != n or n + 2 >= len(args):
        return None
    size = args[n + 2]
    value = evaluate_int(size)
    if value is not None:
        return value
    ref = strip(size)
    var = ref.referenced if ref.kind == K.DECL_REF_EXPR else None
    if var is None or var.kind != K.VAR_DECL:
        return None
    # `cuda::aligned_size_t<alignof(float4)>(sizeof(float4))`: the size is the
    # largest constant in the initializer (an alignment never exceeds it).
    values = [v for k in var.walk_preorder() if k.kind.is_expression() and (v := evaluate_int(k)) is not None]
    return max(values) if values else None


def _by_value(call: Cursor, node: Cursor) -> bool:
    """Whether argument `node` of `call` is copied, not bound: the call is a
    copy constructor of a plain struct, or the parameter it lands in is not a
    reference (a dependent call's template, read with its own parameter types)."""
    ref = call.referenced
    if ref is not None and ref.kind == K.CONSTRUCTOR:
        params = parameters(ref)
        return len(params) == 1 and params[0].type.kind == ci.TypeKind.LVALUEREFERENCE \
            and params[0].type.get_pointee().is_const_qualified() \
            and _record_is_plain(params[0].type.get_pointee().get_canonical())
    n = argument_index(call, node)
    if n is None:
        return False
    if ref is not None and ref.kind == K.FUNCTION_DECL:
        types = _argument_types(ref)
    elif ref is None and (fn := _dependent_callee(call)) is not None:
        types = [p.type for p in parameters(fn)]
    else:
        return False
    if n >= len(types):
        return False
    kind = types[n].get_canonical().kind
    return kind not in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE, ci.TypeKind.POINTER,
                        ci.TypeKind.INVALID) and types[n].kind != ci.TypeKind.LVALUEREFERENCE


# Element types with no associated namespace: argument-dependent lookup adds
# no function for them, so a dependent call's candidates are the ones its
# template's text already names. Spellings only; a typedef is not taken.
_FUNDAMENTAL = frozenset({"bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int",
                          "unsigned int", "unsigned", "long", "unsigned long", "long long", "unsigned long long",
                          "float", "double"})
_SCALAR_KINDS = frozenset({ci.TypeKind.BOOL, ci.TypeKind.CHAR_S, ci.TypeKind.SCHAR, ci.TypeKind.UCHAR,
                           ci.TypeKind.SHORT, ci.TypeKind.USHORT, ci.TypeKind.INT, ci.TypeKind.UINT,
                           ci.TypeKind.LONG, ci.TypeKind.ULONG, ci.TypeKind.LONGLONG, ci.TypeKind.ULONGLONG,
                           ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE})


def _copied_by_every_overload(call: Cursor, node: Cursor, arr: ir.SharedArray) -> bool:
    """Whether a call a template leaves unresolved (`__float_as_int(tile[tx][r])`
    with `tile` a `float[TILE][TILE]`) copies argument `node` whichever
    instance it becomes: every function its name can mean is a plain function
    (no template: a `T &&` may bind) taking that argument by value, and no
    argument can bring more candidates by argument-dependent lookup (the
    element is of a fundamental type, every other argument of a fundamental
    type already). Anything else stays unresolved (issue 30)."""
    if call.referenced is not None or arr.elem_type not in _FUNDAMENTAL:
        return False
    callee = next(iter(children(call)), None)
    refs = [c for c in callee.walk_preorder() if c.kind == K.OVERLOADED_DECL_REF] if callee is not None else []
    decls = overloaded_decls(refs[0]) if len(refs) == 1 else []
    n = argument_index(call, node)
    args = list(call.get_arguments())
    if not decls or n is None or n >= len(args):
        return False
    if any(k != n and a.type.get_canonical().kind not in _SCALAR_KINDS for k, a in enumerate(args)):
        return False
    for d in decls:
        if d.kind != K.FUNCTION_DECL:
            return False
        types = _argument_types(d)
        if n >= len(types) or types[n].get_canonical().kind not in _SCALAR_KINDS:
            return False
    return True


def _record_is_plain(t: ci.Type) -> bool:
    """A struct whose copy is a plain load of its bytes (float4, a POD struct)."""
    decl = t.get_declaration()
    return decl.kind in (K.STRUCT_DECL, K.CLASS_DECL) and decl.is_definition() and not any(
        c.kind in (K.CONSTRUCTOR, K.DESTRUCTOR) and c.is_definition() and not c.is_default_method()
        for c in children(decl))


def _argument_types(fn: Cursor | None) -> list[ci.Type]:
    """Parameter types of a called function (an instance's, with its template arguments)."""
    if fn is None or fn.kind != K.FUNCTION_DECL or fn.type.kind != ci.TypeKind.FUNCTIONPROTO:
        return []
    return list(fn.type.argument_types())


_ASSIGNMENT_OPERATORS = frozenset(f"operator{op}=" for op in ("", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"))


def _reference_use(fn: Cursor, param: Cursor) -> ir.AccessKind | None:
    """'update' when the function writes reference `param` directly, 'load'
    when it only reads it, None when it takes its address, binds it to another
    reference or passes it on."""
    key = decl_key(param)
    body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
    if body is None:
        return None
    counts = assignment_counts(body)
    if counts.get(key, 0) >= ADDRESS_TAKEN:
        return None
    written = counts.get(key, 0) > 0

    def names_param(c: Cursor) -> bool:
        while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(children(c)) == 1:
            c = next(iter(children(c)))
        return c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) == key

    for c in body.walk_preorder():
        if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and \
                (c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(c) == "="):
            lhs = strip(next(iter(children(c))))
            if lhs.kind == K.MEMBER_REF_EXPR and any(names_param(k) for k in children(lhs)):
                written = True  # `n.x = ...` (the SDK's marching cubes) writes the element
        if c.kind == K.CALL_EXPR:
            args = list(c.get_arguments())
            if callee_name(c) in _ASSIGNMENT_OPERATORS and args and names_param(args[0]) \
                    and not any(names_param(a) for a in args[1:]):
                written = True  # `p = lerp(...)` on a class type: its copy assignment writes the element
                continue
            if any(names_param(a) for a in args):
                return None  # passed on: the callee may keep a reference
        if c.kind == K.VAR_DECL and c.type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.POINTER):
            if any(k.kind == K.DECL_REF_EXPR and k.referenced is not None and decl_key(k.referenced) == key
                   for k in c.walk_preorder()):
                return None
    return "update" if written else "load"
