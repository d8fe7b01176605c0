"""Host launch forms of issue 27, class 1 (rapcc/frontend/host_calls.py,
host_loops.py, host_mentions.py, host_braced.py, host_syntax.py): each one is
read exactly, or its kernel's launches are unknown; never a known wrong shape.
Each wrong form has a legal twin that is still read exactly, and each form's
shape set reaches the report."""
from __future__ import annotations

import pytest

from rapcc.frontend import parse_file
from rapcc.pipeline import Options, analyze_source

KERNELS = b"""#include <cstdlib>
#include <utility>
__global__ void k(float *o) { o[threadIdx.x] = 0; }
__global__ void k2(float *o) { o[threadIdx.x] = 1; }
template <int B> __global__ void t(float *o) { o[threadIdx.x] = B; }
"""

# A tile every shape below keeps in range: the report's set is the launches'.
TILED = b"""#include <utility>
__global__ void tk(float *o) {
  __shared__ float tile[8][128];
  tile[threadIdx.y][threadIdx.x] = o[threadIdx.y * blockDim.x + threadIdx.x];
  __syncthreads();
  o[threadIdx.x * blockDim.y + threadIdx.y] = tile[threadIdx.y][(threadIdx.x + 1) % blockDim.x];
}
"""


def _kernel(host: bytes, name: str = "k", std: str = "c++17"):
    info, _ = parse_file("h.cu", KERNELS + host + b"\n", Options(std=std))
    return next(x for x in info.kernels if x.name == name)


def _exact(host: bytes, shapes: set[tuple[int, int, int]], name: str = "k", std: str = "c++17") -> None:
    k = _kernel(host, name, std)
    assert set(k.launch_block_dims) == shapes and k.launch_unknown == ()


def _unknown(host: bytes, why: str, name: str = "k", std: str = "c++17") -> None:
    """The launch is unknown, with a reason; the shape it was misread as before is gone."""
    k = _kernel(host, name, std)
    assert k.launch_unknown and any(why in u for u in k.launch_unknown), k.launch_unknown


def _report(host: bytes, std: str = "c++17") -> dict:
    r = analyze_source(TILED + host + b"\n", "forms.cu", Options(std=std))
    return next(a for a in r.report["arrays"] if a["name"] == "tile")


# -- 1. function pointers -------------------------------------------------------

def test_local_pointer_set_once_launches_its_kernel_exactly():
    _exact(b"void run() { auto f = k; f<<<1, dim3(64, 4)>>>(0); }", {(64, 4, 1)})
    _exact(b"void run() { void (*fp)(float *) = &k; fp<<<2, dim3(128, 2)>>>(0); }", {(128, 2, 1)})
    _exact(b"void run() { auto f = k; void *a[1]; cudaLaunchKernel((const void *)f, dim3(2), dim3(64, 4), a); }",
           {(64, 4, 1)})
    _exact(b"void run() { auto f = k; cudaLaunchConfig_t cfg = {}; cfg.blockDim = dim3(128, 2); "
           b"cudaLaunchKernelEx(&cfg, f, (float *)0); }", {(128, 2, 1)})


def test_pointer_to_a_template_instance_keeps_the_instance():
    from rapcc.frontend.host_values import host_launches
    from rapcc.frontend.parse import ParseConfig, parse_tolerant
    from rapcc.frontend.toplevel import main_file_tops
    src = KERNELS + b"void run() { auto f = t<32>; f<<<1, dim3(64, 4)>>>(0); }\n"
    tu = parse_tolerant("h.cu", src, ParseConfig()).tu
    got = [x for x in host_launches(main_file_tops(tu)) if x.kernel == "t"]
    assert [(x.instance, x.shapes, x.unknown) for x in got] == [((("B@5:15", 32),), ((64, 4, 1),), None)]


