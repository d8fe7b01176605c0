"""Search for malicious warp accesses: w elements that one scheme maps to as
few banks as possible, whatever its random numbers (seed 000 §IV, §VII).

Seed 000 §VII shows that R1P has "malicious inputs with high congestion":
a[0][1][2][l], a[0][2][1][l], a[1][0][2][l], ... share the shift
p(0) + p(1) + p(2), so these 6 requests always meet in one bank, and a warp
can hold w/6 such groups.  The search generalises that argument:

1. Elements whose column and symbolic shift (`Scheme.symbolic_shift`) agree
   always share a bank; group a candidate pool into such classes.
2. Fill the warp greedily, class by class, choosing each time the class that
   maximises the mean congestion over a fixed sample of random numbers.  A
   bigger guaranteed class always scores higher, and among classes of equal
   size the sample favours those that collide often by chance.
3. Keep the worst of that pattern and the structured accesses (every line
   through the array, and the diagonal), judged on a second, independent
   sample: the greedy fit is noisy, and a malicious access must be at least
   as bad as any known one.

The pattern's real congestion must then be measured with fresh random
numbers (`rapcc.dmm.simulate`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from rapcc.dmm.model import congestion, linear_address
from rapcc.dmm.schemes import Scheme

POOL_LIMIT = 4096
SEARCH_SAMPLES = 128
VALIDATION_SAMPLES = 1024


@dataclass(frozen=True, slots=True)
class MaliciousPattern:
    """A warp access found by `find_malicious`.

    Attributes:
        elements: w index tuples, one per thread.
        guaranteed: the largest number of them that share a bank for every
            choice of random numbers.
        search_estimate: mean congestion on the validation sample.
        origin: 'greedy' or the structured access that won.
    """

    elements: tuple[tuple[int, ...], ...]
    guaranteed: int
    search_estimate: float
    origin: str

    def indices(self) -> np.ndarray:
        """(w, dims) index array."""
        return np.array(self.elements, dtype=np.int64)


def _integer_root(value: int, degree: int) -> int:
    """Largest c with c ** degree <= value."""
    c = int(round(value ** (1 / degree)))
    while c**degree > value:
        c -= 1
    while (c + 1) ** degree <= value:
        c += 1
    return c


def candidate_pool(scheme: Scheme, w: int, rng: np.random.Generator, limit: int = POOL_LIMIT) -> np.ndarray:
    """Elements the search may use: a cube [0, c)^(dims-1) of shift indices
    times the first few columns (about `limit` elements), plus `limit`
    elements drawn uniformly from the whole array.

    c is large enough that one column of the cube holds w elements (so a
    scheme whose shift ignores an index, like RAW or 1P, can be hit w times)
    and otherwise as large as the limit allows.  The cube supplies the
    guaranteed collisions; the uniform elements rarely share an index, which
    matters for schemes such as 3P where elements sharing all but one index
    can never collide.
    """
    shift_dims = scheme.dims - 1
    needed = _integer_root(w - 1, shift_dims) + 1  # smallest c with c^shift_dims >= w
    c = min(w, max(needed, _integer_root(limit, shift_dims)))
    columns = max(1, min(w, limit // c**shift_dims))
    grids = [np.arange(c)] * shift_dims + [np.arange(columns)]
    cube = np.array(list(itertools.product(*grids)), dtype=np.int64)
    spread = rng.integers(0, w, size=(limit, scheme.dims))
    return np.unique(np.concatenate([cube, spread]), axis=0)


def guaranteed_classes(scheme: Scheme, pool: np.ndarray) -> list[list[int]]:
    """Pool rows grouped by (column, symbolic shift), largest class first;
    each class always lands in a single bank."""
    classes: dict[tuple, list[int]] = {}
    for row, element in enumerate(map(tuple, pool.tolist())):
        classes.setdefault((element[-1], scheme.symbolic_shift(element)), []).append(row)
    return sorted(classes.values(), key=lambda members: (-len(members), members[0]))


def structured_patterns(scheme: Scheme, w: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Every line through the array (thread t sweeps one index, the others
    are 0), for the matrix the diagonal a[t][t] (the §III/§VII accesses), and
    one draw of w distinct uniformly random elements (§V "random")."""
    t = np.arange(w)
    elements = np.unique(rng.integers(0, w, size=(2 * w, scheme.dims)), axis=0)
    out = {"random": elements[rng.permutation(len(elements))[:w]]}
    for dim in range(scheme.dims):
        line = np.zeros((w, scheme.dims), dtype=np.int64)
        line[:, dim] = t
        out[f"line{dim}"] = line
    if scheme.dims == 2:
        out["diagonal"] = np.stack([t, t], axis=1)
    return out


def greedy_pattern(scheme: Scheme, w: int, rng: np.random.Generator, samples: int, limit: int) -> np.ndarray:
    """Steps 1-2 of the search: (w, dims) indices of the greedy warp access."""
    pool = candidate_pool(scheme, w, rng, limit)
    classes = guaranteed_classes(scheme, pool)
    sizes = np.array([len(c) for c in classes], dtype=np.int64)
    representatives = pool[[c[0] for c in classes]]
    banks = scheme.banks(np.broadcast_to(representatives, (samples, *representatives.shape)), w, rng)

    sample_rows = np.arange(samples)
    counts = np.zeros((samples, w), dtype=np.int64)
    current = np.zeros(samples, dtype=np.int64)
    used = np.zeros(len(classes), dtype=bool)
    order = np.arange(len(classes))
    chosen: list[int] = []
    remaining = w
    while remaining > 0 and not used.all():
        take = np.minimum(sizes, remaining)
        scores = np.maximum(current[:, None], counts[sample_rows[:, None], banks] + take[None, :]).mean(axis=0)
        scores[used] = -np.inf
        pick = int(np.lexsort((order, -take, -scores))[0])
        counts[sample_rows, banks[:, pick]] += take[pick]
        current = np.maximum(current, counts[sample_rows, banks[:, pick]])
        used[pick] = True
        chosen.extend(classes[pick][: take[pick]])
        remaining -= int(take[pick])
    return pool[chosen]


def _mean_congestion(scheme: Scheme, indices: np.ndarray, w: int, rng: np.random.Generator, samples: int) -> float:
    batch = np.broadcast_to(indices, (samples, *indices.shape))
    return float(congestion(linear_address(batch, w), scheme.banks(batch, w, rng), w, distinct=True).mean())


def find_malicious(
    scheme: Scheme,
    w: int,
    rng: np.random.Generator,
    samples: int = SEARCH_SAMPLES,
    limit: int = POOL_LIMIT,
    validation: int = VALIDATION_SAMPLES,
) -> MaliciousPattern:
    """Search for a high-congestion warp access under `scheme`.

    Args:
        scheme: the arrangement under attack.
        w: width (threads per warp and banks).
        rng: random generator for the search and validation samples.
        samples: draws of the scheme's random numbers the greedy step averages over.
        limit: approximate size of the greedy step's candidate pool.
        validation: draws used to pick the worst candidate pattern.
    """
    greedy = greedy_pattern(scheme, w, rng, samples, limit)
    candidates = {"greedy": greedy, **structured_patterns(scheme, w, rng)}
    scored = {name: _mean_congestion(scheme, idx, w, rng, validation) for name, idx in candidates.items()}
    # Ties keep the greedy pattern (listed first): it was built to be bad.
    origin = max(scored, key=lambda name: scored[name])
    winner = candidates[origin]
    elements = tuple(tuple(int(v) for v in row) for row in winner)
    return MaliciousPattern(elements, len(guaranteed_classes(scheme, winner)[0]), scored[origin], origin)
