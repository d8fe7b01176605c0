"""What a strategy produces: a `Mapping` from logical to physical indices.

A mapping keeps every subscript but the last, which becomes the C expression
`last_index` over the logical indices `i0 .. i{n-1}` (unsigned). It may also
grow the declared dimensions (`phys_dims`). Leaving `last_index` None keeps
the subscripts as written (padding a 2-D tile only changes its declaration).
Hash strategies of seed 004 slot in as further producers of Mappings.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Protocol, Union

import numpy as np

from ..analysis.arrays import ArrayAnalysis
from ..banks import BankModel
from ..cexpr import compile_helper, helper_source


class Scheme(Enum):
    """What a mapping does, as a family of layouts; `Form` holds its parameters."""

    UNCHANGED = "unchanged"
    PAD_ROWS = "pad_rows"  # row: elements per row; pad: elements added to each
    PAD_GROUPS = "pad_groups"  # every: group elements; pad: elements after each group
    XOR_ROWS = "xor_rows"  # bits: row bits XORed in; at: lowest column bit; shift: row bits skipped
    XOR_FLAT = "xor_flat"  # bits; at; source: lowest index bit read; dynamic: 1 when within n
    RAP_ROWS = "rap_rows"  # unit: |p|; seed; dims: leading dimensions permuted
    RAP_GROUPS = "rap_groups"  # every: group elements; unit: |p|; seed
    BIT_XOR = "bit_xor"  # k1, k2, mask, n: bank = (a >> k1) ^ ((a >> k2) & mask) on n bits
    BIT_PERMUTE = "bit_permute"  # features: the address bit of each bank bit; heuristic
    BIT_PAIRS = "bit_pairs"  # features: the (i, j) address bits XORed into each bank bit; heuristic
    LINEAR = "linear"  # cute: (B, M, S) or (); map: the unit bits -> bank bits; optimal: 1 or 0
    PAD_ELEMENT = "pad_element"  # elem: bytes of the element as written; pad: bytes appended to each element


Param = Union[int, str, tuple]


@dataclass(frozen=True, slots=True)
class Form:
    """A mapping's layout as data: its scheme, its parameters by name, and the
    paper it comes from. The report layer (`rapcc/layout_words.py`) says it in
    words; nothing reads the parameters back from text."""

    scheme: Scheme
    params: tuple[tuple[str, Param], ...] = ()
    cite: str = ""

    def get(self, name: str, default: Param = 0) -> Param:
        return next((v for k, v in self.params if k == name), default)


@dataclass(frozen=True, slots=True)
class Mapping:
    strategy: str
    description: str  # one line, e.g. "pad row 32 -> 33"
    logical_dims: tuple[int, ...]
    phys_dims: tuple[int, ...]
    last_index: str | None  # C expression over i0..i{n-1}; None keeps subscripts
    ops: int  # extra integer instructions per access
    # For an `extern` array of unknown size: the helper also takes `n`, the
    # elements the launch provides, and permutes only aligned groups of this
    # many elements that lie wholly below n (the rest stay in place).
    dynamic_group: int = 0
    form: Form = Form(Scheme.UNCHANGED)  # what the layout does, for the report's words
    # The declaration's dimensions where they are not `logical_dims`: a broken
    # hand pad replaced (handpad.py), planned over its data region only.
    declared_dims: tuple[int, ...] = ()
    # Bytes appended to every element (strategies/elempad.py): the element
    # becomes `__rapcc_padded<T, elem_pad>` and every use `s[i]` is `s[i].v`;
    # the indices are kept.
    elem_pad: int = 0

    def elem_bytes(self, written: int) -> int:
        """The bytes of one element in this layout, of `written` as declared."""
        return written + self.elem_pad

    @property
    def written_dims(self) -> tuple[int, ...]:
        """The dimensions as the input declares them."""
        return self.declared_dims or self.logical_dims

    @property
    def params(self) -> list[str]:
        return [f"i{k}" for k in range(len(self.logical_dims))]

    @property
    def helper_params(self) -> list[str]:
        return self.params + (["n"] if self.dynamic_group else [])

    def c_source(self, name: str = "f") -> str:
        assert self.last_index is not None
        return helper_source(name, self.helper_params, self.last_index)

    def layout(self) -> Callable[[tuple[np.ndarray, ...]], np.ndarray]:
        """Physical flat offsets of logical index arrays (via the C text itself)."""
        fn = compile_helper(self.c_source()) if self.last_index is not None else None
        dims = self.phys_dims

        def flat(idx: tuple[np.ndarray, ...]) -> np.ndarray:
            idx = tuple(np.asarray(i, dtype=np.int64) for i in idx)
            # Predictions assume the launch provides whole groups.
            extra = (np.full_like(idx[-1], UNBOUNDED),) if self.dynamic_group else ()
            last = fn(*idx, *extra) if fn is not None else idx[-1]
            out = idx[0] if len(idx) > 1 else last
            for d, i in zip(dims[1:-1], idx[1:-1]):
                out = out * d + i
            if len(idx) > 1:
                out = out * dims[-1] + last
            return out
        return flat


UNBOUNDED = (1 << 31) - 1  # `n` used when scoring a dynamic mapping


def guarded(expr: str, group: int) -> str:
    """`expr` applied only inside aligned groups of `group` elements that lie
    below `n`: injective and in bounds for every allocation size."""
    return f"((i0 | {group - 1}u) < n) ? ({expr}) : i0"


def identity(dims: tuple[int, ...]) -> Mapping:
    return Mapping("none", "unchanged", dims, dims, None, 0)  # form: UNCHANGED


@dataclass(frozen=True, slots=True)
class StrategyContext:
    banks: BankModel
    seed: int


class Strategy(Protocol):
    name: str

    def candidates(self, analysis: ArrayAnalysis, ctx: StrategyContext) -> list[Mapping]:
        """Mappings worth scoring for this array (empty when the strategy cannot apply)."""
        ...


def is_pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def log2(n: int) -> int:
    return n.bit_length() - 1


def row_lengths(analysis: ArrayAnalysis) -> list[int]:
    """Row lengths a 1-D array may be used with (`A[t*32 + k]`): the power-of-two
    strides its accesses show, at least one bank line of words."""
    dims = analysis.logical_dims
    if is_dynamic(analysis):
        n = 1 << 20  # unknown size: any row length; the guard keeps the mapping in bounds
    elif not dims or len(dims) != 1:
        return []
    else:
        n = dims[0]
    found = set()
    for a in analysis.accesses:
        s = a.stride
        if isinstance(s, int) and s > 1:
            r = 1 << (s.bit_length() - 1) if is_pow2(s) else 0
            if r:
                found.add(r)
    found.add(32)
    return sorted(r for r in found if 2 <= r < n)


def is_dynamic(analysis: ArrayAnalysis) -> bool:
    """An `extern T a[]` array: one dimension whose size only the launch knows."""
    return analysis.array.is_extern and not analysis.array.dims
