"""Kernels launched through host wrapper functions (issue 28; frontend/host_wrappers.py,
host_wrapper_calls.py, host_records.py): ggml's `ggml_cuda_kernel_launch(kernel, params,
args...)` with a `ggml_cuda_kernel_launch_params` struct. Each call is a launch of the
kernel it passes, with the shape the wrapper computes, or unknown with the reason;
each wrong form has a legal twin that is still read exactly."""
from __future__ import annotations

import pytest

from rapcc.frontend import parse_file
from rapcc.frontend.host_values import host_launches
from rapcc.frontend.parse import ParseConfig, parse_tolerant
from rapcc.frontend.toplevel import main_file_tops
from rapcc.pipeline import Options, rewrite_source

# ggml's params struct and wrapper (common.cuh), less the PDL branch.
WRAPPER = b"""#include <utility>
struct lp_t {
    dim3 block_nums;
    dim3 block_dims;
    size_t shmem;
    cudaStream_t stream;
    lp_t(const dim3 &a, const dim3 &b, const size_t s, const cudaStream_t st)
        : block_nums(a), block_dims(b), shmem(s), stream(st) {}
};
template <typename Kernel, typename... Args>
static __inline__ void launch(Kernel kernel, const lp_t &p, Args &&...args) {
    kernel<<<p.block_nums, p.block_dims, p.shmem, p.stream>>>(std::forward<Args>(args)...);
}
__global__ void k(float *o) { o[threadIdx.x] = 0; }
__global__ void k2(float *o) { o[threadIdx.x] = 1; }
"""

TRANSPOSE = b"""template <int N> __global__ void tk(float *o) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = o[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  o[threadIdx.x * 32 + threadIdx.y] = tile[threadIdx.x][threadIdx.y] * N;
}
"""


def _kernel(host: bytes, name: str = "k"):
    info, _ = parse_file("w.cu", WRAPPER + TRANSPOSE + host + b"\n", Options())
    return next(x for x in info.kernels if x.name == name)


def _exact(host: bytes, shapes: set[tuple[int, int, int]], name: str = "k") -> None:
    k = _kernel(host, name)
    assert set(k.launch_block_dims) == shapes and k.launch_unknown == (), (k.launch_block_dims, k.launch_unknown)


def _unknown(host: bytes, why: str, name: str = "k") -> None:
    k = _kernel(host, name)
    assert k.launch_unknown and any(why in u for u in k.launch_unknown), k.launch_unknown


CTOR = b"void run(float *o, cudaStream_t s) { const lp_t p = lp_t(dim3(2), dim3(64, 4), 0, s); launch(k, p, o); }"
BRACES = b"void run(float *o, cudaStream_t s) { const lp_t p = {dim3(2), dim3(64, 4), 128, s}; launch(k, p, o); }"


@pytest.mark.parametrize("host", [CTOR, BRACES])
def test_a_ggml_style_wrapper_launches_its_kernel_with_the_params_shape(host):
    _exact(host, {(64, 4, 1)})


def test_the_dynamic_bytes_come_through_the_params_struct():
    assert _kernel(BRACES).launch_dynamic_smem == (128,)
    assert _kernel(CTOR).launch_dynamic_smem == (0,)


def test_a_template_instance_passed_to_the_wrapper_keeps_its_instance():
    src = WRAPPER + TRANSPOSE + (b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(32, 32), 0, s); "
                                 b"launch(tk<4>, p, o); lp_t q(dim3(1), dim3(16, 16), 0, s); launch(tk<8>, q, o); }\n")
    tu = parse_tolerant("w.cu", src, ParseConfig()).tu
    got = sorted((x.instance[0][1], x.shapes, x.unknown) for x in host_launches(main_file_tops(tu)) if x.kernel == "tk")
    assert got == [(4, ((32, 32, 1),), None), (8, ((16, 16, 1),), None)]


def _tile(host: bytes) -> dict:
    r = rewrite_source(WRAPPER + TRANSPOSE + host + b"\n", "t.cu", Options())
    return next(a for a in r.report["arrays"] if a["name"] == "tile")


