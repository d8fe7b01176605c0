"""A block size that is a constant defined in another file of the program
(issue 30): read exactly where the definition is one the program provably
uses (`const`, external linkage, a constant initializer, every definition in
the database agreeing), unknown with a one-line reason otherwise
(rapcc/program_constants.py, rapcc/frontend/host_constants.py)."""
from __future__ import annotations

import json

import pytest

from rapcc.program_constants import ConstantDef, merge_constants, spelled

KERNEL = """
__global__ void k(float *out, const float *in)
{
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
"""
LAUNCH = "__global__ void k(float *, const float *);\nvoid go(float *o, const float *i) {{ k<<<1, dim3(32, {})>>>(o, i); }}\n"
EXTERN = "extern const int BLOCK;\n"


def _project(tmp_path, files: dict[str, str], headers: tuple[str, ...] = ("defs.h", "config.h", "kernel.cu")):
    """The files, and a compile database (nvcc for .cu, g++ for the others) in tmp_path/build
    that lists all but `headers`."""
    src = tmp_path / "src"
    src.mkdir()
    db = []
    for name, text in files.items():
        (src / name).write_text(text)
        if name in headers:
            continue
        compiler = "nvcc -arch=sm_90" if name.endswith(".cu") else "g++"
        db.append({"directory": str(src), "file": str(src / name), "command": f"{compiler} -c {name}"})
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps(db))
    return build


def _tile(run_cli, build, strategy: str | None = None) -> dict:
    """kern.cu's array in `rapcc analyze -p`'s JSON report."""
    code, out, err = run_cli("analyze", "-p", str(build), "--format", "json")
    assert code == 0, err
    (report,) = [r for r in json.loads(out) if r["file"].endswith("kern.cu")]
    (tile,) = report["arrays"]
    return tile


def _rewritten(run_cli, build, tmp_path) -> bool:
    """Whether 'tile' is rewritten for every launch: a layout behind a test of
    blockDim (analysis/guards.py) is one for the shapes proved only."""
    out = tmp_path / "out"
    code, _, err = run_cli("-p", str(build), "--strategy", "xor", "--out-dir", str(out))
    assert code == 0, err
    text = (out / "kern.cu").read_text()
    return "'tile' in 'k'" in text and "_on())" not in text


def test_an_extern_const_defined_in_another_unit_is_read_exactly(run_cli, tmp_path):
    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": EXTERN + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": EXTERN + "const int BLOCK = 256;\n"})
    tile = _tile(run_cli, build)
    assert tile["block_dim_source"] == "launch" and tile["block_dims"] == [[32, 8, 1]]
    assert tile["block_dims_unknown"] == []
    assert _rewritten(run_cli, build, tmp_path)


@pytest.mark.parametrize("main, config, why", [
    # the twin's wrong form: a global without 'const' may be written by any code
    ("extern int BLOCK;\n", "int BLOCK = 256;\n", "'BLOCK' is a global without 'const': other code may write it"),
    # declared const here, defined without it there
    (EXTERN, "int BLOCK = 256;\n", "'BLOCK' (defined at config.cpp:1) is not 'const': other code may write it"),
    # a per-unit constant (internal linkage) is no definition of the extern name
    (EXTERN, "static const int BLOCK = 256;\n", "'BLOCK' is declared 'extern' and no file of the project defines it"),
    (EXTERN, EXTERN + "int f();\nconst int BLOCK = f();\n",
     "'BLOCK' (defined at config.cpp:3) has an initializer that is no constant expression"),
    (EXTERN, EXTERN + "__attribute__((weak)) const int BLOCK = 256;\n", "has an attribute (such as 'weak')"),
    (EXTERN, "extern const long BLOCK;\nconst long BLOCK = 256;\n", "'BLOCK' is declared 'int' here but defined 'long' at config.cpp:2"),
    (EXTERN, EXTERN + "const int BLOCK = 256 +;\n", "'BLOCK' may be defined in 'config.cpp', which rapcc cannot parse"),
])
def test_a_constant_the_program_may_not_use_is_every_shape_with_its_reason(run_cli, tmp_path, main, config, why):
    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": main + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": config})
    tile = _tile(run_cli, build)
    assert tile["block_dim_source"] != "launch"
    (reason,) = tile["block_dims_unknown"]
    assert reason.startswith("in 'main.cu', line 3: ") and why in reason, reason
    assert not _rewritten(run_cli, build, tmp_path)


@pytest.mark.parametrize("other, shapes", [
    # two programs of one database, or an ODR violation: whichever links, unknown
    ("const int BLOCK = 128;\n", None),
    ("const int BLOCK = 256;\n", [[32, 8, 1]]),  # twin: every definition agrees
])
def test_two_definitions_must_agree(run_cli, tmp_path, other, shapes):
    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": EXTERN + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": EXTERN + "const int BLOCK = 256;\n", "other.cpp": EXTERN + other})
    tile = _tile(run_cli, build)
    if shapes is None:
        (reason,) = tile["block_dims_unknown"]
        assert "'BLOCK' is defined with different values (256 at config.cpp:2, 128 at other.cpp:2)" in reason
    else:
        assert tile["block_dims"] == shapes and tile["block_dims_unknown"] == []