@pytest.mark.parametrize("host", [
    b"void run(bool c) { auto f = k; if (c) f = k2; f<<<1, dim3(64, 4)>>>(0); }",  # written again
    b"void go(void (*)(float *));\nvoid run() { auto f = k; go(f); f<<<1, dim3(64, 4)>>>(0); }",  # passed
    b"void run() { auto f = k; auto g = [&] { f<<<1, dim3(64, 4)>>>(0); }; g(); }",  # captured
    b"void go(void (*)(float *));\nvoid run() { go(k); }",  # passed straight to an unknown function
    b"void reg(const void *);\nvoid run() { reg((const void *)k); }",  # a void * cast
    b"void (*table[])(float *) = {k};\nvoid run() { table[0]<<<1, dim3(64, 4)>>>(0); }",  # a file-scope table
])
def test_a_pointer_rapcc_cannot_follow_makes_the_launch_unknown(host):
    k = _kernel(host)
    assert k.launch_unknown and (64, 4, 1) not in k.launch_block_dims


def test_report_shows_a_pointer_launch_shape():
    a = _report(b"void run() { auto f = tk; f<<<1, dim3(64, 4)>>>(0); }")
    assert a["block_dims"] == [[64, 4, 1]] and a["block_dim_source"] == "launch" and a["block_dims_unknown"] == []


# -- 2. cudaLaunchKernelEx ---------------------------------------------------------

@pytest.mark.parametrize("config", [
    b"cudaLaunchConfig_t cfg = {}; cfg.gridDim = 2; cfg.blockDim = dim3(64, 4); cfg.dynamicSmemBytes = 512;",
    b"cudaLaunchConfig_t cfg; cfg.gridDim = dim3(2); cfg.blockDim = dim3(64, 1); cfg.blockDim.y = 4; "
    b"cfg.dynamicSmemBytes = 512; cfg.stream = 0; cfg.attrs = nullptr; cfg.numAttrs = 0;",
    b"cudaLaunchConfig_t cfg = {dim3(2), dim3(64, 4), 512, 0, nullptr, 0};",
    b"cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = 2; "
    b"cudaLaunchConfig_t cfg = {}; cfg.blockDim = {64, 4}; cfg.dynamicSmemBytes = 512; cfg.attrs = at; cfg.numAttrs = 1;",
])
def test_launch_kernel_ex_reads_the_config_field_by_field(config):
    k = _kernel(b"void run() { " + config + b" cudaLaunchKernelEx(&cfg, k, (float *)0); }")
    assert k.launch_block_dims == ((64, 4, 1),) and k.launch_unknown == () and k.launch_dynamic_smem == (512,)


def test_a_default_constructed_config_has_a_1x1x1_block_and_unknown_bytes():
    # Like the toolkit's: the dim3 members construct to 1x1x1, dynamicSmemBytes is indeterminate.
    k = _kernel(b"void run() { cudaLaunchConfig_t cfg; cfg.gridDim = 2; cudaLaunchKernelEx(&cfg, k, (float *)0); }")
    assert k.launch_block_dims == ((1, 1, 1),) and k.launch_unknown == () and k.launch_dynamic_smem == (None,)


def test_launch_kernel_ex_designated_initializer_and_the_c_api():
    k = _kernel(b"void run() { cudaLaunchConfig_t cfg = {.gridDim = 2, .blockDim = {128, 2}}; void *a[1];\n"
                b" cudaLaunchKernelExC(&cfg, (const void *)k, a); }", std="c++20")
    assert k.launch_block_dims == ((128, 2, 1),) and k.launch_unknown == () and k.launch_dynamic_smem == (0,)


