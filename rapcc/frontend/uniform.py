"""Block-uniform locals: a divergence analysis over one function body.

A local is uniform when every write gives it a value built from uniform
operands (literals, a kernel's parameters, template parameters, blockIdx,
blockDim, gridDim, other uniform locals) under uniform control (every
enclosing condition uniform, and no lane leaving a loop early on its own), so
that the threads of a block that reach a point of the program hold the same
value there. This is the classic divergence analysis of GPU compilers
(Coutinho et al., "Divergence Analysis and Optimizations", PACT 2011), kept
to what rapcc asks of it: whether a variable that enters a loop with a value
the front end cannot follow (`iStage`, carried across the SDK's pipelined
matrix multiply) has one value for the whole block, so that the sampler may
try representative values for it as it does for a kernel parameter.

Loads, calls and the address of a variable make a value divergent: a load of
a shared scalar is uniform in fact, but nothing here proves the stores to it.
"""
from __future__ import annotations

from typing import Callable

from clang.cindex import Cursor
from clang.cindex import CursorKind as K
from clang.cindex import TypeKind

from .clangext import binary_operator, children, evaluate_int, unary_operator
from .exprs import decl_key, strip

_UNIFORM_BUILTINS = {"blockIdx", "blockDim", "gridDim"}
_LITERALS = {K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.FLOATING_LITERAL,
             K.CXX_NULL_PTR_LITERAL_EXPR}
_PASS_THROUGH = {K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                 K.CXX_FUNCTIONAL_CAST_EXPR, K.BINARY_OPERATOR, K.CONDITIONAL_OPERATOR}
_LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT}


class _Divergent(Exception):
    """Control the analysis does not follow (`goto`): nothing is uniform."""


ForParts = Callable[[Cursor], "dict[str, Cursor | None]"]


def uniform_locals(body: Cursor, params_uniform: bool, for_parts: ForParts) -> frozenset[str]:
    """Keys of the locals of `body` that are block-uniform wherever they are
    read. `params_uniform`: the function's parameters are uniform (a kernel's
    are; a device function's hold whatever each call passes). `for_parts`
    names a `for` header's init, cond and inc (libclang leaves out the parts
    a header omits, so only the tokens tell them apart)."""
    candidates = {decl_key(c) for c in body.walk_preorder() if c.kind == K.VAR_DECL}
    uniform = set(candidates)
    try:
        while True:
            divergent = _divergent_writes(body, frozenset(uniform), params_uniform, for_parts)
            if not divergent & uniform:
                return frozenset(uniform)
            uniform -= divergent
    except _Divergent:
        return frozenset()


def nonnegative_counter(body: Cursor, key: str) -> bool:
    """Whether every write to `key` in `body` gives it a non-negative constant
    or adds one (`iStage = 0`, `++iStage`): its value is never negative."""
    for c in body.walk_preorder():
        target, value = _write(c)
        if target is None or decl_key(target) != key:
            continue
        if c.kind == K.UNARY_OPERATOR:
            if unary_operator(c) not in ("++", "x++"):
                return False
            continue
        if c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR and binary_operator(c) != "+=":
            return False
        n = evaluate_int(value) if value is not None else None
        if n is None or n < 0:
            return False
    return True


def _write(c: Cursor) -> tuple[Cursor | None, Cursor | None]:
    """(the variable written, the value it is given or stepped by) of a write, or (None, None)."""
    if c.kind == K.VAR_DECL:
        value = next((k for k in children(c) if k.kind.is_expression()), None)
        return (c, value) if value is not None else (None, None)
    if (c.kind == K.BINARY_OPERATOR and binary_operator(c) == "=") or c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
        lhs, rhs = children(c)
        lhs = strip(lhs)
        if lhs.kind == K.DECL_REF_EXPR and lhs.referenced is not None:
            return lhs.referenced, rhs
    if c.kind == K.UNARY_OPERATOR and unary_operator(c) in ("++", "--", "x++", "x--"):
        t = strip(next(iter(children(c))))
        if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
            return t.referenced, None
    return None, None


