"""Optimal XOR swizzles over GF(2): the bank bits of an address XORed with a
linear function of its other bits (the optimal swizzling of "Linear Layouts",
Zhou et al., arXiv 2505.23819, §5.4, on rapcc's last-index-only mappings).

Addresses are *units* (see `rapcc.strategies.hashed`): a request phase is
served without conflict when its distinct units fall in distinct banks, and
the bank of unit a is its low `m` bits.  A swizzle keeps every bit of a
but the low `free` ones and sets

    phys(a) = a ^ (XOR over the set bits j >= free of a: g[j]),  g[j] < 2^free

so it is an involution (the XORed-in value reads no bit it changes) and keeps
each aligned group of 2^free units in place.  phys is GF(2)-linear, so a set
XORed with a constant has the same conflicts: the search works on sets
normalised to contain 0 (`rapcc.strategies.hashed.access_sets`).

Where a set is a subspace V of the addresses (F2-linear access: affine with
power-of-two strides), it needs exactly 2^dim(V ∩ ker bank) wavefronts: the
Linear Layouts count of conflicts.  The swizzle removes them when the bank
map is injective on V, i.e. when the bank images of a basis of V are
independent.  Choosing g for all sets at once is a search over
(n - free) x free bits; it is done by coordinate descent (one g[j] at a time,
all 2^free values tried, exact bank counts of every set), from the identity,
from every diagonal (the CuTe `Swizzle<B, M, S>` shapes) and from a few
seeded random starts.  A result that reaches ceil(|S| / 2^m) wavefronts on
every set is optimal; `lower_bound` says so.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from dataclasses import dataclass

import numpy as np

from ..search_memo import int_tuple, kept_on_disk
from .base import gf2_rank

MAX_PASSES = 8
RANDOM_STARTS = 4


@dataclass(frozen=True, slots=True)
class XorSwizzle:
    """phys(a) = a ^ XOR_{j: bit j of a set} g[j]; g[j] == 0 for j < free."""

    m: int  # bank bits (in units)
    free: int  # low bits the swizzle may change (<= m)
    g: tuple[int, ...]  # one value below 2^free per address bit

    def physical(self, addrs: np.ndarray) -> np.ndarray:
        a = np.asarray(addrs, dtype=np.int64)
        out = a.copy()
        for j, v in enumerate(self.g):
            if v:
                out ^= ((a >> j) & 1) * v
        return out

    def banks(self, addrs: np.ndarray) -> np.ndarray:
        return self.physical(addrs) & ((1 << self.m) - 1)

    @property
    def is_identity(self) -> bool:
        return not any(self.g)

    def cute(self) -> tuple[int, int, int] | None:
        """(B, M, S) when this is CuTe's `Swizzle<B, M, S>` (bits [M+S, M+S+B)
        XORed into [M, M+B)), else None."""
        used = [j for j, v in enumerate(self.g) if v]
        if not used:
            return None
        lo, hi = used[0], used[-1]
        s = lo - self.g[lo].bit_length() + 1
        if s <= 0 or any(self.g[j] != 1 << (j - s) for j in range(lo, hi + 1)):
            return None
        return hi - lo + 1, lo - s, s

    def describe(self) -> str:
        parts = [f"{j}->{v:#b}" for j, v in enumerate(self.g) if v]
        return "bits " + ", ".join(parts) if parts else "identity"


@dataclass(frozen=True, slots=True)
class SetMatrix:
    """Access sets as a padded matrix: addrs (S, L) with a validity mask."""

    addrs: np.ndarray
    valid: np.ndarray

    @staticmethod
    def of(sets: Sequence[Sequence[int]]) -> "SetMatrix":
        width = max((len(s) for s in sets), default=1)
        addrs = np.zeros((len(sets), width), dtype=np.int64)
        valid = np.zeros((len(sets), width), dtype=bool)
        for k, s in enumerate(sets):
            addrs[k, :len(s)] = s
            valid[k, :len(s)] = True
        return SetMatrix(addrs, valid)


def conflict_key(banks: np.ndarray, valid: np.ndarray, m: int) -> tuple[int, int]:
    """(total wavefronts, total same-bank pairs) of the sets, for bank matrices
    of shape (..., S, L): the pairs break ties where the worst bank stays
    equally full, so a step that splits any collision group is progress."""
    lead = banks.shape[:-1]
    flat = banks.reshape(-1, banks.shape[-1])
    rows = np.repeat(np.arange(flat.shape[0]), flat.shape[1])
    live = np.broadcast_to(valid, banks.shape).reshape(flat.shape).ravel()
    counts = np.bincount(rows * (1 << m) + flat.ravel(), weights=live.astype(np.float64),
                         minlength=flat.shape[0] << m).reshape(*lead, 1 << m)
    waves = counts.max(axis=-1).sum(axis=-1)
    pairs = (counts * (counts - 1) / 2).sum(axis=(-1))
    pairs = pairs.sum(axis=-1)
    return waves, pairs  # type: ignore[return-value]


class _Columns:
    """Exact (wavefronts, same-bank pairs) of the sets for every value of one
    g[j], the rest of g fixed: the one evaluation the search needs (issue 20).

    The descent tries all 2^free values of g[j]; sparsening and simplifying
    try values of g[j] too, with the rest of g as it is, so one batched count
    per (j, rest of g), memoised for the whole search, serves all three, and
    the starts that meet on one local optimum share their counts.  Identical
    sets are counted once and weighted: the planner repeats a set in
    proportion to its frequency, and the totals are integers, so the key is
    exactly the one of the padded, repeated matrix.
    """

    def __init__(self, sets: tuple[tuple[int, ...], ...], n: int, m: int, free: int) -> None:
        weight: dict[tuple[int, ...], int] = {}
        for s in sets:
            weight[s] = weight.get(s, 0) + 1
        addrs = np.array([a for s in weight for a in s], dtype=np.int64)
        owner = np.repeat(np.arange(len(weight), dtype=np.int64), [len(s) for s in weight])
        self.free = free
        self.n = n
        self.m = m
        self.weight = np.array(list(weight.values()), dtype=np.int64)
        self.entries = int(self.weight @ np.array([len(s) for s in weight], dtype=np.int64))
        self.low = addrs & ((1 << m) - 1)
        self.bits = (addrs[None, :] >> np.arange(n, dtype=np.int64)[:, None]) & 1  # (n, entries)
        self.owner = owner
        # c(c-1) summed over banks stays below longest^2: the narrowest exact type
        longest = max((len(s) for s in weight), default=0)
        self.count_type = next(t for t in (np.int16, np.int32, np.int64) if longest * longest <= np.iinfo(t).max)
        # counts[bank, v, set], written in place: fresh arrays of this size cost
        # more in page faults than the arithmetic, and reductions over the
        # leading axis are the fast ones
        self.counts = np.empty((1 << m, 1 << free, len(weight)), dtype=self.count_type)
        self.halves = [self.counts.reshape(1 << (m - t - 1), 2, 1 << t, 1 << free, len(weight)) for t in range(free)]
        self.most = np.empty((1 << free, len(weight)), dtype=self.count_type)
        self.squares = np.empty((1 << free, len(weight)), dtype=self.count_type)
        self.memo: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]]] = {}

    def column(self, g: list[int], j: int) -> list[tuple[int, int]]:
        """[(wavefronts, pairs) of g with g[j] = v for v in range(2^free)]."""
        rest = g.copy()
        rest[j] = 0
        key = (j, tuple(rest))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        m, sets = self.m, len(self.weight)
        base = self.low.copy()
        for k in range(self.free, self.n):
            if rest[k]:
                base ^= self.bits[k] * rest[k]
        # An entry with bit j clear keeps its bank for every v; one with it set
        # moves from bank b to b ^ v: count both kinds once, then copy the
        # second's counts to every v, one butterfly step per bit of v.
        split = np.bincount(((self.bits[j] << m) + base) * sets + self.owner, minlength=sets << (m + 1))
        split = split.astype(self.count_type).reshape(2, 1 << m, sets)
        counts = self.counts
        counts[:, 0, :] = split[1]
        for t, half in enumerate(self.halves):
            half[:, :, :, 1 << t:2 << t, :] = half[:, ::-1, :, :1 << t, :]
        np.add(counts, split[0][:, None, :], out=counts)
        np.maximum.reduce(counts, axis=0, out=self.most)
        np.multiply(counts, counts, out=counts)
        np.add.reduce(counts, axis=0, out=self.squares, dtype=self.count_type)
        waves = self.most @ self.weight
        # sum of c(c-1) over banks = sum of c^2 - the set's size
        pairs = (self.squares @ self.weight - self.entries) >> 1
        out = list(zip(waves.tolist(), pairs.tolist()))
        self.memo[key] = out
        return out

    def key(self, g: list[int]) -> tuple[int, int]:
        return self.column(g, self.free)[g[self.free]]


@lru_cache(maxsize=None)
def _by_weight(free: int) -> tuple[int, ...]:
    """Values of one g[j] in the descent's tie order: fewer set bits, then smaller."""
    return tuple(sorted(range(1 << free), key=lambda v: (bin(v).count("1"), v)))


