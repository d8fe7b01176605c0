"""Pre-order walks of one parse's cursors, each subtree visited in libclang once.

The collector walks a function many times over (its declarations, the
template calls, its shared arrays, its locals, the writes under each
statement), and every `Cursor.walk_preorder` asks libclang for each node's
children again: the bulk of a parse's time in a file of many small kernels
(issue 20). A pre-order walk lists every subtree as one run of consecutive
cursors, so one walk of a cursor answers the walk of any cursor under it.
"""
from __future__ import annotations

from clang.cindex import Cursor


class Preorder:
    """`cursor.walk_preorder()` as lists, sharing one walk per subtree, and
    each walked cursor's children."""

    def __init__(self) -> None:
        self._order: list[Cursor] = []
        self._runs: dict[Cursor, tuple[int, int]] = {}
        self._children: dict[Cursor, list[Cursor]] = {}

    def walk(self, cursor: Cursor) -> list[Cursor]:
        """`list(cursor.walk_preorder())`."""
        start, end = self.run(cursor)
        return self._order[start:end]

    def run(self, cursor: Cursor) -> tuple[int, int]:
        """Where `cursor`'s subtree lies in `cursors()`, walking it on first use."""
        got = self._runs.get(cursor)
        return got if got is not None else self._visit(cursor)

    def children(self, cursor: Cursor) -> list[Cursor]:
        """`list(cursor.get_children())` (do not modify)."""
        got = self._children.get(cursor)
        if got is None:
            got = self._children[cursor] = list(cursor.get_children())
        return got

    def known(self, cursor: Cursor) -> tuple[int, int] | None:
        """`run(cursor)` if it was walked, else None (walking nothing)."""
        return self._runs.get(cursor)

    def cursors(self) -> list[Cursor]:
        """Every cursor walked so far; a subtree is the slice `run` gives (do not modify)."""
        return self._order

    def _visit(self, cursor: Cursor) -> tuple[int, int]:
        # Iterative: an expression nested thousands deep must not exhaust the stack.
        order, runs, children = self._order, self._runs, self._children
        top = len(order)
        stack: list[tuple[Cursor, int | None]] = [(cursor, None)]
        while stack:
            c, start = stack.pop()
            if start is not None:
                runs[c] = (start, len(order))
                continue
            stack.append((c, len(order)))
            order.append(c)
            kids = children[c] = list(c.get_children())
            stack.extend((k, None) for k in reversed(kids))
        return top, len(order)
