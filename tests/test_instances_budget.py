"""Issue 27, classes 4, 6 and 7: kernel template instances the file does not
show keep the template's arrays (frontend/program.py), a layout grows static
shared memory only where every launch's dynamic memory is read and the sum
fits (frontend/launch_smem.py, static_limit.within_static_limit), and template
parameter packs are read as unknown instances instead of crashing
(frontend/clangext.template_arguments). Each wrong form has a legal twin that
is still rewritten."""
from __future__ import annotations

import math

import pytest

from rapcc.analysis.absint import Failure
from rapcc.frontend import parse_file
from rapcc.frontend.clangext import template_arguments
from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.toplevel import top_level
from rapcc.pipeline import Options, rewrite_source
from rapcc.static_limit import dynamic_bytes

KERNEL = """
template <int N> __global__ void k(float *out)
{
    __shared__ float t[N][N];
    t[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * N + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
"""
DIRECT = "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); k<16><<<1, dim3(16, 16)>>>(o); return 0; }\n"

# name -> host code reaching k<16> where rapcc does not read the instance, and the line naming it
UNSEEN = {
    "host_template": ("template <int N> void run(float *o) { k<N><<<1, dim3(N, N)>>>(o); }\n"
                      "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); run<16>(o); return 0; }\n", 9),
    "template_lambda": ("int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o);\n"
                        "  auto l = [&]<int M>() { k<M><<<1, dim3(M, M)>>>(o); }; l.operator()<16>(); return 0; }\n",
                        10),
    "if_constexpr": ("template <int N> void run(float *o)\n"
                     "{ if constexpr (N > 16) k<32><<<1, dim3(32, 32)>>>(o); else k<N><<<1, dim3(N, N)>>>(o); }\n"
                     "int main() { float *o = 0; run<32>(o); run<16>(o); return 0; }\n", 10),
    "class_template": ("template <int N> struct R { static void go(float *o) { k<N><<<1, dim3(N, N)>>>(o); } };\n"
                       "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); R<16>::go(o); return 0; }\n", 9),
    "pointer_in_template": ("template <int N> void run(float *o) { auto f = k<N>; f<<<1, dim3(N, N)>>>(o); }\n"
                            "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); run<16>(o); return 0; }\n", 9),
}


def _rewrite(source: str, strategy: str = "xor"):
    return rewrite_source(source.encode(), "k.cu", Options(whole_program=True, strategy=strategy))


# The same kernel with an array of fixed size: a same-size layout, which the static budget has no say on.
FIXED_PLAIN = KERNEL.replace("t[N][N]", "t[32][32]").replace("threadIdx.y * N", "threadIdx.y * 32")
# Its guard proves the subscripts under every shape (a launch in a host template is one rapcc does not read,
# issue 27 §4), so the instance the file does not show is what keeps it.
FIXED = KERNEL.replace("t[N][N]", "t[32][32]").replace("threadIdx.y * N", "threadIdx.y * 32").replace(
    "    t[threadIdx.y]", "    if (threadIdx.x >= 32 || threadIdx.y >= 32) return; t[threadIdx.y]", 1)


@pytest.mark.parametrize("name", sorted(UNSEEN))
def test_an_instance_the_file_does_not_show_keeps_the_template_array(name: str) -> None:
    host, line = UNSEEN[name]
    (plan,) = _rewrite(KERNEL + host, "pad").plans
    assert not plan.rewritten
    r = _rewrite(FIXED + host, "xor")
    (plan,) = r.plans
    assert not plan.rewritten
    finding, at = plan.unproved
    assert finding.failure == Failure.INSTANCE and at.line == line
    (d,) = [d for d in r.diagnostics if d.check_id == "rapcc-unproved"]
    assert d.line == line and "'k'" in d.message and "not known" in d.message


