"""XOR swizzle (seed 003's index-digit rules; CuTe's `Swizzle<B, M, S>`).

The column's bank bits are XORed with bits of the row: element (i, j) of a
C-wide tile moves to column  j ^ (((i >> S) & (2^B - 1)) << M).  M keeps the
low bits that select a byte inside one 4-byte bank word (sub-word elements),
so vector accesses stay contiguous; the size is unchanged and each row is
permuted onto itself, so the mapping is a bijection whenever C is a power of
two. A 1-D array used as rows of R elements swizzles the same way with
i = k / R and j = k % R.
"""
from __future__ import annotations

from ..analysis.arrays import ArrayAnalysis
from .base import Form, Mapping, Scheme, StrategyContext, guarded, is_dynamic, is_pow2, log2, row_lengths

CITE = "seed 003, CuTe's Swizzle"


def _swizzles(cols: int, elem_bytes: int, bank_line_bytes: int) -> list[tuple[int, int, int]]:
    """(B, M, S) triples worth trying for rows of `cols` elements: B row bits,
    shifted right by S, XORed into column bits [M, M + B). M starts above the
    bits that pick a byte inside a bank word; a larger M moves whole groups of
    banks (two rows of 16 lanes need bank bit 4 flipped, not bit 0)."""
    m0 = log2(max(1, 4 // elem_bytes)) if elem_bytes < 4 else 0
    top = min(log2(cols), m0 + log2(max(1, bank_line_bytes // max(elem_bytes, 4))))
    rows_per_line = max(1, bank_line_bytes // max(1, cols * elem_bytes))
    shifts = sorted({0, log2(rows_per_line)})
    return [(b, m, s) for m in range(m0, top) for b in range(1, top - m + 1) for s in shifts]


class XorStrategy:
    name = "xor"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        dims = analysis.logical_dims
        e = analysis.array.elem_bytes
        line = ctx.banks.banks * ctx.banks.bank_bytes
        if is_dynamic(analysis) and e > 0:
            return self._dynamic(analysis, e, line)
        if dims is None or e <= 0:
            return []
        out = []
        if len(dims) >= 2:
            cols = dims[-1]
            # The XOR only flips bits below B + M, so each aligned group of
            # 2^(B+M) columns is permuted onto itself: rows need only be a
            # multiple of that group, not a power of two.
            group = 1 << log2(cols & -cols)
            row = f"i{len(dims) - 2}"
            for b, m, s in _swizzles(group, e, line):
                sel = f"({row} >> {s}u)" if s else row
                expr = f"i{len(dims) - 1} ^ (({sel} & {(1 << b) - 1}u) << {m}u)"
                out.append(Mapping(self.name, f"xor Swizzle<{b},{m},{s}> on rows of {cols}", dims, dims, expr, 3 if s == 0 else 4,
                                   form=Form(Scheme.XOR_ROWS, (("bits", b), ("at", m), ("shift", s)), CITE)))
            return out
        n = dims[0]
        for r in row_lengths(analysis):
            if not is_pow2(r) or n % r:
                continue
            for b, m, s in _swizzles(r, e, line):
                shift = log2(r) + s
                expr = f"i0 ^ (((i0 >> {shift}u) & {(1 << b) - 1}u) << {m}u)"
                out.append(Mapping(self.name, f"xor Swizzle<{b},{m},{shift}> on {n} elements", dims, dims, expr, 3,
                                   form=Form(Scheme.XOR_FLAT, (("bits", b), ("at", m), ("source", shift)), CITE)))
        return out

    def _dynamic(self, analysis: ArrayAnalysis, e: int, line: int) -> list[Mapping]:
        """The 1-D swizzle for an `extern` array: bits [M, M+B) change, so each
        aligned group of 2^(M+B) elements is permuted onto itself, and only
        groups wholly inside the launch's allocation are (`guarded`)."""
        out = []
        for r in row_lengths(analysis):
            if not is_pow2(r):
                continue
            for b, m, s in _swizzles(r, e, line):
                shift = log2(r) + s
                group = 1 << (m + b)
                expr = guarded(f"i0 ^ (((i0 >> {shift}u) & {(1 << b) - 1}u) << {m}u)", group)
                out.append(Mapping(self.name, f"xor Swizzle<{b},{m},{shift}> within the dynamic allocation",
                                   (0,), (0,), expr, 6, dynamic_group=group,
                                   form=Form(Scheme.XOR_FLAT, (("bits", b), ("at", m), ("source", shift),
                                                               ("dynamic", 1)), CITE)))
        return out
