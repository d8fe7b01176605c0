"""A free `__device__` function runs in its caller's block: when every caller
is known (analysis/shapes.callers_shapes, frontend `ir.Kernel.callers`), its
arrays are planned for the shapes of the kernels that call it, not a guess;
when any caller is unknown, the guess and its note stay."""
from __future__ import annotations

from rapcc.api import rewrite

BODY = """__device__ void body(float *out, const float *in, int n) {
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
"""
KERNEL = "__global__ void k(float *out, const float *in, int n) { body(out, in, n); }\n"
LAUNCH = "void launch(float *out, const float *in, int n) { k<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n); }\n"


def _tile(source: str, **kw):
    # The file holds every launch (the premise of a single file is tests/test_guarded_layouts.py's).
    r = rewrite(source, filename="d.cu", whole_program=True, **kw)
    [arr] = [a for a in r.report["arrays"] if a["name"] == "tile"]
    notes = [d.message for d in r.diagnostics if d.check_id == "rapcc-block-dim"]
    return arr, notes, r


def test_a_device_function_takes_the_shape_of_the_kernel_that_calls_it():
    arr, notes, r = _tile(BODY + KERNEL + LAUNCH)
    assert (arr["block_dim_source"], arr["block_dims"]) == ("callers", [[32, 8, 1]])
    assert notes == [] and r.changed  # no "state it on the kernel" for a shape the file shows


def test_through_a_chain_of_device_functions():
    chain = BODY + "__device__ void mid(float *o, const float *i, int n) { body(o, i, n); }\n" + \
        KERNEL.replace("body(", "mid(") + LAUNCH
    arr, notes, _ = _tile(chain)
    assert arr["block_dim_source"] == "callers" and notes == []


def test_every_callers_shape_is_planned_for():
    two = BODY + KERNEL + KERNEL.replace("void k(", "void k2(") + LAUNCH + \
        LAUNCH.replace("launch(", "launch2(").replace("k<<<", "k2<<<").replace("dim3(32, 8)", "dim3(32, 16)")
    arr, _, _ = _tile(two)
    assert arr["block_dim_source"] == "callers" and sorted(arr["block_dims"]) == [[32, 8, 1], [32, 16, 1]]


def test_a_caller_launched_with_an_unknown_shape_keeps_the_guess():
    unknown = BODY + KERNEL + LAUNCH + KERNEL.replace("void k(", "void k2(") + \
        "void other(float *o, const float *i, int n, int b) { k2<<<1, dim3(b, 8)>>>(o, i, n); }\n"
    arr, notes, _ = _tile(unknown)
    assert arr["block_dim_source"] != "callers" and notes


def test_a_kernel_never_launched_here_keeps_the_guess():
    arr, notes, _ = _tile(BODY + KERNEL)
    assert arr["block_dim_source"] != "callers" and notes


def test_a_device_function_whose_address_is_taken_keeps_the_guess():
    taken = BODY + KERNEL + LAUNCH + \
        "__device__ void (*pick)(float *, const float *, int) = body;\n"
    arr, notes, _ = _tile(taken)
    assert arr["block_dim_source"] != "callers" and notes


def test_a_device_function_called_from_a_method_keeps_the_guess():
    method = BODY + "struct S { __device__ void go(float *o, const float *i, int n) { body(o, i, n); } };\n" + \
        KERNEL + LAUNCH
    arr, notes, _ = _tile(method)
    assert arr["block_dim_source"] != "callers" and notes


def test_under_rdc_other_files_may_call_it():
    from rapcc.pipeline import Options, rewrite_source
    r = rewrite_source((BODY + KERNEL + LAUNCH).encode(), "d.cu", Options(whole_program=True, rdc=True))
    [arr] = [a for a in r.report["arrays"] if a["name"] == "tile"]
    assert arr["block_dim_source"] != "callers"
