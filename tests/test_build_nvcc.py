"""`rapcc-nvcc` with the real nvcc: it compiles the rewrite in the original's
place, keeps messages, line info and dependency files on the user's file,
passes through what it does not handle, and never breaks a build."""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from buildtools import ORIGINAL_TILE, PADDED_TILE, TRANSPOSE_LAUNCHED, build_env, run_wrapped, shared_size
from conftest import EXAMPLES, require_nvcc

pytestmark = pytest.mark.nvcc

def _env(cache, **extra: str) -> dict[str, str]:
    """A build whose units hold every launch of their kernels (RAPCC_WHOLE_PROGRAM): the
    padding these tests read back needs every launch's dynamic shared memory (issue 27 §7)."""
    return build_env(cache, RAPCC_WHOLE_PROGRAM="1", **extra)



THRUST = """#include <thrust/device_vector.h>
#include <thrust/sort.h>
__global__ void k(float *o) {
    __shared__ float t[32][32];
    t[threadIdx.x][threadIdx.y] = 1.0f;
    __syncthreads();
    o[threadIdx.x] = t[threadIdx.y][threadIdx.x];
}
void sort_it(thrust::device_vector<int> &v) { thrust::sort(v.begin(), v.end()); }
void go(float *o) { k<<<1, dim3(32, 32)>>>(o); }  // the shape and dynamic bytes rapcc proves and budgets for
"""
# A file rapcc refuses and nvcc compiles: an #error only clang's preprocessor reaches.
REFUSED = "#if defined(__clang__)\n#error rapcc parses with clang\n#endif\n" + THRUST


@pytest.fixture
def work(tmp_path):
    require_nvcc()
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(TRANSPOSE_LAUNCHED)
    return tmp_path



def test_the_rewrite_is_compiled_in_place_of_the_source(work):
    env = _env(work / "cache", RAPCC_REPORT_DIR=str(work / "reports"))
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "k.ptx"], work, env)
    assert r.returncode == 0, r.stderr
    assert "rapcc:" not in r.stderr
    assert shared_size((work / "k.ptx").read_text()) == PADDED_TILE
    (report,) = [json.loads(p.read_text()) for p in (work / "reports").iterdir()]
    assert report["file"] == "src/k.cu" and report["arrays"][0]["strategy"] == "pad"
    # The same command with rapcc off compiles the original.
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "k0.ptx"], work, {**env, "RAPCC_DISABLE": "1"})
    assert r.returncode == 0 and shared_size((work / "k0.ptx").read_text()) == ORIGINAL_TILE


def test_messages_line_info_and_dependencies_name_the_users_file(work):
    src = work / "src" / "k.cu"
    lines = src.read_text().splitlines()
    body = next(i for i, l in enumerate(lines) if "__syncthreads" in l)
    lines.insert(body, "    int never_used_here;")  # nvcc warns about it, on this line
    src.write_text("\n".join(lines) + "\n")
    env = _env(work / "cache")
    r = run_wrapped(["-arch=sm_90", "-c", "-lineinfo", "-MD", "src/k.cu", "-o", "k.o"], work, env)
    assert r.returncode == 0, r.stderr
    assert f"src/k.cu({body + 1}): warning" in r.stderr and "cache" not in r.stderr
    deps = (work / "k.d").read_text()
    assert deps.startswith("k.o : src/k.cu") and str(work / "cache") not in deps
    r = run_wrapped(["-arch=sm_90", "-ptx", "-lineinfo", "src/k.cu", "-o", "k.ptx"], work, env)
    files = re.findall(r'\.file\s+\d+\s+"([^"]+)"', (work / "k.ptx").read_text())
    assert any(f.endswith("src/k.cu") for f in files) and not any("cache" in f for f in files)


def test_a_file_rapcc_refuses_is_compiled_unchanged_with_one_note(work):
    (work / "src" / "t.cu").write_text(REFUSED)
    env = _env(work / "cache")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/t.cu", "-o", "t.ptx"], work, env)
    assert r.returncode == 0, r.stderr
    notes = [l for l in r.stderr.splitlines() if l.startswith("rapcc:")]
    assert len(notes) == 1 and notes[0].startswith("rapcc: note: src/t.cu:") and notes[0].endswith("compiled unchanged")
    assert shared_size((work / "t.ptx").read_text()) == ORIGINAL_TILE



