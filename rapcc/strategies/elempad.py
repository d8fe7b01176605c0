"""Element padding (issue 30): an array of structs whose element stride causes
its conflict gets a larger element, `__rapcc_padded<P, PAD>` (templates/helpers.j2),
and every use `s[i].x` becomes `s[i].v.x`; the indices stay as written.

No layout of whole elements can fix such an array (element_stride.py): a
32-byte struct read one 8-byte field per thread starts each field in 4 of the
32 banks whatever permutes its elements. Growing the element to a multiple of
its alignment that is not a multiple of the bank line moves the fields apart.

The move is licensed by a whitelist. Every use of the array must be a plain
element subscript whose value is the object of a member access spelled right
after it (`ir.Access.member`), read or written directly, with nothing else
seen: no escape (pointer arithmetic over elements, `sizeof`, `&s[i]` given to
a function, a reference that escapes), no alias, no copy of a device
function, no use in a skipped preprocessor branch, and the array's name
spelled nowhere else (`P *q = s;` unused is no access, yet would no longer
compile). The declaration must declare this array alone with its element
type spelled as a plain class name (`ir.SharedArray.elem_type_range`), and
the element's size and alignment must be known (a template parameter's are not). Under those rules `s[i].v.x` is the
same field of the same logical element, and no other spelling sees the old
element size. Pure: reads the analysis only.
"""
from __future__ import annotations

from enum import Enum

from ..analysis.arrays import ArrayAnalysis
from ..element_stride import element_stride
from .base import Form, Mapping, Scheme, StrategyContext

CITE = "issue 30"
# Each extra element only changes the address arithmetic's multiplier
# (`i * 40` is one IMAD as `i * 32` is one shift or IMAD): no extra instruction.
OPS = 0
# The kinds of use whose member access reads or writes the field in place.
IN_PLACE = ("load", "store", "update", "atomic")


class Refusal(Enum):
    """Why element padding does not apply to an array (the words are in element_stride.py)."""

    SPELLING = "spelling"  # the declaration is not `__shared__ P s[N];` with P a plain class name
    UNKNOWN_ELEMENT = "unknown_element"  # its size or alignment is not known (a template parameter)
    NOT_STATIC = "not_static"  # `extern`, template-sized or of unknown extents
    UNSEEN_USE = "unseen_use"  # an escape, an unproved subscript, a skipped branch, a copied function
    STRAY_SPELLING = "stray_spelling"  # its name is spelled outside its declaration and its subscripts
    ALIAS = "alias"  # a use through a pointer alias or a parameter
    WHOLE_ELEMENT = "whole_element"  # a use of the whole element, not one of its members
    KIND = "kind"  # a use that is not a load, store, update or atomic of a member in place


def refusal(a: ArrayAnalysis) -> Refusal | None:
    """Why the array's elements may not be padded, or None where every use is
    one the rewrite changes exactly."""
    arr = a.array
    if arr.elem_bytes <= 0 or arr.elem_align <= 0 or arr.elem_bytes % arr.elem_align:
        return Refusal.UNKNOWN_ELEMENT
    if arr.elem_type_range is None or arr.decl_in_macro:
        return Refusal.SPELLING
    if arr.is_extern or a.logical_dims is None or a.instances:
        return Refusal.NOT_STATIC
    if a.escapes or a.unproved is not None or a.inactive or a.clones or a.copied_in or a.over_budget is not None \
            or not a.accesses:
        return Refusal.UNSEEN_USE
    for x in a.accesses:
        acc = x.access
        if acc.via is not None or acc.clone_of is not None:
            return Refusal.ALIAS
        if not acc.member or acc.width >= arr.elem_bytes:
            return Refusal.WHOLE_ELEMENT
        if acc.kind not in IN_PLACE:
            return Refusal.KIND
    if a.stray_spellings is None or a.stray_spellings:
        return Refusal.STRAY_SPELLING  # `P *q = s;`, unused: the new element type would not convert
    return None


class ElementPaddingStrategy:
    name = "elempad"

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        """One candidate per element size `elem + k * alignof(elem)` up to one
        bank line of padding: the planner's bank model scores each (the
        smallest of the cheapest wins a tie, planner._key), so the size chosen
        is proved by the model, not assumed odd."""
        if refusal(analysis) is not None or element_stride(analysis) is None:
            return []  # only where the element stride is the cause (element_stride.py), and every use is modelled
        arr = analysis.array
        dims = analysis.logical_dims
        assert dims is not None
        line = ctx.banks.banks * ctx.banks.bank_bytes
        out = []
        for pad in range(arr.elem_align, line + 1, arr.elem_align):
            size = arr.elem_bytes + pad
            out.append(Mapping(self.name, f"pad element {arr.elem_bytes} -> {size} bytes", dims, dims, None, OPS,
                               form=Form(Scheme.PAD_ELEMENT, (("elem", arr.elem_bytes), ("pad", pad)), CITE),
                               elem_pad=pad))
        return out
