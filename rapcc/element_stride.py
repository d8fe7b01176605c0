"""Why no layout of whole elements removes a conflict that an array of
structs' element stride causes (issue 30: a 32-byte struct read one 8-byte
field per thread is 3.6-way, and every strategy's candidates only move whole
elements).

Every mapping rapcc emits permutes or pads element indices, so the field a
lane reads always starts at `elem_words * j + field_word` for some element j:
on 32 banks of 4 bytes that is one of `32 / gcd(elem_words, 32)` banks. When
that is fewer banks than one request's fields need, no candidate can reach the
ideal, and the true advice is about the struct itself: pad it to an odd multiple
of the field's width (a 32-byte struct of doubles to 40), or split it into arrays
of its fields. Element padding (strategies/elempad.py) makes the first where
every use is one it rewrites exactly, and only where this module finds the
stride is the cause (padding_words.py says why it does not apply). Pure:
reads the analysis only.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from .analysis.arrays import ArrayAnalysis

BANKS = 32
BANK_BYTES = 4


@dataclass(frozen=True, slots=True)
class ElementStride:
    elem_bytes: int
    banks: int  # banks a field can start in, under any layout of whole elements
    field_bytes: int  # the narrowest member access's width


def element_stride(a: ArrayAnalysis) -> ElementStride | None:
    """The element stride that limits every layout of whole elements, or None
    where the array's elements are scalars or the stride limits nothing."""
    elem = a.array.elem_bytes
    widths = [x.access.width for x in a.accesses if 0 < x.access.width < elem]
    if elem <= 8 or elem % BANK_BYTES or not widths:
        return None  # scalars (and 8-byte vectors) are what the strategies lay out
    banks = BANKS // gcd(elem // BANK_BYTES, BANKS)
    field = min(widths)
    # One warp's fields cover 32 * field bytes; they fit in one wavefront's worth of
    # those banks only when the banks reached hold them.
    if banks * BANK_BYTES >= BANKS * field:
        return None
    return ElementStride(elem, banks, field)


def why(s: ElementStride, tail: str = "") -> str:
    """Why the array is kept; `tail`: what follows the advice (why element padding does not apply)."""
    return (f"the {s.elem_bytes}-byte element stride causes it: under any layout of whole elements a "
            f"{s.field_bytes}-byte field starts in one of only {s.banks} of the {BANKS} banks; padding the "
            f"struct to an odd multiple of {max(s.field_bytes, BANK_BYTES)} bytes, or splitting it into one array "
            f"per field, would remove it{'; ' + tail if tail else ''}")

