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


def _eval(node: c_ast.Node, env: dict[str, np.ndarray]) -> np.ndarray:
    # By class name: only pycparser's own nodes reach here (`_parsed`), and
    # pycparser is imported when a helper is first parsed, not by every run
    # of rapcc (its lexer's tables cost a cold process ~15 ms, issue 20).
    kind = type(node).__name__
    if kind == "Constant":
        return _const(node.value)
    if kind == "ID":
        if node.name not in env:
            raise CExprError(f"unknown name '{node.name}' in index helper")
        return env[node.name]
    if kind == "BinaryOp":
        return _binop(node.op, _eval(node.left, env), _eval(node.right, env))
    if kind == "UnaryOp" and node.op == "~":
        return _u32(~_eval(node.expr, env))
    if kind == "Cast":
        return _eval(node.expr, env)  # every helper type is unsigned int
    if kind == "TernaryOp":
        return np.where(_eval(node.cond, env) != 0, _eval(node.iftrue, env), _eval(node.iffalse, env))
    raise CExprError(f"construct '{kind}' is not allowed in an index helper")


def parse_helper(source: str) -> tuple[str, list[str], c_ast.Node]:
    """(name, parameter names, return expression) of `unsigned f(unsigned a, ...) { return e; }`."""
    name, params, expr = _parsed(source)
    return name, list(params), expr


@lru_cache(maxsize=4096)
def _parsed(source: str) -> tuple[str, tuple[str, ...], c_ast.Node]:
    """`parse_helper`, once per text: the planner scores each candidate under
    every block shape, and pycparser took a third of a file's time re-parsing
    the same helpers (issue 20). The tree is only read, never changed."""
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
    return fn.decl.name, tuple(params), stmts[0].expr


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
