"""The byte scan that lets `rapcc-nvcc` pass files without shared memory straight to nvcc
(rapcc/build/shared_scan.py), and that this fast path loads no libclang, NumPy or Jinja."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rapcc.build.nvcc_options import scan_flags
from rapcc.build.shared_scan import include_names, may_use_shared

ROOT = Path(__file__).resolve().parent.parent
PLAIN = b'#include <cstdio>\n#include "util.h"\n__global__ void add(float *a) { a[threadIdx.x] += 1.0f; }\n'


def _scan(path: Path, **kw) -> bool:
    return may_use_shared(str(path), path.read_bytes(), **kw)


def test_a_file_and_its_headers_without_shared_memory(tmp_path):
    (tmp_path / "util.h").write_bytes(b"#pragma once\n#include \"more.h\"\nstatic int helper(int x);\n")
    (tmp_path / "more.h").write_bytes(b"#include \"util.h\"\n")  # a cycle ends
    (tmp_path / "k.cu").write_bytes(PLAIN)
    assert not _scan(tmp_path / "k.cu")


def test_the_files_own_shared_array(tmp_path):
    (tmp_path / "k.cu").write_bytes(b"__global__ void k() { __shared__ float t[32]; }\n")
    assert _scan(tmp_path / "k.cu")


def test_shared_memory_reached_through_local_headers(tmp_path):
    (tmp_path / "k.cu").write_bytes(PLAIN)
    # A macro that expands to __shared__, two includes down.
    (tmp_path / "util.h").write_bytes(b'#include "more.h"\n')
    (tmp_path / "more.h").write_bytes(b"#define SMEM __shared__\n")
    assert _scan(tmp_path / "k.cu")
    # A provider helper (the CUDA samples' SharedMemory<T>) in an -I folder, bracketed.
    (tmp_path / "more.h").write_bytes(b"#include <sharedmem.cuh>\n")
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "sharedmem.cuh").write_bytes(b"template <class T> struct SharedMemory { "
                                        b"__device__ T *p() { extern __shared__ int s[]; return (T *)s; } };\n")
    assert not _scan(tmp_path / "k.cu")  # not found without the -I folder: a toolkit header
    assert _scan(tmp_path / "k.cu", include_dirs=(str(inc),))


def _toolkit(folder: Path, marks: tuple[str, ...] = ("cuda_runtime.h", "cuda_runtime_api.h",
                                                      "crt/host_defines.h")) -> None:
    """A folder laid out as a CUDA toolkit's include folder: `crt/host_defines.h` defines `__shared__`."""
    for m in marks:
        (folder / m).parent.mkdir(parents=True, exist_ok=True)
        (folder / m).write_bytes(b"#include \"crt/host_defines.h\"\n")
    if "crt/host_defines.h" in marks:
        (folder / "crt" / "host_defines.h").write_bytes(b"#define __shared__ __location__(shared)\n")


def test_cmakes_isystem_toolkit_folder_is_not_followed_but_a_library_there_is(tmp_path):
    (tmp_path / "k.cu").write_bytes(b"#include <cuda_runtime.h>\n__global__ void k(float *a) { a[0] = 1; }\n")
    tk = tmp_path / "cuda" / "include"
    _toolkit(tk)
    # CMake's `-isystem=<toolkit>/include` for CUDA::cudart: nvcc's own folder, no user array there.
    assert scan_flags((), ("-isystem", str(tk)), ()) == ((), (), ())
    dirs, pre, defines = scan_flags((), ("-isystem", str(tk)), ())
    assert not _scan(tmp_path / "k.cu", include_dirs=dirs, pre_includes=pre, defines=defines)
    # The twin: the same folder named with -I is the user's, followed as before.
    assert _scan(tmp_path / "k.cu", include_dirs=scan_flags((str(tk),), (), ())[0])
    # A library under -isystem that is no toolkit (a marker missing) is followed: its macro may be a shared array.
    lib = tmp_path / "lib"
    _toolkit(lib, ("cuda_runtime.h", "crt/host_defines.h"))
    dirs = scan_flags((), ("-isystem", str(lib)), ())[0]
    assert dirs == (str(lib),)
    assert _scan(tmp_path / "k.cu", include_dirs=dirs)


def test_a_kernel_file_included_beside_the_unit(tmp_path):
    (tmp_path / "main.cu").write_bytes(b'#include "kernel.cu"\nint main() { return 0; }\n')
    (tmp_path / "kernel.cu").write_bytes(b"__global__ void k() { __shared__ int s[4]; s[0] = 0; }\n")
    assert _scan(tmp_path / "main.cu")


def test_pre_includes_defines_and_computed_includes(tmp_path):
    (tmp_path / "k.cu").write_bytes(b"__global__ void k() {}\n")
    (tmp_path / "pre.h").write_bytes(b"#define S __shared__\n")
    assert not _scan(tmp_path / "k.cu")
    assert _scan(tmp_path / "k.cu", pre_includes=(str(tmp_path / "pre.h"),))
    assert _scan(tmp_path / "k.cu", defines=("SMEM=__shared__",))
    (tmp_path / "k.cu").write_bytes(b"#define H \"x.h\"\n#include H\n")
    assert include_names((tmp_path / "k.cu").read_bytes()) is None
    assert _scan(tmp_path / "k.cu")


FAST_PATH = """
import json, sys
from rapcc.build import nvcc_cli, nvcc_compile
def fake_exec(command, env):
    mods = [m for m in ("clang", "clang.cindex", "numpy", "jinja2", "rapcc.pipeline", "rapcc.build.rewrites",
                        "rapcc.build.cache", "hashlib", "subprocess") if m in sys.modules]
    print(json.dumps({"command": list(command), "modules": mods}))
    sys.exit(0)
nvcc_compile.exec_compiler = fake_exec
# Server off: its background start (build/wake.py) has a test of its own.
env = {"PATH": "", "RAPCC_CACHE_DIR": sys.argv[1], "RAPCC_REPORT_DIR": sys.argv[2], "RAPCC_SERVER": "0"}
sys.exit(nvcc_cli.run(["-arch=sm_90", "-c", "k.cu", "-o", "k.o"], env, nvcc="/bin/true"))
"""


def test_no_op_compile_loads_no_clang_and_starts_no_worker(tmp_path):
    (tmp_path / "k.cu").write_bytes(PLAIN)
    (tmp_path / "util.h").write_bytes(b"static int helper(int x);\n")
    cache, reports = tmp_path / "cache", tmp_path / "reports"
    r = subprocess.run([sys.executable, "-c", FAST_PATH, str(cache), str(reports)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["command"] == ["/bin/true", "-arch=sm_90", "-c", "k.cu", "-o", "k.o"]  # the original, unchanged
    assert out["modules"] == []
    assert not cache.exists() or not any(cache.rglob("*"))  # no worker stored anything
    (report,) = [json.loads(p.read_text()) for p in reports.iterdir()]
    assert report["file"] == "k.cu" and report["arrays"] == []
