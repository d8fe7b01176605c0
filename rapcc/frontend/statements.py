"""Statement-level facts the front end reads off libclang cursors: the parts
of a `for`, canonical induction steps, self-updates (`v += s`, `v = v * 2`),
plain assignments and how often each variable is written."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .. import ir
from .clangext import binary_operator, children, file_location, unary_operator
from .exprs import decl_key, strip, to_expr
from .preorder import Preorder
from .tokens import FileTokens, top_level

EXITS = {K.RETURN_STMT, K.CONTINUE_STMT, K.BREAK_STMT}
ADDRESS_TAKEN = 1000  # counts as this many writes: a pointer may write it anywhere


def only_exits(stmt: Cursor) -> bool:
    if stmt.kind in EXITS:
        return True
    if stmt.kind == K.COMPOUND_STMT:
        kids = children(stmt)
        return len(kids) == 1 and kids[0].kind in EXITS
    return False


def for_parts(stmt: Cursor, tokens: FileTokens) -> dict[str, Cursor | None]:
    """Split a FOR_STMT's children into init / cond / inc / body by where they
    sit relative to the header's two semicolons (libclang omits empty parts)."""
    kids = children(stmt)
    parts: dict[str, Cursor | None] = {"init": None, "cond": None, "inc": None, "body": kids[-1] if kids else None}
    start = file_location(stmt.extent.start).offset
    i = tokens.index_at(start)
    if i is None or i + 1 >= len(tokens.tokens) or tokens.tokens[i + 1].spelling != "(":
        return {"body": parts["body"]}  # written through a macro: treat as an unknown loop
    close = tokens.matching(i + 1)
    if close is None:
        return {"body": parts["body"]}
    semis = top_level(tokens.tokens[i + 2:close], 0, {";": 1})
    if len(semis) != 2:
        return {"body": parts["body"]}
    for k in kids[:-1]:
        off = file_location(k.extent.start).offset
        slot = "init" if off < semis[0] else "cond" if off < semis[1] else "inc"
        parts[slot] = k
    return parts


def loop_init(init: Cursor) -> tuple[Cursor | None, Cursor | None]:
    if init.kind == K.DECL_STMT:
        decls = [d for d in children(init) if d.kind == K.VAR_DECL]
        if len(decls) == 1:
            values = [k for k in children(decls[0]) if k.kind.is_expression()]
            if values:
                return decls[0], values[0]
    if init.kind == K.BINARY_OPERATOR and binary_operator(init) == "=":
        lhs, rhs = children(init)
        lhs = strip(lhs)
        if lhs.kind == K.DECL_REF_EXPR and lhs.referenced is not None:
            return lhs.referenced, rhs
    return None, None


def loop_step(inc: Cursor, key: str) -> tuple[str, ir.Expr] | None:
    if inc.kind == K.UNARY_OPERATOR:
        op = unary_operator(inc)
        target = strip(next(iter(children(inc))))
        if target.kind == K.DECL_REF_EXPR and target.referenced is not None and decl_key(target.referenced) == key:
            if op in ("++", "x++"):
                return "+", ir.Const(1)
            if op in ("--", "x--"):
                return "-", ir.Const(1)
        return None
    if inc.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
        op = binary_operator(inc)[:-1]
        lhs, rhs = children(inc)
        lhs = strip(lhs)
        if op in ("+", "-", "*", "/", "<<", ">>") and lhs.kind == K.DECL_REF_EXPR and lhs.referenced is not None \
                and decl_key(lhs.referenced) == key:
            return op, to_expr(rhs)
        return None
    update = self_update(inc)  # `s = s >> 1` (Parboil's rpes), `i = i + 2`
    if update is not None and update[0] == key and update[1] in ("+", "-", "*", "<<", ">>"):
        return update[1], update[2]
    return None


def plain_assignment(stmt: Cursor) -> tuple[str, Cursor] | None:
    """(variable, right-hand side) of a statement `x = e;` with x a plain variable."""
    if stmt.kind != K.BINARY_OPERATOR or binary_operator(stmt) != "=":
        return None
    lhs, rhs = children(stmt)
    lhs = strip(lhs)
    if lhs.kind != K.DECL_REF_EXPR or lhs.referenced is None or lhs.referenced.kind != K.VAR_DECL:
        return None
    return decl_key(lhs.referenced), rhs