def test_both_instances_launched_from_plain_code_are_proved_each_and_rewritten() -> None:
    r = _rewrite(KERNEL + DIRECT, "pad")
    (plan,) = r.plans
    assert plan.rewritten and plan.mapping.strategy == "pad", plan.reason
    assert b"t[N][N + 1]" in r.text
    (plan,) = _rewrite(FIXED + DIRECT).plans
    assert plan.rewritten, plan.reason
    info, _ = parse_file("k.cu", (KERNEL + DIRECT).encode(), Options(whole_program=True))
    program = info.sound()
    assert {(i.arguments, i.launched) for i in program.instances} == {((("N", 16),), True), ((("N", 32),), True)}
    shapes = {args: dims for args, dims in next(k for k in info.kernels if k.name == "k").instance_block_dims}
    assert sorted(shapes.values()) == [((16, 16, 1),), ((32, 32, 1),)]


def test_an_if_constexpr_outside_a_template_names_only_instances_it_shows() -> None:
    host = ("int main() { float *o = 0; if constexpr (sizeof(int) == 4) k<32><<<1, dim3(32, 32)>>>(o);\n"
            "  else k<32><<<1, dim3(32, 32)>>>(o); return 0; }\n")
    # The host interpreter reads no `if constexpr` (its launches are unknown: every shape, no growth), so the
    # guarded kernel under a same-size layout: what keeps it would be an unseen instance, and there is none.
    (plan,) = _rewrite(FIXED + host, "xor").plans
    assert plan.rewritten, plan.reason


def test_a_lambda_launch_is_kept_unless_its_shape_is_read() -> None:
    lam = "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); auto l = [&]() { k<16><<<1, 256>>>(o); }; " \
          "l(); return 0; }\n"
    (plan,) = _rewrite(FIXED_PLAIN + lam).plans
    # The lambda's launch is not read: the layout applies only where blockDim is a shape proved (guards.py).
    assert plan.unproved is None and plan.analysis.guard and (plan.rewritten or "same size" in plan.reason)
    (plan,) = _rewrite(FIXED_PLAIN + DIRECT).plans
    assert plan.rewritten


EXPLICIT = "template __global__ void k<16>(float *);\n"


def test_an_explicit_instantiation_is_named_where_it_is_written() -> None:
    host = "int main() { float *o = 0; k<32><<<1, dim3(32, 32)>>>(o); return 0; }\n"
    (plan,) = _rewrite(FIXED + EXPLICIT + host).plans
    assert not plan.rewritten
    finding, at = plan.unproved
    assert finding.failure == Failure.UNLAUNCHED and at.line == 9
    (plan,) = _rewrite(FIXED + host).plans
    assert plan.rewritten, plan.reason


PACK_KERNEL = """
template <int... Ns> __global__ void k(float *out)
{
    __shared__ float t[32][32];
    t[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
int main() { float *o = 0; k<1, 2><<<1, dim3(32, 32)>>>(o); return 0; }
"""
PACK_HOST = PACK_KERNEL.replace("int... Ns", "int N").replace(
    "int main() { float *o = 0; k<1, 2><<<1, dim3(32, 32)>>>(o); return 0; }",
    "template <int... Ns> void run(float *o) { (k<Ns><<<1, dim3(32, 32)>>>(o), ...); }\n"
    "int main() { float *o = 0; run<1, 2>(o); return 0; }")


@pytest.mark.parametrize("source", [PACK_KERNEL, PACK_HOST], ids=["kernel_pack", "host_pack"])
def test_a_parameter_pack_is_an_unknown_instance_not_a_crash(source: str) -> None:
    r = _rewrite(source)
    (plan,) = r.plans
    assert not plan.rewritten
    assert plan.unproved[0].failure == Failure.INSTANCE


def test_the_pack_twin_without_a_pack_is_rewritten() -> None:
    (plan,) = _rewrite(PACK_KERNEL.replace("int... Ns", "int Ns").replace("k<1, 2>", "k<1>")).plans
    assert plan.rewritten, plan.reason


def _tu(source: str):
    tu, _ = parse("k.cu", source.encode(), ParseConfig())
    return tu


