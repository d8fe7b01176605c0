"""Layouts behind a test of blockDim (analysis/guards.py, issue 27 §4 and §6) and the
premise of a single file (ir.Kernel.launched_elsewhere): a kernel whose launches are
not all read changes layout only under the shapes proved, and runs the layout as
written under any other. Each wrong form is executed against its original by the
host oracle (g++ with tests/fuzz/hostcuda.h, no rapcc model in it) under the shape
rapcc never saw; each twin is still rewritten, without a guard where every launch
is known."""
from __future__ import annotations

import dataclasses
import random

import pytest

from rapcc.diagnostics import InternalError
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source
from rapcc.rewrite import guard_condition, rewrite
from rapcc.summary import rewrite_line
from rapcc.verify import verify
from rapcc.banks import BankModel
from tests.buildtools import require_host_oracle
from tests.fuzz.hostcampaign import check_all
from tests.fuzz.hostcheck import GXX
from tests.fuzz.hostgen import HostKernel, Launch
from tests.fuzz.hostgen_shapes import hidden_launch, launched_elsewhere
from tests.fuzz.hostvariants import Outcome

# In range for 32x8 only: a 64x4 block walks tile[ty][tx] past a row (inside the tile).
KERNEL = """__global__ void k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx] + 2 * tile[tx % 8][ty];
}
"""
LAUNCH = "void launch(const int *in, int *out) { k<<<2, dim3(32, 8)>>>(in, out, 0); }\n"


def _plan(src: str, **kw):
    r = rewrite_source(src.encode(), "k.cu", Options(**kw))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    return plan, r


def test_an_external_kernel_of_a_single_file_changes_layout_only_under_its_own_launch() -> None:
    plan, r = _plan(KERNEL + LAUNCH, strategy="xor")
    assert plan.rewritten and plan.analysis.guard == ((32, 8, 1),)
    assert guard_condition(((32, 8, 1),)) in r.text.decode()
    assert "applied only when blockDim is 32x8x1" in plan.reason
    assert b"only where blockDim is 32x8x1, as written elsewhere" in r.text  # the output's header says so
    line = rewrite_line({**r.report, "file": "k.cu"})  # and the build's verbose line
    assert line is not None and "; only where blockDim is 32x8x1)" in line, line
    # rapcc on its own output keeps the guarded array as it is
    again = rewrite_source(r.text, "k.cu", Options(strategy="xor"))
    assert again.text == r.text and not any(p.rewritten for p in again.plans)


@pytest.mark.parametrize("linkage", ["static ", "namespace { "])
def test_its_twin_of_internal_linkage_needs_no_guard(linkage: str) -> None:
    src = linkage + KERNEL + ("}\n" if "namespace" in linkage else "") + LAUNCH
    plan, r = _plan(src, strategy="xor")
    assert plan.rewritten and plan.analysis.guard == () and b"_on() ?" not in r.text
    assert _plan(src, strategy="pad")[0].rewritten  # every launch read, none asks for dynamic memory


def test_whole_program_is_the_users_statement_that_the_file_holds_every_launch() -> None:
    plan, r = _plan(KERNEL + LAUNCH, strategy="xor", whole_program=True)
    assert plan.rewritten and plan.analysis.guard == () and b"_on() ?" not in r.text


def test_padding_cannot_be_guarded_and_says_why() -> None:
    plan, _ = _plan(KERNEL + LAUNCH, strategy="pad")
    assert not plan.rewritten and "only a layout of the same size could apply, under 32x8x1" in plan.reason
    # auto takes a same-size layout instead of the padding the whole program would get
    auto, _ = _plan(KERNEL + LAUNCH)
    assert auto.rewritten and auto.mapping.phys_dims == auto.mapping.logical_dims


def test_the_budget_of_an_external_kernel_is_unknown() -> None:
    """Another file may launch it with dynamic shared memory rapcc never saw (issue 27 §7)."""
    from rapcc.frontend import parse_file
    from rapcc.pipeline import with_premise
    from rapcc.static_limit import dynamic_bytes
    info, _ = parse_file("k.cu", (KERNEL + LAUNCH).encode(), Options())
    single = dynamic_bytes(with_premise(info, Options()).kernels)["k"]
    assert single.most is None and "another file may launch it" in (single.unknown or "")
    assert dynamic_bytes(with_premise(info, Options(whole_program=True)).kernels)["k"].most == 0
    assert dynamic_bytes(with_premise(info, Options()).kernels, stated=0)["k"].most == 0  # --dynamic-smem 0


TEMPLATE = KERNEL.replace("__global__ void k(", "template <int N> __global__ void k(").replace(
    "& 8191", "& (8191 + N - N)") + LAUNCH.replace("k<<<", "k<0><<<")
EXPLICIT = "template __global__ void k<0>(const int *, int *, int);\n"


