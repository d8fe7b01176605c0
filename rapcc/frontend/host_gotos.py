"""Which `goto`s the host interpreter follows: forward jumps to a label of the
function's own body (C's `goto error_exit;` clean-up idiom, as in NVIDIA's
developer-blog samples).

Such a jump ends its path where it stands and carries its state to the label,
where it joins the state that falls through (host_interp.py). A launch before
the label keeps the shape of the path that reaches it; a path that jumps past a
launch just does not make it. Every other `goto` (backward, into a nested
statement, computed) makes the function's variables unknown, as before.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .preorder import Preorder


def forward_labels(body: Cursor, walks: Preorder) -> frozenset[str] | None:
    """The labels of `body` that its `goto`s jump forward to (empty when it has
    no `goto`), or None when some `goto` is not such a jump."""
    gotos = [k for k in walks.walk(body) if k.kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT)]
    if not gotos:
        return frozenset()
    top = {k.spelling: k.extent.start.offset for k in walks.children(body) if k.kind == K.LABEL_STMT}
    nested = [k for k in walks.walk(body) if k.kind == K.LABEL_STMT and k.spelling not in top]
    if nested or len(top) != sum(1 for k in walks.walk(body) if k.kind == K.LABEL_STMT):
        return None  # a label inside a statement, or two of one name (another scope: a lambda)
    for g in gotos:
        target = goto_target(g, walks)
        if target is None or target not in top or top[target] < g.extent.end.offset:
            return None
    return frozenset(top)


def goto_target(goto: Cursor, walks: Preorder) -> str | None:
    """The label a direct `goto` names (None for a computed one)."""
    if goto.kind != K.GOTO_STMT:
        return None
    ref = next((k for k in walks.children(goto) if k.kind == K.LABEL_REF), None)
    return ref.spelling if ref is not None else None