def test_a_transpose_launched_through_the_wrapper_is_fixed_like_its_chevron_twin():
    chevron = _tile(b"void run(float *o) { tk<4><<<1, dim3(32, 32)>>>(o); }")
    wrapped = _tile(b"void run(float *o, cudaStream_t s) { const lp_t p = {dim3(1), dim3(32, 32), 0, s}; "
                    b"launch(tk<4>, p, o); }")
    assert chevron["strategy"] != "none" and wrapped["strategy"] == chevron["strategy"], (chevron, wrapped)
    assert wrapped["block_dims"] == [[32, 32, 1]] and wrapped["block_dims_unknown"] == []


# -- wrong forms, each with a twin read exactly ----------------------------------

BY_VALUE = b"""template <typename K> void launch_v(K kernel, lp_t p, float *o) {
    p.block_dims.x = 32; kernel<<<p.block_nums, p.block_dims>>>(o); }
"""


def test_a_wrapper_that_changes_the_block_is_read_exactly():
    _exact(BY_VALUE + b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); "
                      b"launch_v(k, p, o); }", {(32, 4, 1)})


def test_params_passed_by_non_const_reference_to_an_unknown_function_are_unknown():
    _unknown(b"void tweak(lp_t &);\nvoid run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); "
             b"tweak(p); launch(k, p, o); }", "passed by reference to 'tweak'")
    # Twin: a function that only reads a `const &` leaves the fields known.
    _exact(b"int look(const lp_t &q) { return q.block_dims.x; }\n"
           b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); look(p); launch(k, p, o); }",
           {(64, 4, 1)})


def test_a_kernel_parameter_written_in_the_wrapper_is_unknown():
    _unknown(b"template <typename K> void bad(K kernel, const lp_t &p, float *o) { kernel = k2; "
             b"kernel<<<p.block_nums, p.block_dims>>>(o); }\n"
             b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); bad(k, p, o); }",
             "other than as a launch's kernel")


def test_a_kernel_parameter_passed_to_an_unknown_function_is_unknown():
    _unknown(b"void reg(const void *);\ntemplate <typename K> void bad(K kernel, const lp_t &p, float *o) { "
             b"reg((const void *)kernel); kernel<<<p.block_nums, p.block_dims>>>(o); }\n"
             b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); bad(k, p, o); }",
             "other than as a launch's kernel")


def test_a_pointer_of_unknown_value_through_the_wrapper_is_unknown():
    _unknown(b"void (*g)(float *);\nvoid reg() { g = k; }\n"
             b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); launch(g, p, o); }",
             "rapcc cannot see that launch")
    # Twin: a chain of wrappers passing the kernel on is read exactly.
    _exact(b"void fwd(void (*fp)(float *), float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); "
           b"launch(fp, p, o); }\nvoid run(float *o, cudaStream_t s) { fwd(k, o, s); }", {(64, 4, 1)})


def test_a_wrapper_called_through_a_pointer_is_unknown():
    _unknown(b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); "
             b"auto w = launch<void (*)(float *), float *&>; w(k, p, o); }", "rapcc cannot see that launch")


IFDEF = b"""template <typename K> void ex(K kernel, const lp_t &p, float *o) {
#ifdef USE_EX
    kernel<<<p.block_nums, dim3(128)>>>(o);
#else
    kernel<<<p.block_nums, p.block_dims>>>(o);
#endif
}
void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); ex(k, p, o); }
"""


@pytest.mark.parametrize("define", [b"", b"#define USE_EX\n"])
def test_a_wrapper_launching_under_ifdef_is_unknown_whichever_branch_is_parsed(define):
    _unknown(define + IFDEF, "branch of '#if' this parse leaves out")


def test_a_constructor_that_does_more_than_assign_its_members_leaves_the_fields_unknown():
    _unknown(b"void tweak(dim3 &);\nstruct bp_t { dim3 g; dim3 b; bp_t(dim3 x) { b = x; tweak(b); } };\n"
             b"template <typename K> void lb(K kernel, const bp_t &p) { kernel<<<p.g, p.b>>>(0); }\n"
             b"void run() { bp_t p(dim3(64)); lb(k, p); }", "does more than copy its arguments")
    # Twins: member initializers, and a body of member assignments, are read exactly.
    _exact(b"struct bp_t { dim3 g; dim3 b; bp_t(dim3 x) : b(x) {} };\n"
           b"template <typename K> void lb(K kernel, const bp_t &p) { kernel<<<p.g, p.b>>>(0); }\n"
           b"void run() { bp_t p(dim3(64)); lb(k, p); }", {(64, 1, 1)})
    _exact(b"struct bp_t { dim3 g; dim3 b; bp_t(dim3 x) { b = x; b.y = 2; } };\n"
           b"template <typename K> void lb(K kernel, const bp_t &p) { kernel<<<p.g, p.b>>>(0); }\n"
           b"void run() { bp_t p(dim3(64)); lb(k, p); }", {(64, 2, 1)})


