"""Issue 30's device facts, read alike by the prediction and the proof
(rapcc/frontend/intrinsics.py, lower_intrinsics.py): `%laneid`, the counting
bit intrinsics and cooperative groups' ranks. Each recognised form is
proved (or predicted) exactly; each near miss stays unknown and keeps the
array, with a finding that says why."""
from __future__ import annotations

import json

import pytest

from rapcc.analysis.absint import Failure
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.soundness import prove
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source

STRATEGIES = ["auto", "xor", "pad"]


def _rewrite(src: str, strategy: str = "xor"):
    return rewrite_source(src.encode(), "k.cu", Options(whole_program=True, strategy=strategy))


def _plan(result, name: str):
    return next(p for p in result.plans if p.analysis.array.name == name)


def _proof(src: str, tmp_path, shape: tuple[int, int, int]):
    """The range proof's findings per array name, alone (every access counts as covered)."""
    cu = tmp_path / "k.cu"
    cu.write_text(src)
    info, _ = parse_file(str(cu), cu.read_bytes(), Options(whole_program=True))
    program = info.sound()
    names = {a.key: a.name for a in program.arrays}
    proof = prove(program, lambda name, args: Exact((shape,)), lambda a, start, end: True)
    return {names[k]: f for k, f in proof.findings}


# ---- %laneid ----

LANE = """
__device__ __forceinline__ unsigned LaneId()
{
    unsigned ret;
    asm ("mov.u32 %0, %%laneid;" : "=r"(ret) );
    return ret;
}
__device__ unsigned Bumped()
{
    unsigned ret;
    asm ("mov.u32 %0, %%laneid;" : "=r"(ret) );
    ret += 32;
    return ret;
}
__global__ void k(float *out)
{
    __shared__ float part[256];
    unsigned lane;
    /*LANE*/
    unsigned warp = threadIdx.x / 32;
    part[warp * 32 + lane] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = part[lane * 8 + warp];
}
void launch(float *o) { k<<<1, 256>>>(o); }
"""