def _descend(g: list[int], cols: _Columns, free: int) -> tuple[list[int], tuple[int, int]]:
    """Coordinate descent: each g[j] in turn takes the value (of all 2^free)
    with the fewest wavefronts, then pairs; the current value wins ties."""
    g = g.copy()
    best = cols.key(g)
    order = _by_weight(free)
    for _ in range(MAX_PASSES):
        improved = False
        for j in range(free, len(g)):
            keys = cols.column(g, j)
            low = min(keys)
            # keys[g[j]] == best: a strictly better value is never the current one
            if low < best:
                g[j] = next(v for v in order if keys[v] == low)
                best = low
                improved = True
        if not improved:
            break
    return g, best


def _starts(n: int, free: int, rng: np.random.Generator) -> list[np.ndarray]:
    """The identity, every diagonal (bit j -> bit j - s), and seeded random starts."""
    out = [np.zeros(n, dtype=np.int64)]
    for s in range(1, n):
        g = np.zeros(n, dtype=np.int64)
        for j in range(free, n):
            if 0 <= j - s < free:
                g[j] = 1 << (j - s)
        if g.any():
            out.append(g)
    for _ in range(RANDOM_STARTS):
        g = rng.integers(0, 1 << free, size=n, dtype=np.int64)
        g[:free] = 0
        out.append(g)
    return out


