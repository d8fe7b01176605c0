"""Launch shapes read from host code (rapcc/frontend/host_values.py): what is
known exactly, and what must stay unknown."""
from __future__ import annotations

from rapcc.frontend import parse_file
from rapcc.pipeline import Options

KERNELS = b"""#include <cstdlib>
__global__ void k(float *o) { o[threadIdx.x] = 0; }
template <int B> __global__ void t(float *o) { o[threadIdx.x] = B; }
"""


def _kernel(host: bytes, name: str = "k"):
    info, _ = parse_file("h.cu", KERNELS + host, Options())
    return next(k for k in info.kernels if k.name == name)


def test_dim3_assigned_after_declaration():
    k = _kernel(b"void run() { dim3 threads; dim3 g(4); threads = dim3(16, 16); k<<<g, threads>>>(0); }")
    assert k.launch_block_dims == ((16, 16, 1),) and k.launch_unknown == ()


def test_member_assignment_and_define_arithmetic():
    k = _kernel(b"#define W 8\nvoid run() { dim3 b(W * 4, 2); b.y = W / 2; k<<<1, b>>>(0); }")
    assert k.launch_block_dims == ((32, 4, 1),)


def test_const_global_and_integer_local_assigned_once():
    k = _kernel(b"const int block = 256;\nvoid run() { int half = block / 2; k<<<1, half>>>(0); }")
    assert k.launch_block_dims == ((128, 1, 1),) and k.launch_unknown == ()


def test_loop_over_sizes_gives_each_size():
    k = _kernel(b"void run() { for (int b = 32; b <= 256; b *= 2) k<<<1, b>>>(0); }")
    assert k.launch_block_dims == ((32, 1, 1), (64, 1, 1), (128, 1, 1), (256, 1, 1))
    assert k.launch_unknown == ()


def test_loop_of_too_many_sizes_is_unknown():
    k = _kernel(b"void run() { for (int b = 1; b <= 1024; b++) k<<<1, b>>>(0); }")
    assert k.launch_unknown and "more than 16 trips" in k.launch_unknown[0]


