"""The command line: exit codes, messages, and nothing written on failure."""
from __future__ import annotations

import json

import pytest

from conftest import GOLDEN, ROOT


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    (b"\x00\x01\x02binary", "not a text file"),
    (b"__global__ void k( { int x = ; }\n", "the input has errors"),
])
def test_bad_input_exits_1_without_output(run_cli, tmp_path, content, message):
    src = tmp_path / "in.cu"
    if content is not None:
        src.write_bytes(content)
    out = tmp_path / "out.cu"
    code, stdout, err = run_cli(str(src), "-o", str(out))
    assert code == 1
    assert message in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\r\n"])
def test_an_empty_file_is_valid_and_copied_unchanged(run_cli, tmp_path, content):
    # nvcc and clang accept an empty translation unit; so does rapcc.
    src = tmp_path / "empty.cu"
    src.write_bytes(content)
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and err == ""
    assert out.read_bytes() == content


def test_an_error_in_a_kernel_is_reported_with_its_location(run_cli, tmp_path):
    """A clang error that is no syntax error (an undeclared name) inside a
    kernel refuses that kernel's arrays, not the file: the error is a note at
    its line, the array is left untouched with a warning naming the error, and
    the output is the input. (A syntax error fails the run: test_cli_errors.py.)"""
    src = tmp_path / "bad.cu"
    src.write_text("__global__ void k(float *o) {\n  __shared__ float s[32];\n  s[threadIdx.x] = nowhere;\n}\n")
    out = tmp_path / "o.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.read_bytes() == src.read_bytes()
    assert f"{src}:3:" in err and "note: clang error" in err and "[rapcc-parse-error]" in err
    assert "'s' is left untouched [rapcc-escape]" in err


def test_plain_cpp_without_shared_memory_is_copied_unchanged(run_cli, tmp_path):
    src = tmp_path / "plain.cu"
    src.write_text("#include <vector>\nint add(int a, int b) { return a + b; }\n")
    out = tmp_path / "o.cu"
    code, _, err = run_cli(str(src), "-o", str(out))
    assert code == 0 and out.read_bytes() == src.read_bytes()


@pytest.mark.parametrize("args", [["--strategy", "bogus"], ["--block-dim", "0x8"], ["--block-dim", "64x64"], []])
def test_bad_usage_exits_2(run_cli, tmp_path, args):
    code, _, err = run_cli("tests/golden/reduction.cu", *(args or ["--no-such-flag"]), "-o", str(tmp_path / "o.cu"))
    assert code == 2 and "rapcc: error:" in err
    assert not (tmp_path / "o.cu").exists()


def test_version_and_help(run_cli):
    assert run_cli("--version")[1].startswith("rapcc 0.1.0")
    code, out, _ = run_cli("--help")
    assert code == 0 and "--strategy" in out and "analyze" in out


def test_stdout_output_and_input_untouched(run_cli):
    before = (GOLDEN / "reduction.cu").read_bytes()
    code, out, _ = run_cli("tests/golden/reduction.cu", "-o", "-")
    assert code == 0 and "__rapcc_sdata_" in out
    assert (GOLDEN / "reduction.cu").read_bytes() == before


def test_refuses_to_overwrite_input(run_cli):
    code, _, err = run_cli("tests/golden/reduction.cu", "-o", "tests/golden/reduction.cu")
    assert code == 1 and "refusing to overwrite the input" in err


def test_analyze_prints_compiler_style_diagnostics(run_cli):
    # On stdout, so that `rapcc analyze *.cu | less` shows them (issue 29).
    code, out, err = run_cli("analyze", "tests/golden/transpose16.cu")
    assert code == 0 and err == ""
    assert "tests/golden/transpose16.cu:17:37: warning: 8-way bank conflict on 'tile' (block access, S=16" in out
    assert out.rstrip().endswith("[rapcc-bank-conflict]")