def test_template_arguments_reads_integers_and_gives_up_on_packs() -> None:
    src = ("template <typename T, int N> __device__ T f() { return N; }\n"
           "template <int... Ns> __device__ int g() { return sizeof...(Ns); }\n"
           "__global__ void k(int *o) { o[0] = f<float, 7>(); o[1] = g<1, 2>(); }\n")
    tu = _tu(src)
    calls = {c.spelling: c.referenced for c in tu.cursor.walk_preorder()
             if c.kind.name == "CALL_EXPR" and c.spelling in ("f", "g")}
    assert template_arguments(calls["f"]) == (None, 7)
    assert template_arguments(calls["g"]) is None


# -- the shared-memory budget ------------------------------------------------------------------------

BUDGET = """
__global__ void k(float *out)
{
    extern __shared__ float dyn[];
    __shared__ float t[32][32];
    t[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    dyn[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = dyn[threadIdx.y * 32 + threadIdx.x];
}
void keep(void (*)(float *));
int main(int argc, char **argv) { float *o = 0; LAUNCH; return 0; }
"""


def _budget(launch: str, strategy: str, block_dim: tuple[int, int, int] | None = None):
    r = rewrite_source(BUDGET.replace("LAUNCH", launch).encode(), "k.cu", Options(whole_program=True, strategy=strategy, block_dim=block_dim))
    return next(p for p in r.plans if p.analysis.array.name == "t")


def _grows(plan) -> bool:
    return math.prod(plan.mapping.phys_dims) > math.prod(plan.mapping.logical_dims)


def test_padding_over_the_limit_with_the_launch_dynamic_memory_is_given_up() -> None:
    """4 KB of static arrays and 44 KB of dynamic memory: 128 bytes of padding fail the launch."""
    plan = _budget("k<<<1, dim3(32, 32), 44 * 1024>>>(o)", "pad")
    assert not plan.rewritten and "dynamic" in plan.reason
    plan = _budget("k<<<1, dim3(32, 32), 44 * 1024>>>(o)", "auto")
    assert not _grows(plan)
    assert plan.rewritten, plan.reason  # a layout of the same size still removes the conflict


def test_padding_within_the_limit_with_the_launch_dynamic_memory_is_kept() -> None:
    plan = _budget("k<<<1, dim3(32, 32), 8 * 1024>>>(o)", "pad")
    assert plan.rewritten and _grows(plan), plan.reason


@pytest.mark.parametrize("launch", [
    "k<<<1, dim3(32, 32), argc * 4>>>(o)",  # bytes known only at run time
    "k<<<1, dim3(32, 32)>>>(o); k<<<1, dim3(32, 32), (size_t)argc>>>(o)",  # one launch of two
    "k<<<1, dim3(32, 32)>>>(o); void (*f)(float *) = k; keep(f)",  # the kernel's address goes where rapcc cannot follow
])
def test_padding_is_given_up_where_some_launch_dynamic_memory_is_unknown(launch: str) -> None:
    plan = _budget(launch, "pad")
    assert not _grows(plan), plan.reason


@pytest.mark.parametrize("launch", [
    "k<<<1, dim3(32, 32)>>>(o); cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 90000)",
    "void (*f)(float *) = k; f<<<1, dim3(32, 32)>>>(o)",  # a local pointer set once: read exactly (host_mentions.py)
])
def test_padding_stays_where_every_launch_is_read_without_dynamic_memory(launch: str) -> None:
    """Twins: raising the dynamic limit does not change what a launch asks for, and a pointer launch read
    exactly asks for none."""
    plan = _budget(launch, "pad")
    assert plan.rewritten and _grows(plan), plan.reason


