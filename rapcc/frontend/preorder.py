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

from .clangext import children

# A value equal for two cursors exactly when `clang_equalCursors` holds: the
# kind and data, a declaration's second word aside (libclang ignores it). Not
# the cursor itself as a key: `clang_hashCursor` hashes a reference by what it
# names alone, so the thousand `dim3` TYPE_REFs of a host function launching a
# thousand kernels share one hash, and a dict of cursors compared each new one
# with all of them (issue 20); and each hash or comparison is a C call.
CursorKey = tuple[int, int, "int | None", "int | None", "int | None"]
_DECLARATION: dict[int, bool] = {}  # cursor kind id -> clang_isDeclaration


def cursor_key(c: Cursor) -> CursorKey:
    """See CursorKey."""
    kind = c._kind_id
    decl = _DECLARATION.get(kind)
    if decl is None:
        decl = _DECLARATION[kind] = bool(c.kind.is_declaration())
    data = c.data
    return kind, c.xdata, data[0], None if decl else data[1], data[2]


class Preorder:
    """`cursor.walk_preorder()` as lists, sharing one walk per subtree, and
    each walked cursor's children."""

    def __init__(self) -> None:
        self._order: list[Cursor] = []
        self._runs: dict[CursorKey, tuple[int, int]] = {}
        self._children: dict[CursorKey, list[Cursor]] = {}

    def walk(self, cursor: Cursor) -> list[Cursor]:
        """`list(cursor.walk_preorder())`."""
        start, end = self.run(cursor)
        return self._order[start:end]

    def run(self, cursor: Cursor) -> tuple[int, int]:
        """Where `cursor`'s subtree lies in `cursors()`, walking it on first use."""
        got = self._runs.get(cursor_key(cursor))
        return got if got is not None else self._visit(cursor)

    def children(self, cursor: Cursor) -> list[Cursor]:
        """`list(cursor.get_children())` (do not modify)."""
        key = cursor_key(cursor)
        got = self._children.get(key)
        if got is None:
            got = self._children[key] = children(cursor)
        return got

    def known(self, cursor: Cursor) -> tuple[int, int] | None:
        """`run(cursor)` if it was walked, else None (walking nothing)."""
        return self._runs.get(cursor_key(cursor))

    def cursors(self) -> list[Cursor]:
        """Every cursor walked so far; a subtree is the slice `run` gives (do not modify)."""
        return self._order

    def _visit(self, cursor: Cursor) -> tuple[int, int]:
        # Iterative: an expression nested thousands deep must not exhaust the stack.
        order, runs, kid_lists = self._order, self._runs, self._children
        top = len(order)
        stack: list[tuple[Cursor, int | None, CursorKey | None]] = [(cursor, None, None)]
        while stack:
            c, start, key = stack.pop()
            if start is not None:
                runs[key] = (start, len(order))  # type: ignore[index]
                continue
            key = cursor_key(c)
            stack.append((c, len(order), key))
            order.append(c)
            kids = kid_lists[key] = children(c)
            stack.extend((k, None, None) for k in reversed(kids))
        return top, len(order)