def _divergent_writes(body: Cursor, uniform: frozenset[str], params_uniform: bool, for_parts: ForParts
                      ) -> set[str]:
    out: set[str] = set()

    def value_uniform(c: Cursor) -> bool:
        return _uniform_expr(c, uniform, params_uniform)

    def walk(c: Cursor, control: bool) -> None:
        if c.kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT):
            raise _Divergent()
        target, value = _write(c)
        if target is not None:
            if not control or (value is not None and not value_uniform(value)):
                out.add(decl_key(target))
        if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&":
            t = strip(next(iter(children(c))))
            if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
                out.add(decl_key(t.referenced))  # written where rapcc does not look
        kids = children(c)
        if c.kind == K.IF_STMT and len(kids) >= 2:
            cond = kids[1] if kids[0].kind == K.DECL_STMT and len(kids) >= 3 else kids[0]  # `if (init; cond)`
            inner = control and value_uniform(cond)
            for k in kids:
                walk(k, control if k is cond or k.kind == K.DECL_STMT else inner)
            return
        if c.kind in _LOOPS:
            parts = for_parts(c) if c.kind == K.FOR_STMT else {}
            cond = parts.get("cond") if c.kind == K.FOR_STMT else (kids[0] if c.kind == K.WHILE_STMT else kids[-1])
            inner = control and (cond is None or value_uniform(cond)) and not _leaves_early(c, uniform, params_uniform)
            init = parts.get("init")
            for k in kids:
                walk(k, control if init is not None and k == init else inner)
            return
        if c.kind == K.SWITCH_STMT and kids:
            inner = control and value_uniform(kids[0])
            for k in kids:
                walk(k, inner)
            return
        if c.kind == K.CONDITIONAL_OPERATOR and len(kids) == 3:
            inner = control and value_uniform(kids[0])
            walk(kids[0], control)
            walk(kids[1], inner)
            walk(kids[2], inner)
            return
        if c.kind == K.BINARY_OPERATOR and binary_operator(c) in ("&&", "||") and len(kids) == 2:
            walk(kids[0], control)
            walk(kids[1], control and value_uniform(kids[0]))
            return
        for k in kids:
            walk(k, control)

    walk(body, True)
    return out


def _leaves_early(loop: Cursor, uniform: frozenset[str], params_uniform: bool) -> bool:
    """Whether a lane may leave a trip or the loop on its own: a `break` or
    `continue` of this loop under a condition that is not uniform."""
    def walk(c: Cursor, control: bool) -> bool:
        if c.kind in (K.BREAK_STMT, K.CONTINUE_STMT):
            return not control
        if c.kind in _LOOPS or c.kind == K.SWITCH_STMT:
            # Their own break/continue stay inside; a `continue` in a switch
            # still leaves the enclosing loop's trip.
            return c.kind == K.SWITCH_STMT and any(
                k.kind == K.CONTINUE_STMT for k in c.walk_preorder())
        kids = children(c)
        if c.kind == K.IF_STMT and kids:
            cond = kids[0]
            inner = control and _uniform_expr(cond, uniform, params_uniform)
            return any(walk(k, inner) for k in kids[1:])
        return any(walk(k, control) for k in kids)
    body = children(loop)
    return bool(body) and walk(body[-1] if loop.kind != K.DO_STMT else body[0], True)


def _uniform_expr(c: Cursor, uniform: frozenset[str], params_uniform: bool) -> bool:
    if c.kind in _LITERALS:
        return True
    if c.kind == K.DECL_REF_EXPR:
        ref = c.referenced
        if ref is None:
            return False
        if ref.kind in (K.ENUM_CONSTANT_DECL, K.TEMPLATE_NON_TYPE_PARAMETER):
            return True
        if ref.kind == K.PARM_DECL:
            return params_uniform
        if ref.kind == K.VAR_DECL:
            return decl_key(ref) in uniform or (ref.type.is_const_qualified() and evaluate_int(c) is not None)
        return False
    if c.kind == K.MEMBER_REF_EXPR:
        base = next(iter(children(c)), None)
        base = strip(base) if base is not None else None
        if base is None or base.kind != K.DECL_REF_EXPR:
            return False
        if base.spelling in _UNIFORM_BUILTINS:
            return True
        # A member of a struct held by value (`par.number_boxes`), not through a pointer.
        return base.type.get_canonical().kind == TypeKind.RECORD and _uniform_expr(base, uniform, params_uniform)
    if c.kind == K.UNARY_OPERATOR and unary_operator(c) in ("*", "&", "++", "--", "x++", "x--"):
        return False
    if c.kind == K.CXX_UNARY_EXPR:  # sizeof, alignof
        return True
    if c.kind in _PASS_THROUGH or c.kind == K.UNARY_OPERATOR:
        return all(_uniform_expr(k, uniform, params_uniform) for k in children(c) if k.kind.is_expression())
    return False
