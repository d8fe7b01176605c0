"""clang-tidy's NOLINTBEGIN / NOLINTEND regions (issue 29), with and without
check lists; an unmatched mark silences nothing and says so."""
from __future__ import annotations

import pytest

from rapcc.pipeline import Options, analyze_source

# The store (a 32-way conflict) sits between the region's marks; the load after it.
KERNEL = """\
__global__ void k(float *o)
{{
#pragma rapcc block_dim(32, 8)
    __shared__ float tile[32][32];
    {begin}
    tile[threadIdx.x][threadIdx.y] = o[threadIdx.x];
    {end}
    o[threadIdx.y] = tile[threadIdx.x][threadIdx.y];
}}
"""


def _run(begin: str, end: str):
    r = analyze_source(KERNEL.format(begin=begin, end=end).encode(), "k.cu", Options())
    return [(d.line, d.check_id) for d in r.diagnostics], [(d.line, d.check_id) for d in r.suppressed]


@pytest.mark.parametrize("begin, end", [("// NOLINTBEGIN", "// NOLINTEND"),
                                        ("// NOLINTBEGIN(rapcc-bank-conflict)", "// NOLINTEND(rapcc-bank-conflict)"),
                                        ("/* NOLINTBEGIN(rapcc-*) */", "/* NOLINTEND(rapcc-*) */")])
def test_a_region_silences_the_lines_inside_it_only(begin, end):
    shown, hidden = _run(begin, end)
    assert hidden == [(6, "rapcc-bank-conflict")]
    assert (8, "rapcc-bank-conflict") in shown  # after NOLINTEND: reported


def test_a_region_for_another_check_silences_nothing():
    shown, hidden = _run("// NOLINTBEGIN(rapcc-escape)", "// NOLINTEND(rapcc-escape)")
    assert hidden == [] and (6, "rapcc-bank-conflict") in shown


@pytest.mark.parametrize("begin, end, line", [("// NOLINTBEGIN(rapcc-bank-conflict)", "", 5),
                                              ("", "// NOLINTEND", 7),
                                              ("// NOLINTBEGIN(rapcc-bank-conflict)", "// NOLINTEND", 5)])
def test_an_unmatched_mark_silences_nothing_and_warns(begin, end, line):
    shown, hidden = _run(begin, end)
    assert hidden == [] and (6, "rapcc-bank-conflict") in shown
    assert (line, "rapcc-nolint") in shown
