"""Hand fixes, checked: arrays the programmer already padded or swizzled.

Three spellings are recognised on the front end's expression trees:

* padded rows: `T a[R][2^k + p]` (1 <= p <= 8) whose column subscripts all
  stay below 2^k: the spare columns are padding, not data;
* padded index: a 1-D subscript `e + (e >> k) * p` or `e + e / 2^k * p`
  (the GPU Gems `CONFLICT_FREE_OFFSET` idiom, also through a macro: the tree
  is the expanded one);
* a 1-D array declared with 1..8 spare elements past a power of two whose
  subscripts never use them as padding (`#define STRIDE 32 + 1` gives
  `s[32 * STRIDE]` = 1025 elements but `s[r * STRIDE + c]` = `r * 32 + 1 + c`);
* an XOR in the last subscript (`a[r][c ^ r]`, also through a macro).

Each is judged on 32 banks by the bank model, against the same accesses with
the fix taken out where that layout can be derived (the padding dropped or the
index mapped back), else against the ideal:

* works: every access needs only its ideal wavefronts;
* 16-banks: conflict-free on 16 banks serving half-warps (compute capability
  1.x, where `LOG_NUM_BANKS 4` came from), not on 32;
* no-op: no fewer wavefronts than without the fix (or, without a derivable
  unfixed layout, spare elements that no subscript uses as padding);
* partial: fewer wavefronts than without the fix, but not conflict-free (for
  an XOR, whose unfixed layout is not derived: not conflict-free).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from .. import ir
from ..banks import BankModel
from .arrays import ArrayAnalysis
from .predict import LayoutFn, predict, row_major

Verdict = Literal["works", "16-banks", "no-op", "partial"]
MAX_PAD = 8
# Compute capability 1.x: 16 banks, each half-warp a request of its own.
SIXTEEN_BANKS = BankModel(banks=16, bank_bytes=4, warp_size=16)


@dataclass(frozen=True, slots=True)
class HandFix:
    kind: Literal["padded-rows", "padded-index", "spare-elements", "xor"]
    text: str  # what was recognised, e.g. "rows padded 32 -> 33"
    verdict: Verdict
    fixed: float  # wavefronts per request with the fix (32 banks)
    unfixed: float | None  # the same accesses without it, when derivable
    ideal: float

    @property
    def broken(self) -> bool:
        return self.verdict != "works"

    def why(self) -> str:
        if self.verdict == "16-banks":
            return (f"{self.text} is tuned for 16 banks: conflict-free per half-warp on 16 banks, but "
                    f"{self.fixed:.2f} wavefronts per request on 32 banks (ideal {self.ideal:.2f})")
        if self.verdict == "no-op":
            base = "no subscript uses the spare elements as padding" if self.unfixed is None else \
                f"{self.fixed:.2f} wavefronts per request with it, {self.unfixed:.2f} without"
            return f"{self.text} removes no conflict: {base} (ideal {self.ideal:.2f})"
        if self.verdict == "partial":
            # An XOR has no unfixed layout to compare with: only the ideal is known.
            without = "" if self.unfixed is None else f"{self.unfixed:.2f} without it, "
            return (f"{self.text} leaves conflicts: {self.fixed:.2f} wavefronts per request "
                    f"({without}ideal {self.ideal:.2f})")
        return f"{self.text} works on 32 banks"


def _mean(a: ArrayAnalysis, layout: LayoutFn, banks: BankModel, remap=None) -> tuple[float, float] | None:
    """(wavefronts, ideal) per executed request over the array's accesses."""
    waves = ideal = execs = 0.0
    for x in a.accesses:
        samples = x.samples
        if samples.unknown is not None or not samples.instances:
            continue
        if remap is not None:
            samples = remap(samples)
        p = predict(samples, layout, max(a.array.elem_bytes, 1), x.access.width, x.access.offset, banks)
        if p is None:
            continue
        waves += p.wavefronts * p.executions
        ideal += p.ideal * p.executions
        execs += p.executions
    return (waves / execs, ideal / execs) if execs else None


