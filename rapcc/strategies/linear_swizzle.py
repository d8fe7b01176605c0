"""F2-linear optimal swizzle (`swizzle`): the XOR layout of `rapcc.hashing.f2`
searched for every access set of the array at once.

CuTe's `Swizzle<B, M, S>` XORs one contiguous run of B bits, shifted right by
S, into bits [M, M + B).  This strategy keeps that shape of mapping (the last
index's bank bits XORed with bits above them: of the last index itself and of
the row) but lets every higher bit feed any bank bits, which is the family the
Linear Layouts paper searches (arXiv 2505.23819 §5.4).  The description names
the equivalent `Swizzle<B, M, S>` when there is one.

The mapping only changes bits [sub, sub + free) of the element index (free =
bank bits the last index holds, sub = byte-in-word bits) from bits outside
them, so each aligned group of 2^(sub + free) elements of a row is permuted
onto itself: in range and injective whenever the last dimension is a multiple
of that group, which `hash_domain` requires.  The verifier proves the emitted
text as for every strategy.
"""
from __future__ import annotations

from dataclasses import replace

from ..analysis.arrays import ArrayAnalysis
from ..hashing.f2 import XorSwizzle, is_subspace, lower_bound, search
from .base import Form, Mapping, Scheme, StrategyContext
from .hashed import HashDomain, access_sets, count_ops, hash_domain, prefix_parts

# Candidates handed to the planner: the fewest-wavefront swizzles, by terms.
MAX_CANDIDATES = 4


def _sources(dims: tuple[int, ...], sub: int, cols_bits: int, one_d: bool) -> list[tuple[str, int, int]]:
    """(C variable, its lowest element-index bit, bits) for the bits of the
    row-major element index: the last index, then the row subscripts (each its
    own bits when the inner dimensions are powers of two, else the row-major
    row number as one expression)."""
    last = f"i{len(dims) - 1}"
    if one_d:
        return [(last, 0, max(1, (dims[0] - 1).bit_length()))]
    base = cols_bits + sub
    return [(last, 0, base)] + [(expr, low + base, bits) for expr, low, bits in prefix_parts(dims)]


def render(sw: XorSwizzle, dom: HashDomain) -> str | None:
    """last' = last ^ (terms): C text of the swizzle on element indices, or None if it is the identity."""
    # Element-index bit e receives the XOR of g's unit bits: unit bit j is element bit j + sub.
    feeds: dict[int, int] = {}  # source element bit -> target element-bit mask
    for j, v in enumerate(sw.g):
        if v:
            feeds[j + dom.sub] = v << dom.sub
    if not feeds:
        return None
    terms: list[str] = []
    for var, lo, bits in _sources(dom.dims, dom.sub, dom.cols, dom.one_d):
        masks: dict[int, int] = {}  # right shift -> target mask
        for b in range(bits):
            target = feeds.get(lo + b, 0)
            for t in range(target.bit_length()):
                if (target >> t) & 1:
                    masks[b - t] = masks.get(b - t, 0) | (1 << t)
        whole = (1 << bits) - 1  # the variable is below 2^bits (power-of-two inner sizes)
        for d, mask in sorted(masks.items()):
            if d >= 0 and mask == whole >> d:
                terms.append(f"({var} >> {d}u)" if d else var)
            elif d > 0:
                terms.append(f"(({var} >> {d}u) & {mask}u)")
            elif d == 0:
                terms.append(f"({var} & {mask}u)")
            else:
                terms.append(f"(({var} << {-d}u) & {mask}u)")
    last = f"i{len(dom.dims) - 1}"
    return f"({last} ^ " + " ^ ".join(terms) + ")"


def describe(sw: XorSwizzle, dom: HashDomain, waves: int, bound: int, sets: int, linear: int) -> str:
    """CuTe-style one line: the Swizzle<B,M,S> it equals (on the flat element index), else its bit map."""
    cute = sw.cute()
    if cute is not None:
        b, m, s = cute
        shape = f"Swizzle<{b},{m + dom.sub},{s}>"
    else:
        shape = f"XOR {sw.describe()} (unit bit -> bank bits)"
    where = f"rows of {dom.dims[-1]}" if not dom.one_d else f"{dom.dims[0]} elements"
    quality = "optimal" if waves <= bound else f"{waves} vs bound {bound} wavefronts"
    return (f"swizzle {shape} on {where}, F2-linear ({linear} of {sets} access sets linear; {quality}; "
            "Linear Layouts §5.4)")


def _form(sw: XorSwizzle, dom: HashDomain, optimal: bool) -> Form:
    cute = sw.cute()
    shape = () if cute is None else (cute[0], cute[1] + dom.sub, cute[2])
    return Form(Scheme.LINEAR, (("cute", shape), ("map", tuple(sw.g)), ("optimal", int(optimal))),
                "Linear Layouts §5.4")


class LinearSwizzleStrategy:
    name = "swizzle"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        dom = hash_domain(analysis, ctx.banks)
        if dom is None:
            return []
        # The whole bank field is the search's to keep apart: sets are not split by
        # the row bits that pick banks (they are bank bits of `m_total` here).
        whole = replace(dom, m=dom.m + dom.fixed, fixed=0)
        sets = access_sets(analysis, whole, ctx.banks)
        if not sets:
            return []
        m_total = whole.m
        free = dom.m
        found = search(sets, dom.n, m_total, free, ctx.seed)
        bound = lower_bound(sets, m_total)
        linear = sum(1 for s in {tuple(s) for s in sets} if is_subspace(s))
        distinct = len({tuple(s) for s in sets})
        out: dict[str, Mapping] = {}
        for sw, waves in found:
            if sw.is_identity:
                continue
            expr = render(sw, dom)
            if expr is None or expr in out:
                continue
            out[expr] = Mapping(self.name, describe(sw, dom, waves, bound, distinct, linear), dom.dims, dom.dims,
                                expr, count_ops(expr), form=_form(sw, dom, waves <= bound))
            if len(out) >= MAX_CANDIDATES:
                break
        return list(out.values())
