"""Bitwise permutation hash (seed 004 §4.3), configured by the Minimum
Imbalance Heuristic (§5.2.2) and, as a second candidate, by the extended
Givargis heuristic (§5.2.1); applied in software (§6, §7.2).

Each bank bit is one unit-address bit.  The order of the chosen bits only
relabels the banks (Eq. 9 counts such hashes once), so they are sorted, which
gives the shortest expression.  An N-D array can only permute the bits of its
last index, so there the heuristics choose among those bits alone (a row bit
moved into the column cannot be written as a last-index mapping).
"""
from __future__ import annotations

from collections.abc import Sequence

from ..analysis.arrays import ArrayAnalysis
from ..hashing.bitwise import BitwisePermutation, Feature, permutation_features
from .base import Mapping, StrategyContext
from .hashed import heuristic_mappings


def _sorted_permutation(features: Sequence[Feature], n: int) -> BitwisePermutation:
    return BitwisePermutation(tuple(sorted(i for i, _ in features)), n)


class BitwisePermutationStrategy:
    name = "bwperm"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        return heuristic_mappings(self.name, "§4.3", analysis, ctx.banks, permutation_features, _sorted_permutation)
