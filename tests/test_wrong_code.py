"""The three wrong-code patterns of issue 7, under every strategy: refused, or rewritten only where legal."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_nvcc
from rapcc.pipeline import STRATEGIES, Options, rewrite_source

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CHANGING = [s for s in STRATEGIES if s != "none"]


def _run(name: str, strategy: str, launch: bytes = b"", **kw):
    """`launch`: host code appended to the example (a launch that asks for no
    dynamic shared memory lets padding grow the kernel's static arrays)."""
    path = EXAMPLES / f"{name}.cu"
    return rewrite_source(path.read_bytes() + launch, str(path), Options(whole_program=True, strategy=strategy, **kw))


@pytest.mark.parametrize("strategy", CHANGING)
@pytest.mark.parametrize("name, reach", [("flat_walk", "subscript 1 of 'tile' is not proved inside its dimension"),
                                         ("late_trip", "subscript 1 of 'tile' is not proved inside its dimension "
                                                       "under block shape 32x8x1 for thread (0, 0, 0) (it may take "
                                                       "[0, 992 step 32])")])
def test_out_of_dimension_walks_are_left_untouched(name: str, reach: str, strategy: str) -> None:
    r = _run(name, strategy)
    assert not r.changed
    assert r.text == (EXAMPLES / f"{name}.cu").read_bytes()
    warnings = [d for d in r.diagnostics if d.check_id == "rapcc-unproved"]
    assert warnings and reach in warnings[0].message


@pytest.mark.parametrize("strategy", CHANGING)
def test_skipped_branch_allows_padding_only(strategy: str) -> None:
    r = _run("ifdef_rowwise", strategy, b"void launch(float *o, const float *i) { ifdef_rowwise<<<1, dim3(32, 8)>>>(o, i); }\n")
    (plan,) = r.plans
    if strategy in ("auto", "pad"):
        assert plan.mapping.strategy == "pad" and plan.mapping.last_index is None
        assert b"also used in branches this parse skipped, chosen by: ROWWISE" in r.text
        # The skipped branch's raw subscripts are untouched and the declaration grew.
        assert b"tile[ty + i][TILE_DIM - 1 - tx]" in r.text and b"tile[TILE_DIM][TILE_DIM + 1]" in r.text
    else:
        assert not r.changed
        assert any("preprocessor branch at line 31" in d.message for d in r.diagnostics
                   if d.check_id == "rapcc-escape")


def test_parsing_with_the_builds_define_sees_that_branch() -> None:
    """With -DROWWISE the read branch is row-wise: nothing conflicts, and the
    now-skipped #else branch (a column read) is proved by re-parsing without it."""
    r = _run("ifdef_rowwise", "pad", defines=("ROWWISE",))
    (plan,) = r.plans
    assert plan.analysis.inactive and all(u.proved for u in plan.analysis.inactive)


def test_flat_walk_in_a_skipped_branch_is_refused(tmp_path: Path) -> None:
    src = (EXAMPLES / "ifdef_rowwise.cu").read_text().replace(
        "tile[ty + i][TILE_DIM - 1 - tx]", "tile[0][(ty + i) * TILE_DIM + tx]")
    p = tmp_path / "k.cu"
    p.write_text(src)
    for strategy in CHANGING:
        r = rewrite_source(src.encode(), str(p), Options(whole_program=True, strategy=strategy))
        assert not r.changed, strategy
    msg = next(d.message for d in r.diagnostics if d.check_id == "rapcc-escape")
    assert "subscript 1 of 'tile' is not proved inside its dimension" in msg and "-DROWWISE=1" in msg


def test_a_macro_body_naming_the_array_is_refused(tmp_path: Path) -> None:
    src = (EXAMPLES / "transpose_32x8.cu").read_text().replace(
        "#define BLOCK_ROWS 8", "#define BLOCK_ROWS 8\n#define PEEK(r, c) tile[r][c]")
    r = rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(whole_program=True, strategy="pad"))
    assert not r.changed
    assert any("spelled in the body of macro 'PEEK'" in d.message for d in r.diagnostics)


def test_sizeof_in_a_skipped_branch_is_refused(tmp_path: Path) -> None:
    src = (EXAMPLES / "transpose_32x8.cu").read_text().replace(
        "    __syncthreads();", "#ifdef DEBUG\n    out[0] = sizeof(tile);\n#endif\n    __syncthreads();")
    r = rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(whole_program=True, strategy="pad"))
    assert not r.changed
    assert any("its size is taken with 'sizeof'" in d.message for d in r.diagnostics)


@pytest.mark.nvcc
def test_other_macro_values_refuse_to_compile(tmp_path: Path) -> None:
    """A tile size behind '#ifndef TILE_DIM': the rewrite was proved for 32; a
    build with -DTILE_DIM=64 must not compile it, one with the same value must."""
    nvcc = require_nvcc()
    src = (EXAMPLES / "transpose_32x8.cu").read_text().replace(
        "#define TILE_DIM 32", "#ifndef TILE_DIM\n#define TILE_DIM 32\n#endif")
    r = rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(whole_program=True, strategy="xor"))
    assert r.changed and r.macro_guards == (("BLOCK_ROWS", 8), ("TILE_DIM", 32))
    out = tmp_path / "out.cu"
    out.write_bytes(r.text)

    def build(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run([nvcc, "-arch=sm_90", "-c", *flags, "-o", str(tmp_path / "k.o"), str(out)],
                              capture_output=True, text=True)
    assert build().returncode == 0
    assert build("-DTILE_DIM=32").returncode == 0
    bad = build("-DTILE_DIM=64")
    assert bad.returncode != 0 and "rewritten for BLOCK_ROWS=8, TILE_DIM=32" in bad.stderr


FULL_TILE = b"""extern "C" __global__ void k(float *o) {
  #pragma rapcc block_dim(32, 8)
  __shared__ float tile[96][128];
  for (int r = threadIdx.y; r < 96; r += 8) tile[r][threadIdx.x * 4] = o[r * 128 + threadIdx.x];
  __syncthreads();
  o[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float *o) { k<<<1, dim3(32, 8)>>>(o); }
"""


@pytest.mark.parametrize("strategy", ["pad", "auto"])
def test_no_layout_takes_a_kernel_over_the_static_shared_limit(strategy: str, tmp_path: Path) -> None:
    """A 96x128 float tile is exactly 48 KB: padding its rows would make ptxas
    refuse the kernel ("uses too much shared data"; found by the GPU fuzzer on a
    float4 array). `pad` keeps it as written and says why; `auto` picks a
    layout that keeps the size. Whatever is emitted compiles."""
    result = rewrite_source(FULL_TILE, str(tmp_path / "k.cu"), Options(whole_program=True, strategy=strategy))
    (plan,) = result.plans
    if strategy == "pad":
        assert not plan.rewritten and "over the 49152-byte limit" in plan.reason
    else:
        assert plan.rewritten and plan.mapping.phys_dims == (96, 128), plan.reason
    nvcc = require_nvcc()
    out = tmp_path / "k.cu"
    out.write_bytes(result.text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "--cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
