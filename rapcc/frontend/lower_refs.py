"""How a function's references and asm operands reach the locals it names
(for the escape pre-pass of lower.py): a plain `T&` parameter, and the
output operands of a GNU asm statement, write their locals and nothing else."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .. import sound_ir as s
from .clangext import binary_operator, children, file_location, strip, unary_operator
from .exprs import decl_key
from .tokens import FileTokens, top_level


def kids(c: Cursor) -> list[Cursor]:
    return children(c)


def is_local(decl: Cursor) -> bool:
    if decl.kind == K.PARM_DECL:
        return True
    parent = decl.semantic_parent
    return parent is not None and parent.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.LAMBDA_EXPR,
                                                  K.CONSTRUCTOR, K.DESTRUCTOR)


def offset_of(c: Cursor) -> int:
    return file_location(c.extent.start).offset


def end_of(c: Cursor) -> int:
    return file_location(c.extent.end).offset


def param_use(param: Cursor, definition: Cursor | None) -> s.RefUse:
    """How the function `definition` (None: a function rapcc cannot read) uses
    `param`: a reference is trusted only where the body reads it (through its
    implicit load) or assigns it as a whole, never takes its address or
    passes it on; `const` then makes it a read."""
    t = param.type.get_canonical()
    if t.kind not in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
        return s.RefUse.VALUE
    if definition is None:
        return s.RefUse.ESCAPING
    # The definition's parameter in the same place: a prototype may name its
    # parameters otherwise, even swapped (`f(int &b, int &a)`; issue 31).
    owner = param.semantic_parent
    mine = [p for p in children(owner) if p.kind == K.PARM_DECL] if owner is not None else []
    place = next((i for i, p in enumerate(mine) if p == param), None)
    theirs = [p for p in children(definition) if p.kind == K.PARM_DECL]
    target = theirs[place] if place is not None and place < len(theirs) and len(mine) == len(theirs) else None
    body = next((k for k in children(definition) if k.kind == K.COMPOUND_STMT), None)
    if target is None or body is None or not target.spelling:
        return s.RefUse.ESCAPING
    if array_extents(t) is not None and array_accessor(definition, body, decl_key(target), len(array_extents(t) or ())):
        return s.RefUse.ARRAY
    if not only_plain_uses(body, decl_key(target)):
        return s.RefUse.ESCAPING
    return s.RefUse.CONST if t.get_pointee().is_const_qualified() else s.RefUse.PLAIN



def array_extents(t) -> tuple[int, ...] | None:
    """The extents of `T (&)[32][33]` (an lvalue reference to an array whose
    every extent is a constant); None for any other type."""
    t = t.get_canonical()
    if t.kind != T.LVALUEREFERENCE:
        return None
    t = t.get_pointee().get_canonical()
    dims: list[int] = []
    while t.kind == T.CONSTANTARRAY:
        dims.append(t.element_count)
        t = t.element_type.get_canonical()
    if not dims or t.kind in (T.INCOMPLETEARRAY, T.VARIABLEARRAY, T.DEPENDENTSIZEDARRAY) or min(dims) <= 0:
        return None
    return tuple(dims)


def _bare(t) -> str:
    return t.get_canonical().spelling.replace("const ", "").replace("volatile ", "")


def array_accessor(definition: Cursor, body: Cursor, key: str, rank: int) -> bool:
    """Whether `definition` is exactly the element accessor rapcc emits (the
    whitelist of RefUse.ARRAY): it returns an lvalue reference to the array's
    element type, and its body is the one statement `return a[e0]...[e<rank-1>];`
    whose base is the parameter `key` and whose subscripts do not name it.
    Anything else (another statement, a row returned, a walk `&a[i][0] + k`,
    a conversion) is not this shape."""
    result = definition.result_type.get_canonical()
    stmts = kids(body)
    if result.kind != T.LVALUEREFERENCE or len(stmts) != 1 or stmts[0].kind != K.RETURN_STMT:
        return False
    ret = kids(stmts[0])
    if len(ret) != 1:
        return False
    e = strip(ret[0])
    for _ in range(rank):
        parts = kids(e) if e.kind == K.ARRAY_SUBSCRIPT_EXPR else []
        if len(parts) != 2 or any(k.kind == K.DECL_REF_EXPR and k.referenced is not None
                                  and decl_key(k.referenced) == key for k in parts[1].walk_preorder()):
            return False
        e = strip(parts[0])
    if e.kind != K.DECL_REF_EXPR or e.referenced is None or decl_key(e.referenced) != key:
        return False
    element = e.referenced.type.get_canonical().get_pointee().get_canonical()
    for _ in range(rank):
        element = element.element_type.get_canonical()
    return _bare(result.get_pointee()) == _bare(element)


def only_plain_uses(body: Cursor, key: str) -> bool:
    """Whether every use of the reference `key` in `body` reads it (through its
    implicit load) or assigns it as a whole: no address taken, no member, no
    passing on, no capture by a lambda or an asm operand."""
    def plain(node: Cursor) -> bool:
        for k in children(node):
            if k.kind == K.DECL_REF_EXPR and k.referenced is not None and decl_key(k.referenced) == key:
                up = node
                if up.kind == K.PAREN_EXPR:
                    return False
                if up.kind == K.UNEXPOSED_EXPR and len(kids(up)) == 1:
                    continue  # its value loaded
                first = kids(up)[0] if kids(up) else None
                if up.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and first == k and (
                        up.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(up) == "="):
                    continue
                if up.kind == K.UNARY_OPERATOR and unary_operator(up) in ("++", "--", "x++", "x--"):
                    continue
                return False
            if k.kind in (K.LAMBDA_EXPR, K.ASM_STMT, K.MS_ASM_STMT) and any(
                    x.kind == K.DECL_REF_EXPR and x.referenced is not None and decl_key(x.referenced) == key
                    for x in k.walk_preorder()):
                return False
            if not plain(k):
                return False
        return True
    return plain(body)


def asm_outputs(c: Cursor, tokens: FileTokens) -> set[str] | None:
    """The locals named in a GNU asm statement's output operands (after
    its first top-level ':'), which it writes; its inputs are only read.
    None when the tokens cannot tell (the statement comes from a macro)."""
    start, end = offset_of(c), end_of(c)
    if end <= start:
        return None
    colons = top_level(tokens.between(start, end), 1, {":": 1, "::": 2})  # `::`: no outputs, then inputs
    if not colons:
        return set()
    lo, hi = colons[0], colons[1] if len(colons) > 1 else end
    out = set()
    for k in c.walk_preorder():
        if k.kind == K.DECL_REF_EXPR and k.referenced is not None and is_local(k.referenced):
            off = offset_of(k)
            if off < start or off > end:
                return None
            if lo < off < hi:
                out.add(decl_key(k.referenced))
    return out
