"""Shared memory in classes (frontend/collect_arrays.py): an array declared in
a `__device__` method, and a `__shared__` object of class type, are kept as
written with a reason a user can act on, and each appears in the report;
their legal twins (the same code as a free function, a plain shared array)
are rewritten."""
from __future__ import annotations

from rapcc.api import rewrite

TRANSPOSE = """    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        TILE_AT(threadIdx.y + j, threadIdx.x) = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        out[(y + j) * n + x] = TILE_AT(threadIdx.x, threadIdx.y + j);
"""
LAUNCH = "void launch(float *out, const float *in, int n) { k<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n); }\n"
METHOD = ("struct Transposer {\n  __device__ void run(float *out, const float *in, int n) {\n"
          "    __shared__ float tile[32][32];\n" + TRANSPOSE.replace("TILE_AT(", "tile[").replace(", threadIdx", "][threadIdx")
          .replace("x) =", "x] =").replace("j);", "j];") + "  }\n};\n"
          "__global__ void k(float *out, const float *in, int n) { Transposer t; t.run(out, in, n); }\n" + LAUNCH)
OBJECT = ("template <typename T, int N> struct SharedTile {\n    T data[N][N];\n"
          "    __device__ T &at(int r, int c) { return data[r][c]; }\n};\n"
          "__global__ void k(float *out, const float *in, int n) {\n    __shared__ SharedTile<float, 32> tile;\n"
          + TRANSPOSE.replace("TILE_AT(", "tile.at(") + "}\n" + LAUNCH)


def _arrays(r):
    return {a["name"]: a for a in r.report["arrays"]}


def test_an_array_in_a_method_is_kept_with_a_plain_reason():
    r = rewrite(METHOD, filename="m.cu")
    tile = _arrays(r)["tile"]
    assert not r.changed and tile["mapping"] is None
    assert "declared in member function 'Transposer::run'" in tile["reason"]
    assert "pass it in" in tile["reason"]
    messages = " ".join(d.message for d in r.diagnostics)
    assert "did not lower" not in messages and "member function 'Transposer::run'" in messages


def test_the_same_array_in_a_free_device_function_is_rewritten():
    free = METHOD.replace("struct Transposer {\n  __device__ void run(", "__device__ void run(").replace(
        "  }\n};\n", "}\n").replace("Transposer t; t.run(", "run(")
    r = rewrite(free, filename="f.cu", whole_program=True)
    assert r.changed and _arrays(r)["tile"]["mapping"] == "pad row 32 -> 33"


def test_a_shared_object_appears_in_the_report_with_a_plain_reason():
    r = rewrite(OBJECT, filename="o.cu")
    tile = _arrays(r)["tile"]  # before, the object appeared nowhere
    assert not r.changed and tile["mapping"] is None and tile["line"] == 6
    assert "shared object of type 'SharedTile<float, 32>'" in tile["reason"]
    escapes = [d for d in r.diagnostics if d.check_id == "rapcc-escape"]
    assert len(escapes) == 1 and "declare the array itself __shared__" in escapes[0].message


def test_its_twin_a_plain_shared_array_is_rewritten():
    plain = OBJECT.replace("__shared__ SharedTile<float, 32> tile;", "__shared__ float tile[32][32];").replace(
        "tile.at(threadIdx.y + j, threadIdx.x)", "tile[threadIdx.y + j][threadIdx.x]").replace(
        "tile.at(threadIdx.x, threadIdx.y + j)", "tile[threadIdx.x][threadIdx.y + j]")
    r = rewrite(plain, filename="p.cu", whole_program=True)
    assert r.changed and _arrays(r)["tile"]["mapping"] == "pad row 32 -> 33"


def test_a_shared_scalar_is_still_no_array():
    r = rewrite("__global__ void k(int *o) { __shared__ int total; total = 0; __syncthreads(); o[0] = total; }\n",
                filename="s.cu")
    assert r.report["arrays"] == []


def test_an_object_of_a_library_class_is_left_alone(tmp_path):
    # CUB's `__shared__ typename WarpReduce::TempStorage scratch` and the like: a class the user does not write,
    # no array of theirs (tests/test_system_headers.py checks CUB itself with a toolkit).
    header = "struct Storage { float words[32]; };\n"
    user = ('#include "storage.h"\n__global__ void k(float *o) {\n    __shared__ Storage scratch;\n'
            '    scratch.words[threadIdx.x] = o[threadIdx.x];\n    __syncthreads();\n'
            '    o[threadIdx.x] = scratch.words[31 - threadIdx.x];\n}\n')
    folder = tmp_path
    (folder / "storage.h").write_text(header)
    r = rewrite(user, filename=str(folder / "l.cu"))
    assert r.report["arrays"] == [] and not [d for d in r.diagnostics if d.check_id == "rapcc-escape"]
    # Its twin, the same class in the user's file, is named in the report.
    mine = rewrite(user.replace('#include "storage.h"\n', header), filename=str(folder / "m.cu"))
    assert [a["name"] for a in mine.report["arrays"]] == ["scratch"]