def test_value_from_argv_is_unknown_never_guessed():
    k = _kernel(b"int main(int argc, char **argv) { int b = atoi(argv[1]); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == () and "atoi" in k.launch_unknown[0]


def test_parameter_of_main_is_unknown():
    k = _kernel(b"int main(int argc, char **argv) { k<<<1, argc * 32>>>(0); }")
    assert k.launch_block_dims == () and "parameter of 'main'" in k.launch_unknown[0]


def test_each_call_site_gives_a_shape():
    k = _kernel(b"void run(int w, int h) { k<<<1, dim3(w, h)>>>(0); }\n"
                b"int main() { run(32, 8); run(16, 16); }")
    assert set(k.launch_block_dims) == {(32, 8, 1), (16, 16, 1)} and k.launch_unknown == ()


def test_one_unknown_call_site_makes_the_shape_unknown():
    k = _kernel(b"void run(int w) { k<<<1, w>>>(0); }\n"
                b"int main(int argc, char **argv) { run(64); run(atoi(argv[1])); }")
    assert (64, 1, 1) in k.launch_block_dims and "atoi" in k.launch_unknown[0]


def test_undecided_branch_gives_the_union():
    k = _kernel(b"void run(bool big) { int b = 64; if (big) b = 256; k<<<1, b>>>(0); }\n"
                b"int main(int argc, char **) { run(argc > 1); }")
    assert set(k.launch_block_dims) == {(64, 1, 1), (256, 1, 1)} and k.launch_unknown == ()


def test_address_taken_is_unknown():
    k = _kernel(b"void set(int *p);\nvoid run() { int b = 64; set(&b); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == () and "address of 'b'" in k.launch_unknown[0]


def test_reference_binding_is_unknown():
    k = _kernel(b"void set(int &p);\nvoid run() { int b = 64; set(b); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == () and k.launch_unknown


def test_non_const_global_is_unknown():
    k = _kernel(b"int block = 128;\nvoid run() { k<<<1, block>>>(0); }")
    assert k.launch_block_dims == () and "global" in k.launch_unknown[0]


def test_unknown_loop_makes_what_it_writes_unknown():
    k = _kernel(b"void run(int n) { int b = 32; while (n-- > 0) b *= 2; k<<<1, b>>>(0); }\n"
                b"int main(int argc, char **) { run(argc); }")
    assert k.launch_block_dims == () and "loop" in k.launch_unknown[0]


def test_cuda_launch_kernel_with_dim3():
    k = _kernel(b"void run() { dim3 b(64, 2); cudaLaunchKernel((void *)k, dim3(1), b, 0, 0, 0); }")
    assert k.launch_block_dims == ((64, 2, 1),)


def test_occupancy_block_size_is_unknown_with_its_bound():
    k = _kernel(b"void run() { int grid, block; cudaOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, 256);\n"
                b"  k<<<grid, block>>>(0); }")
    assert k.launch_block_dims == () and k.launch_bound == 256 and "cudaOccupancyMaxPotentialBlockSize" in \
        k.launch_unknown[0]


def test_kernel_passed_as_pointer_is_unknown():
    k = _kernel(b"void launch(void (*f)(float *));\nvoid run() { k<<<1, 64>>>(0); launch(k); }")
    assert k.launch_block_dims == ((64, 1, 1),) and "pointer" in k.launch_unknown[0]


def test_each_instance_gets_its_own_shape():
    k = _kernel(b"void run() { t<32><<<1, dim3(32, 32)>>>(0); t<16><<<1, dim3(16, 16)>>>(0); }", "t")
    own = {inst[0][1]: shapes for inst, shapes in k.instance_block_dims}
    assert own == {32: ((32, 32, 1),), 16: ((16, 16, 1),)}


def test_a_helper_function_of_the_file_is_evaluated_with_its_arguments():
    k = _kernel(b"static int max_int(int a, int b) { return a > b ? a : b; }\n"
                b"int round_up(int n, int m) { if (n % m == 0) return n; return (n / m + 1) * m; }\n"
                b"void run() { int b = max_int(round_up(100, 32), 64); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == ((128, 1, 1),) and k.launch_unknown == ()


def test_a_helper_of_a_run_time_value_stays_unknown():
    k = _kernel(b"int max_int(int a, int b) { return a > b ? a : b; }\n"
                b"int main(int argc, char **argv) { k<<<1, max_int(atoi(argv[1]), 32)>>>(0); }")
    assert k.launch_block_dims == () and any("atoi" in u for u in k.launch_unknown)


def test_a_helper_of_a_float_is_not_evaluated_as_an_integer():
    k = _kernel(b"int half(float x) { return x / 2; }\nvoid run() { k<<<1, half(65)>>>(0); }")
    assert k.launch_block_dims == () and k.launch_unknown


def test_every_case_of_a_switch_is_read_past_its_breaks():
    k = _kernel(b"void run(int which) { switch (which) { case 1: k<<<1, 64>>>(0); break;\n"
                b"  case 2: k<<<1, 128>>>(0); break; default: k<<<1, 256>>>(0); } }\nvoid go() { run(1); }")
    assert set(k.launch_block_dims) == {(64, 1, 1), (128, 1, 1), (256, 1, 1)} and k.launch_unknown == ()


def test_a_bounded_size_on_one_axis_of_a_dim3_bounds_nothing():
    k = _kernel(b"void run() { int n = 0, g = 0; cudaOccupancyMaxPotentialBlockSize(&g, &n, k, 0, 256);\n"
                b"  k<<<1, dim3(n, 4)>>>(0); }")
    assert k.launch_block_dims == () and k.launch_bound is None


def test_a_local_array_assigned_element_by_element():
    k = _kernel(b"#define BX 8\nvoid run() { size_t bs[2]; bs[0] = BX; bs[1] = 32 / BX;\n"
                b"  dim3 block(bs[0], bs[1]); k<<<1, block>>>(0); }")
    assert k.launch_block_dims == ((8, 4, 1),) and k.launch_unknown == ()


def test_a_local_array_passed_to_a_function_is_unknown():
    k = _kernel(b"void fill(size_t *b);\nvoid run() { size_t bs[2]; bs[0] = 8; bs[1] = 4; fill(bs);\n"
                b"  dim3 block(bs[0], bs[1]); k<<<1, block>>>(0); }")
    assert k.launch_block_dims == () and k.launch_unknown


def test_a_local_array_written_in_a_loop_is_unknown_after_it():
    k = _kernel(b"int main(int argc, char **argv) { int bs[2]; bs[0] = 8;\n"
                b"  for (int i = 0; i < argc; i++) bs[i % 2] = atoi(argv[i]);\n"
                b"  k<<<1, bs[0]>>>(0); }")
    assert k.launch_block_dims == () and k.launch_unknown


def test_signed_and_unsigned_compare_after_the_usual_conversions():
    """`-1 < 2u` is false in C (-1 converts to UINT_MAX): the host interpreter
    compared the unconverted values and launched 64 threads; the launch has 32.
    Its twin, both signed, is true."""
    k = _kernel(b"void run() { int a = -1; unsigned u = 2; k<<<1, a < u ? 64 : 32>>>(0); }")
    assert k.launch_block_dims == ((32, 1, 1),) and k.launch_unknown == ()
    k = _kernel(b"void run() { int a = -1; int u = 2; k<<<1, a < u ? 64 : 32>>>(0); }")
    assert k.launch_block_dims == ((64, 1, 1),) and k.launch_unknown == ()


def test_arithmetic_in_the_operation_type_and_min_of_mixed_signs():
    """`(n - 3u) / 2` computes in unsigned (n - 3u wraps, C11 6.3.1.8), and
    `min(-1, 64u)` takes the unsigned overload: 64. The signed twins give
    their signed values."""
    k = _kernel(b"void run() { int n = 1; k<<<1, (n - 3u) / 2 - 2147483583u>>>(0); }")
    assert k.launch_block_dims == ((64, 1, 1),)
    k = _kernel(b"void run() { int n = 133; k<<<1, (n - 3) / 2 - 1>>>(0); }")
    assert k.launch_block_dims == ((64, 1, 1),)
    k = _kernel(b"void run() { k<<<1, min(-1, 64u)>>>(0); }")
    assert k.launch_block_dims == ((64, 1, 1),)


def test_undefined_arithmetic_is_unknown_never_a_value():
    """A shift by the type's width and a signed overflow are undefined (C11
    6.5.7, 6.5): the launch is unknown, where the interpreter wrapped them
    (`1 << 32` as 0). The defined twin is read."""
    for expr in (b"1 << 32", b"2147483647 * 2 + 66", b"(1 << n) + 31"):
        k = _kernel(b"void run() { int n = 40; k<<<1, " + expr + b">>>(0); }")
        assert k.launch_block_dims == () and k.launch_unknown, expr
    k = _kernel(b"void run() { int n = 5; k<<<1, (1 << n) + 32>>>(0); }")
    assert k.launch_block_dims == ((64, 1, 1),)


def test_an_integer_bound_to_a_const_reference_is_unknown_and_a_converted_one_known():
    # `const int &` binds `b` itself (clang adds `const` between them): the callee may cast it away.
    k = _kernel(b"struct C { C(const int &d) { const_cast<int &>(d) = 64; } };\n"
                b"void run() { int b = 32; C c(b); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == () and "'b' is passed by reference to 'C'" in k.launch_unknown[0]
    # The twin: `const unsigned &` binds a temporary converted from `b`, which stays 32.
    k = _kernel(b"struct C { C(const unsigned &d) { const_cast<unsigned &>(d) = 64; } };\n"
                b"void run() { int b = 32; C c(b); k<<<1, b>>>(0); }")
    assert k.launch_block_dims == ((32, 1, 1),) and k.launch_unknown == ()


def test_std_min_of_a_variable_read_as_a_value_stays_known_and_its_reference_escapes():
    # The twin: `std::min` takes `const int &`s, writes neither, and its result is read.
    k = _kernel(b"#include <algorithm>\nvoid run() { int t = 128; int u = std::min(t, 256); k<<<1, u>>>(0); }")
    assert k.launch_block_dims == ((128, 1, 1),) and k.launch_unknown == ()
    # The wrong form: the reference it returns is `t` itself, and a cast writes it.
    k = _kernel(b"#include <algorithm>\n"
                b"void run() { int t = 128; const_cast<int &>(std::min(t, 256)) = 64; k<<<1, t>>>(0); }")
    assert k.launch_block_dims == () and "'t' is passed by reference to 'min'" in k.launch_unknown[0]


def test_a_min_of_the_files_own_is_run_not_taken_for_the_librarys():
    # A function of the file named `min` may compute anything: it is run (256), never read as min (128).
    k = _kernel(b"namespace my { int min(int a, int b) { return b; } }\n"
                b"void run() { int t = 128; int u = my::min(t, 256); k<<<1, u>>>(0); }")
    assert k.launch_block_dims == ((256, 1, 1),) and k.launch_unknown == ()
    # The twin: CUDA's `min(int, int)` is the minimum.
    k = _kernel(b"void run() { int t = 128; int u = min(t, 256); k<<<1, u>>>(0); }")
    assert k.launch_block_dims == ((128, 1, 1),) and k.launch_unknown == ()


def test_a_dim3_written_through_a_conditional_is_unknown_and_one_read_through_it_known():
    # The wrong forms: `?:` and `,` give `b` itself, which `_writes` cannot name.
    for write in (b"(c ? b : b2).x = 64;", b"dim3 &r = c ? b : b2; r.x = 64;", b"(0, b) = dim3(64);"):
        k = _kernel(b"void run() { dim3 b(32, 8), b2(16, 16); bool c = rand(); " + write + b" k<<<1, b>>>(0); }")
        assert k.launch_block_dims == () and "a '?:' or ','" in k.launch_unknown[0], (write, k.launch_unknown)
    # The twins: a value read through `?:` (a copy, a field) keeps `b` known.
    for read in (b"dim3 e = c ? b : b2;", b"unsigned u = c ? b.x : 0u;"):
        k = _kernel(b"void run() { dim3 b(32, 8), b2(16, 16); bool c = rand(); " + read + b" k<<<1, b>>>(0); }")
        assert k.launch_block_dims == ((32, 8, 1),) and k.launch_unknown == (), (read, k.launch_unknown)


def test_a_struct_whose_method_is_called_is_unknown_and_one_whose_field_is_read_known():
    # The wrong forms: a method may write its object, a `const` one of the file's through a cast of `this`.
    for method in (b"void widen() { b.x *= 2; }", b"void widen() const { const_cast<Q *>(this)->b.x *= 2; }"):
        k = _kernel(b"struct Q { dim3 b; " + method + b" };\n"
                    b"void run() { Q q; q.b = dim3(32, 8); q.widen(); k<<<1, q.b>>>(0); }")
        assert k.launch_block_dims == () and "'q' calls its method 'widen'" in k.launch_unknown[0], k.launch_unknown
    # The twins: a field read, and dim3's own `const` conversion to `uint3`, keep the shape.
    k = _kernel(b"struct Q { dim3 b; void widen() { b.x *= 2; } };\n"
                b"void run() { Q q; q.b = dim3(32, 8); unsigned m = q.b.x; k<<<1, q.b>>>(0); }")
    assert k.launch_block_dims == ((32, 8, 1),) and k.launch_unknown == ()
    k = _kernel(b"void run() { dim3 b(32, 8); uint3 u = b; k<<<1, b>>>(0); }")
    assert k.launch_block_dims == ((32, 8, 1),) and k.launch_unknown == ()
