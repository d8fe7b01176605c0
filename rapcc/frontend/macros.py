"""The integer macros a kernel's text reads, and the values this parse gave them.

A layout is proved for the macro values of one parse. A build that compiles
the rewritten file with other `-D` values (a tile size behind `#ifndef
TILE_DIM`, a stride passed on the command line) would run a mapping proved
for other sizes and indices, so the rewrite records the values it relied on
and the output refuses to compile under any other (see templates/guards.j2).
"""
from __future__ import annotations

import os

import clang.cindex as ci
from clang.cindex import CursorKind as K

from .. import cint, ir
from ..cint import CType
from ..build_macros import ARCH_MACROS, ARCH_PREFIXES, RUNTIME_VERSION_MACROS, VERSION_MACROS
from .clangext import macro_function_like
from .parse import SHIM_DIR
from .tokens import FileTokens
from .toplevel import top_level

_NVCC_MACROS = frozenset(VERSION_MACROS + RUNTIME_VERSION_MACROS + ARCH_MACROS)
_OPERATORS = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "~", "(", ")"}
MAX_DEPTH = 16


def _nvcc_defines(name: str) -> bool:
    return name in _NVCC_MACROS or name.startswith(ARCH_PREFIXES)


def _definitions(tu: ci.TranslationUnit, wanted: set[str]) -> dict[str, list[str]]:
    """Body tokens of each object-like macro in `wanted`, as the parse last
    defined it. rapcc's stand-ins are left out: they spell the platform's
    constants (INT_MAX, UINT64_MAX), which no build's -D flags change, and a
    guard on them would only make nvcc warn ("integer constant is so large").
    So are nvcc's own (`__CUDA_ARCH__`, `__CUDACC_VER_MAJOR__`): they are the
    compile's (build_macros.py), and `__CUDA_ARCH__` is undefined in nvcc's
    host pass, where a guard on it would stop the compile."""
    out: dict[str, list[str]] = {}
    shim = str(SHIM_DIR) + os.sep
    for top in top_level(tu):
        c = top.cursor
        if top.kind != K.MACRO_DEFINITION or (top.file is not None and top.file.startswith(shim)) \
                or c.spelling not in wanted or macro_function_like(c) or _nvcc_defines(c.spelling):
            continue
        out[c.spelling] = [t.spelling for t in c.get_tokens()][1:]
    return out


class _Int:
    """An integer of the preprocessor's arithmetic (C11 6.10.1p4: every value
    is an intmax_t or, from an unsigned operand on, a uintmax_t), whose Python
    operators are C's (cint): the value a guard's `#if` compares against."""

    __slots__ = ("v", "t")

    def __init__(self, v: int | cint.Undefined, t: CType):
        if isinstance(v, cint.Undefined):
            raise ValueError(v.value)
        self.v, self.t = v, t


for _py, _c in (("add", "+"), ("sub", "-"), ("mul", "*"), ("floordiv", "/"), ("mod", "%"), ("lshift", "<<"),
                ("rshift", ">>"), ("and", "&"), ("or", "|"), ("xor", "^")):
    setattr(_Int, f"__{_py}__", lambda a, b, op=_c: _Int(*cint.arithmetic(op, a.v, a.t, b.v, b.t)))
for _py, _c in (("neg", "-"), ("pos", "+"), ("invert", "~")):
    setattr(_Int, f"__{_py}__", lambda a, op=_c: _Int(cint.unary(op, a.v, a.t), a.t))


def _literal(token: str) -> str | None:
    """`token` as a call making its `_Int`: unsigned with a `u` suffix or where intmax_t cannot hold it."""
    try:
        v = int(token.rstrip("uUlL"), 0)
    except ValueError:
        return None
    unsigned = "u" in token.lower() or v > cint.LLONG.hi
    return f"_I({v}, {unsigned})"


def _value(name: str, defs: dict[str, list[str]], depth: int = 0) -> _Int | None:
    """The integer an object-like macro expands to, as the preprocessor
    computes it, when its expansion is integer literals, operators and other
    such macros; None otherwise (or where C leaves it undefined)."""
    body = defs.get(name)
    if body is None or not body or depth > MAX_DEPTH:
        return None
    text = []
    for t in body:
        if t in _OPERATORS:
            text.append("//" if t == "/" else t)
        elif t[:1].isdigit():
            lit = _literal(t)
            if lit is None:
                return None
            text.append(lit)
        elif t in defs:
            v = _value(t, defs, depth + 1)
            if v is None:
                return None
            text.append(f"(_I({v.v}, {not v.t.signed}))")
        else:
            return None
    make = {"_I": lambda v, unsigned: _Int(v, cint.ULLONG if unsigned else cint.LLONG)}  # v is in range
    try:
        value = eval(" ".join(text), {"__builtins__": {}}, make)  # literals and operators only (checked above)
    except (SyntaxError, TypeError, ValueError):
        return None
    return value if isinstance(value, _Int) else None


def macro_values(tu: ci.TranslationUnit, tokens: FileTokens,
                 kernels: tuple[ir.Kernel, ...]) -> dict[str, tuple[tuple[str, int], ...]]:
    """Function name -> ((macro, value), ...) for the integer object-like macros
    its text names (directly; the macros they expand to are checked through
    them); the name "" holds those the whole file names."""
    def names(start: int, end: int) -> set[str]:
        return {t.spelling for t in tokens.between(start, end) if t.spelling[:1].isalpha() or t.spelling[:1] == "_"}
    names_by_fn = {k.name: names(k.range.start, k.range.end) for k in kernels}
    # A file-scope array may be used anywhere: "" stands for the whole file.
    names_by_fn[""] = names(0, tokens.tokens[-1].end + 1) if tokens.tokens else set()
    wanted = set().union(*names_by_fn.values()) if names_by_fn else set()
    defs = _definitions(tu, wanted)
    # Macros the wanted ones expand to: their bodies must be resolvable too.
    pending = [t for body in defs.values() for t in body]
    while pending:
        extra = {t for t in pending if (t[:1].isalpha() or t[:1] == "_") and t not in defs}
        more = _definitions(tu, extra) if extra else {}
        defs.update(more)
        pending = [t for body in more.values() for t in body]
    out = {}
    for fn, names in names_by_fn.items():
        found = tuple(sorted((n, v.v) for n in names if n in defs and (v := _value(n, defs)) is not None))
        if found:
            out[fn] = found
    return out
