"""Padding (seeds 001 and 002): grow the row pitch so columns spread over banks.

A 2-D tile `T a[R][C]` becomes `T a[R][C + p]`; its subscripts stay as written.
A 1-D array used as rows of R elements (`A[t*R + k]`) gets one gap of p
elements after every row: k -> k + (k / R) * p. Padding changes the array's
size, so it is never used where the size matters elsewhere (extern arrays,
`sizeof`, any escaping use: those arrays are not rewritten at all).
"""
from __future__ import annotations

from .. import ir
from ..analysis.arrays import ArrayAnalysis
from .base import Form, Mapping, Scheme, StrategyContext, is_pow2, log2, row_lengths

MAX_PAD_ELEMS = 8
CITE = "seeds 001, 002"


def half_line_pad(row: int, line: int) -> int:
    """The pad that takes a row of `row` elements to the next stride of half a
    bank line mod a line (16 words mod 32: the half-warps of a 16-wide block,
    or two rows of one warp, then fall in disjoint banks). Every stride up to it
    is a candidate: on the way lie the odd strides (in words), which skew
    consecutive rows by a bank. The halo stencil's `s[18][18]` under 16x16
    threads is conflict-free only at 48 (issue 19), past the fraction-of-a-line
    pads `line * k / 8` that stop at 46."""
    if line < 2:
        return 0
    target = row + 1
    while target % line != line // 2:
        target += 1
    return target - row


def sizes_spelled(arr: ir.SharedArray) -> bool:
    """Whether each size of `arr`'s declaration is spelled `[N]` right after its
    name in the user's text, the one form padding rewrites (not `<:N:>`, a
    typedef'd row type, or brackets a macro writes)."""
    return not arr.decl_in_macro and all(r is not None for r in arr.dim_ranges)


class PaddingStrategy:
    name = "pad"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        dims = analysis.logical_dims
        arr = analysis.array
        if dims is None or not arr.dim_ranges or not sizes_spelled(arr):
            return []
        out = []
        if len(dims) >= 2:
            # Small pads skew consecutive rows by a bank or a few; pads of a
            # fraction of a bank line place rows that share a warp (narrow
            # blocks: 16 lanes of row y and 16 of row y+1) in disjoint banks.
            line = max(1, ctx.banks.banks * ctx.banks.bank_bytes // max(arr.elem_bytes, 1))
            pads = sorted(set(range(1, MAX_PAD_ELEMS + 1)) | {line * k // 8 for k in range(1, 8) if line * k % 8 == 0}
                          | set(range(1, half_line_pad(dims[-1], line) + 1)))
            for p in pads:
                phys = dims[:-1] + (dims[-1] + p,)
                out.append(Mapping(self.name, f"pad row {dims[-1]} -> {dims[-1] + p}", dims, phys, None, 0,
                                   form=Form(Scheme.PAD_ROWS, (("row", dims[-1]), ("pad", p)), CITE)))
            return out
        n = dims[0]
        for r in row_lengths(analysis):
            if not is_pow2(r):
                continue
            for p in (1, 2, 4):
                extra = ((n - 1) >> log2(r)) * p
                expr = f"i0 + (i0 >> {log2(r)}u)" if p == 1 else f"i0 + (i0 >> {log2(r)}u) * {p}u"
                out.append(Mapping(self.name, f"pad {p} after every {r} elements ({n} -> {n + extra})",
                                   dims, (n + extra,), expr, 2 if p == 1 else 3,
                                   form=Form(Scheme.PAD_GROUPS, (("every", r), ("pad", p)), CITE)))
        return out
