"""A kernel header reached through another header of the unit's folder
(`main.cu` -> `variants.h` -> `kernels.h`) is analysed and rewritten as a
directly included one is (issue 28 item 5), with what the headers between
define before it."""
from __future__ import annotations

import json

import pytest

from buildtools import build_env, run_wrapped, shared_size
from conftest import require_nvcc

# The element type and a scale come from the header in between: parsed without it, the
# tile would be a float tile (4-byte elements) and SCALE undeclared.
VARIANTS = """#ifndef VARIANTS_H
#define VARIANTS_H
#define ELEM double
#define SCALE 2
#include "kernels.h"
#endif
"""
KERNELS = """#pragma once
#ifndef ELEM
#define ELEM float
#endif
__global__ void tr(ELEM *o) {
  __shared__ ELEM t[32][32];
  t[threadIdx.x][threadIdx.y] = o[threadIdx.x] * SCALE;
  __syncthreads();
  o[threadIdx.y] = t[threadIdx.y][threadIdx.x];
}
"""
MAIN = """#include "variants.h"
void go(double *o) { tr<<<1, dim3(32, 32)>>>(o); }
"""


@pytest.fixture
def nested(tmp_path):
    (tmp_path / "variants.h").write_text(VARIANTS)
    (tmp_path / "kernels.h").write_text(KERNELS)
    (tmp_path / "main.cu").write_text(MAIN)
    return tmp_path


def test_a_header_reached_through_another_is_analysed_in_its_unit(run_cli, nested):
    code, out, err = run_cli("analyze", str(nested / "main.cu"), "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert report["arrays"] == []
    (entry,) = report["included_files"]  # before: no entry, the header's tile silently not looked at
    assert entry["file"] == str((nested / "kernels.h").resolve()) and entry["note"] is None
    (tile,) = entry["report"]["arrays"]
    # The header in between decides the element type: the tile is analysed as nvcc compiles it.
    assert (tile["function"], tile["name"], tile["elem_bytes"], tile["dims"]) == ("tr", "t", 8, [32, 32])
    assert "clang error" not in (tile.get("reason") or "")
    code, out, err = run_cli("analyze", str(nested / "main.cu"))
    assert "kernels.h:7:3: warning: " in out and "[rapcc-bank-conflict]" in out
    assert "#pragma once in main file" not in out  # the header is the parse's main file only to rapcc


def test_a_dry_run_shows_the_nested_headers_rewrite(run_cli, nested):
    code, out, err = run_cli(str(nested / "main.cu"), "--whole-program")
    assert code == 0, err
    assert f"+++ {(nested / 'kernels.h').resolve()}" in out
    assert "+  __shared__ ELEM t[32][32 + 1];" in out


def test_a_header_reached_from_another_folder_is_left_to_its_own_unit(run_cli, tmp_path):
    """The twin: the header between is in another folder. A copy of it beside the unit's copy would resolve
    its quoted #includes from there, not from its own folder, so the build hook could not compile a rewrite
    in its place; such a header is no kernel file of the unit (as a directly included one from elsewhere)."""
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "variants.h").write_text(VARIANTS.replace('"kernels.h"', '"../kernels.h"'))
    (tmp_path / "kernels.h").write_text(KERNELS)
    (tmp_path / "main.cu").write_text(MAIN.replace('"variants.h"', '"inc/variants.h"'))
    code, out, err = run_cli("analyze", str(tmp_path / "main.cu"), "--format", "json")
    assert code == 0, err
    assert "included_files" not in json.loads(out)


