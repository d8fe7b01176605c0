"""Block shapes of the `kernel<<<grid, block>>>(...)` launches in a file."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TranslationUnit

from .clangext import binary_operator, evaluate_int, in_main_file
from .exprs import decl_key, int_type, strip


def dim3_value(arg: Cursor, scope: Cursor, depth: int = 0) -> tuple[int, int, int] | None:
    """The constant value of a `dim3` launch argument: `dim3(32, 8)`, `256`, or
    a `dim3` variable whose initializer is constant and that is never written."""
    arg = strip(arg)
    if depth > 4:
        return None
    if arg.kind == K.CXX_FUNCTIONAL_CAST_EXPR:
        inner = [k for k in arg.get_children() if k.kind.is_expression()]
        return dim3_value(inner[0], scope, depth + 1) if len(inner) == 1 else None
    if arg.kind == K.CALL_EXPR and arg.spelling == "dim3":
        parts = [k for k in arg.get_children() if k.kind.is_expression()]
        if len(parts) == 1 and strip(parts[0]).kind == K.DECL_REF_EXPR and int_type(parts[0].type) is None:
            return dim3_value(parts[0], scope, depth + 1)  # the copy constructor
        values = [evaluate_int(strip(p)) for p in parts]
        if not 1 <= len(values) <= 3 or any(v is None or v <= 0 for v in values):
            return None
        return tuple(values + [1] * (3 - len(values)))  # type: ignore[return-value]
    if arg.kind == K.DECL_REF_EXPR and arg.referenced is not None and arg.referenced.kind == K.VAR_DECL:
        decl = arg.referenced
        if written(decl, scope):
            return None
        init = [k for k in decl.get_children() if k.kind.is_expression()]
        return dim3_value(init[0], scope, depth + 1) if len(init) == 1 else None
    return None


def written(decl: Cursor, scope: Cursor) -> bool:
    """Whether `scope` assigns `decl` or one of its members after declaring it."""
    key = decl_key(decl)
    for c in scope.walk_preorder():
        if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and \
                (c.kind != K.BINARY_OPERATOR or binary_operator(c) == "="):
            target = strip(next(c.get_children()))
            while target.kind == K.MEMBER_REF_EXPR:
                kids = list(target.get_children())
                if not kids:
                    break
                target = strip(kids[0])
            if target.kind == K.DECL_REF_EXPR and target.referenced is not None and decl_key(target.referenced) == key:
                return True
        if c.kind == K.CALL_EXPR and c.spelling == "operator=":
            first = strip(next(c.get_children(), c))
            if first.kind == K.DECL_REF_EXPR and first.referenced is not None and decl_key(first.referenced) == key:
                return True
    return False


def configure_call(call: Cursor) -> Cursor | None:
    """The `<<<...>>>` configuration of a kernel launch, or None for any other call."""
    return next((k for k in call.get_children() if k.kind == K.CALL_EXPR
                 and k.spelling in ("cudaConfigureCall", "__cudaPushCallConfiguration")), None)


def launch_block_shapes(tu: TranslationUnit) -> dict[str, list[tuple[int, int, int]]]:
    """Kernel name -> the constant block shapes of the launches the main file
    makes (of kernels defined anywhere), in source order."""
    found: dict[str, list[tuple[int, int, int]]] = {}
    for top in (c for c in tu.cursor.get_children() if in_main_file(c)):
        for c in top.walk_preorder():
            if c.kind != K.CALL_EXPR or not c.spelling:
                continue
            config = configure_call(c)
            if config is None:
                continue
            args = [k for k in config.get_children() if k.kind.is_expression() and k.spelling != config.spelling]
            shape = dim3_value(args[1], top) if len(args) >= 2 else None
            if shape is not None:
                found.setdefault(c.spelling, []).append(shape)
    return found