def test_a_units_own_static_const_is_its_own_value(run_cli, tmp_path):
    """`static const` in each unit: each launch reads its own unit's, never another's definition."""
    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": "static const int BLOCK = 128;\n" + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": EXTERN + "const int BLOCK = 256;\n"})
    tile = _tile(run_cli, build)
    assert tile["block_dims"] == [[32, 4, 1]] and tile["block_dims_unknown"] == []


def test_a_launch_beside_its_kernel_reads_the_other_units_constant(run_cli, tmp_path):
    """The kernel's own file launches it with the extern constant: its own parse reads the program's value."""
    build = _project(tmp_path, {"kern.cu": EXTERN + KERNEL + "void go(float *o, const float *i) "
                                "{ k<<<1, dim3(32, BLOCK / 32)>>>(o, i); }\n",
                                "config.cu": EXTERN + "const int BLOCK = 256;\n"})
    tile = _tile(run_cli, build)
    assert tile["block_dims"] == [[32, 8, 1]] and tile["block_dims_unknown"] == []
    # Alone, the file says where the value is and how to give it to rapcc.
    code, out, _ = run_cli("analyze", str(tmp_path / "src" / "kern.cu"), "--format", "json")
    (reason,) = json.loads(out)["arrays"][0]["block_dims_unknown"]
    assert reason == "line 10: 'BLOCK' is defined in another file; give rapcc the project (-p BUILD_DIR) to read it"


@pytest.mark.parametrize("config, shapes", [
    ("struct Cfg { static const int threads; };\nconst int Cfg::threads = 256;\n", [[32, 8, 1]]),
    # twin: the class's member is another name than a global of the same spelling
    ("const int threads = 256;\n", None),
])
def test_a_static_class_member_defined_out_of_line_in_another_file(run_cli, tmp_path, config, shapes):
    build = _project(tmp_path, {"kern.cu": KERNEL,
                                "main.cu": "struct Cfg { static const int threads; };\n" + LAUNCH.format("Cfg::threads / 32"),
                                "config.cpp": config})
    tile = _tile(run_cli, build)
    if shapes is None:
        assert "'Cfg::threads' is declared 'extern' and no file" in tile["block_dims_unknown"][0]
    else:
        assert tile["block_dims"] == shapes and tile["block_dims_unknown"] == []


@pytest.mark.parametrize("config, shapes", [
    ("namespace cfg { extern const int BLOCK; const int BLOCK = 256; }\n", [[32, 8, 1]]),
    ("namespace other { extern const int BLOCK; const int BLOCK = 256; }\n", None),  # another namespace's
    ("namespace { const int BLOCK = 256; }\n", None),  # twin: a name of that file alone
])
def test_a_namespace_qualified_constant(run_cli, tmp_path, config, shapes):
    build = _project(tmp_path, {"kern.cu": KERNEL,
                                "main.cu": "namespace cfg { extern const int BLOCK; }\n" + LAUNCH.format("cfg::BLOCK / 32"),
                                "config.cpp": config})
    tile = _tile(run_cli, build)
    assert (tile["block_dims"] == shapes) if shapes else tile["block_dims_unknown"], tile


@pytest.mark.parametrize("header, shapes", [
    ("constexpr int BLOCK = 256;\nenum Rows { ROWS = 8 };\n", [[32, 8, 1]]),
    ("extern int BLOCK;\nenum Rows { ROWS = 8 };\n", None),  # twin: a header's non-const global
])
def test_a_constexpr_and_an_enum_of_a_header_only_the_launching_unit_includes(run_cli, tmp_path, header, shapes):
    build = _project(tmp_path, {"kern.cu": KERNEL, "config.h": header,
                                "main.cu": '#include "config.h"\n' + LAUNCH.format("BLOCK / 32 / (ROWS / 8)")})
    tile = _tile(run_cli, build)
    assert (tile["block_dims"] == shapes) if shapes else tile["block_dims_unknown"], tile


def test_an_enum_typed_constant_compares_its_type():
    """The merge is data: an enum-typed definition is matched by its type's name."""
    d = ConstantDef("BLOCK", "Size", 256, None, "/p/config.cpp", 2)
    merged = merge_constants([d])
    assert merged.resolve("BLOCK", "Size").value == 256
    assert merged.resolve("BLOCK", "int").why == "'BLOCK' is declared 'int' here but defined 'Size' at config.cpp:2"
    assert merged.resolve("ROWS", "int").value is None


def test_a_file_that_does_not_parse_poisons_only_the_names_it_spells():
    assert spelled(["cfg::BLOCK", "ROWS"], b"const int BLOCK = 256 +;") == ("cfg::BLOCK",)
    assert spelled(["BLOCK"], b"const int BLOCK_X = 1;") == ()