def test_a_wrapper_over_launch_kernel_ex_reads_the_config_it_builds():
    _exact(b"template <typename K> void lx(K kernel, const lp_t &p, float *o) { cudaLaunchConfig_t cfg = {}; "
           b"cfg.blockDim = p.block_dims; cudaLaunchKernelEx(&cfg, kernel, o); }\n"
           b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); lx(k, p, o); }", {(64, 4, 1)})


def test_a_template_caller_passes_its_instance_to_the_wrapper():
    # ggml's topk-moe: `template <bool b> void go(...) { launch(tk<4, b>, p, ...); }`, a dependent call.
    src = WRAPPER + (b"template <int N, bool B> __global__ void tb(float *o) { o[threadIdx.x] = N + B; }\n"
                     b"template <bool B> void go(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); "
                     b"launch(tb<4, B>, p, o); }\nvoid run(float *o, cudaStream_t s) { go<true>(o, s); }\n")
    tu = parse_tolerant("w.cu", src, ParseConfig()).tu
    got = [(x.instance, x.shapes, x.unknown) for x in host_launches(main_file_tops(tu)) if x.kernel == "tb"]
    assert got == [(None, ((64, 4, 1),), None)]  # any instance (a template's), with the wrapper's shape


# ggml's PDL check (common.cuh): the kernel's address is only inspected and cached.
INSPECT = b"""#include <map>
struct ck { const void *kernel; bool operator<(const ck &o) const { return kernel < o.kernel; } };
static bool can_use(const void *kernel) {
    static std::map<ck, bool> cache;
    const ck key = {kernel};
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    cudaFuncAttributes attr = {};
    cudaFuncGetAttributes(&attr, kernel);
    cache.emplace(key, attr.ptxVersion >= 90);
    return attr.ptxVersion >= 90;
}
"""


def test_a_function_that_only_inspects_the_kernel_keeps_the_wrapper_exact():
    _exact(INSPECT + b"template <typename K> void pdl(K kernel, const lp_t &p, float *o) { "
           b"if (can_use(reinterpret_cast<const void *>(kernel))) { kernel<<<p.block_nums, p.block_dims>>>(o); "
           b"return; } kernel<<<p.block_nums, p.block_dims>>>(o); }\n"
           b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); pdl(k, p, o); }", {(64, 4, 1)})


@pytest.mark.parametrize("body, why", [
    (b"void (*g)(float *);\nstatic bool can_use(const void *kernel) { g = (void (*)(float *))kernel; return true; }",
     "casts to a function pointer"),
    (b"const void *g;\nstatic bool can_use(const void *kernel) { g = kernel; return true; }", "names the global"),
    (b"void keep(const void *);\nstatic bool can_use(const void *kernel) { keep(kernel); return true; }",
     "other than as a launch's kernel"),
])
def test_a_function_that_may_keep_or_launch_the_kernel_is_unknown(body, why):
    host = body + (b"\ntemplate <typename K> void pdl(K kernel, const lp_t &p, float *o) { "
                   b"if (can_use(reinterpret_cast<const void *>(kernel))) kernel<<<p.block_nums, p.block_dims>>>(o); }\n"
                   b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); pdl(k, p, o); }")
    k = _kernel(host)
    assert k.launch_unknown, k.launch_block_dims
    if why != "other than as a launch's kernel":
        assert any("other than as a launch's kernel" in u for u in k.launch_unknown), k.launch_unknown