def test_analyze_json_contract(run_cli):
    code, out, _ = run_cli("analyze", "tests/golden/reduction.cu", "--format", "json")
    report = json.loads(out)
    assert set(report) >= {"file", "rapcc_version", "arrays"}
    arr = report["arrays"][0]
    assert set(arr) >= {"name", "function", "line", "elem_bytes", "dims", "extern", "block_dim", "strategy",
                        "reason", "accesses"}
    assert arr["block_dim"] == [256, 1, 1] and arr["strategy"] == "none"
    acc = arr["accesses"][1]
    assert set(acc) >= {"line", "col", "kind", "class", "stride", "wavefronts_before", "wavefronts_after",
                        "ideal_wavefronts"}
    assert acc["kind"] == "update" and acc["stride"] == "2*s"
    assert all(a["wavefronts_after"] == a["wavefronts_before"] for a in arr["accesses"])


def test_report_json_after_rewrite(run_cli, tmp_path):
    rep = tmp_path / "r.json"
    code, _, _ = run_cli("tests/golden/transpose16.cu", "-o", str(tmp_path / "o.cu"), "--report", str(rep),
                         "--report-format", "json")
    arr = json.loads(rep.read_text())["arrays"][0]
    assert arr["strategy"] != "none"
    assert [a["wavefronts_after"] for a in arr["accesses"]] == [1.0, 1.0]


def test_report_counts_the_instructions_of_the_rewritten_layout(run_cli, tmp_path):
    # stencil_rowptr's six adjacent words per row run as three LDS.64 as written
    # and as six LDS through a padded subscript (measured on an H200,
    # benchmarks/results/suite-h200-2026-11-24: 225792 -> 451584 shared loads).
    rep = tmp_path / "r.json"
    src = tmp_path / "stencil_rowptr.cu"  # launched without dynamic shared memory: padding may grow the array
    src.write_text((ROOT / "examples" / "stencil_rowptr.cu").read_text() +
                   "void launch(float *o, const float *i) { stencil_rowptr<<<1, dim3(32, 8)>>>(o, i, 64, 64); }\n")
    run_cli(str(src), "--strategy", "pad", "--whole-program", "-o", str(tmp_path / "o.cu"), "--report", str(rep),
            "--report-format", "json")
    load = next(a for a in json.loads(rep.read_text())["arrays"][0]["accesses"] if a["kind"] == "load")
    assert load["executions_after"] == 2 * load["executions"]


def test_block_dim_option_overrides_pragma(run_cli):
    code, out, _ = run_cli("analyze", "tests/golden/transpose16.cu", "--format", "json", "--block-dim", "32x8")
    assert json.loads(out)["arrays"][0]["block_dim"] == [32, 8, 1]


def test_unexpected_failure_is_an_internal_error_without_traceback(run_cli, tmp_path, monkeypatch):
    import rapcc.cli as cli

    def boom(*args, **kwargs):
        raise ValueError("simulated bug")
    monkeypatch.setattr(cli, "rewrite_source", boom)
    out = tmp_path / "o.cu"
    code, _, err = run_cli("tests/golden/reduction.cu", "-o", str(out))
    assert code == 3 and "internal error: ValueError: simulated bug" in err and "Traceback" not in err
    assert not out.exists()


def test_rewritten_file_scope_array_gets_a_note(run_cli, tmp_path):
    src = tmp_path / "fs.cu"
    src.write_text('__shared__ float tile[32][32];\n'
                   'extern "C" __global__ void k(float *o) {\n'
                   '  #pragma rapcc block_dim(32, 8)\n'
                   '  tile[threadIdx.y][threadIdx.x] = 1.0f;\n'
                   '  __syncthreads();\n'
                   '  o[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n'
                   '}\n'
                   'void launch(float *o) { k<<<1, dim3(32, 8)>>>(o); }\n')
    code, _, err = run_cli(str(src), "--whole-program", "-o", str(tmp_path / "o.cu"))
    assert code == 0 and "[rapcc-file-scope]" in err
    assert "tile[32][32 + 1]" in (tmp_path / "o.cu").read_text()
