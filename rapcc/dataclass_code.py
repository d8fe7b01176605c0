"""The methods of rapcc's dataclasses, compiled once per Python rather than once
per process (issue 29).

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` as Python source and compiles it with `exec`:
about 880 compilations for rapcc's ~150 frozen dataclasses, a third of the
imports of a run without rapcc's server (~55 ms of ~165 ms on the development
machine; a warm server paid them once). Within `compiled_once()`, the
`dataclasses` module's `exec` finds the code of a source it has compiled
before in a table on disk (`diskmemo.py`) and compiles only what is new. The
decorator itself runs unchanged, so every class, its fields, types, frozen
and slots behaviour are what they were: only the compilation of the same text
to the same code object is skipped. The table's key is the whole source text
and its stamp the interpreter's bytecode format, so no entry can be stale.

Only the command line's entry (`server/entry.py`) uses it, around its import
of rapcc, and it puts `dataclasses` back as it was at the end: no other
program's dataclasses are touched. Standard library only.
"""
from __future__ import annotations

import builtins
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType
from typing import Any

from .diskmemo import DiskMemo

NAME = "dataclass-code"
KEEP = 8192  # compiled methods kept (rapcc has ~880; other versions of rapcc share the table)


def _stamp() -> str:
    # Code objects are marshalled in the interpreter's own format: one table per bytecode magic.
    from importlib.util import MAGIC_NUMBER
    return f"{sys.implementation.cache_tag}-{MAGIC_NUMBER.hex()}"


def cached_exec(memo: DiskMemo, caller: dict[str, Any]) -> Any:
    """An `exec` that compiles a source text once per table (`memo`), called
    from the module whose namespace is `caller`."""
    def exec_(source: Any, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
        if globals is None:  # exec's default: its caller's namespace, not this module's
            globals = caller
        if isinstance(source, str):
            code = memo.get(source)
            if type(code) is not CodeType:
                # What exec(source) compiles: the file name it gives, and no
                # future flags (dataclasses.py has none to pass on).
                code = compile(source, "<string>", "exec", dont_inherit=True)
                memo.put(source, code)
            source = code
        builtins.exec(source, globals, locals)
    return exec_


@contextmanager
def compiled_once(folder: str | None = None) -> Iterator[DiskMemo | None]:
    """Within it, dataclasses compile their methods through the table (in
    `folder`, default rapcc's private folder); new entries are saved at the end."""
    import dataclasses
    if sys.implementation.name != "cpython" or "exec" in vars(dataclasses) or sys.flags.optimize:
        yield None  # another interpreter's dataclasses, or someone else's `exec` already there
        return
    memo = DiskMemo(NAME, _stamp(), KEEP, folder)
    dataclasses.exec = cached_exec(memo, vars(dataclasses))  # type: ignore[attr-defined]
    try:
        yield memo
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        memo.save()