# ggml's PDL branch (common.cuh): a struct holding a config, filled by its constructor's body.
PDL = b"""struct pdl_t {
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t cfg;
    pdl_t(const lp_t &params) {
        attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attr.val.programmaticStreamSerializationAllowed = 1;
        cfg = {};
        cfg.gridDim = params.block_nums;
        cfg.blockDim = params.block_dims;
        cfg.dynamicSmemBytes = params.shmem;
        cfg.stream = params.stream;
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
    }
    pdl_t(const pdl_t &) = delete;
};
template <typename Kernel, typename... Args>
static void pdl_launch(Kernel kernel, const lp_t &launch_params, Args &&...args) {
    static const bool env = []() { return true; }();
    if (env && can_use(reinterpret_cast<const void *>(kernel))) {
        auto pdl_cfg = pdl_t(launch_params);
        cudaLaunchKernelEx(&pdl_cfg.cfg, kernel, std::forward<Args>(args)...);
        return;
    }
    kernel<<<launch_params.block_nums, launch_params.block_dims, launch_params.shmem, launch_params.stream>>>(
        std::forward<Args>(args)...);
}
"""


def test_ggmls_pdl_wrapper_is_read_through_both_branches():
    k = _kernel(INSPECT + PDL + b"void run(float *o, cudaStream_t s) { const lp_t p = {dim3(2), dim3(64, 4), 256, s}; "
                                b"pdl_launch(k, p, o); }")
    assert set(k.launch_block_dims) == {(64, 4, 1)} and k.launch_unknown == (), (k.launch_block_dims, k.launch_unknown)
    assert k.launch_dynamic_smem == (256,)


def test_a_constructor_that_lets_its_config_out_is_unknown():
    bad = PDL.replace(b"cfg.numAttrs = 1;", b"cfg.numAttrs = 1;\n        keep(&cfg);")
    assert bad != PDL
    _unknown(b"void keep(cudaLaunchConfig_t *);\n" + INSPECT + bad + b"void run(float *o, cudaStream_t s) { "
             b"const lp_t p = {dim3(2), dim3(64, 4), 256, s}; pdl_launch(k, p, o); }", "does more than copy")


def test_a_constructor_calling_its_own_method_is_unknown():
    _unknown(b"struct bp_t { dim3 g; dim3 b; void set() { b.x = 32; } "
             b"bp_t(dim3 x) { b = x; g = other(); } dim3 other() { set(); return dim3(1); } };\n"
             b"template <typename K> void lb(K kernel, const bp_t &p) { kernel<<<p.g, p.b>>>(0); }\n"
             b"void run() { bp_t p(dim3(64)); lb(k, p); }", "does more than copy its arguments")


def test_a_method_writing_its_members_is_not_followed():
    # Inside a method, `this`'s members may be written by any call: they are not followed.
    _unknown(b"struct runner { dim3 b; void reset(); void go() { b = dim3(64); reset(); k<<<1, b>>>(0); } };\n"
             b"void run() { runner r; r.go(); }", "")


@pytest.mark.parametrize("cast", [b"(void (*&)(float *))kernel", b"reinterpret_cast<void (*&)(float *)>(kernel)"])
def test_a_kernel_parameter_cast_to_a_reference_in_the_wrapper_is_unknown(cast):
    _unknown(b"template <typename K> void bad(K kernel, const lp_t &p, float *o) { " + cast + b" = k2; "
             b"kernel<<<p.block_nums, p.block_dims>>>(o); }\n"
             b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); bad(k, p, o); }", "")


@pytest.mark.parametrize("line, exact", [(b"q.b.x = undeclared_thing();", False), (b"q.b.x = 32;", True)])
def test_a_wrapper_in_a_header_is_read_there_and_its_errors_count(tmp_path, line, exact):
    """A wrapper defined in a header (ggml's common.cuh) is run for the file's calls; code clang
    dropped there (an error) may have written anything, so its launch is unknown."""
    (tmp_path / "wrap.h").write_bytes(
        b"struct lp_t { dim3 g; dim3 b; lp_t(dim3 x, dim3 y) : g(x), b(y) {} };\n"
        b"template <typename K> void launch(K kernel, const lp_t &p, float *o) {\n"
        b"    lp_t q = p;\n    " + line + b"\n    kernel<<<q.g, q.b>>>(o);\n}\n")
    src = (b'#include "wrap.h"\n__global__ void k(float *o) { o[threadIdx.x] = 0; }\n'
           b"void run(float *o) { lp_t p(dim3(1), dim3(64, 4)); launch(k, p, o); }\n")
    info, _ = parse_file(str(tmp_path / "main.cu"), src, Options(include_dirs=(str(tmp_path),)))
    k = next(x for x in info.kernels if x.name == "k")
    if exact:
        assert k.launch_block_dims == ((32, 4, 1),) and k.launch_unknown == ()
    else:
        assert k.launch_block_dims == () and any("could not parse" in u for u in k.launch_unknown), k.launch_unknown


