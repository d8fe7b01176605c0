"""Which pointer aliases of shared arrays the rewrite may express.

The rewrite spells an alias's uses through the array again (`row = tile[r];
row[c]` becomes an index helper of `r` and `c` at the use), so it re-reads
what the alias's definition read. That is only the same element when nothing
the definition read, and not the alias itself, is written between the
definition and the end of its scope. A pure check over the sound IR.
"""
from __future__ import annotations

from typing import cast

from .. import sound_ir as s


def expr_children(e: s.Expr) -> tuple[s.Expr, ...]:
    if isinstance(e, (s.Conv, s.Unary)):
        return (e.operand,)
    if isinstance(e, s.Binary):
        return (e.lhs, e.rhs)
    if isinstance(e, s.Assign):
        return (e.target, e.value)
    if isinstance(e, s.Step):
        return (e.target,)
    if isinstance(e, s.Select):
        return (e.cond, e.then, e.other)
    if isinstance(e, s.Subscript):
        return (e.base, e.index)
    if isinstance(e, s.Field):
        return (e.base,)
    if isinstance(e, s.Call):
        return e.args
    return ()


def walk_expr(e: s.Expr):
    stack = [e]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(expr_children(n))


def stmt_exprs(st: s.Stmt):
    """Every expression and statement node under `st` (statements first-level included)."""
    stack: list[object] = [st]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, s.Block):
            stack += n.stmts
        elif isinstance(n, s.ExprStmt):
            stack.append(n.expr)
        elif isinstance(n, s.Decl):
            if n.init is not None:
                stack.append(n.init)
        elif isinstance(n, s.If):
            stack += [n.cond, n.then] + ([n.other] if n.other is not None else [])
        elif isinstance(n, s.Loop):
            stack += [x for x in (n.init, n.cond, n.step, n.body) if x is not None]
        elif isinstance(n, s.Switch):
            stack += [n.cond, n.body]
        elif isinstance(n, (s.Case, s.Label)):
            stack.append(n.stmt)
        elif isinstance(n, s.Return):
            if n.value is not None:
                stack.append(n.value)
        elif not isinstance(n, (s.Break, s.Continue, s.Goto, s.OpaqueStmt)):
            stack.extend(expr_children(cast(s.Expr, n)))  # an expression


def writes_of(x: object) -> set[str]:
    """The locals one node may write: an assignment's (a member of a local
    struct writes the struct), what an unmodelled construct names, and those
    a call binds to a callee's plain `T &` (`bump(r)`)."""
    if isinstance(x, (s.Assign, s.Step)):
        root = s.root_local(x.target)
        return {root} if root is not None else set()
    if isinstance(x, (s.Opaque, s.OpaqueStmt)):
        return set(x.writes)
    if isinstance(x, s.Call):
        return set(x.writes)
    if isinstance(x, s.Decl):
        return {x.key}
    return set()


def written(nodes) -> set[str]:
    out: set[str] = set()
    for n in nodes:
        for x in stmt_exprs(n):
            out |= writes_of(x)
    return out


def _reads(e: s.Expr) -> set[str]:
    return {n.key for n in walk_expr(e) if isinstance(n, s.Var)}


def _names_memory(e: s.Expr) -> bool:
    return any(isinstance(n, s.SharedRef) or (isinstance(n, s.Var) and n.ty.kind == s.ValueKind.POINTER)
               for n in walk_expr(e))


_PURE = (s.Lit, s.Var, s.Builtin, s.TemplateParam, s.Binary, s.Conv, s.Select)


def _pure(e: s.Expr) -> bool:
    """Reads locals and computes, nothing else: what the rewrite re-reads at a
    use is what the definition read, while those locals are not written."""
    for n in walk_expr(e):
        if isinstance(n, s.Unary):
            if n.op in ("*", "&"):
                return False
        elif isinstance(n, s.Call):
            if n.kind not in (s.CallKind.MIN, s.CallKind.MAX, s.CallKind.ABS):
                return False
        elif not isinstance(n, _PURE):
            return False  # memory (`tile[idx[0]]`, `st.r`), a global, an assignment
    return True