@pytest.mark.parametrize("config, shapes", [
    (EXTERN + "const int BLOCK = 256;\n", [[32, 8, 1]]),
    ("extern int BLOCK;\nint BLOCK = 256;\n", None),  # twin: not const, so every shape
])
def test_the_build_hook_reads_another_files_constant(tmp_path, config, shapes):
    """rapcc-nvcc with RAPCC_PROJECT, as `rapcc -p` (its launch index in the cache)."""
    from buildtools import build_env, run_wrapped

    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": EXTERN + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": config})
    env = build_env(tmp_path / "cache", RAPCC_NVCC="/bin/true", RAPCC_PROJECT=str(build), RAPCC_SERVER="0", RAPCC_FLOAT_CHECK="0",
                    RAPCC_REPORT_DIR=str(tmp_path / "reports"))
    r = run_wrapped(["-arch=sm_90", "-c", "kern.cu", "-o", "kern.o"], tmp_path / "src", env)
    assert r.returncode == 0 and "rapcc: note" not in r.stderr, r.stderr
    (report,) = [json.loads(p.read_text()) for p in (tmp_path / "reports").glob("kern.cu.*.json")]
    (tile,) = report["arrays"]
    if shapes is None:
        (reason,) = tile["block_dims_unknown"]
        assert reason == "in 'main.cu', line 3: 'BLOCK' (defined at config.cpp:2) is not 'const': other code may write it"
        assert tile["strategy"] == "none" or tile["guarded_block_dims"]
    else:
        assert tile["block_dims"] == shapes and tile["block_dims_unknown"] == [] and tile["strategy"] != "none"
        # The launch index is cached by each file's bytes: a new value in config.cpp is read anew.
        (tmp_path / "src" / "config.cpp").write_text(EXTERN + "const int BLOCK = 512;\n")
        for p in (tmp_path / "reports").glob("*.json"):
            p.unlink()
        r = run_wrapped(["-arch=sm_90", "-c", "kern.cu", "-o", "kern.o"], tmp_path / "src", env)
        (report,) = [json.loads(p.read_text()) for p in (tmp_path / "reports").glob("kern.cu.*.json")]
        assert report["arrays"][0]["block_dims"] == [[32, 16, 1]]


@pytest.mark.parametrize("other, shapes", [
    ("const int BLOCK = 256;\n", [[32, 8, 1]]),
    ("const int BLOCK = 128;\n", None),  # twin: a header's other value, in another program of the database
])
def test_a_definition_in_a_header_of_another_unit_counts(run_cli, tmp_path, other, shapes):
    build = _project(tmp_path, {"kern.cu": KERNEL, "main.cu": EXTERN + LAUNCH.format("BLOCK / 32"),
                                "config.cpp": EXTERN + "const int BLOCK = 256;\n",
                                "defs.h": EXTERN + other, "x.cpp": '#include "defs.h"\nint x() { return BLOCK; }\n'})
    tile = _tile(run_cli, build)
    if shapes is None:
        assert "(256 at config.cpp:2, 128 at defs.h:2)" in tile["block_dims_unknown"][0]
    else:
        assert tile["block_dims"] == shapes and tile["block_dims_unknown"] == []


def test_what_a_file_defines(tmp_path):
    """frontend.file_constants: each definition with external linkage, its value as the object holds it, or why not."""
    from rapcc.frontend import file_constants
    from rapcc.pipeline import Options

    src = (b"extern const unsigned char C; const unsigned char C = 300;\n"
           b"namespace cfg { extern const int B; const int B = 64; }\n"
           b"namespace { const int HIDDEN = 1; }\nstatic const int LOCAL = 2;\n"
           b"extern const volatile int V; const volatile int V = 3;\nint W = 4;\n")
    path = tmp_path / "c.cpp"
    path.write_bytes(src)
    found = {d.name: (d.type, d.value, d.why) for d in file_constants(str(path), src, Options())}
    assert found == {"C": ("unsigned char", 44, None), "cfg::B": ("int", 64, None),
                     "V": ("int", None, "is 'volatile'"), "W": ("int", None, "is not 'const': other code may write it")}


@pytest.mark.parametrize("config, shapes", [
    (EXTERN + "const int BLOCK = 256;\n", [[32, 8, 1]]),
    ("extern int BLOCK;\nint BLOCK = 256;\n", None),  # twin: not const
])
def test_a_kernel_file_a_unit_includes_reads_the_units_constant(run_cli, tmp_path, config, shapes):
    """kernel.cu, no unit of its own, analysed inside main.cu, which launches it with another file's constant."""
    build = _project(tmp_path, {"kernel.cu": KERNEL, "config.cpp": config,
                                "main.cu": EXTERN + '#include "kernel.cu"\nvoid go(float *o, const float *i) '
                                           "{ k<<<1, dim3(32, BLOCK / 32)>>>(o, i); }\n"})
    code, out, err = run_cli("analyze", "-p", str(build), "--format", "json")
    assert code == 0, err
    (report,) = [r for r in json.loads(out) if r["file"].endswith("kernel.cu")]
    (tile,) = report["arrays"]
    if shapes is None:
        assert "'BLOCK' (defined at config.cpp:2) is not 'const'" in tile["block_dims_unknown"][0]
    else:
        assert tile["block_dims"] == shapes and tile["block_dims_unknown"] == []
