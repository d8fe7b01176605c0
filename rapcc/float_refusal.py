"""Why a rewritten array was kept because of nvcc's floating point (decisions as
data: `verify_float.py` decides, `refusals.float_refusal` words it)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class FloatRefusalKind(Enum):
    DATAFLOW = "dataflow"  # a function's float dataflow in PTX differs (verify_ptx.py)
    NOT_COMPILED = "not_compiled"  # nvcc did not compile the input or the rewrite to PTX: nothing to compare
    UNCHECKABLE = "uncheckable"  # the build's device code is not the PTX rapcc compiles (verify_nvcc.FloatCheck)


@dataclass(frozen=True, slots=True)
class FloatRefusal:
    """One refusal: what kind, in which function (its source name where rapcc
    matched one, else PTX's), for which virtual architecture ("" for nvcc's
    default), and where the float dataflow first differs: the canonical
    instruction at `index` in the input's PTX and in the rewrite's (None: that
    one has ended). `why`: nvcc's first error, or why the build is uncheckable."""

    kind: FloatRefusalKind
    function: str = ""
    arch: str = ""
    index: int = 0
    before: str | None = None
    after: str | None = None
    why: str = ""
    rewrite: bool = False  # NOT_COMPILED: the rewrite failed (else the input)


class Unchecked(Enum):
    """Why the float dataflow of a rewrite was not checked (a note)."""

    NO_NVCC = "no_nvcc"


__all__ = ["FloatRefusal", "FloatRefusalKind", "Unchecked"]
