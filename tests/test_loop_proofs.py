"""Issue 30's loop forms that the old range check (analysis/ranges.py) could
not bound, proved by the sound interpreter alone (analysis/run.py): a loop
with no init clause takes its counter from the definition that reaches it,
and a step that is an `int` non-type template parameter is each instance's
own argument. Each proof has a near twin that walks one element too far and
is refused."""
from __future__ import annotations

import pytest

from rapcc.analysis.absint import Failure
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.soundness import prove
from rapcc.frontend import parse_file
from rapcc.pipeline import Options


def _proof(src: str, tmp_path, shapes: dict[tuple, tuple[int, int, int]]):
    """The proof's finding for array `s` alone, with each instance's shape
    looked up by its template arguments (every access counts as covered)."""
    cu = tmp_path / "k.cu"
    cu.write_text(src)
    info, _ = parse_file(str(cu), cu.read_bytes(), Options())
    program = info.sound()
    seen: list[tuple] = []

    def shape(name: str, args: tuple) -> Exact:
        seen.append(args)
        return Exact((shapes[args],))

    proof = prove(program, shape, lambda a, start, end: True)
    names = {a.key: a.name for a in program.arrays}
    found = {names[k]: f for k, f in proof.findings}
    assert set(shapes) <= set(seen)  # every instance was proved with its own arguments
    return found["s"]


NO_INIT = """
#define BLOCK 256
__global__ void k(float *out)
{
    __shared__ float s[2048];
    int tid = threadIdx.x;
    int j = tid;
    for (; j < LIMIT; j += BLOCK)
        s[j] = out[j];
    __syncthreads();
    float acc = 0.0f;
    j = tid * 8;
    for (; j < tid * 8 + 8; ++j)
        acc += s[j];
    out[tid] = acc;
}
"""


@pytest.mark.parametrize("limit, failure", [("2048", None), ("2049", Failure.OUT_OF_RANGE),
                                            ("2048 + tid", None), ("2049 + tid", Failure.OUT_OF_RANGE)])
def test_a_loop_without_an_init_clause_starts_from_the_dominating_definition(limit, failure, tmp_path) -> None:
    """`j < 2048 + tid` is exact too: thread t stops at t + 7 * 256, below 2048; `2049 + tid` reaches 2048."""
    found = _proof(NO_INIT.replace("LIMIT", limit), tmp_path, {(): (256, 1, 1)})
    assert (found.failure if found is not None else None) == failure


def test_a_counter_redefined_before_the_loop_is_read_from_its_last_definition(tmp_path) -> None:
    """`j = tid + 256` between the declaration and the loop: `s[j - 256]` starts at 0 (from `j = tid` it
    would start below 0); from `j = tid + 100` it does start below 0."""
    src = NO_INIT.replace("    for (; j < LIMIT", "    j = tid + START;\n    for (; j < 2048 + 256").replace(
        "j += BLOCK)\n        s[j]", "j += BLOCK)\n        s[j - 256]")
    assert "s[j - 256]" in src
    assert _proof(src.replace("START", "256"), tmp_path, {(): (256, 1, 1)}) is None
    found = _proof(src.replace("START", "100"), tmp_path, {(): (256, 1, 1)})
    assert found is not None and found.failure == Failure.OUT_OF_RANGE


STEP = """
template <int BLOCK_THREADS, int N>
__global__ void k(float *out)
{
    __shared__ float s[32][64];
    for (int i = threadIdx.x; i < N; i += BLOCK_THREADS)
        s[i / 64][i % 64] = out[i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 32][threadIdx.x / 32];
}
void launch(float *o) { LAUNCHES }
"""


def test_a_template_parameter_step_is_each_instances_own(tmp_path) -> None:
    """CUB's `for (i = tid; i < N; i += BLOCK_THREADS)`: 2048 over 256 or 128 threads stays in 32 rows."""
    src = STEP.replace("LAUNCHES", "k<256, 2048><<<1, 256>>>(o); k<128, 2048><<<1, 128>>>(o);")
    found = _proof(src, tmp_path, {(("BLOCK_THREADS", 256), ("N", 2048)): (256, 1, 1),
                                   (("BLOCK_THREADS", 128), ("N", 2048)): (128, 1, 1)})
    assert found is None


def test_one_instance_walking_past_the_array_is_refused(tmp_path) -> None:
    src = STEP.replace("LAUNCHES", "k<256, 2048><<<1, 256>>>(o); k<256, 2049><<<1, 256>>>(o);")
    found = _proof(src, tmp_path, {(("BLOCK_THREADS", 256), ("N", 2048)): (256, 1, 1),
                                   (("BLOCK_THREADS", 256), ("N", 2049)): (256, 1, 1)})
    assert found is not None and found.failure == Failure.OUT_OF_RANGE


def test_a_step_smaller_than_the_block_overlaps_but_stays_inside(tmp_path) -> None:
    """BLOCK_THREADS = 64 under 256 threads: the step is the argument, not the block's size."""
    src = STEP.replace("LAUNCHES", "k<64, 2048><<<1, 256>>>(o);")
    assert _proof(src, tmp_path, {(("BLOCK_THREADS", 64), ("N", 2048)): (256, 1, 1)}) is None
    src = STEP.replace("LAUNCHES", "k<64, 2112><<<1, 256>>>(o);")
    found = _proof(src, tmp_path, {(("BLOCK_THREADS", 64), ("N", 2112)): (256, 1, 1)})
    assert found is not None and found.failure == Failure.OUT_OF_RANGE
