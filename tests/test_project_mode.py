"""Project mode (`rapcc -p BUILD_DIR`, `rapcc analyze -p BUILD_DIR`), several
inputs with --out-dir / --in-place, and the launch shapes of other files."""
from __future__ import annotations

import json
import shutil

import pytest

from conftest import EXAMPLES, ROOT

PROJECT = ROOT / "tests" / "projects" / "shared_tiles"
SOURCES = ("main.cu", "transpose_kernel.cu", "transpose_launch.cu", "tiled_template.cu", "scale.cu")


@pytest.fixture
def project(tmp_path):
    """A copy of the test project with a compile database as CMake writes it (nvcc flags and all)."""
    root = tmp_path / "proj"
    shutil.copytree(PROJECT, root)
    build = tmp_path / "build"
    build.mkdir()
    db = [{"directory": str(build), "file": str(root / "src" / name), "output": f"{name}.o",
           "command": f"/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DBLOCK_ROWS=8 -DTILE_DIM=32 "
                      f"-I{root}/include --generate-code=arch=compute_90,code=[compute_90,sm_90] -std=c++17 "
                      f"-MD -MT {name}.o -MF {name}.o.d -x cu -rdc=true -Xcompiler=-fPIC -c {root}/src/{name} -o {name}.o"}
          for name in SOURCES]
    db.append({"directory": str(build), "file": str(root / "host.cpp"), "command": f"g++ -c {root}/host.cpp"})
    (build / "compile_commands.json").write_text(json.dumps(db))
    return root, build


def test_analyze_uses_each_files_flags_and_every_files_launches(run_cli, project):
    root, build = project
    code, out, err = run_cli("analyze", "-p", str(build), "--format", "json")
    assert code == 0, err
    reports = {r["file"].split("/")[-1]: r for r in json.loads(out)}
    assert set(reports) == set(SOURCES)  # host.cpp is not CUDA
    (tile,) = reports["transpose_kernel.cu"]["arrays"]
    assert tile["dims"] == [32, 32] and tile["block_dim"] == [32, 8, 1] and tile["block_dim_source"] == "launch"
    # Without the database the kernel's file says nothing of its block.
    code, out, _ = run_cli("analyze", str(root / "src" / "transpose_kernel.cu"), "-I", str(root / "include"),
                           "-D", "TILE_DIM=32", "-D", "BLOCK_ROWS=8", "--format", "json")
    # Only a guess from its subscripts (the tile's 32 columns; 32x16 is dropped: its rows
    # `tile[ty + j]` would leave the tile), never the launch's fact.
    alone = json.loads(out)["arrays"][0]
    assert alone["block_dim_source"] in ("assumed", "inferred") and [32, 8, 1] in alone["block_dims"]
    assert any(d["block_dim"] == [32, 16, 1] for d in alone["block_dims_dropped"])


def test_rewrite_to_an_out_dir(run_cli, project, tmp_path):
    root, build = project
    out = tmp_path / "out"
    code, _, err = run_cli("-p", str(build), "--out-dir", str(out))
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == sorted(SOURCES)
    assert "'tile' in 'transpose_tile'" in (out / "transpose_kernel.cu").read_text()
    assert (out / "main.cu").read_bytes() == (root / "src" / "main.cu").read_bytes()
    # Only the named files, still with the launches of all.
    only = tmp_path / "only"
    code, _, err = run_cli("-p", str(build), str(root / "src" / "transpose_kernel.cu"), "--out-dir", str(only))
    assert code == 0 and [p.name for p in only.iterdir()] == ["transpose_kernel.cu"]
    assert (only / "transpose_kernel.cu").read_bytes() == (out / "transpose_kernel.cu").read_bytes()
    code, _, err = run_cli("-p", str(build), str(root / "elsewhere.cu"), "--out-dir", str(only))
    assert code == 1 and "not in" in err


