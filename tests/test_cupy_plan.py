"""rapcc.cupy's planning (rapcc/cupy_plan.py), on the CPU: template kernels
named through `name_expressions` are planned per named instance with the
block shape the caller states; what the caller does not state stays as
written. The GPU test (test_gpu_cpp_kernels.py) runs the result bit for bit."""
from __future__ import annotations

import sys
import types

import pytest

from conftest import ROOT
from rapcc.cupy_plan import STUB_HEAD, kernel_name, rewrite_module
from rapcc.frontend.kernel_params import kernel_parameter_types
from rapcc.frontend.parse import ParseConfig

TMPL = ROOT / "tests" / "cases_cpp" / "transpose_tmpl.cu"
NAME = "tiles::transpose<2>"
SIZED = """template <int T>
__global__ void tr(float *out, const float *in, int n) {
    __shared__ float tile[T][T];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
"""


def _shared_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if "__shared__" in line]


def test_a_named_instance_with_the_stated_shape_is_rewritten():
    # The reproduction: `rapcc transpose_tmpl.cu --block-dim 32x8` cannot know the instances; the
    # CuPy caller names them.
    code = TMPL.read_text()
    r = rewrite_module(code, filename=str(TMPL), name_expressions=(NAME,), block_dim=(32, 8), dynamic_smem=0)
    assert r.changed and _shared_lines(r.text) == ["__shared__ float tile[TILE][TILE + 1];"]
    assert "__rapcc" not in r.text and STUB_HEAD not in r.text  # the stated launches are not compiled
    assert " * Reproduce: rapcc.cupy.RawModule(code, name_expressions=('tiles::transpose<2>',), block_dim=(32, 8, 1)" \
        in r.text  # not a `rapcc FILE` command, which cannot know the instances
    body = r.text[r.text.index("#line 1"):].split("\n", 1)[1]
    assert body.replace("[TILE][TILE + 1]", "[TILE][TILE]") == code  # nothing else of the user's text changed


def test_without_the_launches_dynamic_memory_the_tile_keeps_its_size():
    # The caller's `shared_mem` may be anything: padding could push a launch past the limit (issue 27 §7), so
    # the layout rapcc takes is one of the tile's own size; `dynamic_smem=0` states it (the twin above).
    r = rewrite_module(TMPL.read_text(), filename=str(TMPL), name_expressions=(NAME,), block_dim=(32, 8))
    assert r.changed and _shared_lines(r.text) == ["__shared__ float tile[TILE][TILE];"]


def test_without_names_the_template_stays_as_written():
    # The wrong form: no instance named, so no instance is known to run.
    r = rewrite_module(TMPL.read_text(), filename=str(TMPL), name_expressions=None, block_dim=(32, 8))
    assert not r.changed and r.text == TMPL.read_text()
    assert any("may run as an instance" in d.message for d in r.diagnostics)


def test_an_instance_the_caller_does_not_name_keeps_the_template_as_written():
    # `transpose<4>` is in the module too (explicitly instantiated) and may run with any shape.
    code = TMPL.read_text().replace("template __global__ void transpose<2>(float *, const float *, int);",
                                    "template __global__ void transpose<2>(float *, const float *, int);\n"
                                    "template __global__ void transpose<4>(float *, const float *, int);")
    kept = rewrite_module(code, filename="t.cu", name_expressions=(NAME,), block_dim=(32, 8))
    assert not kept.changed and kept.text == code
    both = rewrite_module(code, filename="t.cu", name_expressions=(NAME, "tiles::transpose<4>"), block_dim=(32, 8))
    assert both.changed  # the legal twin: every instance named


def test_each_named_instance_is_planned_with_its_own_sizes():
    r16 = rewrite_module(SIZED, filename="s.cu", name_expressions=("tr<16>",), block_dim=(16, 16), dynamic_smem=0)
    r32 = rewrite_module(SIZED, filename="s.cu", name_expressions=("tr<32>",), block_dim=(32, 32), dynamic_smem=0)
    both = rewrite_module(SIZED, filename="s.cu", name_expressions=("tr<16>", "tr<32>"), block_dim=(16, 16),
                          dynamic_smem=0)
    assert _shared_lines(r16.text) == ["__shared__ float tile[T][T + 2];"]
    assert _shared_lines(r32.text) == ["__shared__ float tile[T][T + 1];"]
    assert "T=16; T=32" in both.report["arrays"][0]["reason"]


def test_a_kernel_whose_parameters_depend_on_its_arguments_stays_as_written():
    generic = SIZED.replace("template <int T>", "template <int T, typename E>").replace(
        "float *out, const float *in", "E *out, const E *in").replace("float tile", "E tile")
    r = rewrite_module(generic, filename="g.cu", name_expressions=("tr<32, float>",), block_dim=(32, 32))
    assert not r.changed and r.text == generic


def test_without_a_block_dim_the_shape_is_any_and_said_in_the_callers_words():
    r = rewrite_module(SIZED, filename="s.cu", name_expressions=("tr<32>",), block_dim=None)
    notes = [d.message for d in r.diagnostics if d.check_id == "rapcc-block-dim"]
    assert notes and "RawModule was given no block_dim" in notes[0] and "__rapcc" not in notes[0]
    assert r.report["arrays"][0]["block_dims_unknown"] == ["RawModule was given no block_dim"]
    # The pragma in transpose_tmpl.cu states the shape itself: the docs' snippet without block_dim rewrites.
    assert rewrite_module(TMPL.read_text(), filename=str(TMPL), name_expressions=(NAME,), block_dim=None).changed


def test_kernel_parameter_types_spell_what_a_launch_outside_can_pass():
    code = (TMPL.read_text() + "\n__global__ void plain(int *a, double b) {}\n"
            "template <typename E> __global__ void gen(E *a) {}\n").encode()
    found = kernel_parameter_types("t.cu", code, ParseConfig())
    assert found == {"tiles::transpose": ("float *", "const float *", "int"), "plain": ("int *", "double"),
                     "gen": None}
    assert kernel_name(" &::tiles::transpose<2> ") == "tiles::transpose"


def test_the_cupy_drop_in_compiles_the_planned_text(monkeypatch):
    # rapcc.cupy itself, with a stand-in for CuPy: what it hands cupy.RawModule.
    seen = {}

    class FakeRawModule:
        def __init__(self, **kwargs):
            seen.update(kwargs)

    monkeypatch.setitem(sys.modules, "cupy", types.SimpleNamespace(RawModule=FakeRawModule))
    monkeypatch.delitem(sys.modules, "rapcc.cupy", raising=False)
    from rapcc.cupy import RawModule
    mod = RawModule(code=TMPL.read_text(), options=("-std=c++17",), name_expressions=(NAME,), block_dim=(32, 8),
                    dynamic_smem=0)
    assert mod.rapcc.changed and seen["code"] == mod.rapcc.text and seen["name_expressions"] == (NAME,)
    assert "tile[TILE][TILE + 1]" in seen["code"] and "__rapcc" not in seen["code"]


@pytest.mark.nvcc
def test_the_planned_text_compiles(tmp_path):
    from conftest import require_nvcc
    import subprocess
    nvcc = require_nvcc()
    r = rewrite_module(TMPL.read_text(), filename=str(TMPL), name_expressions=(NAME,), block_dim=(32, 8))
    src = tmp_path / "k.cu"
    src.write_text(r.text)
    done = subprocess.run([nvcc, "-std=c++17", "-arch=sm_90", "-ptx", str(src), "-o", str(tmp_path / "k.ptx")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
