"""Replacing a hand pad that does not work (issue 30): plan over the data region.

`T a[R][2^k + p]` padded for 8-byte banks (rows of 18 or 34 words) conflicts
2-way under 4-byte banks, and padding it further only grows it. An expert
removes the pad: the layout is planned over the data region `(R, 2^k)`, the
columns the subscripts use, and the declaration takes the new physical extent
(`[32][34]` -> `[32][33]`, or an XOR on `[32][32]`), never more bytes than
declared.

Whitelist: the move is licensed only where every column the array's uses
touch is PROVED below 2^k by the sound range proof (site_facts.py, through
handfix.max_index), counting the bytes a vector access moves past its
subscript, and where every use is a plain subscript chain of the array's own
rank that the rewrite sees: no skipped preprocessor branch (it may spell a pad
column), no pointer alias, no copied device function, no template-sized
extent. Anything else keeps the planning over the declared dimensions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from .analysis.arrays import ArrayAnalysis
from .analysis.handfix import HandFix, max_index, pow2_below
from .strategies import Mapping


class Refused(Enum):
    """Why a broken padded-rows hand fix is not planned over its data region."""

    TEMPLATE = "it is sized by template parameters (rapcc removes the hand pads of constant-size arrays only)"
    SKIPPED_BRANCH = "a preprocessor branch this parse skipped spells it (a pad column may be used there)"
    INDIRECT = "a use goes through a pointer alias or a copied device function"
    UNPROVED_COLUMN = "an access is not proved to stay below the unpadded row width (a vector access may reach the pad)"


@dataclass(frozen=True, slots=True)
class DataRegion:
    """A broken hand pad whose data region is proved: the array planned over it."""

    declared: tuple[int, ...]  # the dimensions as written, e.g. (32, 34)
    data: tuple[int, ...]  # the data region, e.g. (32, 32)
    analysis: ArrayAnalysis  # the array with the data region as its dimensions (all shapes)


def data_region(a: ArrayAnalysis, fix: HandFix | None) -> DataRegion | Refused | None:
    """The data region of a broken padded-rows hand fix, a refusal, or None when
    there is no such hand fix."""
    if fix is None or not fix.broken or fix.kind != "padded-rows":
        return None
    if a.instances or a.logical_dims is None:
        return Refused.TEMPLATE
    declared = a.logical_dims
    data = declared[:-1] + (pow2_below(declared[-1]),)
    if a.inactive:
        return Refused.SKIPPED_BRANCH
    if a.clones or a.copied_in:
        return Refused.INDIRECT
    for s in a.per_shape:
        if not _columns_proved(s, data[-1]):
            return Refused.UNPROVED_COLUMN if _all_plain(s, len(declared)) else Refused.INDIRECT
    return DataRegion(declared, data, _shrunk(a, data))


def _all_plain(a: ArrayAnalysis, rank: int) -> bool:
    return all(x.access.via is None and x.access.clone_of is None and len(x.access.indices) == rank
               for x in a.accesses)


def _columns_proved(a: ArrayAnalysis, width: int) -> bool:
    """Whether every element any access touches lies in columns [0, width): the
    proved top of the last subscript plus the elements a vector access moves."""
    rank = len(a.logical_dims or ())
    if not a.accesses or not _all_plain(a, rank):
        return False
    top = max_index(a, rank - 1)
    if top is None:
        return False
    elem = max(a.array.elem_bytes, 1)
    spill = max((x.access.offset + max(x.access.width, 1) - 1) // elem for x in a.accesses)
    return top + spill < width


def _shrunk(a: ArrayAnalysis, data: tuple[int, ...]) -> ArrayAnalysis:
    """`a` (and its analyses under the other planned shapes) declared over `data`."""
    alts = tuple(replace(s, array=replace(s.array, dims=data)) for s in a.alternatives)
    return replace(a, array=replace(a.array, dims=data), alternatives=alts)


def replacing(region: DataRegion, mappings: list[Mapping]) -> list[Mapping]:
    """The data region's candidates that fit in the declared bytes and change the
    declaration, each recording the dimensions it replaces."""
    written = math.prod(region.declared)
    return [replace(m, declared_dims=region.declared, description=f"hand pad {region.declared[-1]} -> "
                    f"{m.phys_dims[-1]} replaced: {m.description}") for m in mappings
            if math.prod(m.phys_dims) <= written and m.phys_dims != region.declared and not m.dynamic_group
            and not m.elem_pad]


def replaced_text(m: Mapping) -> str:
    """'hand pad 34 -> 33 replaced' for a mapping planned over a data region, else ''."""
    if not m.declared_dims or m.declared_dims == m.logical_dims:
        return ""
    return f"hand pad {m.declared_dims[-1]} -> {m.phys_dims[-1]} replaced"
