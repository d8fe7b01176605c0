"""Diagnostics at project scale (issue 28 item 4, `rapcc/project_notes.py`):
over many files a header's clang errors print once with the number of files
that met them, the system headers' errors are one line for the run unless
-v, and a file with no shared memory prints no clang note."""
from __future__ import annotations

import json

import pytest

from rapcc.diagnostics import Diagnostic
from rapcc.project_notes import FileDiagnostics, Folder

KERNEL = """#include {header}
__global__ void {name}(float *o) {{
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.y] = t[threadIdx.y][threadIdx.x];
}}
void go_{name}(float *o) {{ {name}<<<1, dim3(32, 32)>>>(o); }}
"""
HOST = "#include {header}\nint host_{name}() {{ return 1; }}\n"
# nvcc would say the same of this header; what matters is that clang reports it in every file that includes it.
BAD_HEADER = "#pragma once\ninline int helper() { return undeclared_thing + 1; }\n"


@pytest.fixture
def project(tmp_path):
    """Three kernel files and three host files, all including one header with a clang error, and a
    compile database for them."""
    (tmp_path / "common.h").write_text(BAD_HEADER)
    files = []
    for i in range(3):
        (tmp_path / f"k{i}.cu").write_text(KERNEL.format(header='"common.h"', name=f"k{i}"))
        (tmp_path / f"h{i}.cu").write_text(HOST.format(header='"common.h"', name=f"h{i}"))
        files += [f"k{i}.cu", f"h{i}.cu"]
    (tmp_path / "compile_commands.json").write_text(json.dumps([
        {"directory": str(tmp_path), "file": f, "command": f"nvcc -arch=sm_90 -c {f} -o {f}.o"} for f in files]))
    return tmp_path


def _rapcc_lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if "[rapcc-" in x or "[clang-" in x]


def test_a_header_error_prints_once_per_project_run_with_its_count(run_cli, project):
    code, out, err = run_cli("analyze", "-p", str(project))
    assert code == 0, err
    notes = [x for x in out.splitlines() if "undeclared_thing" in x]
    # Before: one note per including file (six here). The host files have no shared memory: not counted.
    assert notes == [f"{project / 'common.h'}:2:30: note: clang error, analysis goes on without the code it is in: "
                     "use of undeclared identifier 'undeclared_thing' (in the parse of 3 files) [rapcc-parse-error]"]
    assert sum("[rapcc-bank-conflict]" in x for x in out.splitlines()) == 3  # each file's own finding stays
    assert out.splitlines()[-1] == ("rapcc: 6 files, 3 shared-memory arrays, 3 bank conflicts predicted "
                                    "(1 note, 3 warnings)")
    # The rewrite over the database says it once too (on stderr, the diff on stdout).
    code, _, err = run_cli("-p", str(project))
    assert code == 0 and sum("undeclared_thing" in x for x in err.splitlines()) == 1, err


def test_one_file_still_prints_what_it_met(run_cli, project):
    """The twin: a single file's run names the header's error, as before."""
    code, out, _ = run_cli("analyze", str(project / "k0.cu"))
    assert code == 0 and sum("undeclared_thing" in x for x in out.splitlines()) == 1


def test_a_file_without_shared_memory_prints_nothing(run_cli, project):
    code, out, err = run_cli("analyze", str(project / "h0.cu"), str(project / "h1.cu"))
    assert code == 0, err
    assert _rapcc_lines(out) == []
    assert out.splitlines() == ["rapcc: 2 files, 0 shared-memory arrays, 0 bank conflicts predicted (no diagnostics)"]
    # One such file alone, analysed or rewritten, prints nothing either.
    assert run_cli("analyze", str(project / "h0.cu")) == (0, "", "")
    assert run_cli(str(project / "h0.cu")) == (0, "", "")


