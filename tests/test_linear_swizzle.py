"""The F2-linear optimal swizzle (`swizzle`): conflict-free where the access
sets are linear, bijective, proved by the verifier, and chosen by `auto` only
when it is strictly cheaper."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import EXAMPLES, ROOT
from rapcc.cexpr import compile_helper
from rapcc.hashing.f2 import XorSwizzle, diagonals, is_subspace, lower_bound, search, wavefronts
from rapcc.pipeline import Options, rewrite_source
from rapcc.verify import check_bijective

MICROTILE = ROOT / "tests" / "swizzle" / "microtile.cu"


def _rewrite(path: Path, strategy: str):
    return rewrite_source(path.read_bytes(), str(path), Options(strategy=strategy))


def _conflict_free(plan) -> bool:
    return all(p is None or p.wavefronts <= p.ideal + 1e-9 for p in plan.after)


@pytest.mark.parametrize("name", ["transpose_16x16", "transpose_32x8", "rap_crsw_f64", "rap_srcw_f64"])
def test_swizzle_is_conflict_free_and_verified(name: str) -> None:
    result = _rewrite(EXAMPLES / f"{name}.cu", "swizzle")  # the verifier runs inside
    rewritten = [p for p in result.plans if p.rewritten]
    assert rewritten, f"{name}: nothing rewritten"
    for plan in rewritten:
        assert plan.mapping.strategy == "swizzle"
        assert any(b is not None and b.wavefronts > b.ideal for b in plan.before)
        assert _conflict_free(plan), (name, plan.mapping.description, plan.after)
        assert "optimal" in plan.mapping.description
        check_bijective(compile_helper(plan.mapping.c_source()), plan.mapping.logical_dims,
                        plan.mapping.phys_dims[-1], plan.mapping.description)


def test_16x16_is_a_shifted_swizzle() -> None:
    """Two rows of 16 lanes per warp: row bit 0 already picks bank bit 4, so the
    XOR takes the row's upper bits (a shift of the plain `c ^ r` by one bit)."""
    plan = _rewrite(EXAMPLES / "transpose_16x16.cu", "swizzle").plans[0]
    assert "Swizzle<3,1,4>" in plan.mapping.description
    assert plan.mapping.last_index == "(i1 ^ (i0 & 14u))"


def test_auto_takes_swizzle_when_strictly_cheaper() -> None:
    """Column reads plus 4x8 and 8x4 micro-tile reads: no padding serves all three."""
    result = _rewrite(MICROTILE, "auto")
    plan = result.plans[0]
    assert plan.mapping.strategy == "swizzle"
    assert _conflict_free(plan)
    others = [c for c in plan.candidates if c.mapping.strategy != "swizzle"]
    chosen = min(c.cost for c in plan.candidates if c.mapping == plan.mapping)
    assert all(chosen < c.cost for c in others)


def test_auto_keeps_simpler_layouts_on_ties() -> None:
    """On the 16x16 transpose the swizzle ties other two-instruction layouts; it comes last on ties."""
    plan = _rewrite(EXAMPLES / "transpose_16x16.cu", "auto").plans[0]
    swz = [c for c in plan.candidates if c.mapping.strategy == "swizzle"]
    assert swz and plan.mapping.strategy != "swizzle"
    assert min(c.cost for c in swz) == pytest.approx(min(c.cost for c in plan.candidates))


def test_search_meets_the_lower_bound_on_linear_sets() -> None:
    # Column of a 32x32 word tile (row bits 5..9) and a 4x8 block (bits 0, 1, 2, 5, 6).
    column = [r << 5 for r in range(32)]
    block = [(r << 5) | c for r in range(4) for c in range(8)]
    assert is_subspace(column) and is_subspace(block)
    found = search([column, block], n=10, m=5, free=5, seed=1)
    sw, waves = found[0]
    assert waves == lower_bound([column, block], 5) == 2
    assert wavefronts(sw, [column, block]) == 2
    # The identity leaves the column 32-way and the block 4-way.
    assert wavefronts(XorSwizzle(5, 5, (0,) * 10), [column, block]) == 32 + 4


def test_swizzle_is_an_involution_on_its_groups() -> None:
    sw = XorSwizzle(5, 5, (0, 0, 0, 0, 0, 9, 18, 4, 8, 16))
    a = np.arange(1 << 10)
    phys = sw.physical(a)
    assert sorted(phys.tolist()) == a.tolist()
    assert (sw.physical(phys) == a).all()
    assert ((phys >> 5) == (a >> 5)).all()  # rows stay put


def test_is_subspace_rejects_affine_carries() -> None:
    shifted = [v ^ 3 for v in range(3, 35)]  # a[tx + 3]: additions carry
    assert not is_subspace(shifted)
    assert is_subspace([0, 1, 32, 33])


def test_cute_form_and_diagonals() -> None:
    assert XorSwizzle(5, 5, (0,) * 5 + (1, 2, 4, 8, 16)).cute() == (5, 0, 5)
    assert XorSwizzle(5, 4, (0,) * 5 + (2, 4, 8, 0, 0)).cute() == (3, 1, 4)
    assert XorSwizzle(5, 5, (0,) * 5 + (8, 16, 1, 2, 4)).cute() is None
    assert diagonals((0,) * 5 + (8, 16, 1, 2, 4)) == 2
