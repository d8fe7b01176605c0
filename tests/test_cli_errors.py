"""A syntax error in the input (issue 29): `rapcc` fails as a compiler does,
with clang's message and nothing written; `rapcc-nvcc` hands the file to nvcc."""
from __future__ import annotations

import pytest

from buildtools import ORIGINAL_TILE, build_env, run_wrapped, shared_size
from conftest import require_nvcc

KERNEL = ("__global__ void k(float *o) {\n  __shared__ float s[32][32];\n"
          "  s[threadIdx.x][threadIdx.y] = o[threadIdx.x]END\n  __syncthreads();\n"
          "  o[threadIdx.x] = s[threadIdx.y][threadIdx.x];\n}\n"
          "int main() { k<<<1, dim3(32, 32)>>>(0); return 0; }\n")
SYNTAX_ERROR = KERNEL.replace("END", "")  # the ';' is missing
UNDECLARED = KERNEL.replace("END", " * scale_nowhere_declared;")  # a name a header rapcc lacks would declare


@pytest.mark.parametrize("mode", [["-o", "OUT"], ["--in-place"], []])
def test_a_syntax_error_exits_1_with_clangs_message_and_writes_nothing(run_cli, tmp_path, mode):
    src = tmp_path / "bad.cu"
    src.write_text(SYNTAX_ERROR)
    out = tmp_path / "out.cu"
    code, stdout, err = run_cli(str(src), *[str(out) if a == "OUT" else a for a in mode])
    assert code == 1
    assert f"{src}:3:47: error: expected ';' after expression" in err
    assert stdout == "" and not out.exists() and not (tmp_path / "bad.cu.orig").exists()
    assert src.read_text() == SYNTAX_ERROR


def test_analyze_fails_on_a_syntax_error_too(run_cli, tmp_path):
    src = tmp_path / "bad.cu"
    src.write_text(SYNTAX_ERROR)
    code, _, err = run_cli("analyze", str(src))
    assert code == 1 and "error: expected ';' after expression" in err


def test_an_error_from_an_undeclared_name_still_refuses_only_its_kernel(run_cli, tmp_path):
    """The twin: a semantic error (a name a missing header would declare) is
    no syntax error; the analysis goes on and the array is kept as written."""
    src = tmp_path / "sem.cu"
    src.write_text(UNDECLARED)
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.read_text() == UNDECLARED
    assert "note: clang error" in err and "'s' is left untouched [rapcc-escape]" in err


def test_a_syntax_error_after_a_missing_header_is_tolerated(run_cli, tmp_path):
    """With a header missing, a macro it defines may be what clang cannot
    parse: the error refuses its kernel's arrays only (kept as written)."""
    src = tmp_path / "macro.cu"
    text = "#include \"not_here.h\"\n" + SYNTAX_ERROR
    src.write_text(text)
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.read_text() == text


def test_a_braced_launch_shape_nvcc_takes_is_no_syntax_error(run_cli, tmp_path):
    """`k<<<1, {32, 32}>>>` compiles with nvcc; clang's parse rejects it. The
    error taints the host function (the launch is read from its tokens or
    called unknown), never the file: exit 0, an output written."""
    src = tmp_path / "braced.cu"
    text = KERNEL.replace("END", ";").replace("dim3(32, 32)", "{32, 32}")
    src.write_text(text)
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.exists(), err
    assert "error:" not in err


def test_the_correct_file_is_still_rewritten(run_cli, tmp_path):
    src = tmp_path / "good.cu"
    src.write_text(KERNEL.replace("END", ";"))
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.read_text() != src.read_text()


@pytest.mark.nvcc
def test_rapcc_nvcc_passes_a_file_rapcc_cannot_parse_to_nvcc(tmp_path):
    """A syntax error only clang's parse sees (an `#ifdef __clang__` branch):
    the build tool compiles the file unchanged with one note and exits 0."""
    require_nvcc()
    text = KERNEL.replace("END", ";\n#ifdef __clang__\n  int x = ;\n#endif")
    (tmp_path / "t.cu").write_text(text)
    r = run_wrapped(["-arch=sm_90", "-ptx", "t.cu", "-o", "t.ptx"], tmp_path, build_env(tmp_path / "cache"))
    assert r.returncode == 0, r.stderr
    notes = [line for line in r.stderr.splitlines() if line.startswith("rapcc:")]
    assert len(notes) == 1 and notes[0].endswith("compiled unchanged")
    assert shared_size((tmp_path / "t.ptx").read_text()) == ORIGINAL_TILE


@pytest.mark.parametrize("text", [
    # past a system header, a stand-in may lack what the code uses: the error taints its function only
    "#include <map>\n" + SYNTAX_ERROR,
    # nvcc's front end takes an asm operand list clang does not (the CUDA samples' missing comma)
    KERNEL.replace("END", ";") + '__device__ void st(unsigned char *p, unsigned v)\n'
                                 '{ asm volatile("st.global.u8 [%1], %0;" ::"r"(v) "l"(p) : "memory"); }\n',
])
def test_a_syntax_error_clang_may_make_where_nvcc_does_not_is_tolerated(run_cli, tmp_path, text):
    src = tmp_path / "k.cu"
    src.write_text(text)
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.exists(), err
    assert "note: clang error" in err