def _sparsen(g: list[int], waves: int, cols: _Columns, free: int) -> list[int]:
    """Drop bits of g that the wavefront count does not need: fewer terms to emit."""
    g = g.copy()
    for j in range(len(g) - 1, free - 1, -1):
        for t in range(free):
            if (g[j] >> t) & 1 and cols.column(g, j)[g[j] ^ (1 << t)][0] <= waves:
                g[j] ^= 1 << t
    return g


def diagonals(g: Sequence[int]) -> int:
    """Distinct shifts (source bit - target bit) of g: each is one shifted,
    masked term of the emitted expression, so fewer is cheaper."""
    return len({j - t for j, v in enumerate(g) for t in range(int(v).bit_length()) if (int(v) >> t) & 1})


@lru_cache(maxsize=None)
def _shifts(n: int, free: int) -> tuple[tuple[int, ...], ...]:
    """[j][v]: the shifts of g[j] = v (as in `diagonals`) as a bit mask; j >= free > t, so all positive."""
    return tuple(tuple(sum(1 << (j - t) for t in range(free) if (v >> t) & 1) for v in range(1 << free))
                 if j >= free else () for j in range(n))


def _simplify(g: list[int], waves: int, cols: _Columns, free: int) -> list[int]:
    """Among values of each g[j] that keep the wavefronts, the one with the fewest diagonals."""
    g = g.copy()
    weights = [bin(v).count("1") for v in range(1 << free)]
    shifts = _shifts(len(g), free)
    for _ in range(MAX_PASSES):
        changed = False
        for j in range(free, len(g)):
            # the other coordinates' shifts stay put while g[j] varies
            rest = 0
            for k in range(free, len(g)):
                if k != j:
                    rest |= shifts[k][g[k]]
            best = ((rest | shifts[j][g[j]]).bit_count(), weights[g[j]])
            for v in range(1 << free):
                key = ((rest | shifts[j][v]).bit_count(), weights[v])
                if key < best and cols.column(g, j)[v][0] <= waves:
                    g[j], best, changed = v, key, True
        if not changed:
            break
    return g