def step_target(inc: Cursor) -> Cursor | None:
    kids = children(inc)
    if inc.kind in (K.UNARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and kids:
        t = strip(kids[0])
        if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
            return t.referenced
    return None


def self_update(stmt: Cursor) -> tuple[str, str, ir.Expr] | None:
    """(variable, op, step) of `v OP= e;`, `v++;` or `v = v OP e;`."""
    if stmt.kind == K.UNARY_OPERATOR:
        t = step_target(stmt)
        if t is None:
            return None
        step = loop_step(stmt, decl_key(t))
        return None if step is None else (decl_key(t), step[0], step[1])
    if stmt.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
        t = step_target(stmt)
        step = compound_step(stmt) if t is not None else None
        return None if step is None else (decl_key(t), step[0], step[1])
    assigned = plain_assignment(stmt)
    if assigned is None:
        return None
    key, rhs = assigned
    value = to_expr(rhs)
    while isinstance(value, ir.Cast):
        value = value.operand
    if isinstance(value, ir.BinOp) and value.op in ("+", "-", "*", "<<", ">>", "^"):
        lhs = value.lhs.operand if isinstance(value.lhs, ir.Cast) else value.lhs
        if isinstance(lhs, ir.VarRef) and lhs.key == key:
            return key, value.op, value.rhs
        # `i = 2*i` (Rodinia's srad reduction): the operand order of a
        # commutative operator does not change the step.
        rhs = value.rhs.operand if isinstance(value.rhs, ir.Cast) else value.rhs
        if value.op in ("+", "*", "^") and isinstance(rhs, ir.VarRef) and rhs.key == key:
            return key, value.op, value.lhs
    return None


def compound_step(stmt: Cursor) -> tuple[str, ir.Expr] | None:
    op = binary_operator(stmt)[:-1]
    if op not in ("+", "-", "*", "/", "<<", ">>", "^", "|", "&"):
        return None
    return op, to_expr(children(stmt)[1])


def write_of(c: Cursor) -> tuple[str, int] | None:
    """The declaration the expression `c` itself writes (or takes the address
    of) and how many writes that counts for, or None."""
    kind = c.kind  # one lookup: this runs over every cursor of each function body
    if kind == K.BINARY_OPERATOR and binary_operator(c) == "=":
        target, n = next(iter(children(c))), 1
    elif kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
        target, n = next(iter(children(c))), 1
    elif kind == K.UNARY_OPERATOR and unary_operator(c) in ("++", "--", "x++", "x--", "&"):
        target, n = next(iter(children(c))), ADDRESS_TAKEN if unary_operator(c) == "&" else 1
    else:
        return None
    target = strip(target)
    if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
        return decl_key(target.referenced), n
    return None


def assignment_counts(body: Cursor) -> dict[str, int]:
    """How many times each declaration is written (or has its address taken) in `body`."""
    counts: dict[str, int] = {}
    for c in body.walk_preorder():
        w = write_of(c)
        if w is not None:
            counts[w[0]] = counts.get(w[0], 0) + w[1]
    return counts


class SubtreeWrites:
    """`assignment_counts` of every cursor inside one function body, from one
    walk of it: the front end asks for the counts of the body, of each of its
    statements and of each loop's body, and walking each subtree anew walked
    the body once per level of nesting (issue 20).

    A subtree is one run of the body's pre-order walk (preorder.py): its
    counts are that run's writes, in the order `assignment_counts` meets them."""

    def __init__(self, walks: Preorder, body: Cursor) -> None:
        self._walks = walks
        self._start, self._end = walks.run(body)
        self._writes = [write_of(c) for c in walks.cursors()[self._start:self._end]]

    def counts(self, cursor: Cursor) -> dict[str, int] | None:
        """`assignment_counts(cursor)`, or None for a cursor outside the body."""
        run = self._walks.known(cursor)
        if run is None or run[0] < self._start or run[1] > self._end:
            return None
        counts: dict[str, int] = {}
        for w in self._writes[run[0] - self._start:run[1] - self._start]:
            if w is not None:
                counts[w[0]] = counts.get(w[0], 0) + w[1]
        return counts