@pytest.mark.nvcc
def test_the_build_hook_compiles_the_nested_rewrite_in_place(nested):
    require_nvcc()
    env = build_env(nested / "cache", RAPCC_REPORT_DIR=str(nested / "reports"), RAPCC_VERBOSE="1",
                    RAPCC_WHOLE_PROGRAM="1")
    r = run_wrapped(["-arch=sm_90", "-ptx", "-MD", "main.cu", "-o", "main.ptx"], nested, env)
    assert r.returncode == 0, r.stderr
    # 32 x 33 doubles once padded: the rewritten kernels.h is what nvcc compiled.
    assert shared_size((nested / "main.ptx").read_text()) == "[8448]"
    assert f"rapcc: {(nested / 'kernels.h').resolve()}: rewrote 't' in 'tr'" in r.stderr
    deps = (nested / "main.d").read_text()
    assert str(nested / "variants.h") in deps and "cache" not in deps
    (report,) = [json.loads(p.read_text()) for p in (nested / "reports").iterdir()]
    assert [a["name"] for f in report["included_files"] for a in f["report"]["arrays"]] == ["t"]
    # Its twin with rapcc off compiles the tile as written.
    r = run_wrapped(["-arch=sm_90", "-ptx", "main.cu", "-o", "off.ptx"], nested, {**env, "RAPCC_DISABLE": "1"})
    assert r.returncode == 0 and shared_size((nested / "off.ptx").read_text()) == "[8192]"


def test_the_headers_between_launch_too(run_cli, nested):
    """A `variants.h` that launches the kernel with another shape: the tile is planned for both launches,
    not for the unit's alone; a launch there rapcc cannot read makes the shape unknown."""
    launching = VARIANTS.replace("#endif\n", "inline void small(double *o) { tr<<<1, dim3(16, 16)>>>(o); }\n#endif\n")
    (nested / "variants.h").write_text(launching)
    code, out, err = run_cli("analyze", str(nested / "main.cu"), "--format", "json")
    assert code == 0, err
    (tile,) = json.loads(out)["included_files"][0]["report"]["arrays"]
    assert sorted(tile["block_dims"]) == [[16, 16, 1], [32, 32, 1]]
    unread = VARIANTS.replace("#endif\n", "inline void any(double *o, int n) { tr<<<1, dim3(n, n)>>>(o); }\n"
                                          "#endif\n")
    (nested / "variants.h").write_text(unread)
    code, out, err = run_cli("analyze", str(nested / "main.cu"), "--format", "json")
    (tile,) = json.loads(out)["included_files"][0]["report"]["arrays"]
    assert tile["block_dim_source"] != "launches" and [32, 32, 1] != tile["block_dims"], tile


def test_a_header_after_the_kernel_file_launches_too(run_cli, tmp_path):
    """Not only the headers between: a directly included kernel file launched from another header of the
    unit with another shape is planned for both (before, for the unit's own launch alone)."""
    (tmp_path / "kernel.cu").write_text(KERNELS.replace("#define ELEM float\n", "#define ELEM double\n#define SCALE 2\n"))
    (tmp_path / "launch.h").write_text("inline void small(double *o) { tr<<<1, dim3(16, 16)>>>(o); }\n")
    (tmp_path / "main.cu").write_text('#include "kernel.cu"\n#include "launch.h"\n'
                                      "void go(double *o) { tr<<<1, dim3(32, 32)>>>(o); }\n")
    code, out, err = run_cli("analyze", str(tmp_path / "main.cu"), "--format", "json")
    assert code == 0, err
    (tile,) = json.loads(out)["included_files"][0]["report"]["arrays"]
    assert sorted(tile["block_dims"]) == [[16, 16, 1], [32, 32, 1]]


def test_rapcc_o_says_how_to_write_the_included_rewrite(run_cli, nested, tmp_path):
    """-o writes one file: the kernel header's rewrite is not skipped unsaid."""
    out = tmp_path / "out.cu"
    code, _, err = run_cli(str(nested / "main.cu"), "-o", str(out))
    assert code == 0, err
    kernels = (nested / "kernels.h").resolve()
    assert f"rapcc: note: {kernels}, which {nested / 'main.cu'} #includes, has arrays rapcc rewrites" in err
    assert f"--unit {nested / 'main.cu'} -o OUT writes it" in err and out.exists()
