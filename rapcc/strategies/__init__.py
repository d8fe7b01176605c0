"""Layout strategies, one module each; `REGISTRY` maps a name to its strategy."""
from __future__ import annotations

from .base import Mapping, Strategy, StrategyContext, identity
from .bvxor import BitVectorXorStrategy
from .bwperm import BitwisePermutationStrategy
from .bwxor import BitwiseXorStrategy
from .pad import PaddingStrategy
from .rap import RapStrategy
from .xor import XorStrategy

# Order breaks exact ties in the planner: the simpler layouts first.
REGISTRY: dict[str, Strategy] = {s.name: s for s in (
    PaddingStrategy(), XorStrategy(), RapStrategy(),
    BitVectorXorStrategy(), BitwisePermutationStrategy(), BitwiseXorStrategy())}

__all__ = ["Mapping", "Strategy", "StrategyContext", "identity", "REGISTRY"]