@pytest.mark.parametrize("host, why", [
    (b"void fill(cudaLaunchConfig_t *c);\nvoid run() { cudaLaunchConfig_t cfg = {}; cfg.blockDim = dim3(32, 8); "
     b"fill(&cfg); cudaLaunchKernelEx(&cfg, k, (float *)0); }", "address of 'cfg'"),
    # A copy is followed field by field (host_records.py): the fields of a parameter no call gives are unknown.
    (b"void run(cudaLaunchConfig_t c) { cudaLaunchConfig_t cfg = c; cudaLaunchKernelEx(&cfg, k, (float *)0); }",
     "no call in this file makes"),
    (b"void run() { cudaLaunchConfig_t cfg = {}; cfg.blockDim = dim3(32, 8); dim3 &b = cfg.blockDim; b.x = 64; "
     b"cudaLaunchKernelEx(&cfg, k, (float *)0); }", "bound to the reference"),
    (b"cudaLaunchConfig_t make();\nvoid run() { cudaLaunchConfig_t cfg = make(); "
     b"cudaLaunchKernelEx(&cfg, k, (float *)0); }", "does not read field by field"),
    (b"void run(const cudaLaunchConfig_t *c) { cudaLaunchKernelEx(c, k, (float *)0); }", "'&cfg'"),
    (b"void run() { cudaLaunchConfig_t cfg = {.gridDim = 2, .blockDim.x = 64}; "
     b"cudaLaunchKernelEx(&cfg, k, (float *)0); }", "initializer rapcc does not read"),
])
def test_a_config_rapcc_cannot_follow_is_unknown(host, why):
    k = _kernel(host)
    assert k.launch_block_dims == () and k.launch_dynamic_smem == (None,)
    assert any(why in u for u in k.launch_unknown), k.launch_unknown


def test_report_shows_a_launch_kernel_ex_shape():
    a = _report(b"void run() { cudaLaunchConfig_t cfg = {}; cfg.blockDim = dim3(128, 2); "
                b"cudaLaunchKernelEx(&cfg, tk, (float *)0); }")
    assert a["block_dims"] == [[128, 2, 1]] and a["block_dim_source"] == "launch" and a["block_dims_unknown"] == []


# -- 3. braced dim3 lists ------------------------------------------------------------

@pytest.mark.parametrize("host", [
    b"void run() { k<<<1, {64, 4}>>>(0); }",  # clang's parser rejects it: read from the tokens
    b"void run() { k<<<{2, 1}, {64, 4}, 0>>>(0); }",
    b"void run() { dim3 b{64, 4}; k<<<1, b>>>(0); }",
    b"void run() { dim3 b = {64, 4}; k<<<1, b>>>(0); }",
    b"void run() { dim3 b; b = {64, 4}; k<<<1, b>>>(0); }",
])
def test_braced_block_lists_are_read_exactly(host):
    _exact(host, {(64, 4, 1)})


def test_a_dropped_braced_launch_leaves_the_other_launches_of_its_function_known():
    k = _kernel(b"void run() { dim3 b(32, 8); k<<<1, {64, 4}, 256>>>(0); k<<<1, b>>>(0); }")
    assert set(k.launch_block_dims) == {(64, 4, 1), (32, 8, 1)} and k.launch_unknown == ()
    assert set(k.launch_dynamic_smem) == {0, 256}


@pytest.mark.parametrize("host, why", [
    (b"void run() { int n = 64; k<<<1, {n, 4}>>>(0); }", "could not parse"),  # not a constant
    (b"void run(int n) { k<<<1, {64, 4}>>>((float *)(long)n++); }", "could not parse"),  # an effect lost
    (b"#define GO(kk) kk<<<1, {64, 4}>>>(0)\nvoid run() { GO(k); }", "expansion of 'GO'"),
    (b"#define GO k<<<1, {64, 4}>>>(0)\n#define GO2 GO\nvoid run() { GO2; }", "expansion of 'GO2'"),
])
def test_a_dropped_launch_rapcc_cannot_read_is_unknown_never_invisible(host, why):
    _unknown(host, why)


