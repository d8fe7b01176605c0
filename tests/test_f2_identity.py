"""The GF(2) swizzle search (`rapcc.hashing.f2._search`) returns exactly what
the original per-trial algorithm returned: the same swizzles, in the same
order, with the same wavefront counts (issue 20 made it faster, not different).
`_reference` below is a faithful copy of that original, slow on purpose."""
from __future__ import annotations

import numpy as np
import pytest

from rapcc.hashing import f2
from rapcc.hashing.f2 import MAX_PASSES, XorSwizzle, SetMatrix, conflict_key, diagonals, _starts

Sets = tuple[tuple[int, ...], ...]


# ---- the original algorithm, verbatim but for names ----

def _ref_score(sw_g: np.ndarray, bits: np.ndarray, low: np.ndarray, valid: np.ndarray, m: int) -> tuple[int, int]:
    banks = low ^ np.bitwise_xor.reduce(bits * sw_g[None, None, :], axis=-1)
    w, p = conflict_key(banks, valid, m)
    return int(w), int(p)


def _ref_descend(g: np.ndarray, bits: np.ndarray, low: np.ndarray, valid: np.ndarray, m: int, free: int
                 ) -> tuple[np.ndarray, tuple[int, int]]:
    g = g.copy()
    best = _ref_score(g, bits, low, valid, m)
    values = np.arange(1 << free, dtype=np.int64)
    for _ in range(MAX_PASSES):
        improved = False
        for j in range(free, len(g)):
            others = g.copy()
            others[j] = 0
            base = low ^ np.bitwise_xor.reduce(bits * others[None, None, :], axis=-1)
            trial = base[None] ^ (bits[None, :, :, j] * values[:, None, None])
            waves, pairs = conflict_key(trial, valid, m)
            keys = list(zip(waves.astype(np.int64).tolist(), pairs.astype(np.int64).tolist()))
            pick = min(range(len(values)), key=lambda v: (keys[v], v != g[j], bin(v).count("1"), v))
            if keys[pick] < best:
                g[j] = values[pick]
                best = keys[pick]
                improved = True
        if not improved:
            break
    return g, best


def _ref_sparsen(g: np.ndarray, key: tuple[int, int], bits: np.ndarray, low: np.ndarray, valid: np.ndarray,
                 m: int, free: int) -> np.ndarray:
    g = g.copy()
    for j in range(len(g) - 1, free - 1, -1):
        for t in range(free):
            if (g[j] >> t) & 1:
                trial = g.copy()
                trial[j] ^= 1 << t
                if _ref_score(trial, bits, low, valid, m)[0] <= key[0]:
                    g = trial
    return g


def _ref_simplify(g: np.ndarray, waves: int, bits: np.ndarray, low: np.ndarray, valid: np.ndarray,
                  m: int, free: int) -> np.ndarray:
    g = g.copy()
    for _ in range(MAX_PASSES):
        changed = False
        for j in range(free, len(g)):
            best = (diagonals(g), bin(int(g[j])).count("1"))
            for v in range(1 << free):
                trial = g.copy()
                trial[j] = v
                key = (diagonals(trial), bin(v).count("1"))
                if key < best and _ref_score(trial, bits, low, valid, m)[0] <= waves:
                    g, best, changed = trial, key, True
        if not changed:
            break
    return g


def _reference(sets: Sets, n: int, m: int, free: int, seed: int) -> tuple[tuple[XorSwizzle, int], ...]:
    mat = SetMatrix.of(sets)
    bits = ((mat.addrs[:, :, None] >> np.arange(n)[None, None, :]) & 1).astype(np.int64)
    low = mat.addrs & ((1 << m) - 1)
    rng = np.random.default_rng(seed)
    found: dict[tuple[int, ...], int] = {}
    for start in _starts(n, free, rng):
        g, key = _ref_descend(start, bits, low, mat.valid, m, free)
        g = _ref_sparsen(g, key, bits, low, mat.valid, m, free)
        g = _ref_simplify(g, key[0], bits, low, mat.valid, m, free)
        waves = _ref_score(g, bits, low, mat.valid, m)[0]
        found.setdefault(tuple(int(v) for v in g), waves)
    ranked = sorted(found.items(), key=lambda kv: (kv[1], diagonals(kv[0]), sum(bin(v).count("1") for v in kv[0]), kv[0]))
    return tuple((XorSwizzle(m, free, g), w) for g, w in ranked)


# ---- inputs ----

def _random_question(rng: np.random.Generator) -> tuple[Sets, int, int, int, int]:
    """Unit-address sets as `access_sets` gives them: each contains 0, distinct
    addresses below 2^n, some sets repeated (the planner's weighting)."""
    n = int(rng.integers(6, 13))
    m = 5
    free = int(rng.integers(1, 6))
    distinct: list[tuple[int, ...]] = []
    for _ in range(int(rng.integers(1, 7))):
        size = int(rng.integers(2, 33))
        if rng.random() < 0.4:  # strided, the common affine case
            stride = int(rng.integers(1, 1 << (n - 4)))
            s = {(k * stride) % (1 << n) for k in range(size)}
        else:
            s = set(int(a) for a in rng.integers(0, 1 << n, size=size))
        distinct.append(tuple(sorted(s | {0})))
    sets = tuple(distinct[int(k)] for k in rng.integers(0, len(distinct), size=int(rng.integers(1, 40))))
    return sets, n, m, free, int(rng.integers(0, 1 << 30))


def _tile_questions() -> list[tuple[Sets, int, int, int, int]]:
    rows = tuple(range(32))
    cols = tuple(32 * r for r in range(32))  # a 32x32 float tile read by columns
    return [
        ((rows,) * 32 + (cols,) * 32, 10, 5, 5, 1),
        ((cols,) * 32 + (rows,) * 32, 10, 5, 5, 7),
        ((cols,), 10, 5, 5, 1),
        ((tuple(range(64)),) * 4 + (tuple(64 * r + u for r in range(32) for u in (0, 1)),) * 4, 11, 5, 4, 1),
        ((tuple(range(32)), tuple(16 * r + c for r in range(16) for c in (0, 1))), 8, 5, 5, 3),
    ]


def _fresh(q: tuple[Sets, int, int, int, int]) -> tuple[tuple[XorSwizzle, int], ...]:
    f2._search.cache_clear()
    return f2._search(*q)


@pytest.mark.parametrize("k", range(len(_tile_questions())))
def test_tiles_match_the_original(k: int) -> None:
    q = _tile_questions()[k]
    got = _fresh(q)
    assert got, "the tile transposes have a swizzle"
    assert got == _reference(*q)


@pytest.mark.parametrize("chunk", range(4))
def test_random_questions_match_the_original(chunk: int) -> None:
    rng = np.random.default_rng(20_000 + chunk)
    for _ in range(60):
        q = _random_question(rng)
        assert _fresh(q) == _reference(*q), q


def test_search_wrapper_matches_the_original() -> None:
    """`search` (lists, duplicates, any order of sets) asks `_search` the same question."""
    rng = np.random.default_rng(5)
    sets, n, m, free, seed = _random_question(rng)
    f2._search.cache_clear()
    assert f2.search([list(s) for s in sets], n, m, free, seed) == list(_reference(sets, n, m, free, seed))
