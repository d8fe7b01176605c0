"""What is analysed does not depend on the entry point (issue 28 item 5):
`rapcc analyze FILE`, `rapcc analyze -p BUILD` and `rapcc-nvcc` report the
same arrays for one unit, a file-scope `extern __shared__` array included;
reports of one source compiled with several `-D` sets stay apart."""
from __future__ import annotations

import json
import os

import pytest

from buildtools import build_env, run_wrapped
from conftest import require_nvcc

pytestmark = pytest.mark.nvcc

# A kernel file the unit #includes from its own folder, and a file-scope dynamic array in the unit.
KERNEL = """__global__ void inc_tr(float *o) {
  __shared__ float t2[TILE][TILE];
  t2[threadIdx.x][threadIdx.y] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.y] = t2[threadIdx.y][threadIdx.x];
}
"""
MAIN = """#include "kernel.cu"
extern __shared__ float dyn[];
__global__ void uses_dyn(float *o) {
  dyn[threadIdx.x * 32] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = dyn[threadIdx.x];
}
void go(float *o) { inc_tr<<<1, dim3(TILE, TILE)>>>(o); uses_dyn<<<1, 32, 4096 * 4>>>(o); }
"""
HOST = "int host_only() { return 1; }\n"


@pytest.fixture
def project(tmp_path):
    require_nvcc()
    src = tmp_path / "src"
    src.mkdir()
    (src / "kernel.cu").write_text(KERNEL)
    (src / "main.cu").write_text(MAIN)
    (src / "host.cu").write_text(HOST)
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps([
        {"directory": str(tmp_path), "file": f"src/{name}",
         "command": f"nvcc -arch=sm_90 -DTILE=32 -c src/{name} -o build/{name}.o"} for name in ("main.cu", "host.cu")]))
    return tmp_path


def _arrays(reports: list[dict], base) -> set[tuple[str, str | None, str]]:
    """(file, function, array) of every report and of the files each one's unit #includes."""
    out = set()
    for r in reports:
        for a in r["arrays"]:
            out.add((os.path.realpath(os.path.join(base, r["file"])), a["function"], a["name"]))
        out |= _arrays([f["report"] for f in r.get("included_files", ()) if f.get("report")], base)
    return out


def test_the_three_entry_points_report_the_same_arrays(run_cli, project):
    main = project / "src" / "main.cu"
    expected = {(str(project / "src" / "kernel.cu"), "inc_tr", "t2"), (str(main), None, "dyn")}
    # 1. rapcc analyze FILE, with the unit's flags.
    code, out, err = run_cli("analyze", str(main), "-D", "TILE=32", "--format", "json")
    assert code == 0, err
    alone = _arrays([json.loads(out)], project)
    # 2. rapcc analyze -p BUILD (every unit of the database, and the kernel file in its unit).
    code, out, err = run_cli("analyze", "-p", str(project / "build"), "--format", "json")
    assert code == 0, err
    whole = _arrays(json.loads(out), project)
    # 3. the build hook, its reports in RAPCC_REPORT_DIR.
    env = build_env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    for name in ("main.cu", "host.cu"):
        r = run_wrapped(["-arch=sm_90", "-DTILE=32", "-c", f"src/{name}", "-o", f"build/{name}.o"], project, env)
        assert r.returncode == 0, r.stderr
    hooked = _arrays([json.loads(p.read_text()) for p in (project / "reports").iterdir()], project)
    assert alone == whole == hooked == expected


def test_reports_of_one_source_built_with_several_defines_stay_apart(project):
    env = build_env(project / "cache", RAPCC_REPORT_DIR=str(project / "reports"))
    for tile in (16, 32):
        r = run_wrapped(["-arch=sm_90", f"-DTILE={tile}", "-c", "src/main.cu", "-o", f"build/m{tile}.o"], project,
                        env)
        assert r.returncode == 0, r.stderr
    reports = [json.loads(p.read_text()) for p in sorted((project / "reports").iterdir())]
    dims = sorted(tuple(a["dims"]) for r in reports for f in r["included_files"] for a in f["report"]["arrays"])
    assert dims == [(16, 16), (32, 32)]  # before: one file, the last compile's
    # The same command again replaces its own report, nothing more.
    r = run_wrapped(["-arch=sm_90", "-DTILE=16", "-c", "src/main.cu", "-o", "build/m16.o"], project, env)
    assert r.returncode == 0 and len(list((project / "reports").iterdir())) == 2