def test_strict_mode_never_fails_on_a_file_rapcc_cannot_parse(work):
    """Issue 28: nvcc compiles it, so under RAPCC_STRICT it is still a note and
    the original bytes are compiled; rapcc's own failure (a rewrite past
    RAPCC_TIMEOUT) stays strict mode's error."""
    (work / "src" / "t.cu").write_text(REFUSED)
    env = _env(work / "cache")
    for strict_env, flag in [({"RAPCC_STRICT": "1"}, []), ({}, ["--rapcc-strict"])]:
        r = run_wrapped(flag + ["-arch=sm_90", "-ptx", "src/t.cu", "-o", "s.ptx"], work, {**env, **strict_env})
        assert r.returncode == 0, r.stderr
        notes = [l for l in r.stderr.splitlines() if l.startswith("rapcc:")]
        assert len(notes) == 1 and notes[0].startswith("rapcc: note: src/t.cu:"), r.stderr
        assert shared_size((work / "s.ptx").read_text()) == ORIGINAL_TILE
        (work / "s.ptx").unlink()
    # The twin: a file rapcc parses but fails on itself is strict mode's error.
    r = run_wrapped(["--rapcc-strict", "-arch=sm_90", "-ptx", "src/k.cu", "-o", "k.ptx"], work,
                    {**env, "RAPCC_TIMEOUT": "0.001"})
    assert r.returncode == 1 and "rapcc: error: src/k.cu: the rewrite took longer" in r.stderr
    assert not (work / "k.ptx").exists()


def test_a_cache_hit_runs_no_rewrite(work):
    env = _env(work / "cache")
    assert run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "a.ptx"], work, env).returncode == 0
    # A rewrite could not finish in a millisecond: a second compile that still
    # gets the padded tile read it from the cache.
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "b.ptx"], work, {**env, "RAPCC_TIMEOUT": "0.001"})
    assert r.returncode == 0 and "rapcc:" not in r.stderr
    assert shared_size((work / "b.ptx").read_text()) == PADDED_TILE
    # A miss under that limit is compiled unchanged, with the note.
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "c.ptx", "-DX=1"], work,
                    {**env, "RAPCC_TIMEOUT": "0.001"})
    assert r.returncode == 0 and "RAPCC_TIMEOUT" in r.stderr and shared_size((work / "c.ptx").read_text()) == ORIGINAL_TILE


def test_a_changed_header_is_a_miss(work):
    src = work / "src"
    (src / "tile.h").write_text("#define TILE 32\n")
    (src / "h.cu").write_text("#include \"tile.h\"\n__global__ void k(float *o) {\n"
                              "  #pragma rapcc block_dim(32, 32)\n  __shared__ float t[TILE][TILE];\n"
                              "  bool in = threadIdx.x < TILE && threadIdx.y < TILE;\n"
                              "  if (in) t[threadIdx.x][threadIdx.y] = 1.0f;\n  __syncthreads();\n"
                              "  if (in) o[threadIdx.x] = t[threadIdx.y][threadIdx.x];\n}\n"
                              "void go(float *o) { k<<<1, dim3(32, 32)>>>(o); }\n")
    env = _env(work / "cache", RAPCC_REPORT_DIR=str(work / "r"))
    assert run_wrapped(["-arch=sm_90", "-ptx", "src/h.cu", "-o", "a.ptx"], work, env).returncode == 0
    (src / "tile.h").write_text("#define TILE 16\n")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/h.cu", "-o", "b.ptx"], work, env)
    assert r.returncode == 0, r.stderr
    (report,) = [json.loads(p.read_text()) for p in (work / "r").iterdir()]
    assert report["arrays"][0]["dims"] == [16, 16]
    assert shared_size((work / "b.ptx").read_text()) == "[1088]"  # 16 x 17 floats


def test_x_cu_and_options_files_are_honoured(work):
    (work / "src" / "k.cpp").write_bytes((work / "src" / "k.cu").read_bytes())
    (work / "opts").write_text("-arch=sm_90 -x cu\n")
    r = run_wrapped(["--options-file", "opts", "-ptx", "src/k.cpp", "-o", "k.ptx"], work, _env(work / "cache"))
    assert r.returncode == 0, r.stderr
    assert shared_size((work / "k.ptx").read_text()) == PADDED_TILE


