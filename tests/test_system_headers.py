"""The toolkit's and the system's headers: their clang errors collapse into
one note and taint no array that does not depend on them; what nvcc provides
implicitly or through standard headers parses with the stand-ins alone
(issue 19 part 3)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_nvcc
from rapcc.frontend.headers import HeaderKinds
from rapcc.frontend.parse import SHIM_DIR
from rapcc.pipeline import Options, analyze_source, rewrite_source
from rapcc.toolkit import find_toolkit

TRANSPOSE = b"""__global__ void transpose(float *out, const float *in, int n)
{
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int i = 0; i < 32; i += 8)
        tile[threadIdx.y + i][threadIdx.x] = in[(y + i) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int i = 0; i < 32; i += 8)
        out[(y + i) * n + x] = tile[threadIdx.x][threadIdx.y + i];
}

void run(float *o, const float *i, int n) { transpose<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(o, i, n); }
"""

# A library header with errors clang finds and nvcc would not: one inside a
# body the kernel instantiates, one in a declaration nobody uses.
BROKEN_LIBRARY = b"""template <class T> struct Reducer {
    __device__ int body(int v) { return v + T::not_in_this_parse; }
    __device__ int scale(int v) { return v * (int)sizeof(T); }
};
inline int unused_helper() { return also_missing; }
"""
USES_LIBRARY = b"""#include <lib.h>
__global__ void k(float *o)
{
    __shared__ float s[32][32];
    Reducer<int> r;
    int t = threadIdx.x;
    s[threadIdx.y][t] = (float)(r.body(t) + r.scale(t));
    __syncthreads();
    o[threadIdx.y * 32 + t] = s[t][threadIdx.y];
}
void run(float *o) { k<<<1, dim3(32, 32)>>>(o); }
"""


def _notes(result) -> list:
    return [d for d in result.diagnostics if d.check_id == "rapcc-parse-error"]


def _library(tmp_path: Path) -> tuple[Path, Path]:
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "lib.h").write_bytes(BROKEN_LIBRARY)
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(USES_LIBRARY)
    return lib, src / "k.cu"


def test_whose_header_a_file_is(tmp_path):
    proj = tmp_path / "proj"
    (proj / "inc").mkdir(parents=True)
    kinds = HeaderKinds.of(str(proj / "k.cu"), (str(tmp_path / "extra"),), (str(SHIM_DIR), "/opt/cuda"))
    assert not kinds.is_system(str(proj / "k.cu"))
    assert not kinds.is_system(str(proj / "inc" / "tile.h"))
    assert not kinds.is_system(str(tmp_path / "extra" / "a.h"))
    assert kinds.is_system(str(SHIM_DIR / "cstdint"))
    assert kinds.is_system("/opt/cuda/include/cub/cub.cuh")
    assert kinds.is_system("/usr/include/stdio.h")
    # A project kept inside the toolkit's folder: its own folder is deeper.
    inside = HeaderKinds.of("/opt/cuda/samples/x/k.cu", (), ("/opt/cuda",))
    assert not inside.is_system("/opt/cuda/samples/x/helper.h")
    assert inside.is_system("/opt/cuda/include/cuda_fp16.h")


def test_errors_in_a_system_header_are_one_note_and_taint_nothing(tmp_path):
    lib, src = _library(tmp_path)
    options = Options(whole_program=True, strategy="xor", extra_args=("-isystem", str(lib)))
    result = rewrite_source(src.read_bytes(), str(src), options)
    [note] = _notes(result)
    assert (note.file, note.line, note.col) == (str(src), 1, 10)  # the user's #include
    assert note.message.startswith(f"2 clang errors in 1 system or toolkit header, first {lib / 'lib.h'}:5: "
                                   "use of undeclared identifier 'also_missing'; the analysis goes on")
    [plan] = result.plans
    assert plan.rewritten and not plan.analysis.escapes
    # -v lists each, where it is.
    verbose = rewrite_source(src.read_bytes(), str(src), Options(whole_program=True, strategy="xor", extra_args=options.extra_args,
                                                                 verbose=True))
    assert sorted((Path(n.file).name, n.line) for n in _notes(verbose)) == [("lib.h", 2), ("lib.h", 5)]
    assert verbose.text == result.text


def test_the_same_errors_in_a_users_header_are_the_users(tmp_path):
    """Under -I the header is the user's: each error is a note of its own, and
    an instantiation the kernel requests with an error in it still taints."""
    lib, src = _library(tmp_path)
    result = rewrite_source(src.read_bytes(), str(src), Options(whole_program=True, strategy="xor", include_dirs=(str(lib),)))
    assert len(_notes(result)) == 2 and all(Path(n.file).name == "lib.h" for n in _notes(result))
    [plan] = result.plans
    assert not plan.rewritten and "clang error" in plan.reason
    system = rewrite_source(src.read_bytes(), str(src), Options(whole_program=True, strategy="xor", extra_args=("-isystem", str(lib))))
    assert system.plans[0].rewritten and len(_notes(system)) == 1


def test_an_element_type_with_an_error_in_a_system_header_still_refuses(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "cell.h").write_bytes(b"struct Cell { UnknownType v; float w; };\n")
    src = b"""#include <cell.h>
