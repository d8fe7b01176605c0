"""The parsed index helpers of earlier runs (issue 29): `cexpr.py` parses each
candidate's C helper with pycparser, ~30 helpers per file; a warm server
parsed each text once, a run without it imported pycparser (its lexer's
tables, ~18 ms) and parsed them all again. Here a parse of a text is kept on
disk (`diskmemo.py`), keyed by the whole text, in a table stamped with rapcc's
version, this module's and cexpr's files and pycparser's: another parser or
another tree format is another table. New parses are saved when the process
ends."""
from __future__ import annotations

import os
from typing import Any

from . import __version__
from .diskmemo import LazyTable, files_stamp

NAME = "helper-parses"
KEEP = 4096  # parsed helpers kept; the oldest go first


def _stamp() -> str:
    from importlib.util import find_spec
    here = os.path.dirname(os.path.abspath(__file__))
    files = [os.path.join(here, "cexpr.py"), os.path.abspath(__file__)]
    spec = find_spec("pycparser")  # found, not imported: importing it is what the table saves
    if spec is not None and spec.origin:
        folder = os.path.dirname(spec.origin)
        files += [os.path.join(folder, n) for n in ("__init__.py", "c_parser.py", "c_ast.py", "c_lexer.py")]
    return files_stamp([__version__], files)


class _Helpers(LazyTable):
    """The table, opened at the first helper a process parses."""

    def __init__(self) -> None:
        super().__init__(NAME, lambda: _stamp(), KEEP)  # looked up when opened: tests give another

    def get(self, source: str) -> Any:
        found = self.memo().get(source)
        if _well_formed(found):
            return found
        return None

    def put(self, source: str, parsed: Any) -> None:
        self.memo().put(source, parsed)


def _well_formed(entry: Any) -> bool:
    """Whether a table's entry has the shape of a parse: (name, parameters, expression)."""
    return (type(entry) is tuple and len(entry) == 3 and type(entry[0]) is str and type(entry[1]) is tuple
            and all(type(p) is str for p in entry[1]) and _expression(entry[2]))


# The children of each kind of `cexpr.Expr` node after its kind: "s" a string, "e" an expression.
_SHAPES = {"Constant": "s", "ID": "s", "BinaryOp": "see", "UnaryOp": "se", "Cast": "e", "TernaryOp": "eee"}


def _expression(node: Any) -> bool:
    if type(node) is not tuple or not node or type(node[0]) is not str:
        return False
    shape = _SHAPES.get(node[0], "")
    if len(node) != 1 + len(shape):
        return False
    return all(type(child) is str if s == "s" else _expression(child) for s, child in zip(shape, node[1:]))


HELPERS = _Helpers()