def test_what_rapcc_does_not_handle_goes_to_nvcc_unchanged(work):
    env = _env(work / "cache")
    nvcc = require_nvcc()
    r = run_wrapped(["--version"], work, env)
    assert r.returncode == 0 and r.stdout == subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    r = run_wrapped(["-E", "-arch=sm_90", "src/k.cu"], work, env)
    plain = subprocess.run([nvcc, "-E", "-arch=sm_90", "src/k.cu"], cwd=work, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == plain.stdout and "__rapcc" not in r.stdout
    (work / "src" / "empty.cu").write_bytes(b"")
    (work / "src" / "host.cpp").write_text("int add(int a, int b) { return a + b; }\n")
    for f in ("src/empty.cu", "src/host.cpp"):
        r = run_wrapped(["-arch=sm_90", "-c", f, "-o", "x.o"], work, env)
        assert r.returncode == 0 and r.stderr == "" and (work / "x.o").exists()
        (work / "x.o").unlink()
    assert not (work / "cache").exists()  # none of these reached rapcc


def test_a_build_nvcc_fails_still_fails_with_nvccs_message(work):
    (work / "src" / "bad.cu").write_text("__global__ void k() { int x = ; }\n")
    r = run_wrapped(["-arch=sm_90", "-c", "src/bad.cu", "-o", "bad.o"], work, _env(work / "cache"))
    assert r.returncode != 0 and "src/bad.cu(1): error" in r.stderr


def test_a_latin1_comment_is_rewritten_not_skipped(work):
    """Issue 19: one Latin-1 byte used to make the file compile unchanged, silently."""
    src = work / "src" / "k.cu"
    src.write_bytes(b"// (c) Ren\xe9 M\xfcller\n" + src.read_bytes())
    env = _env(work / "cache")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "k.ptx"], work, env)
    assert r.returncode == 0, r.stderr
    assert "rapcc:" not in r.stderr
    assert shared_size((work / "k.ptx").read_text()) == PADDED_TILE


def test_a_file_rapcc_cannot_read_gets_one_note(work):
    (work / "src" / "b.cu").write_bytes(b"\x00\x01binary")
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/b.cu", "-o", "b.ptx"], work, _env(work / "cache"))
    notes = [l for l in r.stderr.splitlines() if l.startswith("rapcc:")]
    assert notes == ["rapcc: note: src/b.cu: not a text file; compiled unchanged"]


def test_thrust_is_parsed_with_the_compiling_nvccs_toolkit(work):
    """The toolkit of the nvcc that compiles supplies CCCL: a file including
    Thrust is rewritten, and its errors under libclang are no note of the build."""
    (work / "src" / "t.cu").write_text(THRUST)
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/t.cu", "-o", "t.ptx"], work, _env(work / "cache"))
    assert r.returncode == 0, r.stderr
    assert "rapcc:" not in r.stderr
    # No launch in the file: the plan holds over the guessed shapes (any padding will do here).
    assert int(shared_size((work / "t.ptx").read_text()).strip("[]")) > int(ORIGINAL_TILE.strip("[]"))


@pytest.mark.parametrize("stated, tile", [(None, ORIGINAL_TILE), ("0", PADDED_TILE)])
def test_the_dynamic_memory_a_build_states_lets_padding_grow_an_unlaunched_kernel(work, stated, tile):
    """The example alone shows no launch: its launches' dynamic bytes are unknown, so the tile keeps its size
    (a same-size layout under `pad`: none); RAPCC_DYNAMIC_SMEM=0 states them, and the tile is padded."""
    (work / "src" / "u.cu").write_bytes((EXAMPLES / "transpose_32x8.cu").read_bytes())
    extra = {"RAPCC_STRATEGY": "pad"} | ({"RAPCC_DYNAMIC_SMEM": stated} if stated is not None else {})
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/u.cu", "-o", "u.ptx"], work, _env(work / "cache", **extra))
    assert r.returncode == 0, r.stderr
    assert shared_size((work / "u.ptx").read_text()) == tile


def test_a_bad_dynamic_smem_setting_is_a_clear_error(work):
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/k.cu", "-o", "k.ptx"], work,
                    _env(work / "cache", RAPCC_DYNAMIC_SMEM="lots"))
    assert "RAPCC_DYNAMIC_SMEM='lots'" in r.stderr


@pytest.mark.parametrize("whole, tile", [(None, ORIGINAL_TILE), ("1", PADDED_TILE)])
def test_a_unit_of_a_build_is_not_the_program_unless_the_build_says_so(work, whole, tile):
    """rapcc-nvcc without RAPCC_PROJECT: another unit may launch the file's kernel (external linkage) with
    dynamic memory rapcc never saw, so the tile keeps its size (issue 27 §7; a same-size layout behind a
    test of blockDim is auto's); RAPCC_WHOLE_PROGRAM=1 states that the unit holds every launch: padded."""
    (work / "src" / "w.cu").write_bytes(TRANSPOSE_LAUNCHED)
    extra = {"RAPCC_STRATEGY": "pad"} | ({"RAPCC_WHOLE_PROGRAM": whole} if whole is not None else {})
    env = build_env(work / "cache", **extra)
    r = run_wrapped(["-arch=sm_90", "-ptx", "src/w.cu", "-o", "w.ptx"], work, env)
    assert r.returncode == 0, r.stderr
    assert shared_size((work / "w.ptx").read_text()) == tile
