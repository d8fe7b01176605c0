"""Which `goto` targets the interpreter can follow as loops (a pure check over the sound IR).

A label whose every `goto` sits inside the same block as the label (in the
statements before it: forward jumps; at or after it: a loop back to it) is
entered only from those gotos and from the statement before it, so its state
is the join of theirs, iterated to a fixpoint when some jump back. Any other
label starts from "every local unknown" (run.py, `anything`).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import sound_ir as s
from .aliasing import stmt_exprs


@dataclass(frozen=True, slots=True)
class FollowedLabel:
    name: str
    index: int  # its position among the block's statements
    backward: bool  # some goto to it comes at or after it: a loop


def followed_labels(fn: s.Function) -> dict[int, tuple[FollowedLabel, ...]]:
    """id(block) -> the labels of that block the interpreter follows exactly."""
    total: dict[str, int] = {}
    labels: dict[str, int] = {}
    for x in stmt_exprs(fn.body):
        if isinstance(x, s.Goto):
            total[x.name] = total.get(x.name, 0) + 1
        elif isinstance(x, s.Label):
            labels[x.name] = labels.get(x.name, 0) + 1
        elif isinstance(x, s.OpaqueStmt) and x.jumps:
            return {}  # a jump rapcc cannot see may land anywhere
    out: dict[int, tuple[FollowedLabel, ...]] = {}
    for block in (x for x in stmt_exprs(fn.body) if isinstance(x, s.Block)):
        found = []
        for i, st in enumerate(block.stmts):
            if not isinstance(st, s.Label) or labels.get(st.name) != 1:
                continue
            before = sum(1 for y in block.stmts[:i] for g in stmt_exprs(y) if isinstance(g, s.Goto) and g.name == st.name)
            after = sum(1 for y in block.stmts[i:] for g in stmt_exprs(y) if isinstance(g, s.Goto) and g.name == st.name)
            if before + after == total.get(st.name, 0):
                found.append(FollowedLabel(st.name, i, after > 0))
        if found:
            out[id(block)] = tuple(found)
    return out
