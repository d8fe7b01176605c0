"""An array of structs whose element stride causes the conflict gets a true
reason, not a bare "no candidate" (issue 30; rapcc/element_stride.py)."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, rewrite_source

AOS = """struct P { FIELDS };
__global__ void k(const P *in, double *out) {
    __shared__ P s[256];
    const P v = in[blockIdx.x * 256 + threadIdx.x];
    STORES
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x].x + s[(threadIdx.x + 1) % 256].y;
}
void run(const P *in, double *out) { k<<<4, 256>>>(in, out); }
"""


def _plan(fields: str, names: str, spelled: str = "struct P"):
    """`spelled`: the element type as the declaration writes it; `struct P` is
    a spelling element padding does not rewrap (strategies/elempad.py)."""
    stores = " ".join(f"s[threadIdx.x].{n} = v.{n};" for n in names)
    src = AOS.replace("FIELDS", fields).replace("STORES", stores).replace("__shared__ P", f"__shared__ {spelled}")
    r = rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy="auto"))
    return next(p for p in r.plans if p.analysis.array.name == "s")


def _reason(fields: str, names: str) -> str:
    return _plan(fields, names).reason


@pytest.mark.parametrize("fields, names, banks, multiple", [
    ("double x, y, z, w;", "xyzw", 4, 8),  # 32 bytes: a double starts in 4 of the 32 banks
    ("float x, y, z, w;", "xyzw", 8, 4),   # 16 bytes: a float in 8
])
def test_the_element_stride_is_named_with_the_fix(fields: str, names: str, banks: int, multiple: int) -> None:
    reason = _reason(fields, names)
    assert "no candidate is predicted faster" in reason
    assert f"starts in one of only {banks} of the 32 banks" in reason
    assert f"odd multiple of {multiple} bytes" in reason
    assert "element padding does not apply: its declaration is not one array of a class" in reason


@pytest.mark.parametrize("fields, names, pad", [("double x, y, z, w;", "xyzw", 8), ("float x, y, z, w;", "xyzw", 4)])
def test_spelled_by_its_name_the_elements_are_padded(fields: str, names: str, pad: int) -> None:
    """The twin of the kept form: `__shared__ P s[256]` is padded, and the reason names the cause."""
    plan = _plan(fields, names, "P")
    assert plan.mapping.strategy == "elempad" and plan.mapping.elem_pad == pad
    assert "element stride started each" in plan.reason


def test_its_twin_an_odd_stride_has_no_such_reason() -> None:
    """12-byte elements start in every bank: the stride limits nothing, and nothing is claimed."""
    reason = _reason("float x, y, z;", "xyz")
    assert "element stride" not in reason
