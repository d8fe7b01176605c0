"""verify_float: a rewrite whose PTX computes floating point differently is refused (rt4_43 under rap, the
last wrong result of issue 27's GPU red team); the legal twins, whose float dataflow nvcc leaves alone, are
still rewritten."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, require_nvcc
from rapcc.float_refusal import FloatRefusalKind
from rapcc.pipeline import Options, rewrite_source
from rapcc.verify_float import source_name_matches
from rapcc.verify_nvcc import FloatCheck

RT4_43 = ROOT / "tests" / "redteam4" / "rt4_43_online_softmax_pv.cu"
# As the GPU red team builds (tests/fuzz/gpucheck.py).
GPU = dict(flags=("-O2", "-w"), archs=("compute_90",))

INT_TRANSPOSE = """
__global__ void int_transpose(const int *in, int *out) {
    __shared__ int tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y] * 3 + 1;
}
void launch_int(const int *in, int *out) { int_transpose<<<1, dim3(32, 32)>>>(in, out); }
"""
FLOAT_TRANSPOSE = """
__global__ void float_transpose(const float *in, float *out, float a, float b) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y] * a + b;
}
void launch_float(const float *in, float *out) { float_transpose<<<1, dim3(32, 32)>>>(in, out, 2.0f, 1.0f); }
"""


def _rewrite(source: str | bytes, path: Path, strategy: str, check: FloatCheck, whole_program: bool = True):
    """`whole_program`: the file holds every launch; off (as the GPU red team runs), a layout rapcc cannot
    prove for every launch is guarded by a test of blockDim, whose arithmetic moved rt4_43's unrolling."""
    data = source.encode() if isinstance(source, str) else source
    return rewrite_source(data, str(path), Options(strategy=strategy, float_check=check, whole_program=whole_program))


def _check() -> FloatCheck:
    return FloatCheck(require_nvcc(), **GPU)


@pytest.mark.nvcc
def test_rt4_43_under_rap_is_refused_with_a_diagnostic_naming_the_kernel():
    """The wrong form: rap's index arithmetic makes nvcc unroll the 16-trip loop by 4, not fully, and contract
    `o * scale + pk * V[k][d]` the other way; both arrays keep their layout, and the file is the input."""
    source = RT4_43.read_bytes()
    unchecked = rewrite_source(source, str(RT4_43), Options(strategy="rap"))
    assert [p.analysis.array.name for p in unchecked.plans if p.rewritten] == ["S", "V"]
    result = _rewrite(source, RT4_43, "rap", _check(), whole_program=False)
    assert not result.changed and result.text == source
    refused = {p.analysis.array.name: p.float_refused for p in result.plans}
    assert set(refused) == {"S", "V"}
    for r in refused.values():
        assert r is not None and r.kind == FloatRefusalKind.DATAFLOW and r.function == "rt4_43_online_pv"
        assert r.arch == "compute_90" and r.before != r.after
    (warning, *_) = [d for d in result.diagnostics if d.check_id == "rapcc-float-dataflow"]
    assert warning.level == "warning" and "'rt4_43_online_pv'" in warning.message
    assert "left untouched" in warning.message and warning.line == 10
    assert "floating point" in result.report["arrays"][0]["reason"]


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", ["rap", "xor", "pad"])
def test_an_integer_kernel_is_still_rewritten(tmp_path, strategy):
    """The legal twin: integer arithmetic has no rounding to move."""
    path = tmp_path / "int_transpose.cu"
    result = _rewrite(INT_TRANSPOSE, path, strategy, _check())
    (plan,) = result.plans
    assert plan.rewritten and plan.float_refused is None
    assert not [d for d in result.diagnostics if d.check_id.startswith("rapcc-float")]


