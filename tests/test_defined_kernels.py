"""rapcc/frontend/defined.py: the kernels a unit's user code defines (what
its compile step needs the project's launches of)."""
from __future__ import annotations

from rapcc.frontend import LaunchesUnread, file_launch_facts
from rapcc.pipeline import Options
from rapcc.toolkit import HeaderMode

OPTS = Options(headers=HeaderMode.STANDIN)

SRC = b"""#include "k.cuh"
namespace outer { namespace {
__global__ void in_namespace(float *p) { p[0] = 0; }
} }
extern "C" __global__ void c_linkage(float *p) { p[0] = 0; }
template <int N> __global__ void templated(float *p) { p[0] = N; }
__global__ void declared_only(float *p);
__device__ float helper(float x) { return x; }
void host(float *p) { templated<4><<<1, 32>>>(p); }
"""


def test_definitions_in_namespaces_linkage_templates_and_user_headers(tmp_path) -> None:
    (tmp_path / "k.cuh").write_text("__global__ void from_header(float *p) { p[0] = 1; }\n")
    f = tmp_path / "a.cu"
    f.write_bytes(SRC)
    facts = file_launch_facts(str(f), SRC, OPTS)
    # Not a declaration without a body (defined elsewhere) nor a __device__ helper (never launched).
    assert facts.kernels == ("c_linkage", "from_header", "in_namespace", "templated")


def test_a_file_that_does_not_parse_still_says_its_kernels(tmp_path) -> None:
    src = b"__global__ void k(float *p) { p[0] = 0; }\nvoid broken(float *p) { p[0] = ; }\n"
    f = tmp_path / "b.cu"
    f.write_bytes(src)
    try:
        file_launch_facts(str(f), src, OPTS)
    except LaunchesUnread as exc:
        assert exc.kernels == ("k",) and exc.diagnostics
    else:
        raise AssertionError("a file with a clang error parsed")
