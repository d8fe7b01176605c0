"""Address arrangements compared by seed 000: RAW, RAS, RAP (§III, §IV) for a
w x w matrix, and the RAP extensions to a w x w x w x w array (§VII).

Every scheme keeps the last index (the column j, or l) and rotates it by a
random shift f of the other indices: element (..., l) lives in bank
(l + f(...)) mod w.  f is a sum of random terms; each term reads one random
permutation of [0, w) at one index (RAP's p(i)), or one independent random
integer per key (RAS's r_i: a permutation read at a single point).

The §VII formulas are lost from this copy of seed 000; they are reconstructed
from the surrounding text (the scheme names, Table IV's "random numbers" row
and the R1P counterexample a[0][1][2][l], a[0][2][1][l], ...):
    1P       f = p(k)
    R1P      f = p(i) + p(j) + p(k)
    3P       f = p(i) + q(j) + r(k)
    w^2 P    f = p_{i,j}(k)          (w^2 permutations)
    1P w^2R  f = p(k) + r_{i,j}      (one permutation, w^2 random integers)
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rapcc.dmm.model import sample_injections

Symbol = tuple[str, tuple[int, ...], int]


@dataclass(frozen=True, slots=True)
class RandomTerm:
    """One summand table[key](point) of a scheme's shift.

    Attributes:
        table: name of a family of random permutations ('p', 'q', 'r').
        key_dims: index dimensions selecting the permutation of the family
            (empty: the family is one permutation).
        point_dim: index dimension the permutation is read at; None for an
            independent random integer per key (a single-point permutation).
    """

    table: str
    key_dims: tuple[int, ...]
    point_dim: int | None


@dataclass(frozen=True, slots=True)
class Scheme:
    """An arrangement of a w^(dims) array in w banks.

    Attributes:
        name: CLI name ('raw', 'rap', '3p', ...).
        dims: 2 for the w x w matrix of §III-§V, 4 for the §VII array.
        terms: the random summands of the shift f.
        formula: where element (..., l) is stored, for humans.
        section: where seed 000 defines it.
    """

    name: str
    dims: int
    terms: tuple[RandomTerm, ...]
    formula: str
    section: str

    def random_numbers(self, w: int) -> int:
        """How many random numbers the scheme stores (Table I / Table IV)."""
        sizes: dict[str, int] = {}
        for term in self.terms:
            per_key = w if term.point_dim is not None else 1
            sizes[term.table] = w ** len(term.key_dims) * per_key
        return sum(sizes.values())

    def shifts(self, indices: np.ndarray, w: int, rng: np.random.Generator) -> np.ndarray:
        """f for every element of every trial, drawing fresh random numbers per trial.

        Args:
            indices: (T, E, dims) element indices, one row of E per trial.
            w: width (banks, and the extent of every index).
            rng: random generator.

        Returns:
            (T, E) shift in [0, w).
        """
        trials, elements, _ = indices.shape
        if not self.terms:
            return np.zeros((trials, elements), dtype=np.int64)
        tables = sorted({t.table for t in self.terms})
        key_space = w ** max(len(t.key_dims) for t in self.terms)
        trial = np.arange(trials, dtype=np.int64)[:, None]
        groups, points = [], []
        for term in self.terms:
            key = np.zeros((trials, elements), dtype=np.int64)
            for d in term.key_dims:
                key = key * w + indices[:, :, d]
            groups.append((trial * len(tables) + tables.index(term.table)) * key_space + key)
            points.append(indices[:, :, term.point_dim] if term.point_dim is not None else np.zeros_like(key))
        values = sample_injections(np.stack(groups), np.stack(points), w, rng)
        return values.sum(axis=0) % w

    def banks(self, indices: np.ndarray, w: int, rng: np.random.Generator) -> np.ndarray:
        """(T, E) bank of every element: (l + f) mod w."""
        return (indices[:, :, -1] + self.shifts(indices, w, rng)) % w

    def symbolic_shift(self, index: tuple[int, ...]) -> tuple[Symbol, ...]:
        """f of one element as a sorted multiset of random-table reads.

        Two elements with the same column and the same symbolic shift are in
        the same bank whatever the random numbers are; this is what the
        malicious-pattern search looks for.
        """
        reads = []
        for term in self.terms:
            key = tuple(index[d] for d in term.key_dims)
            point = index[term.point_dim] if term.point_dim is not None else -1
            reads.append((term.table, key, point))
        return tuple(sorted(reads))


SCHEMES: dict[str, Scheme] = {
    s.name: s
    for s in (
        Scheme("raw", 2, (), "a[i][j] in bank j", "§III"),
        Scheme("ras", 2, (RandomTerm("r", (0,), None),), "a[i][j] in bank (j + r_i) mod w, r_i independent", "§I, §IV"),
        Scheme("rap", 2, (RandomTerm("p", (), 0),), "a[i][j] in bank (j + p(i)) mod w, p a random permutation", "§IV"),
        Scheme("1p", 4, (RandomTerm("p", (), 2),), "a[i][j][k][l] in bank (l + p(k)) mod w", "§VII"),
        Scheme("r1p", 4, (RandomTerm("p", (), 0), RandomTerm("p", (), 1), RandomTerm("p", (), 2)),
               "a[i][j][k][l] in bank (l + p(i) + p(j) + p(k)) mod w", "§VII"),
        Scheme("3p", 4, (RandomTerm("p", (), 0), RandomTerm("q", (), 1), RandomTerm("r", (), 2)),
               "a[i][j][k][l] in bank (l + p(i) + q(j) + r(k)) mod w", "§VII"),
        Scheme("w2p", 4, (RandomTerm("p", (0, 1), 2),), "a[i][j][k][l] in bank (l + p_{i,j}(k)) mod w", "§VII"),
        Scheme("1p-wr", 4, (RandomTerm("p", (), 2), RandomTerm("r", (0, 1), None)),
               "a[i][j][k][l] in bank (l + p(k) + r_{i,j}) mod w, w^2 random r_{i,j}", "§VII"),
    )
}