def _indices_pure(e: s.Expr) -> bool:
    """Whether every index an alias's definition computes (`tile[r]`, `s + 32 * r`,
    `&t[a][b]`) is pure; the spine from the array to the alias is not an index."""
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, s.Conv) or (isinstance(n, s.Unary) and n.op == "&"):
            stack.append(n.operand)
        elif isinstance(n, s.Subscript):
            stack.append(n.base)
            if not _pure(n.index):
                return False
        elif isinstance(n, s.Binary) and n.op in ("+", "-"):
            pointer = [x for x in (n.lhs, n.rhs) if _ty(x).kind == s.ValueKind.POINTER]
            stack += pointer
            if not all(_pure(x) for x in (n.lhs, n.rhs) if x not in pointer):
                return False
        elif isinstance(n, s.Select):
            stack += [n.then, n.other]
            if not _pure(n.cond):
                return False
        elif not isinstance(n, (s.SharedRef, s.Var)):
            return False
    return True


def _ty(e: s.Expr) -> s.Ty:
    return s.Ty(s.ValueKind.POINTER) if isinstance(e, s.SharedRef) else s.int_ty(s.INT) \
        if isinstance(e, s.Builtin) else e.ty


def unsafe_aliases(fn: s.Function) -> frozenset[str]:
    """Pointer locals and parameters whose uses the rewrite could not re-read faithfully."""
    bad: set[str] = set()
    writes = dict(fn.writes)
    for p in fn.params:
        if p.ty.kind == s.ValueKind.POINTER and (writes.get(p.key, 0) > 0 or p.key in fn.escaped):
            bad.add(p.key)

    def check(decl: s.Decl, later: list) -> None:
        if decl.ty.kind != s.ValueKind.POINTER or decl.init is None or not _names_memory(decl.init):
            return
        after = written(later)
        if decl.key in after or decl.key in fn.escaped or _reads(decl.init) & (after | fn.escaped) \
                or not _indices_pure(decl.init):
            bad.add(decl.key)

    for n in stmt_exprs(fn.body):
        if isinstance(n, s.Block):
            for i, st in enumerate(n.stmts):
                if isinstance(st, s.Decl):
                    check(st, list(n.stmts[i + 1:]))
                elif isinstance(st, s.Block):  # a declaration statement of several declarators
                    for j, d in enumerate(st.stmts):
                        if isinstance(d, s.Decl):
                            check(d, list(st.stmts[j + 1:]) + list(n.stmts[i + 1:]))
        elif isinstance(n, s.Loop) and n.init is not None:
            decls = [n.init] if isinstance(n.init, s.Decl) else [d for d in getattr(n.init, "stmts", ()) if isinstance(d, s.Decl)]
            for d in decls:
                check(d, [x for x in (n.cond, n.step, n.body) if x is not None])
    return frozenset(bad)


def stable_locals(fn: s.Function) -> frozenset[str]:
    """Locals whose value is the same wherever they are in scope: parameters
    and declarations of the body's outermost block that come before its first
    label, declared once and never written after (nor escaping). Read off the
    IR itself, `Opaque` writes included."""
    assigned = set(fn.escaped)
    declared: dict[str, int] = {}
    for x in stmt_exprs(fn.body):
        if isinstance(x, s.Decl):
            declared[x.key] = declared.get(x.key, 0) + 1
        else:
            assigned |= writes_of(x)
    out = {p.key for p in fn.params if p.key not in assigned and not p.by_reference}
    body = fn.body.stmts if isinstance(fn.body, s.Block) else ()
    for st in body:
        if any(isinstance(x, (s.Label, s.Case)) for x in stmt_exprs(st)):
            break
        decls = [st] if isinstance(st, s.Decl) else [d for d in getattr(st, "stmts", ()) if isinstance(d, s.Decl)] \
            if isinstance(st, s.Block) else []
        out |= {d.key for d in decls if d.key not in assigned and declared.get(d.key) == 1}
    return frozenset(out)
