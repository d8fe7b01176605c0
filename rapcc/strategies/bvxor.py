"""Bit-vector XOR hash (seed 004 §4.2), configured by the pruned exhaustive
search of §5.1 and applied in software (§6, §7.2).

bank = ((a >> k1) ^ ((a >> k2) & mask)) mod 2^m over the unit address a (see
`rapcc.strategies.hashed` for units, blocks and what an N-D array admits).
§5.1 tries every (k1, k2, mask) the access sets leave after pruning; the
winner has the fewest conflicts, then the fewest mask bits.  Fewer mask bits
is the hardware's preference; in software a hash with k1 = 0 is the cheapest
(§7.2: a ^ ((a >> k2) & mask), three instructions), so the best k1 = 0
combination is a second candidate and the planner weighs the two.

An N-D array can only rewrite its last index, so its bank bits must come from
the column bits: there k1 also runs over the column windows [0, cols - m] (the
pattern's own k usually points at row bits, e.g. a column walk), and only
candidates invertible on the last index are searched.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..analysis.arrays import ArrayAnalysis
from ..hashing.bitvector import BitVectorXor, candidate_conflicts, pruned_candidates, varying_bits
from ..search_memo import int_tuple, kept_on_disk
from .base import Form, Mapping, Scheme, StrategyContext
from .hashed import HashDomain, access_sets, hash_domain, realise

# Candidates evaluated per vectorised batch: the batch holds a candidates x
# addresses bank matrix.
CHUNK = 256


def candidate_pool(sets: list[list[int]], dom: HashDomain) -> list[BitVectorXor]:
    """The §5.1 pruned (k1, k2, mask) combinations that `dom` can realise,
    with k1 = 0 (and, for N-D arrays, every column window) added to the k's."""
    spans = [v for v in (varying_bits(s) for s in sets) if v is not None]
    windows = range(1) if dom.one_d else range(dom.cols - dom.m + 1)
    ks = [lo for lo, _ in spans] + list(windows)
    pool = pruned_candidates(ks, max((hi for _, hi in spans), default=0), dom.n, dom.m)
    return [c for c in pool if dom.admits(c.rows())]


def ranked(sets: list[list[int]], pool: list[BitVectorXor], n: int, m: int) -> list[BitVectorXor]:
    """`pool` in §5.1 order: fewest conflicts, then fewest mask bits, then
    enumeration order (as `rapcc.hashing.bitvector.search`, in batches)."""
    conflicts = _pool_conflicts(sets, pool, n, m)
    popcounts = np.array([bin(c.mask).count("1") for c in pool], dtype=np.int64)
    order = np.lexsort((np.arange(len(pool)), popcounts, conflicts))
    return [pool[i] for i in order]


def _conflicts_of(data: object, candidates: int) -> np.ndarray:
    found = int_tuple(data)
    if len(found) != candidates:
        raise ValueError("not one count per candidate")
    return np.array(found, dtype=np.int64)


@kept_on_disk("bvxor.conflicts",
              key=lambda sets, pool, n, m: (tuple(tuple(s) for s in sets),
                                            tuple((c.k1, c.k2, c.mask, c.n, c.m) for c in pool), n, m),
              encode=lambda conflicts: tuple(int(c) for c in conflicts),
              decode=lambda data, sets, pool, n, m: _conflicts_of(data, len(pool)))
def _pool_conflicts(sets: list[list[int]], pool: list[BitVectorXor], n: int, m: int) -> np.ndarray:
    """Each candidate's conflicts on `sets`; kept across runs without rapcc's
    server (issue 29: most of a first run's planning of a 2-D tile)."""
    return np.concatenate([candidate_conflicts(pool[s:s + CHUNK], sets, n, m) for s in range(0, len(pool), CHUNK)])


class BitVectorXorStrategy:
    name = "bvxor"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        dom = hash_domain(analysis, ctx.banks)
        if dom is None:
            return []
        sets = access_sets(analysis, dom, ctx.banks)
        if not sets:
            return []
        return list(searched_mappings(tuple(tuple(s) for s in sets), dom, self.name))


def search_mappings(sets: tuple[tuple[int, ...], ...], dom: HashDomain, name: str) -> tuple[Mapping, ...]:
    """The §5.1 winner and the best k1 = 0 combination on `sets`, realised on `dom`."""
    lists = [list(s) for s in sets]
    pool = candidate_pool(lists, dom)
    if not pool:
        return ()
    order = ranked(lists, pool, dom.n, dom.m)
    xor_form = next((h for h in order if h.k1 == 0), order[0])
    out: dict[str, Mapping] = {}
    for h in (order[0], xor_form):
        if h.mask == 0:
            h = BitVectorXor(h.k1, 0, 0, dom.n, dom.m)  # k2 is unused
        m = realise(name, f"bvxor k1={h.k1} k2={h.k2} mask={h.mask} on {dom.n} bits (seed 004 §4.2, §5.1)",
                    h, dom, Form(Scheme.BIT_XOR, (("k1", h.k1), ("k2", h.k2), ("mask", h.mask), ("n", dom.n),
                                                  ("m", dom.m)), "seed 004 §4.2, §5.1"))
        if m is not None and m.last_index not in out:
            out[m.last_index] = m
    return tuple(out.values())


# The search depends on the access sets and the domain alone, and arrays that
# differ only in their names (a file of many small kernels, issue 20) have the
# same ones: searched once. Bounded, so that a long batch does not grow it.
searched_mappings = lru_cache(maxsize=256)(search_mappings)
