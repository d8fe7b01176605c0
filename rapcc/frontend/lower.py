"""Lower libclang function bodies to the sound IR (`rapcc.sound_ir`).

The whitelist rule: each cursor kind below is lowered to a node whose
semantics `analysis/absint.py` models exactly; every other kind becomes an
`Opaque` node that names what it may write and the shared arrays it reaches.
Implicit conversions are kept as `Conv` nodes with clang's own types, so the
usual arithmetic conversions, promotions and overload resolution (`max(int,
unsigned)` picks the unsigned overload) are clang's, not rapcc's.
"""
from __future__ import annotations

from dataclasses import replace

from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .. import sound_ir as s
from .clangext import binary_operator, children, evaluate_int, member_spelling, overloaded_decls, \
    specialized_template, strip, unary_operator
from .exprs import decl_key, int_type
from .lower_casts import bare_lvalue, reinterprets
from .lower_intrinsics import intrinsic_call, lane_assignment, laneid_local, neg_assignment, neg_local
from .lower_refs import (asm_outputs, end_of, is_local as _is_local, kids as _kids, offset_of, only_plain_uses,
                         param_use)
from .preorder import Preorder
from .statements import for_parts
from .tokens import FileTokens


_ARRAY_TYPES = {T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.DEPENDENTSIZEDARRAY, T.VARIABLEARRAY}
_BINARY = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||", ","}
_CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR}
_LITERALS = {K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR}
_BUILTIN_STRUCTS = {"threadIdx", "blockIdx", "blockDim", "gridDim"}
_MIN = {"min", "umin", "llmin", "ullmin"}
_MAX = {"max", "umax", "llmax", "ullmax"}
_ABS = {"abs", "labs", "llabs"}
_SYNC = {"__syncthreads", "__syncwarp", "__threadfence", "__threadfence_block", "__threadfence_system",
         "__syncthreads_count", "__syncthreads_and", "__syncthreads_or"}
_ATOMICS = {f"atomic{op}{scope}" for op in ("Add", "Sub", "Exch", "Min", "Max", "Inc", "Dec", "CAS", "And", "Or", "Xor")
            for scope in ("", "_block", "_system")}
_FUNCTIONS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD}


def lower_type(t) -> s.Ty:
    canon = t.get_canonical()
    if canon.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
        canon = canon.get_pointee().get_canonical()
    it = int_type(canon)
    if it is not None:
        return s.int_ty(it)
    kind = canon.kind
    if kind == T.POINTER:
        return s.Ty(s.ValueKind.POINTER, pointee_rank=_rank(canon.get_pointee().get_canonical()))
    if kind in _ARRAY_TYPES:  # an array lvalue: as a pointer to its first element
        return s.Ty(s.ValueKind.POINTER, pointee_rank=_rank(canon.element_type.get_canonical()))
    return s.OTHER


def _rank(t) -> int | None:
    n = 0
    while t.kind in _ARRAY_TYPES:
        n += 1
        t = t.element_type.get_canonical()
    if t.kind in (T.DEPENDENT, T.UNEXPOSED):
        return None
    return n


def _element(t):
    t = t.get_canonical()
    while t.kind in _ARRAY_TYPES:
        t = t.element_type.get_canonical()
    return t


def _pointee_spelling(t) -> str | None:
    canon = t.get_canonical()
    if canon.kind == T.POINTER:
        return _element(canon.get_pointee()).spelling.replace("const ", "").replace("volatile ", "")
    if canon.kind in _ARRAY_TYPES:
        return _element(canon).spelling.replace("const ", "").replace("volatile ", "")
    return None


def _member_extent(t) -> int | None:
    """A member's extent when it is a 1-D constant array, 0 for any other array, None for no array."""
    canon = t.get_canonical()
    if canon.kind not in _ARRAY_TYPES:
        return None
    if canon.kind != T.CONSTANTARRAY or canon.element_type.get_canonical().kind in _ARRAY_TYPES:
        return 0
    return max(canon.element_count, 0)


def is_shared(decl: Cursor) -> bool:
    return decl.kind == K.VAR_DECL and any(c.kind == K.CUDASHARED_ATTR for c in children(decl))


def _system(decl: Cursor) -> bool:
    loc = decl.location
    return loc.file is not None and loc.is_in_system_header


def _exprs(c: Cursor) -> list[Cursor]:
    return [k for k in children(c) if k.kind.is_expression()]


