"""Bitwise XOR hash (seed 004 §4.4), configured by the Minimum Imbalance
Heuristic (§5.2.2) and, as a second candidate, by the extended Givargis
heuristic (§5.2.1) over the Table 3 combinations; applied in software (§6, §7.2).

Each bank bit is one address bit or the XOR of two.  Reordering the bank bits
only relabels the banks (Eq. 9), so they are sorted.  An N-D array can only
XOR into its last index, so there every combination contains a bit of the
last index (the lower bit of the pair: bank bit t = col bit i ^ any bit j) and
the heuristics select combinations independent on the column bits alone.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..analysis.arrays import ArrayAnalysis
from ..hashing.bitwise import BitwiseXor, Feature, xor_candidates
from .base import Mapping, StrategyContext
from .hashed import heuristic_mappings


def _sorted_xor(features: Sequence[Feature], n: int) -> BitwiseXor:
    return BitwiseXor(tuple(sorted(features)), n)


class BitwiseXorStrategy:
    name = "bwxor"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        return heuristic_mappings(self.name, "§4.4", analysis, ctx.banks, xor_candidates, _sorted_xor)