def search(sets: Sequence[Sequence[int]], n: int, m: int, free: int, seed: int) -> list[tuple[XorSwizzle, int]]:
    """Distinct swizzles of n-bit unit addresses with their total wavefronts
    over `sets`, fewest first (each a local optimum of the descent, thinned).

    Args:
        sets: unit-address sets (each request phase's distinct units).
        n: address bits the swizzle reads.
        m: bank bits.
        free: low bits it may change (min(m, the last index's bits)).
        seed: for the random starts.
    """
    if not sets or free <= 0 or n <= free:
        return []
    return list(_search(tuple(tuple(int(a) for a in s) for s in sets), n, m, free, seed))


def _swizzles(data: object, *args: object) -> tuple[tuple[XorSwizzle, int], ...]:
    """`_search`'s answer from the search table's data (search_memo.py)."""
    if type(data) is not tuple:
        raise ValueError("not a search answer")
    out = []
    for item in data:
        m, free, g, w = item  # ValueError/TypeError where it is not four values
        if not all(type(v) is int for v in (m, free, w)):
            raise ValueError("not a search answer")
        out.append((XorSwizzle(m, free, int_tuple(g)), w))
    return tuple(out)


@lru_cache(maxsize=1024)
@kept_on_disk("f2.search", key=lambda *args: args,
              encode=lambda found: tuple((sw.m, sw.free, sw.g, w) for sw, w in found), decode=_swizzles)
def _search(sets: tuple[tuple[int, ...], ...], n: int, m: int, free: int, seed: int
            ) -> tuple[tuple[XorSwizzle, int], ...]:
    """`search`, once per distinct question: the planner asks it per block
    shape and per array, and arrays and shapes often pose the same sets
    (issue 20), and a run without rapcc's server asks again what an earlier
    run did (issue 29: kept on disk). A pure function of its arguments: the
    seed fixes the starts."""
    cols = _Columns(sets, n, m, free)
    rng = np.random.default_rng(seed)
    found: dict[tuple[int, ...], int] = {}
    # starts that descend to the same optimum thin to the same swizzle
    thinned: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]] = {}
    for start in _starts(n, free, rng):
        g, key = _descend([int(v) for v in start], cols, free)
        optimum = (tuple(g), key[0])
        if optimum not in thinned:
            g = _simplify(_sparsen(g, key[0], cols, free), key[0], cols, free)
            thinned[optimum] = (tuple(g), cols.key(g)[0])
        found.setdefault(*thinned[optimum])
    ranked = sorted(found.items(), key=lambda kv: (kv[1], diagonals(kv[0]), sum(bin(v).count("1") for v in kv[0]), kv[0]))
    return tuple((XorSwizzle(m, free, g), w) for g, w in ranked)


def lower_bound(sets: Sequence[Sequence[int]], m: int) -> int:
    """The fewest wavefronts any bank mapping can give the sets: ceil(|S| / 2^m) each."""
    return sum(-(-len(set(s)) // (1 << m)) for s in sets)


def wavefronts(sw: XorSwizzle, sets: Sequence[Sequence[int]]) -> int:
    """Total wavefronts of the sets under `sw` (the most distinct units in one bank, per set)."""
    mat = SetMatrix.of(sets)
    w, _ = conflict_key(sw.banks(mat.addrs), mat.valid, sw.m)
    return int(w)


def is_subspace(s: Sequence[int]) -> bool:
    """Whether a set normalised to contain 0 is closed under XOR: an F2-linear access."""
    return 0 in s and len(set(s)) == 1 << gf2_rank(s)