def test_a_dropped_launch_hides_nothing_it_may_have_written():
    # The dropped statement may change `b`: the other launch is unknown too.
    k = _kernel(b"void run() { dim3 b(32, 8); k2<<<1, {b.x++, 4}>>>(0); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == () and any("could not parse" in u for u in k.launch_unknown)


def test_a_launch_in_an_inactive_branch_is_another_build():
    _exact(b"void run() {\n#if 0\n  k<<<1, {1024, 1}>>>(0);\n#endif\n  k<<<1, {64, 4}>>>(0); }", {(64, 4, 1)})


def test_report_shows_a_braced_launch_shape():
    a = _report(b"void run() { tk<<<1, {64, 4}>>>(0); }")
    assert a["block_dims"] == [[64, 4, 1]] and a["block_dim_source"] == "launch" and a["block_dims_unknown"] == []


# -- 4. dim3 written through references, swap, addresses ------------------------------

@pytest.mark.parametrize("host, why", [
    (b"void run() { dim3 b(4, 64); std::swap(b.x, b.y); k<<<1, b>>>(0); }", "passed by reference to 'swap'"),
    (b"void set(unsigned &v) { v = 64; }\nvoid run() { dim3 b(32, 4); set(b.x); k<<<1, b>>>(0); }",
     "passed by reference to 'set'"),
    (b"void run() { dim3 b(32, 4); unsigned *p = &b.x; *p = 64; k<<<1, b>>>(0); }", "address of 'b'"),
    (b"void run() { dim3 b(32, 4); unsigned &r = b.x; r = 64; k<<<1, b>>>(0); }", "bound to the reference"),
    (b"void run() { dim3 b(32, 4); dim3 &r = b; r.x = 64; k<<<1, b>>>(0); }", "bound to the reference"),
    (b"void set(dim3 &d) { d.x = 64; }\nvoid run() { dim3 b(32, 4); set(b); k<<<1, b>>>(0); }",
     "passed by reference to 'set'"),
    (b"void set(dim3 *d) { d->x = 64; }\nvoid run() { dim3 b(32, 4); set(&b); k<<<1, b>>>(0); }", "address of 'b'"),
    (b"void run() { dim3 b(32, 4); (unsigned &)b.x = 64; k<<<1, b>>>(0); }", "cast to a reference"),
])
def test_a_dim3_written_behind_rapccs_back_is_unknown(host, why):
    k = _kernel(host)
    assert k.launch_block_dims == () and any(why in u for u in k.launch_unknown), k.launch_unknown


@pytest.mark.parametrize("host", [
    b"void use(unsigned v);\nvoid run() { dim3 b(4, 64); use(b.x); b = dim3(b.y, b.x); k<<<1, b>>>(0); }",
    b"void run() { dim3 b(4, 64); unsigned t = b.x; b.x = b.y; b.y = t; k<<<1, b>>>(0); }",
    b"void show(const dim3 b);\nvoid run() { dim3 b(32, 4); show(b); b.x = 64; k<<<1, b>>>(0); }",
    b"void run() { dim3 b(4, 64); unsigned t = (unsigned)b.x; b.x = static_cast<int>(b.y); b.y = t; k<<<1, b>>>(0); }",
])
def test_a_dim3_read_or_copied_is_still_exact(host):
    _exact(host, {(64, 4, 1)})


def test_report_shows_a_swapped_dim3_as_unknown_and_its_twin_exactly():
    wrong = _report(b"void run() { dim3 b(2, 128); std::swap(b.x, b.y); tk<<<1, b>>>(0); }")
    assert wrong["block_dims_unknown"] and wrong["block_dim_source"] not in ("launch", "launches")
    twin = _report(b"void run() { dim3 b(2, 128); unsigned t = b.x; b.x = b.y; b.y = t; tk<<<1, b>>>(0); }")
    assert twin["block_dims"] == [[128, 2, 1]] and twin["block_dim_source"] == "launch"


# -- 5. loops with continue and break ---------------------------------------------------

@pytest.mark.parametrize("host, shapes", [
    (b"void run() { for (int s : {32, 64, 128}) { if (s == 64) continue; k<<<1, dim3(s, 4)>>>(0); } }",
     {(32, 4, 1), (128, 4, 1)}),
    (b"void run() { for (int s = 32; s <= 128; s *= 2) { if (s == 64) continue; k<<<1, dim3(s, 4)>>>(0); } }",
     {(32, 4, 1), (128, 4, 1)}),
    (b"void run() { for (int s = 32; s <= 128; s *= 2) { k<<<1, dim3(s, 4)>>>(0); if (s == 64) break; } }",
     {(32, 4, 1), (64, 4, 1)}),
    (b"void run() { int s = 16; while (true) { s *= 2; if (s > 64) break; k<<<1, dim3(s, 2)>>>(0); } }",
     {(32, 2, 1), (64, 2, 1)}),
    (b"constexpr int S[] = {64, 128};\nvoid run() { for (int s : S) k<<<1, dim3(s, 2)>>>(0); }",
     {(64, 2, 1), (128, 2, 1)}),
    # the list is evaluated once, before the first trip
    (b"void run() { int a = 64; for (int s : {a, 2 * a}) { a = 1; k<<<1, dim3(s, 2)>>>(0); } }",
     {(64, 2, 1), (128, 2, 1)}),
    # a jump rapcc cannot decide: both ways, the union
    (b"void run(bool c) { for (int s : {32, 64}) { if (c) continue; k<<<1, dim3(s, 4)>>>(0); } }\n"
     b"int main(int argc, char **) { run(argc > 1); }", {(32, 4, 1), (64, 4, 1)}),
    # the switch's break leaves the switch, not the loop
    (b"void run() { for (int s : {32, 64}) { switch (s) { case 32: break; } k<<<1, dim3(s, 4)>>>(0); } }",
     {(32, 4, 1), (64, 4, 1)}),
])
def test_loops_with_jumps_launch_exactly_what_runs(host, shapes):
    _exact(host, shapes)


@pytest.mark.parametrize("host", [
    b"void run(int n) { for (int s = 32; s < n; s *= 2) { if (s == 64) continue; k<<<1, dim3(s, 4)>>>(0); } }",
    b"int pick();\nvoid run() { for (int s : {32, 64}) { int b = s; if (pick()) { b = 1024; continue; } "
    b"k<<<1, dim3(b, 4)>>>(0); } for (int i = 0; i < 100; i++) { if (i == 3) break; } }",
])
def test_a_loop_rapcc_cannot_count_is_unknown_or_exact(host):
    k = _kernel(host)
    # never 1024x4 (never launched) and never a shape that never runs
    assert (1024, 4, 1) not in k.launch_block_dims
    assert k.launch_unknown or set(k.launch_block_dims) <= {(32, 4, 1), (64, 4, 1)}


def test_report_shows_a_loop_with_continue_as_its_set():
    a = _report(b"void run() { for (int s : {64, 96, 128}) { if (s == 96) continue; tk<<<1, dim3(s, 8 * 64 / s)>>>(0); } }")
    assert sorted(a["block_dims"]) == [[64, 8, 1], [128, 4, 1]] and a["block_dims_unknown"] == []


# -- every mention explained; dynamic shared memory ----------------------------------------

def test_a_kernel_named_in_a_macro_argument_is_explained():
    # The expansion's cursors sit at its start; the argument's token is counted there.
    _exact(b"#define CHECK(x) do { if ((x) != 0) abort(); } while (0)\n"
           b"void run() { void *a[1]; CHECK(cudaLaunchKernel((const void *)k, dim3(1), dim3(64, 4), a)); "
           b"CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 0)); }", {(64, 4, 1)})


def test_a_loop_a_macro_spells_is_unknown_never_dropped():
    # No tokens of its own to split its parts by: read as a whole.
    _unknown(b"#define EACH for (int s = 32; s <= 64; s *= 2) k<<<1, dim3(s, 4)>>>(0)\nvoid run() { EACH; }",
             "'for' at line 7 is not followed")


def test_a_catch_does_not_follow_its_try():
    _unknown(b"void run() { unsigned b = 32; try { b = 64; } catch (...) { k<<<1, dim3(b, 4)>>>(0); } }",
             "is not followed")


def test_a_launch_no_run_reaches_is_unknown_never_dropped():
    _unknown(b"void run() { return; k<<<1, 2048>>>(0); }", "code rapcc does not follow")


def test_a_launch_inside_a_lambda_is_unknown():
    _unknown(b"void run() { auto go = [&] { k<<<1, 64>>>(0); }; go(); }", "inside a lambda")


def test_a_name_that_means_something_else_is_explained():
    _exact(b"struct S { int k; };\nvoid run() { S s; s.k = 2; int k2 = s.k; (void)k2; k<<<1, 64>>>(0); }",
           {(64, 1, 1)})


@pytest.mark.parametrize("host, smem", [
    (b"void run() { k<<<1, 64>>>(0); }", (0,)),
    (b"void run() { int n = 96; k<<<1, 64, n * 4>>>(0); }", (384,)),
    (b"void run() { void *a[1]; cudaLaunchKernel((void *)k, dim3(1), dim3(64), a, 4096, 0); }", (4096,)),
    (b"void run() { for (int b : {1024, 2048}) k<<<1, 64, b>>>(0); }", (1024, 2048)),
    (b"int main(int argc, char **argv) { k<<<1, 64, atoi(argv[1])>>>(0); }", (None,)),
])
def test_dynamic_shared_memory_bytes_of_each_launch(host, smem):
    assert _kernel(host).launch_dynamic_smem == smem


def test_an_explicit_instantiation_is_no_unknown_launch() -> None:
    """libclang shows no cursor for `template __global__ void k<16>(float *);`: its tokens name the kernel as an
    instance (program.py decides whether it is launched), not as a launch the parse lost."""
    from rapcc.frontend import parse_file
    from rapcc.pipeline import Options
    src = ("template <int B> __global__ void k(float *o) { o[threadIdx.x] = B; }\n"
           "template __global__ void k<16>(float *);\n"
           "void go(float *o) { k<32><<<1, dim3(32, 8)>>>(o); k<16><<<1, dim3(32, 8)>>>(o); }\n")
    info, _ = parse_file("k.cu", src.encode(), Options())
    (k,) = [k for k in info.kernels if k.name == "k"]
    assert k.launch_unknown == () and k.launch_block_dims == ((32, 8, 1),)
    # the twin: the same name in a declaration that is no instantiation is still unexplained
    info, _ = parse_file("k.cu", src.replace("template __global__ void k<16>(float *);",
                                             "auto *p = &k<16>;").encode(), Options())
    (k,) = [k for k in info.kernels if k.name == "k"]
    assert k.launch_unknown


# -- C++14's copies of a dim3 (issue 30: realprog2's ndb-gups, built -std=c++14) --------

@pytest.mark.parametrize("host, shapes", [
    # `k<<<g, n>>>` with an integer n: C++14 copies the dim3(n) it converts to
    (b"void go(float *o) { size_t n = 1024; k<<<4, n>>>(o); }", {(1024, 1, 1)}),
    (b"void go(float *o) { dim3 b = dim3(32, 8); k<<<4, b>>>(o); }", {(32, 8, 1)}),
])
def test_a_cxx14_copy_of_a_dim3_is_its_value(host, shapes):
    _exact(host, shapes, std="c++14")
    _exact(host, shapes)  # the same under C++17, which makes no copy


def test_a_cxx14_copy_of_an_unknown_dim3_stays_unknown():
    """The twin: the copy passes an unknown value on as unknown, with its own reason."""
    _unknown(b"void go(float *o, char **argv) { size_t n = atoi(argv[1]); k<<<4, n>>>(o); }",
             "the result of 'atoi' is known only at run time", std="c++14")
