"""C++ kernels (templates, namespaces) in the GPU harness and the CuPy drop-in:
reached through NVRTC name expressions, not only `extern "C"`."""
from __future__ import annotations

from pathlib import Path

import pytest

from rapcc.harness.case import CaseLoadError, kernel_base_name, load_case_file, load_cases
from rapcc.harness.ncu import ncu_command

CASES_CPP = Path(__file__).resolve().parent / "cases_cpp"


@pytest.mark.parametrize("name, base", [
    ("transpose_32x8", "transpose_32x8"), ("tiles::transpose<2>", "transpose"),
    ("void tiles::transpose<2>(float*, float const*, int)", "transpose"), ("a::b<c::d<1>, 2>", "b"),
])
def test_kernel_base_names(name, base):
    assert kernel_base_name(name) == base


def test_a_cpp_case_loads_and_ncu_selects_it_by_base_name(tmp_path):
    (case,) = load_cases(CASES_CPP)
    assert case.kernel == "tiles::transpose<2>" and case.name_expressions == ("tiles::transpose<2>",)
    assert "regex:^(transpose|transpose_32x8)$" in ncu_command("ncu", [case.kernel, "transpose_32x8"],
                                                                tmp_path / "l.csv", ["x"])


def test_the_kernel_must_be_one_of_the_name_expressions(tmp_path):
    text = (CASES_CPP / "transpose_tmpl.case.py").read_text().replace(
        'kernel="tiles::transpose<2>"', 'kernel="tiles::transpose<4>"').replace(
        'Path(__file__).with_name("transpose_tmpl.cu")', f'Path({str(CASES_CPP / "transpose_tmpl.cu")!r})')
    (tmp_path / "transpose_tmpl.case.py").write_text(text)
    with pytest.raises(CaseLoadError, match="not one of its name_expressions"):
        load_case_file(tmp_path / "transpose_tmpl.case.py")
