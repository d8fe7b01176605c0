"""What the interpreter reads off the IR alone, computed once per proof.

A proof runs the interpreter many times over the same functions (every kernel
instance, every block shape, and under the per-lane retry every thread of the
block: soundness.py). The locals' types, the unsafe pointer aliases, the
stable locals, the labels followed as loops and the subtractions of the form
`x - (x & m)` depend on the function only, and a literal's or an array name's
value on the node only, so one `FactsCache` per `prove` call holds them for
every run of it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import sound_ir as s
from .absint import Value, local_types
from .aliasing import stable_locals, unsafe_aliases
from .copies import thread_index_copies
from .labels import FollowedLabel, followed_labels
from .masks import MaskedDifference, masked_differences


@dataclass(frozen=True, slots=True)
class FunctionFacts:
    types: dict[str, s.Ty]  # never written by a run: Frames share it
    unsafe_aliases: frozenset[str]
    stable: frozenset[str]
    labels: dict[int, tuple[FollowedLabel, ...]]  # id(block) -> its followed labels (labels.py)
    masked: dict[int, MaskedDifference]  # id(`-` node) -> the `x - (x & m)` it is (masks.py)
    copies: dict[str, str]  # local -> the thread index or block size it always equals (copies.py)


def function_facts(fn: s.Function) -> FunctionFacts:
    return FunctionFacts(local_types(fn), unsafe_aliases(fn), stable_locals(fn), followed_labels(fn),
                         masked_differences(fn), thread_index_copies(fn))


class FactsCache:
    """Function -> its facts, for the runs of one proof (whose IR is alive as long as they are)."""

    __slots__ = ("_by_key", "constants", "unmetered")

    def __init__(self, unmetered: frozenset[str] = frozenset()) -> None:
        self._by_key: dict[str, tuple[s.Function, FunctionFacts]] = {}
        # Functions whose calls the step budgets do not count (rapcc's own
        # emitted helpers, reprove.py): the budgets then decide as they did
        # for the input, where the same access was one subscript.
        self.unmetered = unmetered
        # id(node) -> (node, its value), for the evaluator (interpret.py, `_constant`).
        self.constants: dict[int, tuple[s.Expr, Value]] = {}

    def of(self, fn: s.Function) -> FunctionFacts:
        hit = self._by_key.get(fn.key)
        # Keyed by the function's key as runs name callees; the identity check
        # keeps another function under a reused key from getting these facts.
        if hit is not None and hit[0] is fn:
            return hit[1]
        facts = function_facts(fn)
        self._by_key[fn.key] = (fn, facts)
        return facts
