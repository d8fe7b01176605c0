"""clang errors refuse only the shared arrays in the code they sit in."""
from __future__ import annotations

from pathlib import Path

import pytest

from rapcc.diagnostics import RapccError
from rapcc.pipeline import Options, analyze_source, rewrite_source

TRANSPOSE = b"""__global__ void good(float *a) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
"""
LAUNCH = b"int main() { good<<<1, dim3(32, 32)>>>(0); return 0; }\n"


def _plans(result):
    return {p.analysis.array.name: p for p in result.plans}


def _codes(result, check_id: str):
    return [d for d in result.diagnostics if d.check_id == check_id]


def test_error_in_host_code_is_a_note_and_the_kernel_is_still_analysed(tmp_path: Path):
    source = (b"#include <cuda_runtime.h>\n"
              b"void host_helper() { int v; cudaDeviceGetAttribute(&v, cudaDevAttrNotInAnyToolkit, 0); }\n"
              + TRANSPOSE + LAUNCH)
    path = str(tmp_path / "host_error.cu")
    result = rewrite_source(source, path, Options())
    notes = _codes(result, "rapcc-parse-error")
    assert [(n.level, n.line) for n in notes] == [("note", 2)]
    assert "cudaDevAttrNotInAnyToolkit" in notes[0].message
    plan = _plans(result)["tile"]
    assert plan.rewritten and plan.analysis.block.source == "launch"
    assert not plan.analysis.escapes


def test_error_in_a_header_is_a_note(tmp_path: Path):
    (tmp_path / "helper.h").write_bytes(b"inline int broken_helper() { return not_declared_anywhere; }\n")
    source = b'#include "helper.h"\n' + TRANSPOSE + LAUNCH
    path = str(tmp_path / "uses_header.cu")
    result = rewrite_source(source, path, Options())
    notes = _codes(result, "rapcc-parse-error")
    assert [(Path(n.file).name, n.line) for n in notes] == [("helper.h", 1)]
    assert _plans(result)["tile"].rewritten


def test_error_inside_the_kernel_refuses_its_array_with_the_error_line(tmp_path: Path):
    source = TRANSPOSE + b"""__global__ void bad(float *a) {
  __shared__ float s[32][32];
  s[threadIdx.y][threadIdx.x] = a[threadIdx.x] + undeclared_in_kernel;
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
int main() { good<<<1, dim3(32, 32)>>>(0); bad<<<1, dim3(32, 32)>>>(0); return 0; }
"""
    path = str(tmp_path / "kernel_error.cu")
    result = rewrite_source(source, path, Options())
    plans = _plans(result)
    assert plans["tile"].rewritten  # the kernel without errors is still rewritten
    bad = plans["s"]
    assert not bad.rewritten
    assert "clang error" in bad.reason and "undeclared_in_kernel" in bad.reason and "(line 9)" in bad.reason
    warning = [d for d in _codes(result, "rapcc-escape") if "'s'" in d.message]
    assert [(w.level, w.line) for w in warning] == [("warning", 9)]
    # The kernel with the error is left byte for byte as it was.
    assert source[source.index(b"__global__ void bad"):] in result.text


def test_error_in_the_element_type_refuses_the_array(tmp_path: Path):
    (tmp_path / "types.h").write_bytes(b"struct Cell { UnknownType v; float w; };\n")
    source = b"""#include "types.h"
__global__ void k(float *a) {
  __shared__ Cell cells[64];
  cells[threadIdx.x].w = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = cells[63 - threadIdx.x].w;
}
"""
    result = analyze_source(source, str(tmp_path / "bad_type.cu"), Options(block_dim=(64, 1, 1)))
    plan = _plans(result)["cells"]
    assert plan.analysis.escapes and "UnknownType" in plan.reason


def test_file_scope_array_used_in_code_with_an_error_is_refused(tmp_path: Path):
    source = b"""__shared__ float scratch[64];
__global__ void k(float *a) {
  scratch[threadIdx.x] = a[threadIdx.x] * not_declared;
  __syncthreads();
  a[threadIdx.x] = scratch[(threadIdx.x * 2) % 64];
}
"""
    result = analyze_source(source, str(tmp_path / "file_scope.cu"), Options(block_dim=(64, 1, 1)))
    assert "clang error" in _plans(result)["scratch"].reason


def test_structural_error_still_refuses_the_whole_file(tmp_path: Path):
    """An error outside every declaration: the AST cannot be trusted."""
    source = b"#if 1 +\n#endif\n" + TRANSPOSE
    with pytest.raises(RapccError, match="the input has errors") as info:
        rewrite_source(source, str(tmp_path / "broken.cu"), Options())
    assert [d.line for d in info.value.diagnostics] == [1]


