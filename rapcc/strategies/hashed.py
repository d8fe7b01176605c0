"""Seed 004's bank hashes as index mappings: the software realisation of §6 / §7.2.

The three hash strategies (`bvxor`, `bwperm`, `bwxor`) share everything but
how they configure the hash, and that shared part lives here:

* `hash_domain`: which address bits a hash may read and which it may change.
  The hash works on *units*, the smallest pieces the bank model tells apart:
  4-byte words for 1- and 2-byte elements (the bits that pick a byte inside a
  word stay fixed, so lanes that share a word still share it) and whole
  elements for 4-, 8- and 16-byte ones.  An element of 2^p words is served by
  the banks as one "element bank" of 2^p banks, so there are 32 / 2^p of them:
  the hash has m = 5 - p bank bits (4 for doubles, 3 for 16-byte vectors).
  Taking the element index (rather than the word of its first byte) is exact:
  a half-warp of 8-byte lanes is conflict-free exactly when its 16 elements
  fall in distinct element banks (rapcc/banks.py), and a member access moves
  the same word of every element, so it conflicts exactly where the elements
  do.  Arrays of unknown size (`extern`) or with other element sizes get no
  hash.
* `access_sets`: the sets of §3 that the configurations search over.
* `heuristic_mappings`: the bitwise hashes configured by MIH (§5.2.2) and
  the extended Givargis heuristic (§5.2.1), one candidate each.
* `realise`: the configured hash as a `Mapping`.  A 1-D array takes the full
  §6 software mapping of `rapcc.hashing.software` on its low n unit bits (a
  power-of-two block the array size is a multiple of); higher bits pass
  through.  An N-D array may only change its last index, so its mapping must be
  last' = A * last ^ B * row with A invertible over GF(2): the hash's bank rows
  must have full rank on the column bits, and everything else is skipped.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..analysis.arrays import ArrayAnalysis
from ..analysis.predict import row_major
from ..banks import BankModel
from ..hashing.base import BankHash, gf2_rank, independent_columns
from ..hashing.bitwise import BitwisePermutation, BitwiseXor, Feature
from ..hashing.givargis import givargis_order
from ..hashing.mih import mih_order
from ..hashing.software import preferred_columns, software_mapping
from .base import Form, Mapping, Scheme, is_pow2, log2

# The searches see at most MAX_DISTINCT distinct access sets (the most frequent
# ones), repeated in proportion to how often they execute so that about
# WEIGHT_SETS sets carry the weights: the §5.1 search evaluates every candidate
# on every address, so this bounds its cost.
MAX_DISTINCT = 64
WEIGHT_SETS = 64
_EMPTY = np.iinfo(np.int64).max


@dataclass(frozen=True, slots=True)
class HashDomain:
    """Where a hash acts on one array.

    Attributes:
        dims: the array's logical dimensions.
        sub: low element-index bits that pick a byte inside a 4-byte word
            (1: 2-byte elements, 2: 1-byte elements); they never change.
        n: unit-address bits the hash reads (the address is the row-major unit
            index; for a 1-D array only its low n bits).
        m: bank bits of the hash, in units.
        cols: low unit bits the mapping may rewrite (the last index's bits;
            n for a 1-D array).
        fixed: bank bits above `cols` that no last-index mapping can change
            (an N-D array whose rows are narrower than a bank line of units).
    """

    dims: tuple[int, ...]
    sub: int
    n: int
    m: int
    cols: int
    fixed: int

    @property
    def one_d(self) -> bool:
        return len(self.dims) == 1

    @property
    def within(self) -> int:
        """Address bits on which bank bits must be independent (all bits for 1-D)."""
        return -1 if self.one_d else (1 << self.cols) - 1

    def admits(self, rows: Sequence[int]) -> bool:
        """Whether a hash with these GF(2) bank rows has a realisation here."""
        return gf2_rank([r & self.within for r in rows]) == len(rows)


def hash_domain(analysis: ArrayAnalysis, banks: BankModel) -> HashDomain | None:
    """The domain of a hash on this array, or None when no hash can apply."""
    dims = analysis.logical_dims
    e = analysis.array.elem_bytes
    if not dims or e <= 0 or not is_pow2(e):
        return None
    unit_bytes = max(e, banks.bank_bytes)
    line = banks.banks * banks.bank_bytes
    if unit_bytes >= line or not is_pow2(line // unit_bytes):
        return None
    m_units = log2(line // unit_bytes)
    per_unit = unit_bytes // e  # elements per unit: 4 // e below a word, else 1
    sub = log2(per_unit)
    if len(dims) == 1:
        if dims[0] % per_unit:
            return None
        units = dims[0] // per_unit
        n = log2(units & -units)  # the largest power-of-two block the size is a multiple of
        return HashDomain(dims, sub, n, m_units, n, 0) if n >= m_units else None
    c_units = dims[-1] // per_unit
    if dims[-1] % per_unit or not is_pow2(c_units) or c_units < 2:
        return None
    cols = log2(c_units)
    rows = int(np.prod(dims[:-1]))
    m = min(m_units, cols)
    return HashDomain(dims, sub, cols + (rows - 1).bit_length(), m, cols, m_units - m)


def _lane_matrix(analysis: ArrayAnalysis, dom: HashDomain, banks: BankModel) -> tuple[np.ndarray, np.ndarray]:
    """(S, warp) unit addresses and active masks, one row per request phase."""
    size = int(np.prod(dom.dims))
    flat_of = row_major(dom.dims)
    addrs, masks = [], []
    for x in analysis.accesses:
        s = x.samples
        if s.unknown is not None or not s.instances:
            continue
        lanes = len(s.instances[0].active)
        stacked = tuple(np.concatenate([i.indices[d] for i in s.instances]) for d in range(len(dom.dims)))
        flat = np.asarray(flat_of(stacked), dtype=np.int64).reshape(len(s.instances), lanes)
        act = np.stack([i.active for i in s.instances]) & (flat >= 0) & (flat < size)
        # A wide request is served per phase (a half-warp): each phase is its own set.
        lpp = min(banks.lanes_per_phase(x.access.width), lanes)
        pad = -lanes % lpp
        flat = np.pad(flat, ((0, 0), (0, pad))).reshape(-1, lpp)
        act = np.pad(act, ((0, 0), (0, pad))).reshape(-1, lpp)
        addrs.append(np.pad(flat, ((0, 0), (0, lanes - lpp))))  # rows of a warp's width, padding inactive
        masks.append(np.pad(act, ((0, 0), (0, lanes - lpp))))
    if not addrs:
        return np.zeros((0, 1), dtype=np.int64), np.zeros((0, 1), dtype=bool)
    return np.concatenate(addrs), np.concatenate(masks)


# `access_sets` of the last few (analysis, domain, banks): the strategies
# bvxor, bwperm, bwxor and swizzle each ask for them when one array is planned
# (issue 20). Keyed by the analysis's id and holding the analysis, so that an
# id is never reused while cached; bounded, so a long batch does not grow it.
_SETS_KEPT = 8
_sets_cache: dict[tuple[int, HashDomain, BankModel], tuple[ArrayAnalysis, list[list[int]]]] = {}


def access_sets(analysis: ArrayAnalysis, dom: HashDomain, banks: BankModel) -> list[list[int]]:
    """`_access_sets`, computed once per array, domain and bank model while
    the array is planned; a fresh outer list each call (the sets themselves
    were already shared: a frequent set repeats as one list)."""
    key = (id(analysis), dom, banks)
    hit = _sets_cache.get(key)
    if hit is None or hit[0] is not analysis:
        hit = (analysis, _access_sets(analysis, dom, banks))
        _sets_cache.pop(key, None)
        _sets_cache[key] = hit
        while len(_sets_cache) > _SETS_KEPT:
            del _sets_cache[next(iter(_sets_cache))]
    return list(hit[1])


def _access_sets(analysis: ArrayAnalysis, dom: HashDomain, banks: BankModel) -> list[list[int]]:
    """The access sets of seed 004 §3 for this array: the distinct unit
    addresses of each executed request phase, below 2^n.

    Accesses whose indices are unknown are skipped.  Every hash of §4 is linear
    over GF(2), so a set XORed with a constant has the same conflicts, MIH
    imbalances and Givargis qualities; each set is therefore XORed with its
    smallest address, identical sets are merged, and the MAX_DISTINCT most
    frequent ones are kept, repeated in proportion to their frequency.  Bank
    bits the mapping cannot change (`HashDomain.fixed`) split a set into the
    parts that can conflict at all.  Sets of one address cannot conflict and
    are dropped.
    """
    addr, act = _lane_matrix(analysis, dom, banks)
    if not addr.size:
        return []
    units = addr >> dom.sub
    if dom.one_d:
        units &= (1 << dom.n) - 1  # bits above the block pass through unchanged
    if dom.fixed:
        group = (units >> dom.cols) & ((1 << dom.fixed) - 1)
        units = np.tile(units, (1 << dom.fixed, 1))
        act = np.concatenate([act & (group == g) for g in range(1 << dom.fixed)])
    w = np.sort(np.where(act, units, _EMPTY), axis=1)
    repeat = np.zeros_like(act)
    repeat[:, 1:] = w[:, 1:] == w[:, :-1]
    w = np.where(repeat, _EMPTY, w)
    w = np.sort(np.where(w != _EMPTY, w ^ w.min(axis=1, keepdims=True), _EMPTY), axis=1)
    w = w[(w != _EMPTY).sum(axis=1) >= 2]
    if not len(w):
        return []
    # Rows as bytes: exact, and much faster than np.unique(axis=0); first occurrence breaks ties.
    counts = Counter(row.tobytes() for row in w)
    keep = sorted(counts.items(), key=lambda kv: -kv[1])[:MAX_DISTINCT]
    total = sum(c for _, c in keep)
    out: list[list[int]] = []
    for key, count in keep:
        row = [int(v) for v in np.frombuffer(key, dtype=np.int64) if v != _EMPTY]
        out.extend([row] * max(1, round(count * WEIGHT_SETS / total)))
    return out


def _column_pivots(rows: Sequence[int], cols: int, preference: Sequence[int]) -> list[int] | None:
    """len(rows) column bits below `cols` on which the rows are invertible,
    in preference order, or None."""
    chosen = independent_columns(rows, dict.fromkeys([p for p in preference if p < cols] + list(range(cols))))
    return chosen if len(chosen) == len(rows) else None


def _render(var: str, rows: Sequence[int], var_bits: int) -> list[str]:
    """Terms whose XOR has bit r = parity(var & rows[r]), for 0 <= var < 2^var_bits:
    one shifted, masked copy of `var` per diagonal (as `rapcc.hashing.software.render_c`)."""
    masks: dict[int, int] = {}
    for r, row in enumerate(rows):
        for b in range(var_bits):
            if (row >> b) & 1:
                masks[b - r] = masks.get(b - r, 0) | (1 << r)
    out = []
    for d, mask in sorted(masks.items(), key=lambda kv: (kv[0] != 0, abs(kv[0]), kv[0] < 0)):
        if d >= 0:
            shifted = var if d == 0 else f"({var} >> {d}u)"
            out.append(shifted if mask == (1 << (var_bits - d)) - 1 else f"({shifted} & {mask}u)")
        else:
            out.append(f"(({var} << {-d}u) & {mask}u)")
    return out


def prefix_parts(dims: tuple[int, ...]) -> list[tuple[str, int, int]]:
    """(C expression, lowest bit in the row index, bits) covering the row index
    p = row-major index of the leading subscripts.  Power-of-two inner
    dimensions let each subscript stand for its own bits of p."""
    lead = dims[:-1]
    if all(is_pow2(d) for d in lead[1:]):
        parts, offset = [], 0
        for k in range(len(lead) - 1, -1, -1):
            bits = log2(lead[k]) if k else (lead[0] - 1).bit_length()
            if bits:
                parts.append((f"i{k}", offset, bits))
            offset += bits
        return parts
    expr = "i0"
    for k in range(1, len(lead)):
        expr = f"({expr} * {lead[k]}u + i{k})"
    return [(expr, 0, (int(np.prod(lead)) - 1).bit_length())]


def count_ops(expr: str) -> int:
    """Integer instructions of an emitted expression: its binary operators."""
    return len(re.findall(r">>|<<|[&^|*+]", expr))


def realise(strategy: str, description: str, bank_hash: BankHash, dom: HashDomain, form: Form) -> Mapping | None:
    """The §6 / §7.2 software mapping of a configured hash as a last-index
    Mapping; None when it cannot be expressed here or changes nothing."""
    rows = tuple(bank_hash.rows())
    if not dom.admits(rows):
        return None
    sub_rows = [1 << j for j in range(dom.sub)]
    last = f"i{len(dom.dims) - 1}"
    if dom.one_d:
        unit_rows = software_mapping(bank_hash).rows
        var_bits = (dom.dims[0] - 1).bit_length()
        above = [1 << j for j in range(dom.n + dom.sub, var_bits)]
        terms = _render(last, sub_rows + [r << dom.sub for r in unit_rows] + above, var_bits)
        changed = any(r != 1 << t for t, r in enumerate(unit_rows))
    else:
        pivots = _column_pivots(rows, dom.cols, list(preferred_columns(bank_hash)))
        if pivots is None:
            return None
        unit_rows = rows + tuple(1 << j for j in range(dom.cols) if j not in pivots)
        col_mask = (1 << dom.cols) - 1
        terms = _render(last, sub_rows + [(r & col_mask) << dom.sub for r in unit_rows], dom.cols + dom.sub)
        row_rows = [0] * dom.sub + [r >> dom.cols for r in unit_rows]
        for var, offset, bits in prefix_parts(dom.dims):
            terms += _render(var, [(r >> offset) & ((1 << bits) - 1) for r in row_rows], bits)
        changed = any(r != 1 << t for t, r in enumerate(unit_rows))
    if not changed:
        return None
    expr = terms[0] if len(terms) == 1 else "(" + " ^ ".join(terms) + ")"
    return Mapping(strategy, description, dom.dims, dom.dims, expr, count_ops(expr), form=form)


HEURISTICS = (("MIH", mih_order, "§5.2.2"), ("Givargis", givargis_order, "§5.2.1"))


def _form(h: BankHash, heuristic: str, cite: str) -> Form:
    """A bit-wise hash as data: each bank bit's address bits (a permutation
    picks one per bank bit, an XOR hash one or two)."""
    if isinstance(h, BitwiseXor):
        return Form(Scheme.BIT_PAIRS, (("features", tuple(tuple(p) for p in h.pairs)), ("heuristic", heuristic)), cite)
    assert isinstance(h, BitwisePermutation), type(h)
    return Form(Scheme.BIT_PERMUTE, (("features", h.bits), ("heuristic", heuristic)), cite)


def heuristic_mappings(strategy: str, section: str, analysis: ArrayAnalysis, banks: BankModel,
                       features_of: Callable[[int], Sequence[Feature]],
                       build: Callable[[Sequence[Feature], int], BankHash]) -> list[Mapping]:
    """One mapping per §5.2 heuristic (duplicates dropped) for a bitwise hash.

    Args:
        strategy: the strategy's name.
        section: the seed 004 section of the hash family, for the description.
        features_of: the candidate bank bits for n address bits (Table 3).
        build: the configured hash from the selected features and n; the
            features may be reordered (that only relabels banks).
    An N-D array offers only features that contain a column bit and needs them
    independent on the column bits (`HashDomain.within`).
    """
    dom = hash_domain(analysis, banks)
    if dom is None:
        return []
    sets = access_sets(analysis, dom, banks)
    if not sets:
        return []
    features = [f for f in features_of(dom.n) if dom.one_d or f[0] < dom.cols]
    out: dict[str, Mapping] = {}
    for label, order_of, heuristic_section in HEURISTICS:
        order = order_of(sets, features, dom.n, limit=dom.m, within=dom.within)
        if len(order) < dom.m:
            continue
        h = build([features[i] for i in order], dom.n)
        m = realise(strategy, f"{strategy} {label} {h.describe()} (seed 004 {section}, {heuristic_section})", h, dom,
                    _form(h, label, f"seed 004 {section}, {heuristic_section}"))
        if m is not None and m.last_index not in out:
            out[m.last_index] = m
    return list(out.values())
