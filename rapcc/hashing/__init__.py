"""Configurable XOR bank hashes of seed 004 (van den Braak et al., IEEE TC 2016).

One module per idea: `bitvector` (§4.1, §4.2, §5.1 search), `bitwise`
(§4.3, §4.4), `givargis` (§5.2.1), `mih` (§5.2.2), `counts` (Table 1, Eq. 9)
and `software` (the §6/§7.2 address remapping and its C rendering).
"""
from rapcc.hashing.base import AccessSets, BankHash, conflicts_per_set, count_conflicts
from rapcc.hashing.bitvector import BitVectorPermutation, BitVectorXor
from rapcc.hashing.bitwise import BitwisePermutation, BitwiseXor
from rapcc.hashing.software import LinearMapping, render_c, software_mapping

__all__ = [
    "AccessSets",
    "BankHash",
    "BitVectorPermutation",
    "BitVectorXor",
    "BitwisePermutation",
    "BitwiseXor",
    "LinearMapping",
    "conflicts_per_set",
    "count_conflicts",
    "render_c",
    "software_mapping",
]