__global__ void k(float *a) {
  __shared__ Cell cells[64];
  cells[threadIdx.x].w = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = cells[63 - threadIdx.x].w;
}
"""
    result = analyze_source(src, str(tmp_path / "k.cu"), Options(whole_program=True, block_dim=(64, 1, 1),
                                                                 extra_args=("-isystem", str(lib))))
    [plan] = result.plans
    assert plan.analysis.escapes and "UnknownType" in plan.reason


def test_sarif_has_one_result_for_system_headers_even_with_v(run_cli, tmp_path):
    lib, src = _library(tmp_path)
    code, out, _ = run_cli("analyze", str(src), "--format", "sarif", "-v", "-isystem", str(lib))
    assert code == 0
    results = json.loads(out)["runs"][0]["results"]
    assert [r["ruleId"] for r in results].count("rapcc-parse-error") == 1


STANDARD = ["cstdint", "climits", "cfloat", "cmath", "cstdio", "cstdlib", "cuda_fp16.h", "cuda_bf16.h", "mma.h",
            "cooperative_groups.h", "curand_kernel.h"]

# What nvcc provides implicitly or through the standard headers, in the user's file.
NVCC_IMPLICIT = b"""%s
__global__ void k(float *o, const float *in, int64_t n)
{
    __shared__ float s[32][32];
    register uint32_t tx = threadIdx.x, ty = threadIdx.y;
    register float best = FLT_MAX;
    size_t idx = ty * 32 + tx;
    std::uint64_t big = UINT64_MAX;
    s[ty][tx] = in[idx];
    __syncthreads();
    float v = s[tx][ty];
    best = std::fmin(best, std::sqrt(v)) + (n > INT_MAX ? 1.0f : 0.0f) + std::max(v, 0.0f) + std::abs(v);
    o[idx] = best + (float)(big & 1) + (float)CHAR_BIT;
}
void run(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i, 1); }
"""
STANDARD_INCLUDES = b"#include <cstdint>\n#include <climits>\n#include <cfloat>\n#include <cmath>\n#include <cstdlib>"


@pytest.mark.parametrize("header", STANDARD)
def test_standard_headers_parse_cleanly_with_the_stand_ins_alone(tmp_path, header):
    src = f"#include <{header}>\n".encode() + TRANSPOSE
    result = rewrite_source(src, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor"))
    assert [d for d in result.diagnostics if d.check_id in ("rapcc-parse-error", "clang-diagnostic")] == []
    assert result.plans[0].rewritten


def test_nvcc_implicit_types_and_macros_do_not_taint(tmp_path):
    src = NVCC_IMPLICIT % STANDARD_INCLUDES
    result = rewrite_source(src, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor"))
    assert _notes(result) == [] and not [d for d in result.diagnostics if d.check_id == "rapcc-escape"]
    [plan] = result.plans
    assert plan.rewritten and b"_at(s, ty, tx) = in[idx];" in result.text and result.macro_guards == ()


def _toolkit() -> str:
    require_nvcc()
    found = find_toolkit(None, os.environ, shutil.which)
    if found is None or not os.path.isdir(os.path.join(found.root, "include", "cccl")):
        pytest.skip("no CUDA toolkit with CCCL")
    return found.root


CCCL = ["cub/cub.cuh", "thrust/device_vector.h", "cuda/pipeline", "cuda/barrier"]


@pytest.mark.nvcc
@pytest.mark.parametrize("header", CCCL)
def test_cccl_adds_at_most_one_note_to_a_clean_file(tmp_path, header):
    root = _toolkit()
    clean = rewrite_source(TRANSPOSE, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor", cuda_path=root))
    src = f"#include <{header}>\n".encode() + TRANSPOSE
    result = rewrite_source(src, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor", cuda_path=root))
    # The #include moves every line of the clean file down by one.
    assert [(d.line, d.message) for d in result.diagnostics if d.line > 1] == \
        [(d.line + 1, d.message) for d in clean.diagnostics]
    extra = [d for d in result.diagnostics if d.line <= 1]
    assert len(extra) <= 1 and all(d.check_id == "rapcc-parse-error" for d in extra), extra
    assert result.plans[0].rewritten


@pytest.mark.nvcc
def test_a_kernel_with_cub_and_uint32_indices_is_rewritten_and_compiles(tmp_path):
    root = _toolkit()
    nvcc = require_nvcc()
    src = NVCC_IMPLICIT % (b"#include <cub/cub.cuh>\n" + STANDARD_INCLUDES)
    src = src.replace(b"    float v = s[tx][ty];", b"    float v = s[tx][ty];\n"
                      b"    typedef cub::WarpReduce<float> WarpReduce;\n"
                      b"    __shared__ typename WarpReduce::TempStorage scratch;\n"
                      b"    v = WarpReduce(scratch).Sum(v);")
    for strategy in ("xor", "auto"):
        result = rewrite_source(src, str(tmp_path / "k.cu"), Options(whole_program=True, strategy=strategy, cuda_path=root))
        assert len(_notes(result)) <= 1
        assert not [d for d in result.diagnostics if d.check_id == "rapcc-escape"]
        plan = next(p for p in result.plans if p.analysis.array.name == "s")
        assert plan.rewritten
        out = tmp_path / f"{strategy}.cu"
        out.write_bytes(result.text)
        proc = subprocess.run([nvcc, "-arch=sm_90", "--expt-relaxed-constexpr", "-cubin",
                               "-o", str(tmp_path / "k.cubin"), str(out)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


# nvcc makes these visible with no #include at all (its host compiler's
# <cmath> and <stdlib.h> reach <limits.h>, <limits> and <sys/types.h>).
IMPLICIT = b"""__global__ void k(float *o, const float *in, int64_t n)
{
    __shared__ float s[32][32];
    int8_t one = 1;
    int tx = threadIdx.x, ty = threadIdx.y;
    s[ty][tx] = in[ty * 32 + tx] * one;
    __syncthreads();
    float v = s[tx][ty];
    o[ty * 32 + tx] = v + (n > INT_MAX ? 1.0f : 0.0f) + std::numeric_limits<float>::epsilon() + CHAR_BIT;
}
void run(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i, 1); }
"""


def test_what_nvcc_provides_without_an_include_parses(tmp_path):
    result = rewrite_source(IMPLICIT, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="pad"))
    assert [d for d in result.diagnostics if d.check_id in ("rapcc-parse-error", "rapcc-escape")] == []
    assert result.plans[0].rewritten and b"__shared__ float s[32][32 + 1];" in result.text


@pytest.mark.nvcc
def test_what_nvcc_provides_without_an_include_compiles(tmp_path):
    nvcc = require_nvcc()
    out = tmp_path / "k.cu"
    out.write_bytes(rewrite_source(IMPLICIT, str(out), Options(whole_program=True, strategy="xor")).text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "--expt-relaxed-constexpr", "-cubin", "-o", str(tmp_path / "k.cubin"),
                           str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


BF16 = b"""#include <cuda_bf16.h>
#include <cuda_fp16.h>
__global__ void k(float *o)
{
    __shared__ __nv_bfloat16 t[32][32];
    __nv_bfloat16 one = __float2bfloat16_rz(1.0f);
    t[threadIdx.x][threadIdx.y] = __hmax(one, CUDART_ZERO_BF16);
    __syncthreads();
    __nv_bfloat16 v = t[threadIdx.y][threadIdx.x];
    o[threadIdx.x] = (float)__bfloat162int_rz(v) + __low2float(__halves2bfloat162(v, v)) + (v > one ? 1.0f : 0.0f)
                     + __half2float(__float2half(1.0f));
}
void run(float *o) { k<<<1, dim3(32, 32)>>>(o); }
"""


def test_bfloat16_conversions_and_comparisons_parse(tmp_path):
    result = rewrite_source(BF16, str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor"))
    assert [d for d in result.diagnostics if d.check_id in ("rapcc-parse-error", "rapcc-escape")] == []
    assert result.plans[0].rewritten


@pytest.mark.nvcc
def test_bfloat16_rewrite_compiles(tmp_path):
    nvcc = require_nvcc()
    out = tmp_path / "k.cu"
    out.write_bytes(rewrite_source(BF16, str(out), Options(whole_program=True, strategy="xor")).text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