@pytest.mark.parametrize("extra, header", [
    (EXPLICIT, ""),  # spelled
    ("#define INST(n) template __global__ void k<n>(const int *, int *, int);\nINST(0)\n", ""),  # its own macro
    ("INST(0)\n", "#define INST(n) template __global__ void k<n>(const int *, int *, int);\n"),  # a header's
    ('#include "inst.inc"\n', ""),  # spelled in a file included after the definition
])
def test_a_template_kernel_explicitly_instantiated_may_be_launched_elsewhere(tmp_path, extra: str, header: str
                                                                            ) -> None:
    """Another unit can launch an instance only through an explicit instantiation ([temp.pre]/10)."""
    (tmp_path / "inst.h").write_text(header)
    (tmp_path / "inst.inc").write_text(EXPLICIT)
    src = '#include "inst.h"\n' + TEMPLATE + extra
    info, _ = parse_file(str(tmp_path / "k.cu"), src.encode(), Options())
    assert next(k for k in info.kernels if k.name == "k").external
    r = rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(strategy="xor"))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    # Rewritten behind the guard, or kept where the instance a macro makes is not read.
    assert plan.analysis.guard == ((32, 8, 1),) if plan.rewritten else plan.unproved is not None


def test_its_twin_a_template_no_other_unit_can_instantiate_needs_no_guard(tmp_path) -> None:
    (tmp_path / "inst.h").write_text("#define TILE 32\n")
    src = '#include "inst.h"\n#ifdef TILE\n#endif\n' + TEMPLATE
    info, _ = parse_file(str(tmp_path / "k.cu"), src.encode(), Options())
    assert not next(k for k in info.kernels if k.name == "k").external
    r = rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(strategy="xor"))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    assert plan.rewritten and plan.analysis.guard == ()


def _emitted(r):
    """The rewrite's text and helpers, as the pipeline emits them before verifying."""
    return rewrite((KERNEL + LAUNCH).encode(), "k.cu", r.plans, "rapcc k.cu")


def test_the_verifier_rejects_a_guard_that_is_not_the_proved_shapes() -> None:
    plan, r = _plan(KERNEL + LAUNCH, strategy="xor")
    text, helpers = _emitted(r)
    verify(text, r.plans, helpers, None, BankModel())  # as emitted: accepted
    shape = guard_condition(((32, 8, 1),)).encode()
    assert shape in text
    text = text.replace(shape, guard_condition(((64, 4, 1),)).encode())
    with pytest.raises(InternalError, match="test of blockDim"):
        verify(text, r.plans, helpers, None, BankModel())


def test_the_verifier_rejects_a_use_that_does_not_select_the_layout_as_written() -> None:
    plan, r = _plan(KERNEL + LAUNCH, strategy="xor")
    text, helpers = _emitted(r)
    (h,) = helpers
    broken = text.replace(f"({h.params[-1]} & ~{h.guard_name}())".encode(), f"({h.params[0]} & ~{h.guard_name}())".encode())
    assert broken != text
    with pytest.raises(InternalError, match="select the map or the index as written"):
        verify(broken, r.plans, helpers, None, BankModel())


def test_the_verifier_rejects_a_guarded_padding() -> None:
    plan, r = _plan(KERNEL + LAUNCH, strategy="xor")
    text, helpers = _emitted(r)
    padded = dataclasses.replace(plan.mapping, phys_dims=(8, 33))
    with pytest.raises(InternalError, match="keep the array's size"):
        verify(text, (dataclasses.replace(plan, mapping=padded),), helpers, None, BankModel())


# ---- executed: the oracle runs the shapes rapcc did not see ----

def _oracle(kernels: list[HostKernel], tmp_path) -> dict[str, dict[str, Outcome]]:
    require_host_oracle(GXX)
    results = check_all(kernels, tmp_path, jobs=2)
    errors = [(r.kernel.name, r.generator_error[:200]) for r in results if r.generator_error]
    assert not errors, errors
    bad = [(r.kernel.name, x.strategy, x.outcome.value, x.detail[:200]) for r in results for x in r.bugs]
    assert not bad, bad
    return {r.kernel.name: {x.strategy: x.outcome for x in r.results} for r in results}


def test_the_other_files_launch_runs_the_layout_as_written(tmp_path) -> None:
    """The file launches 32x8; the oracle also runs the 64x4 launch of another file."""
    bad = HostKernel("k", "guard", False, KERNEL + "#ifdef __CUDACC__\n" + LAUNCH + "#endif\n",
                     (Launch("k", 2, (32, 8), 0), Launch("k", 2, (64, 4), 0, 1024)))
    twin = dataclasses.replace(bad, name="k_twin", twin=True, launches=bad.launches[:1])
    twin = dataclasses.replace(twin, source=twin.source.replace(" k(", " k_twin(").replace("k<<<", "k_twin<<<"),
                               launches=(Launch("k_twin", 2, (32, 8), 0),))
    outcomes = _oracle([bad, twin], tmp_path)
    for name in ("k", "k_twin"):  # rewritten under every same-size strategy, and the bits are the original's
        assert outcomes[name]["xor"] == Outcome.IDENTICAL and outcomes[name]["auto"] == Outcome.IDENTICAL, outcomes