def test_in_place_keeps_backups_unless_told_not_to(run_cli, project):
    root, build = project
    kernel = root / "src" / "transpose_kernel.cu"
    original = kernel.read_bytes()
    code, _, err = run_cli("-p", str(build), "--in-place")
    assert code == 0, err
    assert kernel.read_bytes() != original and (root / "src" / "transpose_kernel.cu.orig").read_bytes() == original
    assert not (root / "src" / "main.cu.orig").exists()  # unchanged files are not touched
    kernel.write_bytes(original)
    code, _, _ = run_cli("-p", str(build), "--in-place", "--no-backup", str(kernel))
    assert code == 0 and kernel.read_bytes() != original
    assert sorted(p.name for p in (root / "src").glob("*.orig")) == ["tiled_template.cu.orig", "transpose_kernel.cu.orig"]


def test_in_place_is_all_or_nothing(run_cli, project):
    root, build = project
    (root / "src" / "broken.cu").write_text("#error this file does not build\n__global__ void k() { }\n")
    db = json.loads((build / "compile_commands.json").read_text())
    db.append({"directory": str(build), "file": str(root / "src" / "broken.cu"),
               "command": f"nvcc -c {root}/src/broken.cu"})
    (build / "compile_commands.json").write_text(json.dumps(db))
    before = {p: p.read_bytes() for p in (root / "src").iterdir()}
    code, _, err = run_cli("-p", str(build), "--in-place")
    assert code == 1 and "broken.cu" in err and "nothing was written" in err
    assert {p: p.read_bytes() for p in (root / "src").iterdir()} == before


def test_several_inputs_on_one_command_line(run_cli, tmp_path):
    out = tmp_path / "out"
    inputs = [str(EXAMPLES / "transpose_32x8.cu"), str(EXAMPLES / "fwt.cu")]
    code, _, err = run_cli(*inputs, "--out-dir", str(out))
    assert code == 0, err
    for name in ("transpose_32x8.cu", "fwt.cu"):
        code, single, _ = run_cli(str(EXAMPLES / name), "-o", "-")
        assert (out / name).read_text() == single
    code, _, err = run_cli(*inputs, "-o", str(tmp_path / "x.cu"))
    assert code == 2 and "--out-dir" in err
    code, diff, err = run_cli(*inputs)  # no destination: a dry run, each file's diff
    assert code == 0 and diff.count("\n--- ") + diff.startswith("--- ") == 2


def test_a_missing_database_is_a_clear_error(run_cli, tmp_path):
    code, _, err = run_cli("analyze", "-p", str(tmp_path))
    assert code == 1 and "compile_commands.json" in err and "CMAKE_EXPORT_COMPILE_COMMANDS" in err


INCLUDED_KERNEL = """__global__ void flip(float *out, const float *in, int n)
{
    __shared__ float tile[32][32];
    for (int i = 0; i < 32; i += 8)
        tile[threadIdx.y + i][threadIdx.x] = in[(blockIdx.x * 32 + threadIdx.y + i) * n + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 32; i += 8)
        out[(blockIdx.x * 32 + threadIdx.y + i) * n + threadIdx.x] = tile[threadIdx.x][threadIdx.y + i];
}
"""


def _including_project(tmp_path, units: tuple[str, ...]):
    """`units` each #include "kernel.cu" (which the database does not list) and launch its kernel."""
    root = tmp_path / "inc"
    root.mkdir()
    (root / "kernel.cu").write_text(INCLUDED_KERNEL)
    for u in units:
        (root / u).write_text('#include "kernel.cu"\n'
                              'void go(float *o, const float *i, int n) { flip<<<n / 32, dim3(32, 8)>>>(o, i, n); }\n')
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps(
        [{"directory": str(build), "file": str(root / u), "command": f"nvcc -c {root / u} -o {u}.o"} for u in units]))
    return root, build


