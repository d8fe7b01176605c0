"""`rapcc-nvcc` on a unit that `#include`s its kernels from another `.cu` file
(`#include "kernel.cu"`, as many SDK and Rodinia samples do): the included file
is rewritten as the unit compiles it and its copy is compiled in its place;
messages and dependency files still name the user's files."""
from __future__ import annotations

import json
import re

import pytest

from buildtools import ORIGINAL_TILE, PADDED_TILE, build_env, run_wrapped, shared_size
from conftest import require_nvcc

pytestmark = pytest.mark.nvcc


# The kernel file has no launch and no block shape of its own: both come from
# the unit that includes it. It reads a constant from a header beside it.
KERNEL = """#include "tile.h"
__global__ void transpose(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int i = 0; i < TILE; i += 8)
        tile[threadIdx.y + i][threadIdx.x] = in[(y + i) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int i = 0; i < TILE; i += 8)
        out[(y + i) * n + x] = tile[threadIdx.x][threadIdx.y + i];
}
"""

MAIN = """#include <cstdio>
#include "tile.h"
#include "{kernel}"

int run(float *out, const float *in, int n)
{{
    transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, 8)>>>(out, in, n);
    return 0;
}}
"""


def _env(cache, **extra: str) -> dict[str, str]:
    """A build whose units hold every launch of their kernels (RAPCC_WHOLE_PROGRAM): the
    padding these tests read back needs every launch's dynamic shared memory (issue 27 §7)."""
    return build_env(cache, RAPCC_WHOLE_PROGRAM="1", **extra)


@pytest.fixture
def project(tmp_path):
    require_nvcc()
    src = tmp_path / "src"
    src.mkdir()
    (src / "tile.h").write_text("#pragma once\n#define TILE 32\n")
    (src / "kernel.cu").write_text(KERNEL)
    (src / "main.cu").write_text(MAIN.format(kernel="kernel.cu"))
    return tmp_path


def test_an_included_kernel_file_is_rewritten_and_compiled_in_place(project):
    env = _env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "main.ptx"], project, env)
    assert r.returncode == 0, r.stderr
    assert "rapcc:" not in r.stderr
    assert shared_size((project / "main.ptx").read_text()) == PADDED_TILE
    (report,) = [json.loads(p.read_text()) for p in (project / "reports").iterdir()]
    assert report["arrays"] == []  # main.cu itself declares no shared array
    (inc,) = report["included_files"]
    assert inc["file"].endswith("src/kernel.cu") and inc["rewritten"]
    assert inc["report"]["arrays"][0]["strategy"] == "pad"
    # The block shape came from the launch in the unit, after the #include.
    assert inc["report"]["arrays"][0]["block_dim"] == [32, 8, 1]
    # The user's file is untouched, and rapcc off compiles it as written.
    assert (project / "src" / "kernel.cu").read_text() == KERNEL
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "off.ptx"], project, {**env, "RAPCC_DISABLE": "1"})
    assert r.returncode == 0 and shared_size((project / "off.ptx").read_text()) == ORIGINAL_TILE


def test_messages_and_dependencies_name_the_included_file(project):
    kernel = project / "src" / "kernel.cu"
    lines = KERNEL.splitlines()
    sync = next(i for i, l in enumerate(lines) if "__syncthreads" in l)
    lines.insert(sync, "    int never_used_here;")  # nvcc warns about it, on this line
    kernel.write_text("\n".join(lines) + "\n")
    env = _env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    r = run_wrapped(["-arch=sm_90", "-c", "-MD", "src/main.cu", "-o", "main.o"], project, env)
    assert r.returncode == 0, r.stderr
    (report,) = [json.loads(p.read_text()) for p in (project / "reports").iterdir()]
    assert report["included_files"][0]["rewritten"]
    assert re.search(rf"src/kernel\.cu\({sync + 1}\): warning", r.stderr), r.stderr
    assert "cache" not in r.stderr
    deps = (project / "main.d").read_text()
    assert "src/main.cu" in deps and "src/kernel.cu" in deps and "src/tile.h" in deps
    assert str(project / "cache") not in deps