def test_a_kernel_address_converted_to_an_integer_is_unknown_not_a_crash():
    _unknown(b"void w(void (*kernel)(float *), const lp_t &p, float *o) { "
             b"dim3 b = p.block_dims; b.x = 64 + ((size_t)kernel & 0); kernel<<<p.block_nums, b>>>(o); }\n"
             b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); w(k, p, o); }", "")


def test_calls_with_different_pack_lengths_share_the_wrapper(tmp_path):
    """ggml calls one wrapper with 5 and with 16 arguments: each is read (a header wrapper is
    run as its template, whose pack takes the rest, not as one instance's expansion)."""
    (tmp_path / "w.h").write_bytes(WRAPPER.split(b"__global__")[0])
    src = (b'#include "w.h"\n__global__ void k(float *o) { o[threadIdx.x] = 0; }\n'
           b"__global__ void k3(float *o, int a, int b) { o[threadIdx.x] = a + b; }\n"
           b"void run(float *o, cudaStream_t s) { lp_t p(dim3(1), dim3(64, 4), 0, s); launch(k, p, o); "
           b"lp_t q(dim3(1), dim3(32, 8), 0, s); launch(k3, q, o, 1, 2); }\n")
    info, _ = parse_file(str(tmp_path / "m.cu"), src, Options(include_dirs=(str(tmp_path),)))
    got = {x.name: (x.launch_block_dims, x.launch_unknown) for x in info.kernels if x.name in ("k", "k3")}
    assert got == {"k": (((64, 4, 1),), ()), "k3": (((32, 8, 1),), ())}, got


def test_a_dim3_given_to_the_params_constructor_stays_known():
    # ggml: `dim3 block_dims(...); const params p = params(grid, block_dims, 0, stream);` (a `const dim3 &`).
    _exact(b"void run(float *o, cudaStream_t s) { const dim3 g(2), b(64, 4); const lp_t p = lp_t(g, b, 0, s); "
           b"launch(k, p, o); }", {(64, 4, 1)})
    # The wrong form: a constructor whose body may write the reference (a cast) is an escape.
    _unknown(b"struct cp_t { dim3 b; cp_t(const dim3 &x) : b(x) { const_cast<dim3 &>(x).x = 32; } };\n"
             b"void run() { const dim3 b(64, 4); cp_t p(b); k<<<1, b>>>(0); }", "passed by reference")


# A non-const `dim3` given to a `const dim3 &`: clang converts it (adds `const`) between the
# name and the call, and the callee may still write it through a cast (issue 27).
CASTING_CTOR = b"struct Cfg { Cfg(const dim3 &d) { const_cast<dim3 &>(d).x = 64; } };\n"
READING_CTOR = b"struct Cfg { unsigned n; Cfg(const dim3 &d) { n = d.x * d.y; } };\n"


def test_a_dim3_given_to_a_constructor_that_casts_away_const_makes_the_launch_unknown():
    # The wrong form: `Cfg c(b)` may set b.x to 64 before the launch; reading it as 32x8 would
    # prove the layout for the wrong shape.
    launch = b"void run(float *o) { dim3 b(32, 8); Cfg c(b); tk<4><<<1, b>>>(o); }"
    _unknown(CASTING_CTOR + launch, "'b' is passed by reference to 'Cfg'", name="tk")
    tile = _tile(CASTING_CTOR + launch)
    # Kept, or changed only behind a test of blockDim that a 64-wide launch fails (analysis/guards.py).
    assert tile["block_dims_unknown"] and (tile["strategy"] == "none" or tile["guarded_block_dims"]), tile
    # The legal twin: a constructor that only reads `d` keeps the 32x8 launch, and `tile` is rewritten.
    _exact(READING_CTOR + launch, {(32, 8, 1)}, name="tk")
    tile = _tile(READING_CTOR + launch)
    assert tile["block_dims"] == [[32, 8, 1]] and tile["block_dims_unknown"] == [] and tile["strategy"] != "none"


