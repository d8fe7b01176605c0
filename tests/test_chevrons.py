"""Launches spelled `k << <g, b >> > (...)` (rapcc/frontend/chevrons.py): nvcc
compiles them, so rapcc reads them; the output keeps the user's spelling."""
from __future__ import annotations

import subprocess

import clang.cindex as ci
import pytest

import rapcc
from conftest import require_nvcc
from rapcc.frontend import parse_file
from rapcc.frontend.chevrons import joined_chevrons
from rapcc.pipeline import Options

TRANSPOSE = b"""__global__ void t(const float *in, float *out) {
    __shared__ float tile[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < 32; j += 8) tile[ty + j][tx] = in[(ty + j) * 32 + tx];
    __syncthreads();
    for (int j = 0; j < 32; j += 8) out[(ty + j) * 32 + tx] = tile[tx][ty + j];
}
int main() {
    float *a = 0, *b = 0;
    dim3 block(32, 8);
    t << <1, block >> > (a, b);
    return 0;
}
"""


def test_a_split_launch_is_read_exactly() -> None:
    info, _ = parse_file("k.cu", TRANSPOSE, Options(whole_program=True))
    k = next(k for k in info.kernels if k.name == "t")
    assert k.launch_block_dims == ((32, 8, 1),) and k.launch_unknown == ()


def test_the_rewrite_keeps_the_users_chevrons() -> None:
    out = rapcc.rewrite(TRANSPOSE.decode(), strategy="pad", whole_program=True)
    assert out.changed
    assert "t << <1, block >> > (a, b);" in out.text and "<<<" not in out.text


def test_a_shift_followed_by_a_template_closer_is_left_alone() -> None:
    """`>> >` closing templates, in a file with an error elsewhere: no launch opens, nothing joined."""
    src = (b"#include <vector>\nstd::vector<std::vector<std::vector<int>> > v;\n"
           b"__global__ void k(int *o) { __shared__ int s[32]; s[threadIdx.x] = 1; o[0] = s[0]; }\n"
           b"void f() { int x = ; }\n")
    tu = ci.Index.create().parse("k.cu", args=["-x", "c++", "-std=c++17", "-fsyntax-only"],
                                 unsaved_files=[("k.cu", src)])
    assert joined_chevrons(tu, "k.cu", src) is None


def test_an_opening_without_its_closing_is_not_joined() -> None:
    src = b"__global__ void k() {}\nvoid f() { k << <1, 32 > (); }\n"
    tu = ci.Index.create().parse("k.cu", args=["-x", "c++", "-fsyntax-only"], unsaved_files=[("k.cu", src)])
    assert joined_chevrons(tu, "k.cu", src) is None


def test_the_shift_operators_template_is_no_launch() -> None:
    """`operator<< <>` (a friend template's specialization) beside a real split launch: only the launch is joined."""
    src = (b"#include <ostream>\ntemplate <class T> struct B;\n"
           b"template <class T> std::ostream &operator<<(std::ostream &, const B<T> &);\n"
           b"template <class T> struct B { friend std::ostream &operator<< <>(std::ostream &, const B &); };\n"
           b"__global__ void k() {}\nvoid f() { k << <1, 32 >> > (); }\n")
    tu = ci.Index.create().parse("k.cu", args=["-x", "c++", "-std=c++17", "-fsyntax-only"],
                                 unsaved_files=[("k.cu", src)])
    joined = joined_chevrons(tu, "k.cu", src)
    assert joined is not None and b"operator<< <>" in joined and b"k <<< 1, 32 >>>  ();" in joined


@pytest.mark.nvcc
def test_nvcc_compiles_the_rewrite(tmp_path) -> None:
    nvcc = require_nvcc()
    out = rapcc.rewrite(TRANSPOSE.decode(), strategy="xor")
    assert out.changed
    (tmp_path / "k.cu").write_text(out.text)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-c", "-o", str(tmp_path / "k.o"), str(tmp_path / "k.cu")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
