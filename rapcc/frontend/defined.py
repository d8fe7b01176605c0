"""The kernels a translation unit defines in the user's files: the functions
a compile step needs the project's launches of (build/launch_index.py narrows
the project scan to the files that may name them; issue 28)."""
from __future__ import annotations

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .toplevel import top_level

_FUNCTIONS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)
# Where a kernel's definition may sit (a `__global__` function is no class member).
_SCOPES = (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL)


def defined_kernels(tu: ci.TranslationUnit) -> tuple[str, ...]:
    """The names of the `__global__` functions and function templates defined
    in the main file and its user headers, sorted. One this misses (a friend
    definition inside a class) is outside the scan's scope: unknown, never dropped."""
    found: set[str] = set()
    pending: list[Cursor] = [t.cursor for t in top_level(tu) if t.file is not None and not t.system]
    while pending:
        c = pending.pop()
        if c.kind in _FUNCTIONS:
            if c.is_definition() and any(k.kind == K.CUDAGLOBAL_ATTR for k in children(c)):
                found.add(c.spelling)
        elif c.kind in _SCOPES:
            pending.extend(children(c))
    return tuple(sorted(found))


__all__ = ["defined_kernels"]