def test_generated_launches_elsewhere_and_hidden_shapes_compute_the_originals_bits(tmp_path) -> None:
    """The two shape families of the host fuzzer, a fixed sample: a launch of another
    file, a run-time shape; and their twins (internal linkage, a bounds check)."""
    kernels = [family(random.Random(f"guard:{i}"), f"fz_g{i}_{family.__name__[:6]}", i % 2 == 1)
               for i in range(4) for family in (launched_elsewhere, hidden_launch)]
    outcomes = _oracle(kernels, tmp_path)
    rewritten = [n for n, by in outcomes.items() if by["xor"] == Outcome.IDENTICAL]
    assert len(rewritten) == len(kernels), outcomes  # each is rewritten (guarded or not) and identical


# Red team rt4_02's shape: a product and the sum it feeds read the guarded tile.
FLOAT_KERNEL = """__global__ void k(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = (float)(in[blockIdx.x * 256 + tid] & 8191);
    __syncthreads();
    const float scale = 1.0f / (0.37f + (float)p);
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty][tx] * scale + tile[tx % 8][ty]);
}
"""


def test_the_guard_is_a_mask_the_compiler_cannot_branch_on() -> None:
    """A select on the test may become branches that leave a product and the sum it
    feeds in two blocks, where nvcc no longer contracts them into one FMA: on an H100
    a guarded layernorm (red team rt4_02) rounded once more and differed in the last
    bit. The test is a mask made by PTX's neg.s32 (rewrite.guard_function), which the
    re-proof models exactly (intrinsics.neg_operands); no select is emitted."""
    plan, r = _plan(FLOAT_KERNEL + LAUNCH, strategy="xor")
    text = r.text.decode()
    assert plan.rewritten and plan.analysis.guard == ((32, 8, 1),)
    assert 'asm("neg.s32 %0, %1;"' in text and "() ?" not in text


def test_a_neg_asm_other_than_rapccs_stays_unknown() -> None:
    """Only the exact `neg.s32 %0, %1;` with one 32-bit output and input is modelled:
    `neg.s64` (or any other text) leaves the local unknown, so the array is kept."""
    own = """__device__ unsigned int pick(unsigned int v) {
    unsigned int m; asm("neg.s32 %0, %1;" : "=r"(m) : "r"(v)); return m; }
static __global__ void k2(const int *in, int *out, int p) {
    __shared__ int tile[32];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x - (pick(1u) + 1u)];
}
void go(const int *in, int *out) { k2<<<1, 32>>>(in, out, 0); }
"""
    r = rewrite_source(own.encode(), "k.cu", Options(strategy="xor"))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    assert plan.analysis.unproved is None, plan.analysis.unproved  # -1u + 1u wraps to 0: proved
    other = own.replace("neg.s32 %0, %1;", "not.b32 %0, %1;")
    r = rewrite_source(other.encode(), "k.cu", Options(strategy="xor"))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "tile"]
    assert plan.analysis.unproved is not None and not plan.rewritten


@pytest.mark.nvcc
def test_the_guard_keeps_nvccs_fma_contraction(tmp_path) -> None:
    """The output's PTX fuses as many products into FMAs as the input's (the guard's
    select, before the mask, left one product unfused here)."""
    import subprocess
    from tests.conftest import require_nvcc
    nvcc = require_nvcc()
    plan, r = _plan(FLOAT_KERNEL + LAUNCH, strategy="rap")
    assert plan.rewritten and plan.analysis.guard
    counts = []
    for name, text in (("in.cu", (FLOAT_KERNEL + LAUNCH).encode()), ("out.cu", r.text)):
        (tmp_path / name).write_bytes(text)
        subprocess.run([nvcc, "-arch=sm_90", "-ptx", name, "-o", name + ".ptx"], cwd=tmp_path, check=True)
        ptx = (tmp_path / (name + ".ptx")).read_text()
        counts.append((ptx.count("fma.rn.f32"), ptx.count("mul.f32") + ptx.count("mul.rn.f32")))
    assert counts[0] == counts[1] and counts[0][0] >= 1, counts


def test_the_guards_own_asm_strings_name_no_array() -> None:
    """The verifier refuses an array whose name a string spells (asm text may name
    it); the guard's `"neg.s32 %0, %1;"` and its constraints name none, so arrays
    called `s` or `r` are still rewritten behind it, and an asm text of the user's
    spelling one is still refused."""
    for name in ("s", "r"):
        src = KERNEL.replace("tile", name) + LAUNCH
        r = rewrite_source(src.encode(), "k.cu", Options(strategy="xor"))
        (plan,) = [p for p in r.plans if p.analysis.array.name == name]
        assert plan.rewritten and plan.analysis.guard == ((32, 8, 1),), plan.reason
    hidden = KERNEL.replace("tile", "r").replace("__syncthreads();", '__syncthreads(); asm volatile("// r");') + LAUNCH
    r = rewrite_source(hidden.encode(), "k.cu", Options(strategy="xor"))
    (plan,) = [p for p in r.plans if p.analysis.array.name == "r"]
    assert not plan.rewritten
