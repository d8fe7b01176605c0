"""Issue 30: a hand pad that does not work (rows of 18 or 34 words, made for
8-byte banks) is replaced by a layout planned over its data region, never
more bytes than declared, where every column is proved inside that region.
Twins: a kernel that uses the pad columns, a working pad, an unproved column."""
from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest

from rapcc.handpad import DataRegion, Refused, data_region, replaced_text
from rapcc.analysis.handfix import detect
from rapcc.banks import DEFAULT_BANKS
from rapcc.pipeline import Options, rewrite_source
from rapcc.rewrite import grown_dim_text
from tests.conftest import require_nvcc
from tests.buildtools import require_host_oracle
from tests.fuzz.hostcheck import GXX, Failure, build_and_run, precompile_header
from tests.fuzz.hostgen import HostKernel, Launch


def transpose(rows: int, width: str, extra: str = "", read_col: str = "tx", launch: bool = True) -> str:
    """A tile transpose of `rows` x `rows` ints in a `[rows][width]` tile, one
    block per tile, launched `rows` x 8 (or not at all)."""
    host = f"""
#ifdef __CUDACC__
void run(const int *in, int *out) {{ k<<<2, dim3({rows}, 8)>>>(in, out, 0); }}
#endif
""" if launch else ""
    return f"""#define N {rows}
#define W {width}
__global__ void k(const int *in, int *out, int p) {{
    __shared__ int tile[N][W];
    unsigned tx = threadIdx.x, ty = threadIdx.y, b = blockIdx.x * N * N;
    for (unsigned j = ty; j < N; j += 8)
        tile[j][tx] = in[b + j * N + tx];
    __syncthreads();
    int acc = 0;
    for (unsigned j = ty; j < N; j += 8)
        out[b + j * N + tx] = tile[{read_col}][j] + acc;{extra}
}}
{host}"""


def _result(tmp_path: Path, src: str, strategy: str = "auto"):
    path = tmp_path / "k.cu"
    path.write_text(src)
    return rewrite_source(src.encode(), str(path), Options(whole_program=True, strategy=strategy))


def _declared(text: str) -> str:
    return next(line.strip() for line in text.splitlines() if "__shared__ int tile" in line)


@pytest.mark.parametrize("rows, width", [(32, "N + 2"), (16, "N + 2"), (32, "34")])
def test_broken_pad_is_replaced_by_a_smaller_conflict_free_layout(tmp_path: Path, rows: int, width: str) -> None:
    result = _result(tmp_path, transpose(rows, width))
    [plan] = result.plans
    m = plan.mapping
    assert plan.rewritten and m.declared_dims == (rows, rows + 2) and m.logical_dims == (rows, rows)
    assert math.prod(m.phys_dims) <= rows * (rows + 2)
    assert all(p.wavefronts <= p.ideal + 1e-9 for p in plan.after)
    assert plan.reason.startswith(f"hand pad {rows + 2} -> {m.phys_dims[-1]} replaced: ")
    out = result.text.decode()
    assert f"[{m.phys_dims[-1]}]" in _declared(out) or f"- {rows + 2 - m.phys_dims[-1]}]" in _declared(out)


def test_requested_xor_swizzles_the_data_region(tmp_path: Path) -> None:
    result = _result(tmp_path, transpose(32, "N + 2"), "xor")
    [plan] = result.plans
    assert plan.mapping.strategy == "xor" and plan.mapping.phys_dims == (32, 32)
    assert _declared(result.text.decode()) == "__shared__ int tile[N][(W) - 2];"
    assert replaced_text(plan.mapping) == "hand pad 34 -> 32 replaced"


def test_pad_columns_used_keep_the_array(tmp_path: Path) -> None:
    """Wrong form: `tile[r][33]` reads a pad column (it is no hand pad); planning
    over 32 columns would move that element. The array is only ever grown."""
    src = transpose(32, "N + 2", extra="\n    if (tx == 0) out[b + 1024 + ty] = tile[ty][33];")
    result = _result(tmp_path, src)
    [plan] = result.plans
    assert detect(plan.analysis, DEFAULT_BANKS) is None
    assert not plan.mapping.declared_dims
    assert all(c.mapping.phys_dims[-1] >= 34 for c in plan.candidates)


def test_working_pad_is_untouched(tmp_path: Path) -> None:
    src = transpose(32, "N + 1")
    result = _result(tmp_path, src)
    [plan] = result.plans
    assert not plan.rewritten and result.text == src.encode()


def test_data_column_not_proved_inside_keeps_the_pad(tmp_path: Path) -> None:
    """Wrong form: a column read from data, `% 34u`, is proved inside the row
    but not below 32: the pad columns may hold data, so no hand pad is read
    into it and no layout over 32 columns is planned."""
    extra = "\n    out[b + 1024 + ty] = tile[ty][(unsigned)in[tx] % 34u];"
    result = _result(tmp_path, transpose(32, "N + 2", extra=extra))
    plan = result.plans[0]
    assert plan.analysis.unproved is None
    assert detect(plan.analysis, DEFAULT_BANKS) is None
    assert not plan.mapping.declared_dims
    assert all(not c.mapping.declared_dims for c in plan.candidates)


def test_data_row_proved_inside_is_still_replaced(tmp_path: Path) -> None:
    """Its twin: a row read from data, `% 32u`, is proved, the columns too: replaced."""
    result = _result(tmp_path, transpose(32, "N + 2", read_col="(unsigned)in[tx] % 32u"))
    assert result.plans[0].mapping.declared_dims == (32, 34)


def test_unlaunched_kernel_is_proved_for_every_shape_or_kept(tmp_path: Path) -> None:
    """No launch: every shape the hardware allows, where `tx` reaches 1023 and
    walks past the row: no hand pad is read into it."""
    result = _result(tmp_path, transpose(32, "N + 2", launch=False))
    assert not any(p.mapping.declared_dims for p in result.plans)