def test_a_file_whose_shared_memory_the_parse_lost_still_says_why(run_cli, tmp_path):
    """Its twin: an array clang could not declare (an unknown element type) leaves no array in the report,
    but the bytes spell `__shared__`: the clang error is printed, not hidden as "no shared memory"."""
    (tmp_path / "lost.cu").write_text("__global__ void k(float *o) {\n  __shared__ Unknown t[32][32];\n"
                                      "  o[0] = t[threadIdx.x][0].v;\n}\n")
    (tmp_path / "h.cu").write_text("int h() { return missing_name; }\n")
    code, out, err = run_cli("analyze", str(tmp_path / "lost.cu"), str(tmp_path / "h.cu"))
    assert code == 0, err
    lines = _rapcc_lines(out)
    assert any("lost.cu:2" in x and "Unknown" in x for x in lines), out
    assert not any("missing_name" in x for x in lines)  # h.cu: no shared memory, nothing


def test_system_header_errors_are_one_line_for_the_run_unless_verbose(run_cli, tmp_path):
    system = tmp_path / "sys"
    system.mkdir()
    (system / "bad.h").write_text("inline int sysbad() { return nope_sys; }\n")
    for i in range(3):
        (tmp_path / f"k{i}.cu").write_text(KERNEL.format(header="<bad.h>", name=f"k{i}"))
    files = [str(tmp_path / f"k{i}.cu") for i in range(3)]
    code, out, err = run_cli("analyze", "-isystem", str(system), *files)
    assert code == 0, err
    notes = [x for x in out.splitlines() if "nope_sys" in x]
    assert len(notes) == 1 and "system or toolkit headers, in the parse of 3 files" in notes[0], out
    assert notes[0].startswith(f"{files[0]}:1:10: note: ") and "(-v lists each)" in notes[0]
    # -v lists each error: once for the run, with its count.
    code, out, err = run_cli("analyze", "-v", "-isystem", str(system), *files)
    notes = [x for x in out.splitlines() if "nope_sys" in x]
    assert notes == [f"{system / 'bad.h'}:1:30: note: clang error, analysis goes on without the code it is in: "
                     "use of undeclared identifier 'nope_sys' (in the parse of 3 files) [rapcc-parse-error]"], out


def _d(file: str, message: str, check: str = "rapcc-parse-error", line: int = 1) -> Diagnostic:
    return Diagnostic("note", file, line, 1, message, check)


def test_fold_keeps_each_files_own_findings_in_order():
    a = (_d("a.cu", "conflict", "rapcc-bank-conflict"), _d("h.h", "clang error X"), _d("a.cu", "own clang error"))
    b = (_d("h.h", "clang error X"), _d("b.cu", "conflict", "rapcc-bank-conflict"))
    host = (_d("h.h", "clang error X"), _d("c.cu", "pragma names no array", "rapcc-pragma"))
    folder = Folder()
    per_file = tuple(folder.add(f) for f in [FileDiagnostics("a.cu", a, True), FileDiagnostics("b.cu", b, True),
                                             FileDiagnostics("c.cu", host, False)])
    assert per_file == ((a[0], a[2]), (b[1],), (host[1],))  # rapcc's own checks print in any file
    assert [d.message for d in folder.once()] == ["clang error X (in the parse of 2 files)"]


# --- the build hook: one process per compile, so one line per compile, only under RAPCC_VERBOSE ---

def test_the_build_hook_says_a_header_error_in_one_verbose_line_per_compile(project):
    from buildtools import build_env, run_wrapped
    env = build_env(project / "cache", RAPCC_NVCC="/bin/true")
    for name in ("k0.cu", "k1.cu", "k0.cu"):  # the third is a cache hit: it says the same
        r = run_wrapped(["-c", name, "-o", f"{name}.o"], project, {**env, "RAPCC_VERBOSE": "1"})
        assert r.returncode == 0, r.stderr
        went = [x for x in r.stderr.splitlines() if "went past" in x]
        assert went == [f"rapcc: compile of {name}: went past 1 clang error in 1 file (first ./common.h:2:30: "
                        "use of undeclared identifier 'undeclared_thing'); the arrays in code they touch are kept "
                        "as written"], r.stderr
    # Without RAPCC_VERBOSE a compile rapcc went past an error in says nothing.
    r = run_wrapped(["-c", "k2.cu", "-o", "k2.o"], project, env)
    assert r.returncode == 0 and r.stderr == ""