def test_a_kernel_file_one_unit_includes_is_rewritten_as_that_unit_compiles_it(run_cli, tmp_path):
    root, build = _including_project(tmp_path, ("main.cu",))
    code, out, err = run_cli("analyze", "-p", str(build), "--format", "json")
    assert code == 0, err
    reports = {r["file"].split("/")[-1]: r for r in json.loads(out)}
    assert set(reports) == {"main.cu", "kernel.cu"}
    (tile,) = reports["kernel.cu"]["arrays"]
    assert tile["block_dim"] == [32, 8, 1] and tile["block_dim_source"] == "launch"
    code, _, err = run_cli("-p", str(build), "--in-place")
    assert code == 0, err
    assert (root / "kernel.cu.orig").read_text() == INCLUDED_KERNEL
    assert "'tile' in 'flip'" in (root / "kernel.cu").read_text()
    assert not (root / "main.cu.orig").exists()


def test_a_kernel_file_several_units_include_stays_as_written(run_cli, tmp_path):
    root, build = _including_project(tmp_path, ("a.cu", "b.cu"))
    code, _, err = run_cli("-p", str(build), "--in-place")
    assert code == 0, err
    assert (root / "kernel.cu").read_text() == INCLUDED_KERNEL and not (root / "kernel.cu.orig").exists()


KERNEL_ONLY = b"""
__global__ void k(float *out, const float *in)
{
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch_here(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }
"""


@pytest.mark.parametrize("other, rewritten", [
    # another file launches it where rapcc cannot read the shape: every shape for the proof (issue 27 §4), so
    # the layout applies behind a test of blockDim for the shapes proved only (analysis/guards.py)
    ("#include <cstdlib>\n__global__ void k(float *, const float *);\n"
     "void go(int argc, char **argv, float *o, const float *i) { k<<<1, dim3(atoi(argv[1]), 4)>>>(o, i); }\n", False),
    # twin: the other file's launch is read exactly
    ("__global__ void k(float *, const float *);\nvoid go(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }\n",
     True),
])
def test_an_unknown_launch_in_another_file_is_every_shape(tmp_path, other, rewritten):
    from rapcc.pipeline import Options, rewrite_source
    from rapcc.build.project import project_launches, Unit

    a, b = tmp_path / "a.cu", tmp_path / "b.cu"
    a.write_bytes(KERNEL_ONLY)
    b.write_text(other)
    found = project_launches([Unit(str(a), Options()), Unit(str(b), Options())], lambda p: open(p, "rb").read(), jobs=1)
    shapes = found.shapes
    assert not found.failures
    r = rewrite_source(KERNEL_ONLY, str(a), Options(strategy="xor", launch_shapes=shapes, whole_program=True))
    (plan,) = r.plans
    assert plan.rewritten and (not plan.analysis.guard) == rewritten, plan.reason


@pytest.mark.parametrize("bytes_, grows", [("47 * 1024", False), ("0", True)])
def test_another_files_launch_brings_its_dynamic_shared_memory(tmp_path, bytes_, grows):
    """4 KB of static tile and another file's launch asking 47 KB of dynamic memory: padding would fail that
    launch, so a same-size layout is taken (issue 27 §7); the twin asks none, and the tile is padded."""
    from rapcc.pipeline import Options, rewrite_source
    from rapcc.build.project import project_launches, Unit

    a, b = tmp_path / "a.cu", tmp_path / "b.cu"
    a.write_bytes(KERNEL_ONLY)
    b.write_text("__global__ void k(float *, const float *);\n"
                 f"void go(float *o, const float *i) {{ k<<<1, dim3(32, 32), {bytes_}>>>(o, i); }}\n")
    found = project_launches([Unit(str(a), Options()), Unit(str(b), Options())], lambda p: open(p, "rb").read(), jobs=1)
    shapes = found.shapes
    assert not found.failures
    (plan,) = rewrite_source(KERNEL_ONLY, str(a), Options(strategy="auto", launch_shapes=shapes,
                                                          whole_program=True)).plans
    assert plan.rewritten, plan.reason
    phys, logical = plan.mapping.phys_dims, plan.mapping.logical_dims
    assert (phys != logical) == grows, plan.reason