LANE_FORMS = {
    "asm": 'asm("mov.u32 %0, %%laneid;" : "=r"(lane));',
    "asm_volatile": 'asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));',
    "cub_lane_id": "lane = LaneId();",
}
# Near misses: each may put the index past the array, so the array is kept.
NOT_LANE = {
    "warpid": 'asm("mov.u32 %0, %%warpid;" : "=r"(lane));',  # the warp's slot on the SM, up to 63
    "more_instructions": 'asm("mov.u32 %0, %%laneid; add.u32 %0, %0, 32;" : "=r"(lane));',
    "an_input_operand": 'asm("mov.u32 %0, %1;" : "=r"(lane) : "r"(threadIdx.x + 32u));',
    "helper_moves_it": "lane = Bumped();",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("form", sorted(LANE_FORMS))
def test_the_lane_read_by_asm_is_proved_and_rewritten(form: str, strategy: str) -> None:
    r = _rewrite(LANE.replace("/*LANE*/", LANE_FORMS[form]), strategy)
    plan = _plan(r, "part")
    assert plan.rewritten and plan.unproved is None, plan.reason


@pytest.mark.parametrize("form", sorted(NOT_LANE))
def test_any_other_asm_keeps_the_array(form: str) -> None:
    r = _rewrite(LANE.replace("/*LANE*/", NOT_LANE[form]))
    plan = _plan(r, "part")
    assert not plan.rewritten
    # Kept for the proof's reason (a warning is shown only where a conflict is predicted: report.py).
    assert plan.unproved is not None or any(
        d.check_id in ("rapcc-unproved", "rapcc-escape") and "'part'" in d.message for d in r.diagnostics)


@pytest.mark.parametrize("form", sorted(NOT_LANE))
def test_the_proof_alone_refuses_every_near_miss(form: str, tmp_path) -> None:
    found = _proof(LANE.replace("/*LANE*/", NOT_LANE[form]), tmp_path, (256, 1, 1))
    assert found["part"] is not None and found["part"].failure == Failure.OUT_OF_RANGE
    assert _proof(LANE.replace("/*LANE*/", LANE_FORMS["asm"]), tmp_path, (256, 1, 1))["part"] is None


@pytest.mark.parametrize("form", sorted(LANE_FORMS))
def test_the_lane_is_predicted_as_the_linear_index_mod_32(form: str, run_cli, tmp_path) -> None:
    """`part[warp * 32 + lane]` is conflict-free, not a 'random' access; `part[lane * 8 + warp]` is 8-way."""
    src = tmp_path / "lane.cu"
    src.write_text(LANE.replace("/*LANE*/", LANE_FORMS[form]))
    code, out, err = run_cli("analyze", str(src), "--format", "json")
    assert code == 0, err
    (arr,) = json.loads(out)["arrays"]
    by_line = {x["line"]: x for x in arr["accesses"]}
    store, load = by_line[21], by_line[23]
    assert store["class"] == "linear" and store["prediction"] == "exact" and store["wavefronts_before"] == 1.0
    assert load["class"] == "stride" and load["wavefronts_before"] == 8.0


SMALL = """
__global__ void k(float *out)
{
    __shared__ float small[SIZE];
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    small[lane] = out[threadIdx.y * 16 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = small[(lane * 3) % SIZE];
}
"""


def test_a_lane_under_a_2d_block_follows_the_linear_index(tmp_path) -> None:
    """Warps are formed from x + y * Dx: under 16x16 the lane takes 0..31, not threadIdx.x's 0..15."""
    assert _proof(SMALL.replace("SIZE", "32"), tmp_path, (16, 16, 1))["small"] is None
    found = _proof(SMALL.replace("SIZE", "16"), tmp_path, (16, 16, 1))["small"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE
    assert found.values is not None and found.values.hi >= 16  # read as threadIdx.x it would stay below 16


# ---- __popc, __ffs, __clz ----

COUNT = """
namespace mine {{ __device__ int __popc(unsigned x) {{ return (int)x; }} }}
__global__ void k(float *out, const unsigned long long *in)
{{
    __shared__ float tile[{rows}][32];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = out[ty * 32 + tx];
    __syncthreads();
    int r = {count};
    out[ty * 32 + tx] = tile[tx][ty] + tile[r][tx];
}}
"""


@pytest.mark.parametrize("count, width", [
    ("__popc((unsigned)in[tx])", 32), ("__ffs((int)in[tx])", 32), ("__clz((int)in[tx])", 32),
    ("__popcll(in[tx])", 64), ("__ffsll((long long)in[tx])", 64), ("__clzll((long long)in[tx])", 64),
])
def test_a_bit_count_is_in_zero_to_its_width(count: str, width: int, tmp_path) -> None:
    """`tile[r]` with r a count of 32 bits: proved over 33 rows, refused over 32 (all bits set gives 32)."""
    assert _proof(COUNT.format(rows=width + 1, count=count), tmp_path, (32, 8, 1))["tile"] is None
    found = _proof(COUNT.format(rows=width, count=count), tmp_path, (32, 8, 1))["tile"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE
    assert found.values is not None and (found.values.lo, found.values.hi) == (0, width)


def test_a_bit_count_is_recognised_by_its_declaration_not_its_name(tmp_path) -> None:
    """A file's own `mine::__popc` returns its operand: it is interpreted, not bounded."""
    found = _proof(COUNT.format(rows=33, count="mine::__popc((unsigned)in[tx])"), tmp_path, (32, 8, 1))["tile"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE


# ---- __umul24, __mul24 ----

MUL24 = """
namespace mine {{ __device__ unsigned __umul24(unsigned a, unsigned b) {{ return a * b; }} }}
__global__ void k(float *out)
{{
    __shared__ float tile[{size}];
    unsigned tx = threadIdx.x;
    tile[{index}] = 1.0f;
    __syncthreads();
    out[tx] = tile[tx];
}}
"""


@pytest.mark.parametrize("index, size", [
    ("__umul24(tx, 8u) + 7u", 256 * 8),  # 255 * 8 + 7: the last element
    ("__umul24(tx + 0x1000000u, 8u)", 256 * 8),  # bit 24 is dropped: tx * 8
    ("__mul24(-(int)tx, 8) + 255 * 8", 256 * 8),  # sign-extended from bit 23: 8 * (255 - tx)
    ("__umul24(0xFFFFFFu, 0xFFFFFFu) - 0xFE000001u + tx", 256),  # 0xFFFFFE000001, whose low 32 bits are kept: tx
])
def test_a_24_bit_multiply_is_the_product_of_the_low_24_bits(index: str, size: int, tmp_path) -> None:
    """Proved in range exactly; before, the call's value was unknown and the array unproved."""
    assert _proof(MUL24.format(size=size, index=index), tmp_path, (256, 1, 1))["tile"] is None


@pytest.mark.parametrize("index, size", [
    ("__umul24(tx, 8u) + 8u", 256 * 8),  # one past the end for the last thread
    ("__umul24(tx + 0x800000u, 8u)", 256 * 8),  # bit 23 is kept: far past the end
    ("__mul24(-(int)tx, 8) + 254 * 8", 256 * 8),  # negative for the last thread
    ("mine::__umul24(tx + 0x1000000u, 8u)", 256 * 8),  # a file's own: a plain product, past the end
])
def test_the_wrong_24_bit_multiply_is_refused(index: str, size: int, tmp_path) -> None:
    found = _proof(MUL24.format(size=size, index=index), tmp_path, (256, 1, 1))["tile"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE


# ---- cooperative groups ----

GROUPS = """#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *out)
{
    __shared__ float part[1024];
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
    /*CASE*/
    cta.sync();
    out[cta.thread_rank()] = part[t32.thread_rank() * 8 + t32.meta_group_rank()];
}
void launch(float *o) { k<<<1, 256>>>(o); }
"""

GROUP_CASES = {
    # name -> (wrong form, legal twin)
    "block_rank": ("part[cta.thread_rank() + 1000] = 1.0f;", "part[cta.thread_rank()] = 1.0f;"),
    "tile_rank": ("part[t32.thread_rank() * 34] = 1.0f;", "part[t32.thread_rank() * 32] = 1.0f;"),
    # meta_group_rank is bounded by 1024 / N tiles, the most any parent has
    "meta_rank": ("part[t32.meta_group_rank() * 33 + t32.thread_rank()] = 1.0f;",
                  "part[t32.meta_group_rank() * 32 + t32.thread_rank()] = 1.0f;"),
    # a type-erased group is not read: its rank is unknown
    "thread_group": ("cg::thread_group g = cta;\n    part[g.thread_rank()] = 1.0f;",
                     "part[cta.thread_rank() % 1024] = 1.0f;"),
}


@pytest.mark.parametrize("name", sorted(GROUP_CASES))
def test_group_ranks_are_thread_indices_for_the_proof(name: str, tmp_path) -> None:
    wrong, twin = GROUP_CASES[name]
    found = _proof(GROUPS.replace("/*CASE*/", wrong), tmp_path, (256, 1, 1))["part"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE
    assert _proof(GROUPS.replace("/*CASE*/", twin), tmp_path, (256, 1, 1))["part"] is None


def test_a_tile_of_a_tile_is_not_given_the_blocks_meta_rank(tmp_path) -> None:
    """`tiled_partition<4>(t32)` counts its meta rank within t32 (0..7), not linear / 4:
    the proof bounds it by 1024 / 4 tiles, never by a thread's own value."""
    src = GROUPS.replace("/*CASE*/", "cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t32);\n"
                                     "    if (t4.meta_group_rank() >= 8) return;\n"
                                     "    part[cta.thread_rank() + 769] = 1.0f;")
    # linear / 4 would return every thread past the first warp and prove the rest (index up to 31 + 769);
    # the truth (0..7 within t32) returns none, and thread 255 writes part[1024]
    found = _proof(src, tmp_path, (256, 1, 1))["part"]
    assert found is not None and found.failure == Failure.OUT_OF_RANGE


# A tile whose type names the block as its parent (`thread_block_tile<N,
# thread_block>`, what `auto t = tiled_partition<N>(cta)` declares) has the
# toolkit's meta group: linear / N of ceil(block size / N). name -> (wrong
# forms, legal twin): the same subscript through a tile of a tile (its meta
# group counts within t32) and through the type-erased tile (any parent).
BLOCK_PARENT_CASES = {
    "meta_rank": (("auto t4 = cg::tiled_partition<4>(t32);", "cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(cta);"),
                  "auto t4 = cg::tiled_partition<4>(cta);",
                  "\n    if (t4.meta_group_rank() >= 8) return;\n    part[cta.thread_rank() + 769] = 1.0f;"),
    "meta_size": (("auto t4 = cg::tiled_partition<4>(t32);", "cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(cta);"),
                  "cg::thread_block_tile<4, cg::thread_block> t4 = cg::tiled_partition<4>(cta);",
                  "\n    part[cta.thread_rank() + 1024 - 4 * t4.meta_group_size()] = 1.0f;"),
}


@pytest.mark.parametrize("name", sorted(BLOCK_PARENT_CASES))
def test_a_tile_of_the_block_has_the_blocks_meta_group(name: str, tmp_path) -> None:
    """With a 256-thread block the twin's subscripts stay below 1024 (meta rank
    < 8 leaves threads 0..31; 64 tiles of 4); a tile of t32 (meta rank 0..7
    within it, size 8) or a tile whose type forgets its parent may reach 1024."""
    wrongs, twin, use = BLOCK_PARENT_CASES[name]
    for wrong in wrongs:
        found = _proof(GROUPS.replace("/*CASE*/", wrong + use), tmp_path, (256, 1, 1))["part"]
        assert found is not None and found.failure == Failure.OUT_OF_RANGE, wrong
    assert _proof(GROUPS.replace("/*CASE*/", twin + use), tmp_path, (256, 1, 1))["part"] is None


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_block_parent_meta_rank_is_rewritten(strategy: str) -> None:
    _, twin, use = BLOCK_PARENT_CASES["meta_rank"]
    r = _rewrite(GROUPS.replace("/*CASE*/", twin + use), strategy)
    assert _plan(r, "part").rewritten, _plan(r, "part").reason


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_group_indexed_array_is_rewritten(strategy: str) -> None:
    r = _rewrite(GROUPS.replace("/*CASE*/", GROUP_CASES["meta_rank"][1]), strategy)
    assert _plan(r, "part").rewritten, _plan(r, "part").reason


# ---- an element passed to a call a template leaves unresolved ----

ATOMIC = """
template <{param}>
__global__ void k(const {t} *in, {t} *out)
{{
    __shared__ float s[32][32];
    s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    atomicAdd(&out[threadIdx.y], s[threadIdx.x][threadIdx.y]);
}}
void launch(const float *i, float *o) {{ k<{arg}><<<1, dim3(32, 8)>>>(i, o); }}
"""


def test_an_unresolved_call_says_so_not_bound_to_a_reference() -> None:
    r = _rewrite(ATOMIC.format(param="typename T", t="T", arg="float"))
    plan = _plan(r, "s")
    assert not plan.rewritten
    assert "'atomicAdd', a call the template leaves unresolved" in plan.reason
    assert "is bound to a reference in a call" not in plan.reason


def test_the_same_call_resolved_is_a_by_value_read_and_rewritten() -> None:
    r = _rewrite(ATOMIC.format(param="int N", t="float", arg="2"))
    assert _plan(r, "s").rewritten, _plan(r, "s").reason


# ---- the prediction forgets what any other asm writes ----

ASM_WRITE = """
__global__ void k(float *out)
{
    __shared__ float part[256];
    unsigned f = threadIdx.x;
    f = threadIdx.x * 2 % 256;
    /*ASM*/
    part[f] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = part[threadIdx.x];
}
void launch(float *o) { k<<<1, 256>>>(o); }
"""


@pytest.mark.parametrize("asm, expected", [
    # an output operand: `f` no longer holds threadIdx.x * 2 (the old replay kept predicting a stride of 2)
    ('asm("mov.u32 %0, %1;" : "=r"(f) : "r"(threadIdx.x));', ("random", None)),
    # an input operand only: `f` keeps its value
    ('asm volatile("" :: "r"(f));', ("stride", 2.0)),
])
def test_an_asm_output_is_unknown_to_the_prediction(asm: str, expected, run_cli, tmp_path) -> None:
    src = tmp_path / "asm.cu"
    src.write_text(ASM_WRITE.replace("/*ASM*/", asm))
    code, out, err = run_cli("analyze", str(src), "--format", "json")
    assert code == 0, err
    (arr,) = json.loads(out)["arrays"]
    store = next(x for x in arr["accesses"] if x["line"] == 8)
    assert (store["class"], store["wavefronts_before"]) == expected
