"""Layout strategies, one module each; `REGISTRY` maps a name to its strategy."""
from __future__ import annotations

from .base import Mapping, Strategy, StrategyContext, identity
from .bvxor import BitVectorXorStrategy
from .bwperm import BitwisePermutationStrategy
from .bwxor import BitwiseXorStrategy
from .elempad import ElementPaddingStrategy
from .linear_swizzle import LinearSwizzleStrategy
from .pad import PaddingStrategy
from .rap import RapStrategy
from .xor import XorStrategy

REGISTRY: dict[str, Strategy] = {s.name: s for s in (
    PaddingStrategy(), XorStrategy(), RapStrategy(),
    BitVectorXorStrategy(), BitwisePermutationStrategy(), BitwiseXorStrategy(),
    LinearSwizzleStrategy(), ElementPaddingStrategy())}

# Breaks exact ties in the planner, simpler layouts first. A fixed tuple, not
# the registry's order, so that the choice never depends on how it was built.
PRECEDENCE: tuple[str, ...] = ("none", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle", "elempad")


def precedence(name: str) -> int:
    return PRECEDENCE.index(name) if name in PRECEDENCE else len(PRECEDENCE)


__all__ = ["Mapping", "Strategy", "StrategyContext", "identity", "REGISTRY", "PRECEDENCE", "precedence"]
