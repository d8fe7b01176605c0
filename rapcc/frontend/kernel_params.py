"""The parameter types of the kernels a file defines, spelled so that a
launch written outside the kernel's scope can pass values of them
(`rapcc/cupy_plan.py` writes the launches a CuPy caller states).

A parameter whose type depends on the template's parameters (`T *`) has no
spelling outside the template: such a kernel has none (None).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .parse import ParseConfig, ParseError, parse_tolerant
from .toplevel import main_file_tops

_SCOPES = (K.NAMESPACE, K.LINKAGE_SPEC)
_FUNCTIONS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)


def _qualified(cursor: Cursor) -> str:
    parts = []
    c: Cursor | None = cursor
    while c is not None and c.kind != K.TRANSLATION_UNIT:
        if c.kind == K.NAMESPACE and c.spelling:
            parts.append(c.spelling)
        elif c.kind in _FUNCTIONS:
            parts.append(c.spelling)
        c = c.semantic_parent
    return "::".join(reversed(parts))


def _kernels(cursors: list[Cursor]) -> list[Cursor]:
    out = []
    for c in cursors:
        if c.kind in _SCOPES:
            out += _kernels(children(c))
        elif c.kind in _FUNCTIONS and any(k.kind == K.CUDAGLOBAL_ATTR for k in children(c)):
            out.append(c)
    return out


def _spelled(fn: Cursor) -> tuple[str, ...] | None:
    types = []
    for p in children(fn):
        if p.kind != K.PARM_DECL:
            continue
        spelling = p.type.get_canonical().spelling
        # A type named only inside the template, or with no name to write.
        if not spelling or any(w in spelling for w in ("type-parameter", "<dependent type>", "(anonymous", "(lambda",
                                                       "(unnamed")):
            return None
        types.append(spelling)
    return tuple(types)


def kernel_parameter_types(path: str, source: bytes, config: ParseConfig) -> dict[str, tuple[str, ...] | None]:
    """Qualified kernel name (`tiles::transpose`) -> its parameters' types,
    None where one depends on a template parameter or where two kernels share
    the name (overloads: which one a name means is not this module's to say).
    Empty where the file does not parse."""
    try:
        parsed = parse_tolerant(path, source, config)
    except ParseError:
        return {}
    out: dict[str, tuple[str, ...] | None] = {}
    for fn in _kernels(main_file_tops(parsed.tu)):
        name = _qualified(fn)
        spelled = _spelled(fn)
        if name in out and out[name] != spelled:
            out[name] = None
        else:
            out[name] = spelled
    return out