def pow2_below(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n > 0 else 0


def max_index(a: ArrayAnalysis, k: int) -> int | None:
    """The highest index subscript `k` reaches: over every run of the sound proof
    (site_facts.py) and every replayed lane; None where the proof recorded no
    fact for some access (unknown, so no hand fix is read into it)."""
    top = -1
    for x in a.accesses:
        reach = x.site.top(k) if x.site is not None else None
        if reach is None:
            return None
        top = max(top, reach)
        for i in x.samples.instances:
            live = i.indices[k][i.active]
            if live.size:
                top = max(top, int(live.max()))
    return top


def _reach(a: ArrayAnalysis, k: int) -> int:
    """`max_index`, -1 (no hand fix read) where unknown."""
    top = max_index(a, k)
    return -1 if top is None else top


def _pad_form(e: ir.Expr) -> tuple[ir.Expr, int, int] | None:
    """(e, k, p) when `e` is `x + (x >> k) * p` or `x + x / 2^k * p` (either order, p optional)."""
    e = _strip_casts(e)
    if not isinstance(e, ir.BinOp) or e.op != "+":
        return None
    for x, t in ((_strip_casts(e.lhs), _strip_casts(e.rhs)), (_strip_casts(e.rhs), _strip_casts(e.lhs))):
        p = 1
        if isinstance(t, ir.BinOp) and t.op == "*" and isinstance(t.rhs, ir.Const):
            p = t.rhs.value
            t = _strip_casts(t.lhs)
        if not isinstance(t, ir.BinOp) or not isinstance(t.rhs, ir.Const) or _strip_casts(t.lhs) != x:
            continue
        if t.op == ">>":
            return x, t.rhs.value, p
        if t.op == "/" and t.rhs.value > 0 and t.rhs.value & (t.rhs.value - 1) == 0:
            return x, t.rhs.value.bit_length() - 1, p
    return None


def _strip_casts(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


def _has_xor(e: ir.Expr) -> bool:
    e = _strip_casts(e)
    if isinstance(e, ir.BinOp):
        return e.op == "^" or (e.op in ("+", "|") and (_has_xor(e.lhs) or _has_xor(e.rhs)))
    return False


def _judge(a: ArrayAnalysis, kind, text: str, layout: LayoutFn, unfixed: float | None,
           banks: BankModel, spare_unused: bool = False) -> HandFix | None:
    got = _mean(a, layout, banks)
    if got is None:
        return None
    fixed, ideal = got
    if fixed <= ideal + 1e-9:
        verdict: Verdict = "works"
    else:
        sixteen = _mean(a, layout, SIXTEEN_BANKS)
        if sixteen is not None and sixteen[0] <= sixteen[1] + 1e-9 and kind != "spare-elements":
            verdict = "16-banks"
        elif (unfixed is not None and unfixed <= fixed + 1e-9) or (unfixed is None and spare_unused):
            verdict = "no-op"
        else:
            verdict = "partial"
    return HandFix(kind, text, verdict, fixed, unfixed, ideal)


def detect(a: ArrayAnalysis, banks: BankModel) -> HandFix | None:
    """The hand fix of this array and how well it works, or None when there is none."""
    dims = a.logical_dims
    if not dims or not a.accesses or a.array.elem_bytes <= 0:
        return None
    flat = row_major(dims)
    if len(dims) >= 2:
        if any(_has_xor(x.access.indices[-1]) for x in a.accesses if x.access.indices):
            return _judge(a, "xor", "the XOR in the last subscript", flat, None, banks)
        c = dims[-1]
        base = pow2_below(c)
        pad = c - base
        if 1 <= pad <= MAX_PAD and base >= 8 and 0 <= _reach(a, len(dims) - 1) < base:
            plain = _mean(a, row_major(dims[:-1] + (base,)), banks)
            return _judge(a, "padded-rows", f"padding the rows {base} -> {c}", flat,
                          None if plain is None else plain[0], banks)
        return None
    n = dims[0]
    forms = [f for f in (_pad_form(_strip_casts(x.access.indices[0])) for x in a.accesses if x.access.indices) if f]
    if forms:
        _, k, p = forms[0]
        text = f"the index padding 'i + (i >> {k})" + (f" * {p}'" if p != 1 else "'")
        # Undo y = x + (x >> k) * p on the sampled indices: the layout without the padding.
        xs = np.arange(n, dtype=np.int64)
        ys = xs + (xs >> k) * p
        inverse = np.full(n, -1, dtype=np.int64)
        inside = ys < n
        inverse[ys[inside]] = xs[inside]
        unfixed = _mean(a, flat, banks, remap=lambda s: _remapped(s, inverse))
        return _judge(a, "padded-index", text, flat, None if unfixed is None else unfixed[0], banks)
    if any(_has_xor(x.access.indices[0]) for x in a.accesses if x.access.indices):
        return _judge(a, "xor", "the XOR in the subscript", flat, None, banks)
    base = pow2_below(n)
    if 1 <= n - base <= MAX_PAD and base >= 64:
        return _judge(a, "spare-elements", f"the {n - base} spare element(s) of '{a.array.name}[{n}]' "
                      f"({base} + {n - base})", flat, None, banks, spare_unused=True)
    return None


def _remapped(samples, inverse: np.ndarray):
    """`samples` with each live 1-D index y replaced by the x it pads (gaps stay as they are)."""
    out = []
    for i in samples.instances:
        y = i.indices[0]
        ok = (y >= 0) & (y < len(inverse))
        x = np.where(ok, inverse[np.clip(y, 0, len(inverse) - 1)], y)
        x = np.where(x < 0, y, x)
        out.append(replace(i, indices=(x,)))
    return replace(samples, instances=tuple(out))