@pytest.mark.parametrize("callee, call", [
    (b"void f(const dim3 &d) { const_cast<dim3 &>(d).x = 64; }\n", b"f(b);"),  # a free function
    (CASTING_CTOR, b"Cfg{b};"),  # a temporary, braced
    (CASTING_CTOR, b"delete new Cfg(b);"),  # `new`
    (b"struct Cfg { Cfg(const dim3 &d) { ((dim3 &)d).x = 64; } };\n", b"Cfg c(b);"),  # a C-style cast
    (b"unsigned bump(const unsigned &v) { const_cast<unsigned &>(v) = 64; return v; }\n"
     b"struct Cfg { unsigned n; Cfg(const dim3 &d) : n(bump(d.x)) {} };\n", b"Cfg c(b);"),  # a field passed on
    (b"struct Cfg { Cfg(const dim3 &d) { const unsigned &r = d.x; const_cast<unsigned &>(r) = 64; } };\n",
     b"Cfg c(b);"),  # a field bound to a reference
    (b"unsigned g(const dim3 &e) { const_cast<dim3 &>(e).x = 64; return 1; }\n"
     b"struct Cfg { unsigned n; Cfg(const dim3 &d) : n(g(d)) {} };\n", b"Cfg c(b);"),  # passed on to a writer
    (b"struct Cfg { Cfg(const unsigned &v) { const_cast<unsigned &>(v) = 64; } };\n", b"Cfg c(b.x);"),  # a field
])
def test_a_dim3_passed_by_const_reference_to_a_writer_is_unknown(callee, call):
    _unknown(callee + b"void run() { dim3 b(32, 8); " + call + b" k<<<1, b>>>(0); }", "passed by reference")


@pytest.mark.parametrize("callee, call", [
    (b"unsigned f(const dim3 &d) { return d.x; }\n", b"f(b);"),  # a free function that reads
    (b"struct Cfg { unsigned n; Cfg(const dim3 &d) : n(d.x) {} };\n", b"Cfg c(b);"),  # a member initializer
    (b"struct Cfg { dim3 m; Cfg(const dim3 &d) : m(d) {} };\n", b"Cfg c(b);"),  # a copy
    (b"unsigned twice(unsigned v) { return 2 * v; }\n"
     b"struct Cfg { unsigned n; Cfg(const dim3 &d) : n(twice(d.x)) {} };\n", b"Cfg c(b);"),  # a field by value
    (b"unsigned g(const dim3 &e) { return e.x * e.y; }\n"
     b"struct Cfg { unsigned n; Cfg(const dim3 &d) : n(g(d)) {} };\n", b"Cfg c(b);"),  # passed on to a reader
    (b"struct Cfg { Cfg(const unsigned &v) {} };\n", b"Cfg c(unsigned(b.x));"),  # a copy of a field
])
def test_a_dim3_passed_by_const_reference_to_a_reader_stays_known(callee, call):
    _exact(callee + b"void run() { dim3 b(32, 8); " + call + b" k<<<1, b>>>(0); }", {(32, 8, 1)})


def test_a_params_struct_given_to_a_const_casting_constructor_is_unknown():
    # The wrong form: a non-const `lp_t p` bound to `const lp_t &` whose constructor writes it.
    launch = b"void run(float *o, cudaStream_t s) { lp_t p(dim3(2), dim3(32, 8), 0, s); C2 c(p); launch(k, p, o); }"
    _unknown(b"struct C2 { C2(const lp_t &q) { const_cast<lp_t &>(q).block_dims.x = 64; } };\n" + launch,
             "'p' is passed by reference to 'C2'")
    # The twin: a constructor that only reads a field keeps the shape.
    _exact(b"struct C2 { unsigned n; C2(const lp_t &q) : n(q.block_dims.x) {} };\n" + launch, {(32, 8, 1)})
