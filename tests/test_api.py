"""The Python API: rapcc.rewrite / rapcc.analyze, its errors, and the text forms
(empty files, CRLF, a UTF-8 byte order mark) a rewrite must keep."""
from __future__ import annotations

import subprocess
import sys

import pytest

import rapcc
from conftest import EXAMPLES, ROOT
from rapcc.pipeline import Options, rewrite_source

TRANSPOSE = (EXAMPLES / "transpose_32x8.cu").read_text()


def test_rewrite_returns_text_report_diagnostics_and_changed():
    r = rapcc.rewrite(TRANSPOSE, filename="transpose.cu")
    assert isinstance(r, rapcc.Result) and r.changed
    # The same text as `rapcc transpose.cu -o OUT`, whose command the header names.
    command = "rapcc transpose.cu --strategy auto --seed 1 -o OUTPUT"
    assert r.text == rewrite_source(TRANSPOSE.encode(), "transpose.cu", Options(command=command)).text.decode()
    assert r.report["file"] == "transpose.cu" and r.report["arrays"][0]["strategy"] != "none"
    assert any(d.check_id == "rapcc-bank-conflict" for d in r.diagnostics)
    assert '#line 1 "transpose.cu"' in r.text


def test_options_reach_the_pass():
    src = ("__global__ void k(float *o) {\n  __shared__ float t[N][N];\n  t[threadIdx.x][threadIdx.y] = 1.0f;\n"
           "  __syncthreads();\n  o[threadIdx.x] = t[threadIdx.y][threadIdx.x];\n}\n")
    r = rapcc.rewrite(src, block_dim=(32, 32), defines=("N=32",), strategy="xor")
    assert r.changed and r.report["arrays"][0]["block_dim"] == [32, 32, 1]
    assert r.report["arrays"][0]["strategy"] == "xor" and r.report["arrays"][0]["dims"] == [32, 32]
    a = rapcc.analyze(src, block_dim=256, defines=["N=16"])
    assert not a.changed and a.text == src and a.report["arrays"][0]["block_dim"] == [256, 1, 1]


def test_nothing_to_rewrite_gives_the_source_back():
    src = "__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }\r\n"
    r = rapcc.rewrite(src)
    assert r.text == src and not r.changed and r.report["arrays"] == []


@pytest.mark.parametrize("kwargs, message", [
    ({"strategy": "fastest"}, "unknown strategy"),
    ({"block_dim": (0, 8)}, "block_dim"),
    ({"block_dim": (64, 32)}, "1024"),
    ({"arch": "sm_35"}, "no bank model"),
    ({"arch": "gfx90a"}, "unknown GPU architecture"),
    ({"defines": "N=4"}, "sequences"),
])
def test_bad_arguments_raise_usage_errors(kwargs, message):
    with pytest.raises(rapcc.UsageError, match=message):
        rapcc.rewrite(TRANSPOSE, **kwargs)


def test_errors_in_the_source_raise_with_diagnostics_and_print_nothing(capsys):
    with pytest.raises(rapcc.RapccError) as info:
        rapcc.rewrite("#error the build is broken\n__global__ void k() { }\n", filename="bad.cu")
    assert info.value.diagnostics and info.value.diagnostics[0].file == "bad.cu"
    assert capsys.readouterr() == ("", "")
    with pytest.raises(rapcc.UsageError):
        rapcc.rewrite(b"bytes")  # type: ignore[arg-type]


def test_import_rapcc_needs_neither_cupy_nor_the_pass():
    code = ("import sys, rapcc; assert 'cupy' not in sys.modules and 'rapcc.pipeline' not in sys.modules; "
            "import rapcc.pipeline; assert callable(rapcc.rewrite); print(rapcc.rewrite('').changed)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "False", r.stderr


@pytest.mark.parametrize("source", ["", "\n", "\r\n\r\n"])
def test_empty_sources_are_valid(source):
    assert rapcc.rewrite(source).text == source


def test_crlf_and_a_byte_order_mark_survive_a_rewrite():
    lf = rapcc.rewrite(TRANSPOSE, filename="t.cu").text
    crlf = rapcc.rewrite(TRANSPOSE.replace("\n", "\r\n"), filename="t.cu").text
    assert crlf == lf.replace("\n", "\r\n") and "\n" not in crlf.replace("\r\n", "")
    bom = rapcc.rewrite("\ufeff" + TRANSPOSE.replace("\n", "\r\n"), filename="t.cu").text
    assert bom == "\ufeff" + crlf
    # rapcc's own output, rewritten again, is unchanged in either form.
    assert rapcc.rewrite(bom, filename="t.cu").text == bom


def test_crlf_and_bom_through_the_command_line(run_cli, tmp_path):
    src = tmp_path / "t.cu"
    src.write_bytes(b"\xef\xbb\xbf" + TRANSPOSE.replace("\n", "\r\n").encode())
    out = tmp_path / "o.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    data = out.read_bytes()
    assert code == 0, err
    assert data.startswith(b"\xef\xbb\xbf/* rapcc") and data.count(b"\n") == data.count(b"\r\n")

