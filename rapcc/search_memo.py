"""The layout searches of earlier runs, kept on disk (issue 29).

The planner's searches (the XOR swizzle's descent, §5.1's bit-vector ranking,
the MIH and Givargis orders) are pure functions of their access sets, and
`lru_cache` already spares a process asking one twice. A warm server kept
those answers from one run to the next: a run without it searched again
(~60% of the first run of a file such as examples/histogram256.cu). Here each
answer is also kept in a table on disk (`diskmemo.py`), keyed by a SHA-256 of
the search's name and whole input, in a table stamped with rapcc's version,
NumPy's (the swizzle's random starts) and the files of the searches
(`hashing/`, `strategies/`): another search code is another table. An entry
that does not decode to an answer of the right shape is searched again. New
answers are saved when the process ends.
"""
from __future__ import annotations

import functools
import hashlib
import marshal
import os
from collections.abc import Callable
from typing import Any, TypeVar

from . import __version__
from .diskmemo import LazyTable, files_stamp

NAME = "searches"
KEEP = 4096  # answers kept; the oldest go first
_HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_CODE = ("hashing", "strategies")  # the folders whose code the answers depend on

F = TypeVar("F", bound=Callable[..., Any])


def _stamp() -> str:
    import numpy
    files = [os.path.abspath(__file__)]
    for folder in SEARCH_CODE:
        path = os.path.join(_HERE, folder)
        try:
            files += [os.path.join(path, n) for n in sorted(os.listdir(path)) if n.endswith(".py")]
        except OSError:
            pass
    return files_stamp([__version__, numpy.__version__], files)


class _Table(LazyTable):
    """The table, opened at the first search a process makes."""

    def __init__(self) -> None:
        super().__init__(NAME, lambda: _stamp(), KEEP)  # looked up when opened: tests give another


TABLE = _Table()


def kept_on_disk(tag: str, key: Callable[..., Any], encode: Callable[[Any], Any],
                 decode: Callable[..., Any]) -> Callable[[F], F]:
    """A pure function's answers kept in the table: `key(*args)` is its input
    as plain data (ints, strings, None and tuples of them), `encode` its answer
    as plain data and `decode(data, *args)` that data back to the answer,
    raising ValueError where it is not
    one for these arguments (then the function runs). An input that is not
    plain data is not kept."""
    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def kept(*args: Any) -> Any:
            data = key(*args)
            if not _plain(data):  # NumPy's ints, say: marshal would write their bytes, not their values
                return fn(*args)
            digest = hashlib.sha256(marshal.dumps((tag, data))).digest()
            memo = TABLE.memo()
            found = memo.get(digest)
            if found is not None:
                try:
                    return decode(found, *args)
                except (ValueError, TypeError):
                    pass
            answer = fn(*args)
            memo.put(digest, encode(answer))
            return answer
        return kept  # type: ignore[return-value]
    return wrap


def _plain(data: Any) -> bool:
    kind = type(data)
    if kind is tuple:
        return all(_plain(v) for v in data)
    return kind is int or kind is str or data is None


def int_tuple(data: Any) -> tuple[int, ...]:
    """`data` as a tuple of ints, or ValueError."""
    if type(data) is not tuple or not all(type(v) is int for v in data):
        raise ValueError("not a tuple of ints")
    return data


def order_of(data: Any, features: tuple[Any, ...]) -> tuple[int, ...]:
    """`data` as an order of distinct indices into `features`, or ValueError."""
    order = int_tuple(data)
    if len(set(order)) != len(order) or any(not 0 <= i < len(features) for i in order):
        raise ValueError("not an order of these features")
    return order