@pytest.mark.nvcc
@pytest.mark.parametrize("strategy", ["rap", "xor", "pad"])
def test_a_float_kernel_whose_unrolling_the_layout_does_not_move_is_still_rewritten(tmp_path, strategy):
    """The legal twin: a float kernel (one fma per thread) whose PTX float dataflow is the input's."""
    path = tmp_path / "float_transpose.cu"
    result = _rewrite(FLOAT_TRANSPOSE, path, strategy, _check())
    (plan,) = result.plans
    assert plan.rewritten and plan.float_refused is None


@pytest.mark.nvcc
def test_only_the_kernel_whose_dataflow_differs_keeps_its_arrays(tmp_path):
    """rt4_43 and a float transpose in one file: rt4_43's arrays are kept, the transpose's tile rewritten."""
    path = tmp_path / "both.cu"
    result = _rewrite(RT4_43.read_text() + FLOAT_TRANSPOSE, path, "rap", _check(), whole_program=False)
    by_name = {p.analysis.array.name: p for p in result.plans}
    assert by_name["tile"].rewritten and by_name["tile"].float_refused is None
    assert not by_name["S"].rewritten and not by_name["V"].rewritten
    assert by_name["V"].float_refused is not None and by_name["V"].float_refused.function == "rt4_43_online_pv"


def test_an_nvcc_that_cannot_compile_the_input_keeps_every_array(tmp_path):
    """Nothing compared is nothing proved: every rewritten array is kept, and the reason says why."""
    path = tmp_path / "float_transpose.cu"
    result = _rewrite(FLOAT_TRANSPOSE, path, "rap", FloatCheck("/bin/false"))
    (plan,) = result.plans
    assert not plan.rewritten and plan.float_refused is not None
    assert plan.float_refused.kind == FloatRefusalKind.NOT_COMPILED and not plan.float_refused.rewrite
    assert "nvcc did not compile the input to PTX" in plan.reason


def test_a_build_rapcc_cannot_check_keeps_every_array(tmp_path):
    path = tmp_path / "float_transpose.cu"
    why = "the build optimises device code at link time (-dlto)"
    result = _rewrite(FLOAT_TRANSPOSE, path, "rap", FloatCheck("/bin/false", unchecked=why))
    (plan,) = result.plans
    assert not plan.rewritten and plan.float_refused.kind == FloatRefusalKind.UNCHECKABLE and why in plan.reason


def test_without_nvcc_the_rewrite_stands_with_one_note(tmp_path):
    path = tmp_path / "float_transpose.cu"
    result = _rewrite(FLOAT_TRANSPOSE, path, "rap", FloatCheck(None))
    (plan,) = result.plans
    assert plan.rewritten
    notes = [d for d in result.diagnostics if d.check_id == "rapcc-float-unchecked"]
    assert len(notes) == 1 and notes[0].level == "note" and "no nvcc found" in notes[0].message
    # Not asked (the API's default): no check and no note.
    plain = rewrite_source(FLOAT_TRANSPOSE.encode(), str(path), Options(strategy="rap", whole_program=True))
    assert plain.changed and not [d for d in plain.diagnostics if d.check_id.startswith("rapcc-float")]


def test_the_cli_without_nvcc_notes_once_and_only_for_a_rewrite(run_cli, tmp_path):
    src = tmp_path / "k.cu"
    src.write_text(FLOAT_TRANSPOSE)
    code, _, err = run_cli(str(src), "--strategy", "rap", "--whole-program", "-o", str(tmp_path / "out.cu"))
    assert code == 0 and err.count("[rapcc-float-unchecked]") == 1
    code, _, err = run_cli(str(src), "--strategy", "none", "-o", str(tmp_path / "same.cu"))
    assert code == 0 and "rapcc-float-unchecked" not in err


def test_ptx_names_match_source_functions():
    assert source_name_matches("_Z16rt4_43_online_pvPKiPii", "rt4_43_online_pv")
    assert source_name_matches("k", "k")  # extern "C"
    assert source_name_matches("_ZN2ns9transposeILi32EEEvPf", "ns::transpose<32>")
    assert not source_name_matches("_Z10foo_kernelPf", "foo")
    assert not source_name_matches("_Z3barPf", "foo")