def test_an_edit_to_a_header_of_the_included_file_is_a_miss(project):
    env = _env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    assert run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "a.ptx"], project, env).returncode == 0
    (project / "src" / "tile.h").write_text("#pragma once\n#define TILE 16\n")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "b.ptx"], project, env)
    assert r.returncode == 0, r.stderr
    (report,) = [json.loads(p.read_text()) for p in (project / "reports").iterdir()]
    (array,) = report["included_files"][0]["report"]["arrays"]
    assert array["dims"] == [16, 16] and array["block_dim"] == [16, 8, 1] and array["strategy"] != "none"


def test_a_kernel_file_included_from_another_folder_is_compiled_as_written(project):
    sub = project / "src" / "kernels"
    sub.mkdir()
    (sub / "kernel.cu").write_text(KERNEL.replace('#include "tile.h"', '#include "../tile.h"'))
    (project / "src" / "main.cu").write_text(MAIN.format(kernel="kernels/kernel.cu"))
    env = _env(project / "cache")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "main.ptx"], project, env)
    assert r.returncode == 0, r.stderr
    assert shared_size((project / "main.ptx").read_text()) == ORIGINAL_TILE


def test_the_unit_and_its_included_file_are_both_rewritten(project):
    own = KERNEL.replace('#include "tile.h"\n', "").replace("transpose(", "transpose_own(")
    (project / "src" / "main.cu").write_text(
        MAIN.format(kernel="kernel.cu") + own
        + "int run_own(float *o, const float *i, int n)\n"
          "{ transpose_own<<<dim3(n / TILE, n / TILE), dim3(TILE, 8)>>>(o, i, n); return 0; }\n")
    env = _env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "main.ptx"], project, env)
    assert r.returncode == 0, r.stderr
    sizes = re.findall(r"\.shared \.align \d+ \.b8 \S+(\[\d+\])", (project / "main.ptx").read_text())
    assert sizes == [PADDED_TILE, PADDED_TILE]
    (report,) = [json.loads(p.read_text()) for p in (project / "reports").iterdir()]
    assert [a["function"] for a in report["arrays"]] == ["transpose_own"]
    assert report["included_files"][0]["rewritten"]


def test_a_rewrite_that_does_not_compile_is_kept_as_written(project):
    # kernel.cu is #pragma once and reached twice: directly, and through a header.
    # Its rewritten copy beside the unit is another file to the preprocessor, so
    # the rewrite's compile sees the kernel twice; the build must still pass.
    src = project / "src"
    (src / "kernel.cu").write_text("#pragma once\n" + KERNEL)
    (src / "other.h").write_text('#pragma once\n#include "kernel.cu"\n')
    (src / "main.cu").write_text(MAIN.format(kernel="kernel.cu").replace('#include "kernel.cu"\n',
                                                                         '#include "kernel.cu"\n#include "other.h"\n'))
    env = _env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "main.ptx"], project, env)
    assert r.returncode == 0, r.stderr
    assert shared_size((project / "main.ptx").read_text()) == ORIGINAL_TILE
    # The float check (rapcc/verify_float.py) compiles the rewrite to PTX before the build does: nvcc
    # rejects it, so the tile keeps its layout, and the report says why.
    (report,) = [json.loads(p.read_text()) for p in (project / "reports").iterdir()]
    (tile,) = report["included_files"][0]["report"]["arrays"]
    assert tile["strategy"] == "none" and "nvcc did not compile the rewrite to PTX" in tile["reason"]


def test_an_included_file_rapcc_refuses_gets_one_note(project):
    """Compiled as written, and said so (issue 19: such files were skipped silently)."""
    kernel = project / "src" / "kernel.cu"
    kernel.write_text("#if defined(__clang__)\n#error rapcc parses with clang\n#endif\n" + kernel.read_text())
    env = _env(project / "cache")
    for _ in range(2):  # the second compile is a cache hit and says it again
        r = run_wrapped(["-arch=sm_90", "-ptx", "src/main.cu", "-o", "main.ptx"], project, env)
        assert r.returncode == 0, r.stderr
        notes = [l for l in r.stderr.splitlines() if l.startswith("rapcc:")]
        assert len(notes) == 1, r.stderr
        assert notes[0].startswith("rapcc: note: ") and "kernel.cu (included by src/main.cu): " in notes[0]
        assert notes[0].endswith("; compiled unchanged")
        assert shared_size((project / "main.ptx").read_text()) == ORIGINAL_TILE
