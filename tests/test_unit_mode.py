"""`--unit`: a kernel file that is no translation unit of its own (Rodinia's
`kernel.cu`, Parboil's bfs), analysed as the unit that #includes it compiles it."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_nvcc
from rapcc.diagnostics import RapccError
from rapcc.frontend import including_unit
from rapcc.pipeline import Options, rewrite_source

UNIT = b"""#include <stdio.h>
typedef float fp;
#define TILE 32
struct params { int n; };
#include "kernel.cu"
__global__ void other(fp *o) {
  __shared__ fp mine[64];
  mine[threadIdx.x] = o[threadIdx.x];
  scale(mine, threadIdx.x);
  o[threadIdx.x] = mine[threadIdx.x] + shared_total[0];
}
int main() { return 0; }
"""

# Reads `fp`, `TILE` and `params`, which only the unit declares.
KERNEL = b"""__device__ void scale(fp *t, int i) { t[i * TILE % 64] *= 2.0f; }
__device__ void column(fp *t, int i) { t[i * TILE] += 1.0f; }
__shared__ fp shared_total[TILE * TILE];
__global__ void k(fp *out, params p) {
  __shared__ fp tile[TILE][TILE];
  __shared__ fp flat[TILE * TILE];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  shared_total[threadIdx.x * TILE] = out[p.n];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  flat[threadIdx.x * TILE] = 1.0f;
  scale(flat, threadIdx.x);
  column(flat, threadIdx.x);
  out[0] = flat[threadIdx.x] + shared_total[threadIdx.x];
}
"""


def _project(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "main.cu").write_bytes(UNIT)
    (tmp_path / "kernel.cu").write_bytes(KERNEL)
    return tmp_path / "main.cu", tmp_path / "kernel.cu"


def _plans(result) -> dict:
    return {p.analysis.array.name: p for p in result.plans}


def test_alone_the_file_has_errors_in_its_unit_it_is_rewritten(tmp_path: Path):
    unit, kernel = _project(tmp_path)
    with pytest.raises(RapccError):  # `fp` at file scope: nothing of the file can be trusted
        rewrite_source(KERNEL, str(kernel), Options(block_dim=(32, 32, 1)))
    result = rewrite_source(KERNEL, str(kernel), Options(block_dim=(32, 32, 1), unit=str(unit)))
    plans = _plans(result)
    assert plans["tile"].rewritten and plans["flat"].rewritten
    assert not [d for d in result.diagnostics if d.level == "error"]


def test_what_the_unit_also_uses_is_kept_for_it(tmp_path: Path):
    """`scale` is called from the unit's own kernel too: the rewritten array gets
    its own copy and the unit keeps the original. `column` only this file
    calls: it is rewritten in place. `shared_total` the unit reads: untouched."""
    unit, kernel = _project(tmp_path)
    result = rewrite_source(KERNEL, str(kernel), Options(block_dim=(32, 32, 1), unit=str(unit)))
    text = result.text.decode()
    assert "scale__rapcc_flat(flat, threadIdx.x)" in text
    assert "__device__ void scale(fp *t, int i) { t[i * TILE % 64] *= 2.0f; }" in text
    assert "column__rapcc" not in text and "void column(fp *t, int i) { t[__rapcc_flat" in text
    total = _plans(result)["shared_total"]
    assert not total.rewritten and "also used by" in total.reason


def test_the_rewrite_compiles_inside_its_unit(tmp_path: Path):
    nvcc = require_nvcc()
    unit, kernel = _project(tmp_path)
    result = rewrite_source(KERNEL, str(kernel), Options(block_dim=(32, 32, 1), unit=str(unit)))
    assert result.changed
    kernel.write_bytes(result.text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-c", "-o", str(tmp_path / "main.o"), str(unit)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_unit_that_does_not_include_the_file_is_an_error(tmp_path: Path):
    _, kernel = _project(tmp_path)
    other = tmp_path / "other.cu"
    other.write_bytes(b"int main() { return 0; }\n")
    with pytest.raises(RapccError) as exc:
        rewrite_source(KERNEL, str(kernel), Options(unit=str(other)))
    assert "does not #include" in exc.value.diagnostics[0].message
    with pytest.raises(RapccError) as exc:
        rewrite_source(KERNEL, str(kernel), Options(unit=str(tmp_path / "missing.cu")))
    assert "cannot read the including unit" in exc.value.diagnostics[0].message


def test_including_unit_finds_the_file_that_includes_it(tmp_path: Path):
    unit, kernel = _project(tmp_path)
    other = tmp_path / "other.cu"
    other.write_bytes(b"int main() { return 0; }\n")
    assert including_unit(str(kernel), [str(other), str(unit)], Options()) == str(unit)
    assert including_unit(str(kernel), [str(other)], Options()) is None


def test_cli_takes_unit_and_says_it_in_the_reproduce_line(tmp_path: Path, run_cli):
    unit, kernel = _project(tmp_path)
    out = tmp_path / "kernel.out.cu"
    code, _, err = run_cli(str(kernel), "--unit", str(unit), "--block-dim", "32x32", "-o", str(out))
    assert code == 0, err
    assert f"--unit {unit}" in out.read_text()
    code, _, err = run_cli(str(kernel), "--unit", str(tmp_path / "nope.cu"), "-o", str(out))
    assert code != 0 and "cannot read the including unit" in err


def test_the_units_own_launches_give_the_block_shape(tmp_path: Path):
    # The launch comes after the #include, outside the text the file is parsed after.
    (tmp_path / "main.cu").write_bytes(b'#include "kernel.cu"\n'
                                       b'void go(float *o) { diag<<<64, dim3(16, 1)>>>(o); }\n')
    (tmp_path / "kernel.cu").write_bytes(b"__global__ void diag(float *o) {\n"
                                         b"  __shared__ float t[17][17];\n"
                                         b"  for (int m = 0; m < 16; m++) t[m][threadIdx.x] = o[m];\n"
                                         b"  __syncthreads();\n"
                                         b"  for (int m = 0; m < 16; m++) o[m] = t[threadIdx.x][m] + t[16 - threadIdx.x][m];\n"
                                         b"}\n")
    kernel = tmp_path / "kernel.cu"
    alone = rewrite_source(kernel.read_bytes(), str(kernel), Options())
    assert _plans(alone)["t"].analysis.block.source != "launch"
    result = rewrite_source(kernel.read_bytes(), str(kernel), Options(unit=str(tmp_path / "main.cu")))
    block = _plans(result)["t"].analysis.block
    assert block.source == "launch" and (block.x, block.y, block.z) == (16, 1, 1)