def test_unproved_column_is_refused_by_data_region(tmp_path: Path) -> None:
    """The wrong form at the unit: a site whose top is unknown refuses the move."""
    result = _result(tmp_path, transpose(32, "N + 2"))
    a = result.plans[0].analysis
    fix = detect(a, DEFAULT_BANKS)
    assert isinstance(data_region(a, fix), DataRegion)
    from dataclasses import replace
    blind = replace(a, accesses=(replace(a.accesses[0], site=None),) + a.accesses[1:])
    assert data_region(blind, fix) is Refused.UNPROVED_COLUMN


def test_shrunk_extent_text() -> None:
    assert grown_dim_text("34", -1) == "33"
    assert grown_dim_text("W", -2) == "(W) - 2"
    assert grown_dim_text("N + 2", -1) == "(N + 2) - 1"
    assert grown_dim_text("N", 1) == "N + 1"  # growth as before


@pytest.mark.slow
@pytest.mark.parametrize("rows", [32, 16])
def test_host_oracle_bit_for_bit(tmp_path: Path, rows: int) -> None:
    """g++ runs the original and each rewrite (pad, xor, auto) on the host: same bits."""
    require_host_oracle(GXX)
    src = transpose(rows, "N + 2")
    texts = [src]
    for strategy in ("auto", "pad", "xor"):
        out = _result(tmp_path, src, strategy)
        # `pad` on [16][18]: no padding of 16-word rows within the bytes is conflict-free; it grows the pad
        assert out.plans[0].rewritten and (out.plans[0].mapping.declared_dims or strategy == "pad"), strategy
        texts.append(out.text.decode())
    kernel = HostKernel("handpad", "handpad", True, src, (Launch("k", 2, (rows, 8), 0),))
    header = precompile_header(tmp_path / "pch")
    got = build_and_run(kernel, texts, tmp_path, header, "hp")
    assert not isinstance(got, Failure), got
    assert any(got[0][4 * i:4 * i + 4] != b"\0\0\0\0" for i in range(2 * rows * rows))
    assert all(g == got[0] for g in got[1:])


@pytest.mark.nvcc
@pytest.mark.parametrize("rows, strategy", [(32, "auto"), (16, "auto"), (32, "xor")])
def test_output_compiles_with_nvcc(tmp_path: Path, rows: int, strategy: str) -> None:
    nvcc = require_nvcc()
    result = _result(tmp_path, transpose(rows, "N + 2"), strategy)
    assert result.plans[0].mapping.declared_dims
    out = tmp_path / "out.cu"
    out.write_bytes(result.text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_vector_access_reaching_the_pad_refuses(tmp_path: Path) -> None:
    """Wrong form at the unit: an access moving 8 bytes from a column proved
    <= 31 touches column 32, a pad column: no data region."""
    from dataclasses import replace
    result = _result(tmp_path, transpose(32, "N + 2"))
    a = result.plans[0].analysis
    fix = detect(a, DEFAULT_BANKS)
    wide = replace(a.accesses[0], access=replace(a.accesses[0].access, width=8))
    assert data_region(replace(a, accesses=(wide,) + a.accesses[1:]), fix) is Refused.UNPROVED_COLUMN
    assert isinstance(data_region(a, fix), DataRegion)


def test_template_sized_hand_pad_is_out_of_scope(tmp_path: Path) -> None:
    src = transpose(32, "N + 2").replace("#define N 32\n", "").replace(
        "__global__ void k(", "template <int N> __global__ void k(").replace("k<<<", "k<32><<<")
    result = _result(tmp_path, src)
    [plan] = result.plans
    assert plan.analysis.instances and not plan.mapping.declared_dims
    assert plan.reason.endswith(f"its hand pad is not removed: {Refused.TEMPLATE.value}")


@pytest.mark.parametrize("extra, why", [
    ("\n    if (tx == 0) out[b + 1024] = sizeof(tile);", "'sizeof' depends on the size of 'tile'"),
    ("\n    if (tx == 0) out[b + 1024] = sizeof(tile[0]) / sizeof(int);", "a row of 'tile' is used as a pointer"),
])
def test_size_read_keeps_the_array(tmp_path: Path, extra: str, why: str) -> None:
    """Wrong form: the program reads the declared size, which a shrink changes."""
    [plan] = _result(tmp_path, transpose(32, "N + 2", extra=extra)).plans
    assert not plan.rewritten and why in plan.reason


def test_pointer_alias_keeps_the_declared_columns(tmp_path: Path) -> None:
    """A row alias (`int *row = tile[ty]`) is not planned over the data region
    (whitelist): the pad may still be grown, and the reason says why not removed."""
    extra = "\n    int *row = tile[ty]; out[b + 1100 + tx] = row[tx];"
    [plan] = _result(tmp_path, transpose(32, "N + 2", extra=extra)).plans
    assert not plan.mapping.declared_dims
    assert plan.reason.endswith(f"its hand pad is not removed: {Refused.INDIRECT.value}")


def test_skipped_branch_keeps_the_declared_columns(tmp_path: Path) -> None:
    """Wrong form: a branch this parse skips may read a pad column (`tile[ty][33]`
    under `-DDEBUG`), which no proof saw: the hand pad is not removed."""
    extra = "\n#ifdef DEBUG\n    out[b + 1100 + tx] = tile[ty][33];\n#endif"
    [plan] = _result(tmp_path, transpose(32, "N + 2", extra=extra)).plans
    assert plan.analysis.inactive and not plan.mapping.declared_dims
    assert f"its hand pad is not removed: {Refused.SKIPPED_BRANCH.value}" in plan.reason
