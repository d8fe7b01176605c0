"""A row of a 2-D array handed to a `__device__` function of the same file
(`fill(tile[r])`, issue 30): the proof follows the callee with the row's
base (analysis/run.py), the prediction walks it with the row's indices
leading (frontend/collect_uses._row_argument), and the array is kept with a
reason that says what a rewrite cannot express, not "used as a pointer"."""
from __future__ import annotations

import json

from rapcc.analysis.absint import Failure
from rapcc.analysis.proof_shapes import Exact
from rapcc.analysis.soundness import prove
from rapcc.frontend import parse_file
from rapcc.pipeline import Options, rewrite_source

ROW = """__device__ void fill(float *row, const float *in, int i) { row[i] = in[i]; }
__global__ void k(const float *in, float *out)
{
    __shared__ float tile[32][32];
    fill(tile[threadIdx.y], in + threadIdx.y * 32, OFFSET);
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(const float *i, float *o) { k<<<1, dim3(32, 32)>>>(i, o); }
"""


def _proof(src: str, tmp_path) -> Failure | None:
    cu = tmp_path / "k.cu"
    cu.write_text(src)
    info, _ = parse_file(str(cu), cu.read_bytes(), Options())
    program = info.sound()
    proof = prove(program, lambda name, args: Exact(((32, 32, 1),)), lambda a, start, end: True)
    found = dict(proof.findings)
    (key,) = [a.key for a in program.arrays]
    return found[key].failure if found.get(key) is not None else None


def test_the_proof_follows_the_row_into_the_callee(tmp_path) -> None:
    assert _proof(ROW.replace("OFFSET", "threadIdx.x"), tmp_path) is None
    # One past the row's end is the next row's first element: in the allocation, outside the row.
    assert _proof(ROW.replace("OFFSET", "threadIdx.x + 1"), tmp_path) == Failure.OUT_OF_RANGE


def test_the_row_is_kept_with_a_reason_that_names_the_call() -> None:
    r = rewrite_source(ROW.replace("OFFSET", "threadIdx.x").encode(), "k.cu", Options(strategy="xor"))
    (plan,) = r.plans
    assert not plan.rewritten
    assert "'tile' is passed to 'fill', a row of the array" in plan.reason
    assert "used as a pointer" not in plan.reason


def test_the_callees_subscript_is_predicted_with_the_row_leading(run_cli, tmp_path) -> None:
    src = tmp_path / "row.cu"
    src.write_text(ROW.replace("OFFSET", "threadIdx.x"))
    code, out, err = run_cli("analyze", str(src), "--format", "json")
    assert code == 0, err
    (arr,) = json.loads(out)["arrays"]
    inside = next(x for x in arr["accesses"] if x["line"] == 1)  # `row[i]` in fill: tile[ty][tx]
    assert inside["class"] == "linear" and inside["wavefronts_before"] == 1.0


def test_a_row_that_is_not_the_whole_argument_stays_a_pointer_use() -> None:
    src = ROW.replace("OFFSET", "threadIdx.x").replace("fill(tile[threadIdx.y],", "fill(tile[threadIdx.y] + 1,")
    r = rewrite_source(src.encode(), "k.cu", Options(strategy="xor"))
    (plan,) = r.plans
    assert not plan.rewritten and "a row of 'tile' is used as a pointer" in plan.reason
