"""Layout strategies, one module each; `REGISTRY` maps a name to its strategy."""
from __future__ import annotations

from .base import Mapping, Strategy, StrategyContext, identity
from .pad import PaddingStrategy
from .rap import RapStrategy
from .xor import XorStrategy

REGISTRY: dict[str, Strategy] = {s.name: s for s in (PaddingStrategy(), XorStrategy(), RapStrategy())}

__all__ = ["Mapping", "Strategy", "StrategyContext", "identity", "REGISTRY"]
