"""What a local definition's value depends on, so that the evaluator can
compute it once for every trip of the loops it does not read (issue 20).

The replay (warps.py) evaluates an access's subscripts, guards and loop
conditions once per trip, each trip in a child of the enclosing trip's
environment that binds one more name (a loop variable or a carried value).
A definition that reads none of the names bound since some environment has
the same value in all of that environment's descendants: the thread part of
a subscript (`tid = threadIdx.y * 16 + threadIdx.x`), and most of the hash
that draws a data-dependent value (datadraw.py), whose inputs are the thread
index first and the loops' variables last.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .. import ir

# evaluate.py refuses a definition entered deeper than this (its guard against
# definitions that read each other in a cycle).
MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class DefinitionFacts:
    """What evaluating one local definition reads and how deep it goes."""

    # Every name its value may be looked up under in `Env.values` (variables,
    # builtins, uniform unknowns), through the definitions it reads.
    reads: frozenset[str]
    # The most definitions its evaluation enters one inside another, itself
    # included: evaluating it at depth d cannot meet the depth guard when
    # d + height <= MAX_DEPTH.
    height: int


class _Cyclic(Exception):
    """The definition reads itself, or reads a value after a loop (evaluated in
    environments of its own)."""


class _TooDeep(Exception):
    """The definitions nest deeper than the evaluator goes: the one asked about
    is never shared, but those it reads may be, asked on their own."""


_NOTHING = DefinitionFacts(frozenset(), 0)


class Definitions:
    """`facts(key)` for the definitions of one `vars`, each worked out once.

    Holds `vars`: the ids of its expressions key the memo of shared subtrees."""

    def __init__(self, vars: dict[str, ir.VarDef]):
        self.vars = vars
        self._by_key: dict[str, DefinitionFacts | None] = {}
        self._by_node: dict[int, DefinitionFacts] = {}
        self._open: list[str] = []

    def facts(self, key: str) -> DefinitionFacts | None:
        """The facts of the definition of `key`, or None where its value may
        not be shared (a cycle, a value after a loop, too deep a nesting)."""
        if key in self._by_key:
            return self._by_key[key]
        try:
            return self._definition(key)
        except _Cyclic:
            self._by_key[key] = None
            return None
        except _TooDeep:
            return None

    def _definition(self, key: str) -> DefinitionFacts:
        if key in self._by_key:
            got = self._by_key[key]
            if got is None:
                raise _Cyclic
            return got
        d = self.vars.get(key)
        if d is None or d.init is None:
            return _NOTHING  # looked up in the values or refused: enters no definition
        if key in self._open:
            raise _Cyclic
        if len(self._open) > MAX_DEPTH:
            raise _TooDeep
        self._open.append(key)
        try:
            inner = self._expr(d.init)
        except _Cyclic:
            self._by_key[key] = None
            raise
        finally:
            self._open.pop()
        got = self._by_key[key] = DefinitionFacts(inner.reads, inner.height + 1)
        return got

    def _expr(self, e: ir.Expr) -> DefinitionFacts:
        t = type(e)
        if t is ir.Const:
            return _NOTHING
        if t is ir.Builtin:
            return DefinitionFacts(frozenset([cast(ir.Builtin, e).name]), 0)
        if t is ir.Opaque:
            return DefinitionFacts(frozenset([cast(ir.Opaque, e).text]), 0)
        if t is ir.AfterLoop:
            raise _Cyclic
        known = self._by_node.get(id(e))
        if known is not None:
            return known
        if t is ir.VarRef:
            key = cast(ir.VarRef, e).key
            inner = self._definition(key)
            known = DefinitionFacts(inner.reads | {key}, inner.height)
        elif t is ir.Cast or t is ir.UnOp:
            known = self._expr(cast("ir.Cast | ir.UnOp", e).operand)
        elif t is ir.BinOp:
            b = cast(ir.BinOp, e)
            known = _both(self._expr(b.lhs), self._expr(b.rhs))
        elif t is ir.Select:
            c = cast(ir.Select, e)
            known = _both(_both(self._expr(c.cond), self._expr(c.then)), self._expr(c.other))
        else:
            raise _Cyclic  # a node this walk does not know: never shared
        self._by_node[id(e)] = known
        return known


# The Definitions of the last `vars` asked about: an access is replayed
# under several block shapes, parameter values and draws of one `vars` (one
# per drawn access and round), each from a fresh environment, and an array's
# shapes come back to a round's `vars` after every other access's rounds (8
# kept: Parboil's histo 0.42 s; 64: 0.39 s; 256: SHOC's sort, whose drawn
# accesses' 16 rounds per shape are 64). Held with their `vars`, so that no
# id is reused while cached.
_RECENT = 256
_recent: dict[int, Definitions] = {}


def definitions(vars: dict[str, ir.VarDef]) -> Definitions:
    """The (shared) Definitions of `vars`."""
    got = _recent.pop(id(vars), None)
    if got is None or got.vars is not vars:
        got = Definitions(vars)
    _recent[id(vars)] = got  # most recent last
    while len(_recent) > _RECENT:
        del _recent[next(iter(_recent))]
    return got


def _both(a: DefinitionFacts, b: DefinitionFacts) -> DefinitionFacts:
    if not b.reads or a.reads >= b.reads:
        return a if a.height >= b.height else DefinitionFacts(a.reads, b.height)
    if not a.reads or b.reads >= a.reads:
        return b if b.height >= a.height else DefinitionFacts(b.reads, a.height)
    return DefinitionFacts(a.reads | b.reads, max(a.height, b.height))