def _overloaded(c: Cursor) -> list[Cursor]:
    """The functions a dependent call's name (`f<dir>(...)` in a template) may mean."""
    found = next((k for k in c.walk_preorder() if k.kind == K.OVERLOADED_DECL_REF), None)
    return [d for d in overloaded_decls(found) if d.kind in _FUNCTIONS] if found is not None else []


class FunctionLowering:
    """Lowers one function definition; `shared` maps the keys of every
    `__shared__` array of the file to their names."""

    def __init__(self, fn: Cursor, shared: set[str], tokens: FileTokens, providers: frozenset[str] = frozenset()):
        self.fn = fn
        self.shared = shared
        self.providers = providers
        self.tokens = tokens
        self.escaped: set[str] = set()
        self.writes: dict[str, int] = {}
        self.escapes: list[tuple[str, str, int]] = []
        self.seen_refs: set[int] = set()  # offsets of shared names lowered into a modelled node
        self.all_refs: dict[int, str] = {}  # offset -> array key, for every shared name in the body
        self.unseen_functions: set[str] = set()  # functions whose address this body takes
        self._ref_writes: set[str] = set()  # locals the call being lowered binds to a plain `T &`

    # ---- the pre-pass: what escapes, what is written ----
    def scan(self, body: Cursor, walks: Preorder | None = None) -> None:
        for c in (walks.walk(body) if walks is not None else body.walk_preorder()):
            kind = c.kind
            if kind == K.DECL_REF_EXPR and c.referenced is not None:
                ref = c.referenced
                if decl_key(ref) in self.shared:
                    self.all_refs[offset_of(c)] = decl_key(ref)
            if kind == K.UNARY_OPERATOR:
                op = unary_operator(c)
                if op == "&":
                    self._escape_base(_kids(c)[0])
                elif op in ("++", "--", "x++", "x--"):
                    self._count_write(_kids(c)[0])
            elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                if kind == K.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(c) == "=":
                    self._count_write(_kids(c)[0])
            elif kind == K.VAR_DECL and c.type.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                self.escaped.add(decl_key(c))
                for k in _exprs(c):
                    self._escape_base(k)
            elif kind == K.VAR_DECL and c.storage_class.name == "STATIC" and not is_shared(c):
                self.escaped.add(decl_key(c))
            elif kind == K.CALL_EXPR:
                self._scan_call(c)
            elif kind in _CASTS and len(ops := _exprs(c)) == 1 and bare_lvalue(ops[0]):
                # A reference cast (`(unsigned &)g = 100u`): a write through it is not an
                # assignment of the local the lowering sees.
                self._escape_base(ops[0])
            elif kind == K.ASM_STMT and (lane := laneid_local(c)) is not None:
                self.writes[lane] = self.writes.get(lane, 0) + 1  # `x = lane` (lower_intrinsics.py)
            elif kind == K.ASM_STMT and (mask := neg_local(c)) is not None:
                self.writes[mask] = self.writes.get(mask, 0) + 1  # `x = 0u - e` (lower_intrinsics.py)
            elif kind == K.ASM_STMT and (outputs := asm_outputs(c, self.tokens)) is not None:
                self.escaped |= outputs
            elif kind in (K.LAMBDA_EXPR, K.ASM_STMT, K.MS_ASM_STMT, K.CXX_FOR_RANGE_STMT, K.CXX_TRY_STMT):
                for k in c.walk_preorder():
                    if k.kind == K.DECL_REF_EXPR and k.referenced is not None and _is_local(k.referenced):
                        self.escaped.add(decl_key(k.referenced))
            elif kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind in _FUNCTIONS:
                pass  # a callee position is checked in _scan_call; see _function_use

    def _escape_base(self, c: Cursor) -> None:
        c = strip(c)
        while c.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR) and _kids(c):
            c = strip(_kids(c)[0])
        if c.kind == K.DECL_REF_EXPR and c.referenced is not None and _is_local(c.referenced):
            self.escaped.add(decl_key(c.referenced))

    def _count_write(self, target: Cursor) -> None:
        t = strip(target)
        if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
            k = decl_key(t.referenced)
            self.writes[k] = self.writes.get(k, 0) + 1

    def _scan_call(self, c: Cursor) -> None:
        ref = c.referenced
        args = list(c.get_arguments())
        params = list(ref.get_arguments()) if ref is not None and ref.kind in _FUNCTIONS | {K.CONSTRUCTOR} else None
        definition = ref.get_definition() if ref is not None and ref.kind in _FUNCTIONS else None
        callee = strip(_kids(c)[0]) if _kids(c) else None
        if definition is not None and (definition.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)
                                       or callee is None or callee.kind != K.DECL_REF_EXPR):
            definition = None  # interpreted only as a plain call of a function of this file (lowering's USER)
        bound: dict[str, int] = {}
        for i, a in enumerate(args):
            use = s.RefUse.ESCAPING
            if params is not None and i < len(params) and ref is not None and _system(ref):
                # The toolkit's functions: a `const T&` is read, a `T&` may be written.
                kind = params[i].type.get_canonical()
                use = (s.RefUse.VALUE if kind.kind not in (T.LVALUEREFERENCE, T.RVALUEREFERENCE)
                       else s.RefUse.CONST if kind.get_pointee().is_const_qualified() else s.RefUse.ESCAPING)
            elif params is not None and i < len(params):
                use = param_use(params[i], definition if definition is not None and not _system(definition) else None)
            if use == s.RefUse.PLAIN:
                target = strip(a)
                if target.kind == K.DECL_REF_EXPR and target.referenced is not None and _is_local(target.referenced):
                    key = decl_key(target.referenced)
                    bound[key] = bound.get(key, 0) + 1
                    self._count_write(a)
                    continue
                use = s.RefUse.ESCAPING
            if use == s.RefUse.ESCAPING:
                self._escape_base(a)
        # One variable bound to two references of one call: each write is seen through the other.
        self.escaped |= {k for k, n in bound.items() if n > 1}
        if ref is None or ref.kind not in _FUNCTIONS:
            # A call through a pointer, a lambda, a functor or an unresolved
            # name: whatever its object and arguments name may be written.
            for k in _kids(c):
                self._escape_base(k)

    # ---- statements ----
    def stmt(self, c: Cursor) -> s.Stmt:
        kind = c.kind
        kids = _kids(c)
        if kind == K.COMPOUND_STMT:
            return s.Block(tuple(self.stmt(k) for k in kids))
        if kind == K.DECL_STMT:
            return s.Block(tuple(self._decl(d) for d in kids))
        if kind == K.NULL_STMT:
            return s.Block(())
        if kind == K.IF_STMT:
            return self._if(c, kids)
        if kind == K.FOR_STMT:
            return self._for(c, kids)
        if kind == K.WHILE_STMT and len(kids) == 2 and kids[0].kind.is_expression():
            return s.Loop(s.LoopKind.WHILE, None, self.cond(kids[0]), None, self.stmt(kids[1]))
        if kind == K.DO_STMT and len(kids) == 2 and kids[1].kind.is_expression():
            return s.Loop(s.LoopKind.DO, None, self.cond(kids[1]), None, self.stmt(kids[0]))
        if kind == K.SWITCH_STMT and len(kids) == 2 and kids[0].kind.is_expression():
            return s.Switch(self.expr(kids[0]), self.stmt(kids[1]))
        if kind == K.CASE_STMT and len(kids) == 2:
            value = evaluate_int(kids[0])
            if value is not None:
                return s.Case(value, self.stmt(kids[1]))
        if kind == K.DEFAULT_STMT and len(kids) == 1:
            return s.Case(None, self.stmt(kids[0]))
        if kind == K.BREAK_STMT:
            return s.Break()
        if kind == K.CONTINUE_STMT:
            return s.Continue()
        if kind == K.RETURN_STMT:
            return s.Return(self.expr(kids[0]) if kids else None)
        if kind == K.LABEL_STMT and len(kids) == 1:
            return s.Label(c.spelling, self.stmt(kids[0]))
        if kind == K.GOTO_STMT:
            target = next((k for k in kids if k.kind == K.LABEL_REF), None)
            if target is not None:
                return s.Goto(target.spelling)
        if kind.is_expression():
            return s.ExprStmt(self.expr(c))
        if kind == K.UNEXPOSED_STMT and len(kids) == 1 and kids[0].kind.is_statement():
            # An attributed statement: `#pragma unroll` on a loop changes no value.
            return self.stmt(kids[0])
        return self._opaque_stmt(c)

    def _opaque_stmt(self, c: Cursor) -> s.Stmt:
        if c.kind == K.ASM_STMT and (lane := lane_assignment(c, lower_type)) is not None:
            return lane
        if c.kind == K.ASM_STMT and (mask := neg_assignment(c, lower_type, self.expr)) is not None:
            return mask
        writes, arrays = self._effects(c)
        if c.kind == K.ASM_STMT and (outputs := asm_outputs(c, self.tokens)) is not None:
            writes = outputs
        jumps = any(k.kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.RETURN_STMT,
                               K.LABEL_STMT) for k in c.walk_preorder())
        return s.OpaqueStmt(frozenset(writes), frozenset(arrays), c.kind.name.lower(), offset_of(c), jumps)

    def _decl(self, d: Cursor) -> s.Stmt:
        if d.kind != K.VAR_DECL:
            return self._opaque_stmt(d) if any(k.kind.is_expression() for k in d.walk_preorder()) else s.Block(())
        if is_shared(d) or decl_key(d) in self.providers:
            # Declared once for the block (see Program.arrays); a provider's
            # pointer is the launch's dynamic memory, whatever its helper does.
            return s.Block(())
        key = decl_key(d)
        ty = lower_type(d.type)
        canon = d.type.get_canonical()
        exprs = _exprs(d)
        if canon.kind in _ARRAY_TYPES:
            # A local array: its elements are not followed (reads are unknown),
            # but its initializer may name a shared array.
            inits = [self.expr(e) for e in exprs]
            self.escaped.add(key)
            return s.Block(tuple(s.ExprStmt(e) for e in inits))
        if canon.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE) and exprs and (
                canon.get_pointee().get_canonical().kind in _ARRAY_TYPES or not only_plain_uses(self.fn, key)):
            bound = s.Unary("&", self.expr(exprs[-1]), s.Ty(s.ValueKind.POINTER), offset_of(d), end_of(d))
            return s.Decl(key, s.Ty(s.ValueKind.POINTER), bound, reference=True)
        init = self.expr(exprs[-1]) if exprs else None
        return s.Decl(key, ty, init)

    def _if(self, c: Cursor, kids: list[Cursor]) -> s.Stmt:
        if any(k.kind == K.VAR_DECL for k in kids):
            return self._opaque_stmt(c)
        if len(kids) == 2:
            return s.If(self.cond(kids[0]), self.stmt(kids[1]), None)
        if len(kids) in (3, 4):
            has_else = self._else_between(kids[-2], kids[-1])
            if has_else is None:
                return self._opaque_stmt(c)
            if len(kids) == 4 and not has_else:
                return self._opaque_stmt(c)
            if has_else:
                init = kids[:-3]
                cond, then, other = kids[-3:]
                body: s.Stmt = s.If(self.cond(cond), self.stmt(then), self.stmt(other))
            else:
                init = kids[:-2]
                cond, then = kids[-2:]
                body = s.If(self.cond(cond), self.stmt(then), None)
            return s.Block(tuple(self.stmt(i) for i in init) + (body,))
        return self._opaque_stmt(c)

    def _else_between(self, a: Cursor, b: Cursor) -> bool | None:
        start, end = end_of(a), offset_of(b)
        if end < start:
            return None  # written through a macro: the tokens cannot tell
        return any(t.spelling == "else" for t in self.tokens.between(start, end))

    def _for(self, c: Cursor, kids: list[Cursor]) -> s.Stmt:
        parts = for_parts(c, self.tokens)
        if "init" not in parts or any(k.kind == K.VAR_DECL for k in kids):
            return self._opaque_stmt(c)
        init = self.stmt(parts["init"]) if parts["init"] is not None else None
        cond = self.cond(parts["cond"]) if parts["cond"] is not None else None
        step = self.expr(parts["inc"]) if parts["inc"] is not None else None
        return s.Loop(s.LoopKind.FOR, init, cond, step, self.stmt(parts["body"]))

    def cond(self, c: Cursor) -> s.Expr:
        return self.expr(c)

    # ---- expressions ----
    def expr(self, c: Cursor) -> s.Expr:
        kind = c.kind
        if kind == K.PAREN_EXPR:
            kids = _kids(c)
            return self.expr(kids[0]) if len(kids) == 1 else self._opaque(c)
        if kind == K.UNEXPOSED_EXPR:
            kids = _kids(c)
            if len(kids) != 1:
                return self._opaque(c)
            inner = self.expr(kids[0])
            conv = self._conv(c.type, kids[0].type, inner, reinterprets=False)
            return replace(conv, implicit=True) if isinstance(conv, s.Conv) else conv
        if kind in _LITERALS:
            v = evaluate_int(c)
            return s.Lit(v, lower_type(c.type)) if v is not None else s.Unknown(lower_type(c.type))
        if kind in (K.FLOATING_LITERAL, K.STRING_LITERAL, K.IMAGINARY_LITERAL, K.CXX_NULL_PTR_LITERAL_EXPR,
                    K.GNU_NULL_EXPR, K.LAMBDA_EXPR):
            return s.Unknown(lower_type(c.type))
        if kind == K.CXX_UNARY_EXPR:  # sizeof, alignof
            v = evaluate_int(c)
            return s.Lit(v, lower_type(c.type)) if v is not None else s.Unknown(lower_type(c.type))
        if kind == K.DECL_REF_EXPR:
            return self._decl_ref(c)
        if kind == K.MEMBER_REF_EXPR:
            return self._member(c)
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            kids = _kids(c)
            if len(kids) == 2:
                return s.Subscript(self.expr(kids[0]), self.expr(kids[1]), lower_type(c.type), offset_of(c), end_of(c))
        if kind == K.UNARY_OPERATOR:
            return self._unary(c)
        if kind == K.BINARY_OPERATOR:
            op = binary_operator(c)
            kids = _kids(c)
            if len(kids) == 2:
                if op == "=":
                    return s.Assign("", self.expr(kids[0]), self.expr(kids[1]), lower_type(kids[0].type))
                if op in _BINARY:
                    return s.Binary(op, self.expr(kids[0]), self.expr(kids[1]), lower_type(c.type))
        if kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            op = binary_operator(c)[:-1]
            kids = _kids(c)
            if len(kids) == 2 and op in _BINARY:
                return s.Assign(op, self.expr(kids[0]), self.expr(kids[1]), lower_type(kids[0].type))
        if kind == K.CONDITIONAL_OPERATOR:
            kids = _kids(c)
            if len(kids) == 3:
                return s.Select(self.expr(kids[0]), self.expr(kids[1]), self.expr(kids[2]), lower_type(c.type))
        if kind in _CASTS or kind == K.CXX_CONST_CAST_EXPR:
            ops = _exprs(c)
            if len(ops) == 1 and kind in _CASTS and reinterprets(c, ops[0], self.tokens):
                # The bytes at the operand's address, as another type: its address
                # is what the cast uses, and a shared one escapes (interpret.py).
                place = s.Unary("&", self.expr(ops[0]), s.Ty(s.ValueKind.POINTER), offset_of(c), end_of(c))
                return s.Conv(s.OTHER, place)
            if len(ops) == 1:
                inner = self.expr(ops[0])
                if kind == K.CXX_CONST_CAST_EXPR:
                    return inner
                return self._conv(c.type, ops[0].type, inner, reinterprets=True)
        if kind == K.CALL_EXPR:
            return self._call(c)
        return self._opaque(c)

    def _conv(self, to, frm, inner: s.Expr, reinterprets: bool) -> s.Expr:
        target, source = lower_type(to), lower_type(frm)
        if target.kind == s.ValueKind.POINTER and source.kind == s.ValueKind.POINTER:
            a, b = _pointee_spelling(to), _pointee_spelling(frm)
            if a is not None and b is not None and a != b and not a.startswith("void"):
                # A view of the memory as another element type: not followed.
                return s.Conv(s.OTHER, inner)
            if target.pointee_rank != source.pointee_rank and frm.get_canonical().kind not in _ARRAY_TYPES:
                return s.Conv(s.OTHER, inner)
            return inner if target == source or frm.get_canonical().kind in _ARRAY_TYPES else s.Conv(target, inner)
        if target == source and target.kind != s.ValueKind.OTHER:
            return inner
        return s.Conv(target, inner)

    def _decl_ref(self, c: Cursor) -> s.Expr:
        ref = c.referenced
        ty = lower_type(c.type)
        if ref is None:
            return s.Unknown(ty)
        key = decl_key(ref)
        if ref.kind in (K.VAR_DECL, K.PARM_DECL):
            if key in self.shared:
                self.seen_refs.add(offset_of(c))
                ref_expr = s.SharedRef(key, offset_of(c))
                if key in self.providers or ref.type.get_canonical().kind in _ARRAY_TYPES:
                    return ref_expr
                # A `__shared__` scalar or struct names its one object, not a
                # pointer: `off` reads (or is assigned) element 0 of it. As a bare
                # SharedRef, `t[off]` took `off` for the pointer (`i[p]` written
                # backwards) and recorded the access on it: t's subscripts went
                # unchecked and a flat walk past a row was padded.
                return s.Subscript(ref_expr, s.Lit(0, s.int_ty(s.INT)), ty, offset_of(c), end_of(c))
            if ref.spelling == "warpSize" and _system(ref):
                return s.Builtin("warpSize")
            if _is_local(ref):
                return s.Var(key, lower_type(ref.type))
            if ref.type.is_const_qualified() and ty.kind == s.ValueKind.INT:
                v = evaluate_int(ref)
                if v is not None:
                    return s.Lit(v, ty)
            return s.Unknown(ty)
        if ref.kind == K.UNEXPOSED_DECL and ref.type.is_const_qualified() and ty.kind == s.ValueKind.INT:
            # A variable template's specialization (kRows<1024>), which libclang
            # does not expose as a VAR_DECL: a const one's initializer as clang
            # instantiated it; a dependent one does not evaluate (Unknown).
            v = evaluate_int(ref)
            if v is not None:
                return s.Lit(v, ty)
        if ref.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
            return s.TemplateParam(ref.spelling, ty)
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return s.Lit(ref.enum_value, ty)
        if ref.kind in _FUNCTIONS:
            self.unseen_functions.add(key)
        return s.Unknown(ty)

    def _member(self, c: Cursor) -> s.Expr:
        kids = _kids(c)
        if len(kids) == 1:
            base = strip(kids[0])
            ref = base.referenced if base.kind == K.DECL_REF_EXPR else None
            member = member_spelling(c)
            if ref is not None and ref.spelling in _BUILTIN_STRUCTS and _system(ref) and member in ("x", "y", "z"):
                return s.Builtin(f"{ref.spelling}.{member}")
            arrow = kids[0].type.get_canonical().kind == T.POINTER
            return s.Field(self.expr(kids[0]), arrow, lower_type(c.type), offset_of(c), end_of(c),
                           _member_extent(c.type))
        return self._opaque(c)

    def _unary(self, c: Cursor) -> s.Expr:
        op = unary_operator(c)
        kids = _kids(c)
        if len(kids) != 1:
            return self._opaque(c)
        ty = lower_type(c.type)
        if op in ("++", "--", "x++", "x--"):
            return s.Step(1 if "+" in op else -1, not op.startswith("x"), self.expr(kids[0]), ty)
        if op in ("-", "~", "!", "+", "*", "&"):
            return s.Unary(op, self.expr(kids[0]), ty, offset_of(c), end_of(c))
        return self._opaque(c)

    def _call(self, c: Cursor) -> s.Expr:
        saved, self._ref_writes = self._ref_writes, set()
        call = self._call_node(c)
        if self._ref_writes and isinstance(call, s.Call):
            call = replace(call, writes=frozenset(self._ref_writes))
        self._ref_writes = saved
        return call

    def _call_node(self, c: Cursor) -> s.Expr:
        ref = c.referenced
        ty = lower_type(c.type)
        kids = _kids(c)
        args = [self.expr(a) for a in c.get_arguments()]
        start, end = offset_of(c), end_of(c)
        callee_expr = kids[0] if kids else None
        # The object of a member call (`v.f()`) or the callee expression
        # itself is evaluated for what it names.
        extra: list[s.Expr] = []
        if callee_expr is not None:
            inner = strip(callee_expr)
            if inner.kind == K.MEMBER_REF_EXPR:
                objects = _kids(inner)
                dot = bool(objects) and objects[0].type.get_canonical().kind != T.POINTER
                # `v.f()` hands the method `&v`: for a shared element, its address.
                extra = [self._address(k) if dot and not (ref is not None and _system(ref)) else self.expr(k)
                         for k in objects]
            elif inner.kind not in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF):
                extra = [self.expr(callee_expr)]
        args = self._bind_references(c, ref, args)
        if (known := intrinsic_call(c, ty, args, start, end, self.shared)) is not None:
            return known
        if ref is None or ref.kind not in _FUNCTIONS:
            return s.Call(s.CallKind.EXTERNAL, None, tuple(extra + args), ty, start, end)
        name = ref.spelling
        if _system(ref):
            if name in _MIN and ty.kind == s.ValueKind.INT and len(args) == 2:
                return s.Call(s.CallKind.MIN, None, tuple(args), ty, start, end)
            if name in _MAX and ty.kind == s.ValueKind.INT and len(args) == 2:
                return s.Call(s.CallKind.MAX, None, tuple(args), ty, start, end)
            if name in _ABS and ty.kind == s.ValueKind.INT and len(args) == 1:
                return s.Call(s.CallKind.ABS, None, tuple(args), ty, start, end)
            if name in _SYNC:
                return s.Call(s.CallKind.SYNC, None, tuple(args), ty, start, end)
            if name in _ATOMICS:
                return s.Call(s.CallKind.ATOMIC, None, tuple(args), ty, start, end)
            if name in ("memcpy_async", "__pipeline_memcpy_async") and not extra:
                return s.Call(s.CallKind.ASYNC_COPY, None, tuple(args), ty, start, end)
            return s.Call(s.CallKind.EXTERNAL, None, tuple(extra + args), ty, start, end)
        definition = ref.get_definition()
        if definition is not None and not extra and definition.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) \
                and definition.location.file is not None and not _system(definition):
            return s.Call(s.CallKind.USER, decl_key(definition), tuple(args), ty, start, end)
        return s.Call(s.CallKind.EXTERNAL, None, tuple(extra + args), ty, start, end)

    def _address(self, c: Cursor) -> s.Expr:
        # The lvalue itself: the implicit casts that bind it to a reference do not move it.
        return s.Unary("&", self.expr(strip(c)), s.Ty(s.ValueKind.POINTER), 0, 0)

    def _bind_references(self, c: Cursor, ref: Cursor | None, args: list[s.Expr]) -> list[s.Expr]:
        """Arguments bound to references a callee may use as more than a value
        (`(&x)[1]`) are passed as addresses, so a shared element's escapes.
        The toolkit's functions are trusted; a function of this file is trusted
        where its reference is only read and assigned (lower_refs.param_use)."""
        if ref is not None and _system(ref):
            return args
        decls = [ref] if ref is not None else [d for k in _kids(c)[:1] for d in _overloaded(k)]
        if len(decls) != 1:  # a callee rapcc cannot name: every argument may be a reference
            return [self._address(a) for a in c.get_arguments()]
        fn = decls[0]
        template = specialized_template(fn) if fn.kind == K.FUNCTION_DECL else None
        if template is not None and template.kind == K.FUNCTION_TEMPLATE:
            fn = template  # an instance: its template's text is the one that runs
        params = [p for p in children(fn) if p.kind == K.PARM_DECL]
        definition = fn.get_definition()
        if definition is not None and (_system(definition) or definition.location.file is None):
            definition = None
        shift = len(args) - len(params)  # a member operator's object comes first
        out = []
        for i, (a, e) in enumerate(zip(c.get_arguments(), args)):
            j = i - shift
            use = param_use(params[j], definition) if 0 <= j < len(params) else s.RefUse.ESCAPING
            if use == s.RefUse.ARRAY and not isinstance(e, s.SharedRef):
                use = s.RefUse.ESCAPING  # only a shared array itself is followed into an accessor (run.py)
            out.append(self._address(a) if use == s.RefUse.ESCAPING else e)
            if use == s.RefUse.PLAIN and (root := s.root_local(e)) is not None:
                self._ref_writes.add(root)
        return out

    def _effects(self, c: Cursor) -> tuple[set[str], set[str]]:
        """What an unmodelled construct may write (every local it names) and the shared arrays it names."""
        writes, arrays = set(), set()
        for k in c.walk_preorder():
            if k.kind == K.DECL_REF_EXPR and k.referenced is not None:
                key = decl_key(k.referenced)
                if key in self.shared:
                    arrays.add(key)
                    self.seen_refs.add(offset_of(k))
                elif _is_local(k.referenced):
                    writes.add(key)
        return writes, arrays

    def _opaque(self, c: Cursor) -> s.Opaque:
        writes, arrays = self._effects(c)
        return s.Opaque(frozenset(writes), frozenset(arrays), c.kind.name.lower(), lower_type(c.type), offset_of(c))
