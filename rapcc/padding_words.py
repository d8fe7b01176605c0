"""Padding in words: why padding (strategies/pad.py) cannot be written into a
declaration; why element padding (strategies/elempad.py) does not apply to an
array its element stride limits, and the opening of the reason of an
array whose elements it pads. The decisions are `Refusal` and `ElementStride`
values; the text is made here only."""
from __future__ import annotations

from .analysis.arrays import ArrayAnalysis
from .element_stride import BANKS, ElementStride, element_stride, why
from .strategies.base import Mapping
from .strategies.elempad import Refusal, refusal
from .strategies.pad import sizes_spelled


# Why element padding does not apply, in words (strategies/elempad.Refusal).
_REFUSED = {
    Refusal.SPELLING: "its declaration is not one array of a class spelled by its name "
                      "(`__shared__ P s[N];`), the one form rapcc rewraps",
    Refusal.UNKNOWN_ELEMENT: "its element's size or alignment is not known",
    Refusal.NOT_STATIC: "it is extern or template-sized",
    Refusal.UNSEEN_USE: "some use of it is not a subscript rapcc sees",
    Refusal.STRAY_SPELLING: "its name is spelled outside its declaration and its subscripts (a pointer or reference "
                            "bound to it)",
    Refusal.ALIAS: "some use reaches it through a pointer or a parameter",
    Refusal.WHOLE_ELEMENT: "some use reads or writes a whole element, not a member of it",
    Refusal.KIND: "some use of a member is not a load, store, update or atomic in place",
}


# Why padding does not apply where `strategies.pad.sizes_spelled` is false.
_SIZES_NOT_SPELLED = ("a size of its declaration is not spelled `[N]` right after its name (digraphs `<:N:>`, a "
                      "typedef of an array, or brackets a macro writes), the one form rapcc pads")


def refusal_words(r: Refusal) -> str:
    """Why element padding does not apply, as a clause: "some use reaches it through a pointer"."""
    return _REFUSED[r]


def refused(r: Refusal) -> str:
    """"element padding does not apply: ..." for the reason of an array kept."""
    return f"element padding does not apply: {refusal_words(r)}"


def padded(s: ElementStride | None, elem_bytes: int, pad: int) -> str:
    """The reason's opening for an array whose elements are padded."""
    cause = (f"the {s.elem_bytes}-byte element stride started each {s.field_bytes}-byte field in one of only "
             f"{s.banks} of the {BANKS} banks; ") if s is not None else ""
    return f"{cause}each element padded from {elem_bytes} to {elem_bytes + pad} bytes: "


def kept_because(a: ArrayAnalysis) -> str:
    """" (the 32-byte element stride causes it: ...; element padding does not
    apply: ...)" after the reason of an array `auto` keeps, where the element
    stride limits every layout of whole elements (element_stride.py), else ""."""
    stride = element_stride(a)
    if stride is None:
        return ""
    r = refusal(a)
    return f" ({why(stride, refused(r) if r is not None else '')})"


def chosen_opening(a: ArrayAnalysis, m: Mapping) -> str:
    """The cause and the new size before the reason of padded elements, else ""."""
    return padded(element_stride(a), a.array.elem_bytes, m.elem_pad) if m.elem_pad else ""


def not_applied(a: ArrayAnalysis, strategy: str) -> str:
    """": why" after "strategy 'elempad' (or 'pad') does not apply", else ""."""
    if strategy == "elempad":
        r = refusal(a)
        return f": {refusal_words(r)}" if r is not None else ""
    return f": {_SIZES_NOT_SPELLED}" if strategy == "pad" and not sizes_spelled(a.array) else ""
