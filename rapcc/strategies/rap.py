"""Random Address Permute-Shift (seed 000 §IV; 3P of §VII for more dimensions).

Element (i, j) of a tile with C columns is stored at column (j + p(i)) mod C,
for a random permutation p. Seed 000 reads p from a table; on Hopper a
lane-dependent `__constant__` lookup serialises (ANCHORS: 13x slower than
padding on CRSW), so p is realised arithmetically as the bijection
p(x) = (((x ^ a) * b) + c) mod U on [0, U), with b odd, U a power of two and
(a, b, c) drawn from `--seed`.

The bank unit matters: an 8- or 16-byte element spans 2 or 4 banks and a
request is served per half-warp, so the shift only needs to be a
permutation over U = (bank line bytes / element bytes) rows; a full C-entry
permutation would put rows i and i + U in the same bank pair (ANCHORS: 276k
excess wavefronts for doubles). Higher dimensions add one independent
permutation per leading index (3P).
"""
from __future__ import annotations

import random
import zlib

from ..analysis.arrays import ArrayAnalysis
from .base import Form, Mapping, Scheme, StrategyContext, is_pow2, log2, row_lengths

CITE = "seed 000 §IV"


def permutation_params(seed: int, salt: str, unit: int) -> tuple[int, int, int]:
    """(a, b, c) of p(x) = (((x ^ a) * b) + c) mod unit, reproducible from the seed."""
    rng = random.Random(seed * 1_000_003 + zlib.crc32(salt.encode()))
    return rng.randrange(unit), rng.randrange(unit) | 1, rng.randrange(unit)


def _perm_expr(var: str, unit: int, params: tuple[int, int, int]) -> str:
    a, b, c = params
    m = unit - 1
    return f"(((({var} & {m}u) ^ {a}u) * {b}u + {c}u) & {m}u)"


class RapStrategy:
    name = "rap"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        dims = analysis.logical_dims
        e = analysis.array.elem_bytes
        if dims is None or e <= 0:
            return []
        line = ctx.banks.banks * ctx.banks.bank_bytes
        salt = analysis.array.name
        if len(dims) >= 2:
            cols = dims[-1]
            unit = min(1 << log2(cols), max(1, line // e))
            if unit < 2:
                return []
            last = f"i{len(dims) - 1}"
            shifts = [_perm_expr(f"i{k}", unit, permutation_params(ctx.seed, f"{salt}/{k}", unit))
                      for k in range(len(dims) - 1)]
            total = " + ".join([last] + shifts)
            expr = f"({total}) & {cols - 1}u" if is_pow2(cols) else f"({total}) % {cols}u"
            return [Mapping(self.name, f"rap shift by p(row), |p| = {unit}, seed {ctx.seed}", dims, dims, expr,
                            4 + 4 * len(shifts), form=Form(Scheme.RAP_ROWS, (("unit", unit), ("seed", ctx.seed),
                                                                             ("dims", len(dims) - 1)), CITE))]
        n = dims[0]
        out = []
        for r in row_lengths(analysis):
            if not is_pow2(r) or n % r:
                continue
            unit = min(r, max(1, line // e))
            p = _perm_expr(f"(i0 >> {log2(r)}u)", unit, permutation_params(ctx.seed, salt, unit))
            expr = f"(i0 & ~{r - 1}u) | ((i0 + {p}) & {r - 1}u)"
            out.append(Mapping(self.name, f"rap rows of {r}, |p| = {unit}, seed {ctx.seed}", dims, dims, expr, 9,
                               form=Form(Scheme.RAP_GROUPS, (("every", r), ("unit", unit), ("seed", ctx.seed)), CITE)))
        return out
