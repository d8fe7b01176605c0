"""Evaluate C index helpers with C's unsigned 32-bit semantics, over NumPy arrays.

rapcc emits every index mapping as a small C function
`unsigned f(unsigned i0, ...) { return EXPR; }`. This module parses such a
function with pycparser and evaluates it for whole index domains at once; the
planner scores candidate mappings with it and the verifier re-runs it on the
text actually written to the output file.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable

import numpy as np

from . import cint

if TYPE_CHECKING:
    from pycparser import c_ast


class CExprError(Exception):
    pass


def _u32(v) -> np.ndarray:
    return cint.wrap_array(v, cint.UINT)


def _binop(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if op not in _OPS:
        raise CExprError(f"operator '{op}' is not allowed in an index helper")
    out = cint.binary_array(op, a, b, cint.UINT)
    if isinstance(out, cint.Undefined):
        raise CExprError(f"{out.value} in index helper")
    return out


_OPS = frozenset({"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!="})


@lru_cache(maxsize=1024)
def _const(text: str) -> np.ndarray:  # only read
    return np.asarray(cint.wrap(int(text.rstrip("uUlL"), 0), cint.UINT), dtype=np.int64)


# A helper's return expression as nested tuples, each led by the kind of
# pycparser node it was: ("Constant", text), ("ID", name), ("BinaryOp", op, a,
# b), ("UnaryOp", op, a), ("Cast", a), ("TernaryOp", cond, then, else), or
# (kind,) for any other construct (refused when evaluated, as before). Plain
# data, so that a run without rapcc's server reads it from disk instead of
# importing pycparser and parsing again (issue 29).
Expr = tuple


def _eval(node: Expr, env: dict[str, np.ndarray]) -> np.ndarray:
    kind = node[0]
    if kind == "Constant":
        return _const(node[1])
    if kind == "ID":
        if node[1] not in env:
            raise CExprError(f"unknown name '{node[1]}' in index helper")
        return env[node[1]]
    if kind == "BinaryOp":
        return _binop(node[1], _eval(node[2], env), _eval(node[3], env))
    if kind == "UnaryOp" and node[1] == "~":
        return _u32(~_eval(node[2], env))
    if kind == "Cast":
        return _eval(node[1], env)  # every helper type is unsigned int
    if kind == "TernaryOp":
        return np.where(_eval(node[1], env) != 0, _eval(node[2], env), _eval(node[3], env))
    raise CExprError(f"construct '{kind}' is not allowed in an index helper")


def _tree(node: c_ast.Node) -> Expr:
    """pycparser's expression as an `Expr` (by class name: pycparser is
    imported when a helper is first parsed, not by every run of rapcc)."""
    kind = type(node).__name__
    if kind == "Constant":
        return (kind, node.value)
    if kind == "ID":
        return (kind, node.name)
    if kind == "BinaryOp":
        return (kind, node.op, _tree(node.left), _tree(node.right))
    if kind == "UnaryOp":
        return (kind, node.op, _tree(node.expr))
    if kind == "Cast":
        return (kind, _tree(node.expr))
    if kind == "TernaryOp":
        return (kind, _tree(node.cond), _tree(node.iftrue), _tree(node.iffalse))
    return (kind,)


def parse_helper(source: str) -> tuple[str, list[str], Expr]:
    """(name, parameter names, return expression) of `unsigned f(unsigned a, ...) { return e; }`."""
    name, params, expr = _parsed(source)
    return name, list(params), expr


@lru_cache(maxsize=4096)
def _parsed(source: str) -> tuple[str, tuple[str, ...], Expr]:
    """`parse_helper`, once per text: the planner scores each candidate under
    every block shape, and pycparser took a third of a file's time re-parsing
    the same helpers (issue 20). A text parsed by an earlier process is read
    from the table on disk (`helper_memo.py`); one that does not parse is
    never kept, and raises here each time."""
    from .helper_memo import HELPERS
    found = HELPERS.get(source)
    if found is not None:
        return found
    parsed = _parse(source)
    HELPERS.put(source, parsed)
    return parsed


def _parse(source: str) -> tuple[str, tuple[str, ...], Expr]:
    from pycparser import c_ast, c_parser
    try:
        ast = c_parser.CParser().parse(source)
    except c_parser.ParseError as exc:
        raise CExprError(f"index helper does not parse: {exc}") from exc
    funcs = [n for n in ast.ext if isinstance(n, c_ast.FuncDef)]
    if len(funcs) != 1:
        raise CExprError("expected exactly one function")
    fn = funcs[0]
    params = [p.name for p in (fn.decl.type.args.params if fn.decl.type.args else [])]
    stmts = fn.body.block_items or []
    if len(stmts) != 1 or not isinstance(stmts[0], c_ast.Return):
        raise CExprError("an index helper is a single return statement")
    return fn.decl.name, tuple(params), _tree(stmts[0].expr)


def compile_helper(source: str) -> Callable[..., np.ndarray]:
    """A NumPy function equivalent to the C helper in `source`."""
    _, params, expr = parse_helper(source)

    def run(*args: np.ndarray) -> np.ndarray:
        if len(args) != len(params):
            raise CExprError(f"helper takes {len(params)} arguments, got {len(args)}")
        env = {p: _u32(a) for p, a in zip(params, args)}
        return np.asarray(_eval(expr, env), dtype=np.int64)

    return run


def helper_source(name: str, params: list[str], expr: str) -> str:
    """The plain-C text of a helper (no CUDA qualifiers)."""
    args = ", ".join(f"unsigned int {p}" for p in params)
    return f"unsigned int {name}({args}) {{ return {expr}; }}"
