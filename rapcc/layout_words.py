"""A layout in words, for `--explain`, the text report and the HTML page.

The strategies hand over their candidates' parameters as data (`Form`); the
words are made here from them, never parsed back from a description. The
paper a layout comes from goes last, in brackets.
"""
from __future__ import annotations

import math

from .strategies.base import Form, Mapping, Scheme
from .wording import count, size


def _bits(lo: int, n: int) -> str:
    """"bit 3" or "bits 3..5"."""
    return f"bit {lo}" if n == 1 else f"bits {lo}..{lo + n - 1}"


def _xor_rows(f: Form) -> str:
    b, m, s = int(f.get("bits")), int(f.get("at")), int(f.get("shift"))
    source = f"the row's low {count(b, 'bit')}" if s == 0 else f"{_bits(s, b)} of the row"
    target = "the column" if m == 0 else f"{_bits(m, b)} of the column (groups of {2 ** m} columns move together)"
    return f"XOR {target} with {source}"


def _xor_flat(f: Form) -> str:
    b, m, src = int(f.get("bits")), int(f.get("at")), int(f.get("source"))
    where = ", within the elements the launch allocates" if f.get("dynamic") else ""
    return f"XOR {_bits(m, b)} of the element index with its {_bits(src, b)}{where}"


def _rap(f: Form) -> str:
    unit, seed = int(f.get("unit")), int(f.get("seed"))
    perm = f"where p is a random permutation of {unit} values (seed {seed})"
    if f.scheme == Scheme.RAP_GROUPS:
        return f"RAP: rotate each group of {f.get('every')} elements by p(group), {perm}"
    leading = int(f.get("dims", 1))
    per = "" if leading <= 1 else f", one per leading index ({leading})"
    return f"RAP: permute rows and shift each row's columns by p(row), {perm}{per}"


def _bit_xor(f: Form) -> str:
    k1, k2, mask, n = (int(f.get(k)) for k in ("k1", "k2", "mask", "n"))
    low = "low bits" if k1 == 0 else f"bits from bit {k1}"
    if mask == 0:
        return f"take the bank from the word address's {low} ({n} address bits)"
    return f"XOR the word address's {low} with its bits from bit {k2} masked by {mask:#b} ({n} address bits)"


def _bit_features(f: Form) -> str:
    features = f.get("features", ())
    heuristic = f.get("heuristic", "")
    if f.scheme == Scheme.BIT_PERMUTE:
        bits = ", ".join(str(b) for b in features)
        return f"take the bank bits from address bits {bits}, in that order ({heuristic} heuristic)"
    pairs = ", ".join(str(i) if i == j else f"{i}^{j}" for i, j in features)
    return f"make each bank bit one address bit or the XOR of two: {pairs} ({heuristic} heuristic)"


def _linear(f: Form) -> str:
    cute = f.get("cute", ())
    quality = "optimal" if f.get("optimal") else "the best found"
    if cute:
        b, m, s = cute
        return (f"XOR {_bits(m, b)} of the element index with its {_bits(m + s, b)}, an F2-linear swizzle "
                f"({quality}; Swizzle<{b},{m},{s}>)")
    moved = [j for j, v in enumerate(f.get("map", ())) if v]
    return (f"XOR the bank bits with a linear function of address {'bit' if len(moved) == 1 else 'bits'} "
            f"{', '.join(map(str, moved))}, an F2-linear swizzle ({quality})")


def layout_words(form: Form) -> str:
    """What a layout does, in words: "XOR the column with the row's low 5 bits"."""
    s = form.scheme
    if s == Scheme.UNCHANGED:
        return "keep the array as written"
    if s == Scheme.PAD_ROWS:
        row, pad = int(form.get("row")), int(form.get("pad"))
        return f"pad each row by {count(pad, 'element')} ({row} -> {row + pad})"
    if s == Scheme.PAD_ELEMENT:
        elem, pad = int(form.get("elem")), int(form.get("pad"))
        return (f"pad each element by {count(pad, 'byte')} ({elem} -> {elem + pad}), so that one field of "
                "consecutive elements spreads over the banks")
    if s == Scheme.PAD_GROUPS:
        return f"insert {count(int(form.get('pad')), 'element')} of padding after every {form.get('every')} elements"
    if s == Scheme.XOR_ROWS:
        return _xor_rows(form)
    if s == Scheme.XOR_FLAT:
        return _xor_flat(form)
    if s in (Scheme.RAP_ROWS, Scheme.RAP_GROUPS):
        return _rap(form)
    if s == Scheme.BIT_XOR:
        return _bit_xor(form)
    if s in (Scheme.BIT_PERMUTE, Scheme.BIT_PAIRS):
        return _bit_features(form)
    return _linear(form)


def with_citation(form: Form) -> str:
    """The words, then the paper: "pad each row by 1 element (32 -> 33) [seeds 001, 002]"."""
    words = layout_words(form)
    return f"{words} [{form.cite}]" if form.cite else words


def byte_sizes(mapping: Mapping, elem_bytes: int) -> tuple[int, int] | None:
    """(bytes as written, bytes in this layout) of a statically sized array;
    None for a dynamic one (its size is the launch's)."""
    if not mapping.logical_dims or 0 in mapping.logical_dims or elem_bytes <= 0:
        return None
    return math.prod(mapping.written_dims) * elem_bytes, math.prod(mapping.phys_dims) * mapping.elem_bytes(elem_bytes)


def memory_cost(mapping: Mapping, elem_bytes: int) -> str:
    """"; 1,296 -> 3,456 bytes of shared memory" for a layout that changes the array's size, else ""."""
    sizes = byte_sizes(mapping, elem_bytes)
    if sizes is None or sizes[0] == sizes[1]:
        return ""
    before, after = sizes
    # A hand pad replaced (handpad.py) may make the array smaller.
    change = f"+{size(after - before)}" if after > before else f"-{size(before - after)}"
    return f"; {before:,} -> {size(after)} of shared memory ({change})"
