"""The names of the device code a translation unit defines in the user's
files: what a compile step needs the project's launches of (build/launch_index.py
narrows the project scan to the files that may name them; issue 28)."""
from __future__ import annotations

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .clangext import children
from .toplevel import top_level

_FUNCTIONS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD)
# Scopes a function definition may sit in; function bodies are not entered (a
# local class's methods are no launchable function, and the collector keys
# what it analyses by these names).
_SCOPES = (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL,
           K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION)
_DEVICE = (K.CUDAGLOBAL_ATTR, K.CUDADEVICE_ATTR)


def device_functions(tu: ci.TranslationUnit) -> tuple[str, ...]:
    """The names of the `__global__` and `__device__` functions (templates,
    methods) defined in the main file and its user headers, sorted."""
    found: set[str] = set()
    pending: list[Cursor] = [t.cursor for t in top_level(tu) if t.file is not None and not t.system]
    while pending:
        c = pending.pop()
        if c.kind in _FUNCTIONS:
            if c.is_definition() and any(k.kind in _DEVICE for k in children(c)):
                found.add(c.spelling)
        elif c.kind in _SCOPES:
            pending.extend(children(c))
    return tuple(sorted(found))


__all__ = ["device_functions"]