def test_helper_cuda_style_runtime_api_parses_cleanly(tmp_path: Path):
    """The stand-ins cover the runtime API that helper headers like the CUDA
    samples' helper_cuda.h use: device attributes, error codes and names,
    streams, events, texture objects, device properties."""
    source = b"""#include <cuda_runtime.h>
#include <cstdio>
#include <typeinfo>
static const char *errorName(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMissingConfiguration: return "cudaErrorMissingConfiguration";
    case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
    case cudaErrorUnsupportedPtxVersion: return "cudaErrorUnsupportedPtxVersion";
  }
  return cudaGetErrorName(e);
}
int pick() {
  int count = 0, mode = 0, integrated = 0, major = 0;
  cudaGetDeviceCount(&count);
  cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, 0);
  cudaDeviceGetAttribute(&integrated, cudaDevAttrIntegrated, 0);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  if (mode == cudaComputeModeProhibited) return -1;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaStream_t stream; cudaEvent_t start, stop; float ms = 0;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEventCreate(&start); cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  cudaEventElapsedTime(&ms, start, stop);
  cudaTextureObject_t tex = 0;
  cudaDestroyTextureObject(tex);
  cudaMemcpyKind kind = cudaMemcpyDeviceToHost;
  std::printf("%s %s %d %s %d\\n", prop.name, errorName(cudaGetLastError()), prop.multiProcessorCount,
              cudaGetErrorString(cudaSuccess), (int)kind + (int)(typeid(int) == typeid(float)));
  cudaStreamDestroy(stream);
  return integrated + major;
}
""" + TRANSPOSE
    result = analyze_source(source, str(tmp_path / "helper_style.cu"), Options())
    assert _codes(result, "rapcc-parse-error") == []
    assert [d for d in result.diagnostics if d.check_id == "clang-diagnostic"] == []


def test_alignas_after_shared_is_nvcc_dialect_and_the_array_is_still_analysed(tmp_path: Path):
    """The SDK's async-copy samples write `__shared__ alignas(16) float As[..]`:
    nvcc takes it, clang wants the C++11 attribute first. The declaration is
    whole, so the error is a note and the array is analysed and rewritten; the
    `alignas` stays in the output."""
    source = b"""__global__ void k(float *a) {
  __shared__ alignas(16) float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
int main() { k<<<1, dim3(32, 32)>>>(0); return 0; }
"""
    result = rewrite_source(source, str(tmp_path / "aligned.cu"), Options())
    notes = _codes(result, "rapcc-parse-error")
    assert [(n.level, n.line) for n in notes] == [("note", 2)] and "attribute list" in notes[0].message
    plan = _plans(result)["tile"]
    assert plan.rewritten and not plan.analysis.escapes
    assert b"__shared__ alignas(16) float tile" in result.text


def test_other_attribute_lists_out_of_place_still_refuse_the_array(tmp_path: Path):
    source = b"""__global__ void k(float *a) {
  __shared__ [[maybe_unused]] float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
"""
    result = rewrite_source(source, str(tmp_path / "attr.cu"), Options())
    plan = _plans(result)["tile"]
    assert not plan.rewritten and "clang error" in plan.reason


def test_shared_object_with_an_empty_constructor_is_nvcc_dialect(tmp_path: Path):
    """`__shared__ cuda::pipeline_shared_state<...> state;` (the SDK's async-copy
    samples): clang refuses any constructor call for a shared variable, nvcc an
    empty one. The error is a note, so the function's arrays are still analysed."""
    source = b"""struct Counter { int v; __host__ __device__ constexpr Counter() : v(0) {} };
struct State { Counter c[2]; State() = default; };
__global__ void k(float *a) {
  __shared__ State state;
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = a[threadIdx.x] + state.c[0].v;
  __syncthreads();
  a[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
int main() { k<<<1, dim3(32, 32)>>>(0); return 0; }
"""
    result = rewrite_source(source, str(tmp_path / "state.cu"), Options())
    notes = _codes(result, "rapcc-parse-error")
    assert [(n.level, n.line) for n in notes] == [("note", 4)] and "__shared__" in notes[0].message
    assert _plans(result)["tile"].rewritten


def test_initialised_shared_array_is_still_refused(tmp_path: Path):
    """An initializer on a shared array is an error to nvcc as well: that array stays refused."""
    source = b"""__global__ void k(float *a) {
  __shared__ float tile[4] = {1, 2, 3, 4};
  a[threadIdx.x] = tile[threadIdx.x % 4];
}
"""
    result = rewrite_source(source, str(tmp_path / "init.cu"), Options())
    plan = _plans(result)["tile"]
    assert not plan.rewritten and "clang error" in plan.reason