def test_dynamic_smem_reads_every_launch_form() -> None:
    src = KERNEL + """
__global__ void h(float *o) {}
__global__ void u(float *o) {}
constexpr int BYTES = 2048;
template <int N> void run(float *o) { k<N><<<1, dim3(N, N), N * 4>>>(o); }
int main(int argc, char **argv) { float *o = 0; void *args[] = {&o};
  k<32><<<1, dim3(32, 32), BYTES>>>(o); k<16><<<1, 256>>>(o);
  cudaLaunchKernel((void *)h, dim3(1), dim3(32), args, sizeof(float) * 64, 0);
  u<<<1, 32, argc>>>(o); return 0; }
"""
    info, _ = parse_file("k.cu", src.encode(), Options(whole_program=True))
    got = dynamic_bytes(info.kernels)
    assert got["k"].most is None  # `N * 4` in a host template: a launch rapcc does not read
    assert got["h"].most == 256
    assert got["u"].most is None  # `argc` bytes


def test_a_kernel_no_launch_of_the_file_shows_may_not_grow() -> None:
    """Launched from another file, with dynamic memory rapcc cannot see: padding is given up; with the
    launch in the file (no dynamic memory), the same kernel is padded."""
    plan = _budget("", "pad")  # no launch: proved under the guessed shapes only, behind a guard, which no pad can take
    assert not plan.rewritten and plan.analysis.guard and "only a layout of the same size" in plan.reason
    plan = _budget("", "pad", (32, 32, 1))  # proved under the stated shape: the budget decides
    assert not plan.rewritten and "no launch of it in this file" in plan.reason
    plan = _budget("k<<<1, dim3(32, 32)>>>(o)", "pad")
    assert plan.rewritten and _grows(plan), plan.reason


# -- the budget stated by the user (--dynamic-smem) ----------------------------------------------------------

NO_LAUNCH = BUDGET.replace("int main(int argc, char **argv) { float *o = 0; LAUNCH; return 0; }\n", "")


@pytest.mark.parametrize("stated, grows", [(None, False), (0, True), (8 * 1024, True), (44 * 1024, False)])
def test_the_dynamic_memory_a_user_states_stands_for_launches_the_file_does_not_show(stated, grows) -> None:
    """No launch in the file: padding only with the bytes stated (4 KB of tile + the stated bytes within 48 KB)."""
    r = rewrite_source(NO_LAUNCH.encode(), "k.cu", Options(whole_program=True, strategy="pad", block_dim=(32, 32, 1), dynamic_smem=stated))
    plan = next(p for p in r.plans if p.analysis.array.name == "t")
    assert _grows(plan) == grows, plan.reason


def test_a_stated_bound_never_hides_a_bigger_launch_rapcc_reads() -> None:
    r = rewrite_source(BUDGET.replace("LAUNCH", "k<<<1, dim3(32, 32), 44 * 1024>>>(o)").encode(), "k.cu",
                       Options(whole_program=True, strategy="pad", dynamic_smem=0))
    plan = next(p for p in r.plans if p.analysis.array.name == "t")
    assert not _grows(plan), plan.reason


def test_dynamic_smem_on_the_command_line_the_api_and_the_config_file(run_cli, tmp_path) -> None:
    import rapcc
    src = tmp_path / "k.cu"
    src.write_text(NO_LAUNCH)
    out = tmp_path / "o.cu"
    code, _, err = run_cli(str(src), "--strategy", "pad", "--block-dim", "32x32", "--dynamic-smem", "0", "-o", str(out))
    assert code == 0 and "t[32][32 + 1]" in out.read_text() and "--dynamic-smem 0" in out.read_text(), err
    code, _, err = run_cli(str(src), "--dynamic-smem", "-1")
    assert code == 2 and "negative" in err
    assert rapcc.rewrite(NO_LAUNCH, strategy="pad", block_dim=(32, 32), dynamic_smem=0).changed
    assert not rapcc.rewrite(NO_LAUNCH, strategy="pad", block_dim=(32, 32)).changed
    (tmp_path / ".rapcc.toml").write_text('strategy = "pad"\nblock-dim = "32x32"\ndynamic-smem = 0\n')
    (tmp_path / ".git").mkdir()
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and "t[32][32 + 1]" in out.read_text(), err
