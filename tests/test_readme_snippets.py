"""Every snippet of the README's "Use it in your build" section and of
docs/build.md (where the build material moves; a snippet in both must read
the same), run as written: the dry run from a copy of the repository root,
CMake and the compile database in a copy of the test project, Make on a small
project, rapcc-nvcc and Python from (a copy of) the repository root. The
console scripts are stand-ins that run this checkout's modules."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from buildtools import build_env, require_tool
from conftest import ROOT, require_nvcc
from rapcc.harness.runner import cuda_status

README = (ROOT / "README.md").read_text()
BUILD_DOC = (ROOT / "docs" / "build.md").read_text()
SNIPPET = re.compile(r"<!-- snippet: (\S+) -->\n```\w+\n(.*?)```", re.S)
README_SNIPPETS = dict(SNIPPET.findall(README))
DOC_SNIPPETS = dict(SNIPPET.findall(BUILD_DOC))
SNIPPETS = {**README_SNIPPETS, **DOC_SNIPPETS}
SCRIPTS = {"rapcc": "rapcc.cli", "rapcc-nvcc": "rapcc.build.nvcc_cli", "rapcc-launch": "rapcc.build.launcher"}


def test_the_section_has_every_snippet():
    assert set(DOC_SNIPPETS) == {"dry-run", "cmake", "make", "rapcc-nvcc", "compdb", "python", "cupy"}
    assert set(README_SNIPPETS) <= set(DOC_SNIPPETS)
    assert all(README_SNIPPETS[k] == DOC_SNIPPETS[k] for k in README_SNIPPETS)
    assert SNIPPETS["make"].count("\n") == 3 and "NVCC := rapcc-nvcc" in SNIPPETS["make"]


@pytest.fixture
def shell(tmp_path):
    """run(snippet, cwd): the snippet in bash, with rapcc's console scripts on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, module in SCRIPTS.items():
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\nexec {sys.executable} -m {module} \"$@\"\n")
        script.chmod(0o755)
    env = build_env(tmp_path / "cache")
    env["PATH"] = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), env["PATH"]])

    def run(code: str, cwd: Path, *args: str) -> subprocess.CompletedProcess:
        r = subprocess.run(list(args) or ["bash", "-euo", "pipefail", "-c", code], cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=1200)
        assert r.returncode == 0, r.stdout + r.stderr
        return r
    return run


def _repo_copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "examples", root / "examples")
    shutil.copytree(ROOT / "tests" / "cases_cpp", root / "tests" / "cases_cpp")
    return root


@pytest.mark.slow
@pytest.mark.nvcc
def test_cmake_and_compile_database_snippets(shell, tmp_path):
    require_nvcc()
    require_tool("cmake")
    require_tool("ninja")
    project = tmp_path / "project"
    shutil.copytree(ROOT / "tests" / "projects" / "shared_tiles", project)
    r = shell(SNIPPETS["cmake"], project)
    assert "rapcc: note" not in r.stdout + r.stderr and (project / "build" / "shared_tiles").exists()
    assert len(list((project / "build" / "rapcc-reports").glob("*.json"))) == 5
    r = shell(SNIPPETS["compdb"], project)
    assert "bank conflict" in r.stderr
    assert "'tile' in 'transpose_tile'" in (project / "rewritten" / "transpose_kernel.cu").read_text()


@pytest.mark.nvcc
def test_make_snippet(shell, tmp_path):
    require_nvcc()
    require_tool("make")
    (tmp_path / "Makefile").write_text(SNIPPETS["make"])
    shutil.copy(ROOT / "examples" / "transpose_32x8.cu", tmp_path / "transpose.cu")
    shell("", tmp_path, "make", "transpose.o")
    assert (tmp_path / "transpose.o").exists()


@pytest.mark.nvcc
def test_rapcc_nvcc_snippet(shell, tmp_path):
    require_nvcc()
    root = _repo_copy(tmp_path)
    shell(SNIPPETS["rapcc-nvcc"], root)
    assert (root / "transpose_32x8.o").exists() and len(list((root / "reports").glob("*.json"))) == 1


def test_python_snippet(shell, tmp_path):
    root = _repo_copy(tmp_path)
    r = shell("", root, sys.executable, "-c", SNIPPETS["python"])
    # No launch in the file: its dynamic shared memory is unknown, so a layout of the tile's own size.
    assert r.stdout.startswith("True bvxor") and "rapcc-bank-conflict" in r.stdout


@pytest.mark.gpu
@pytest.mark.skipif(not cuda_status()[0], reason="needs CuPy and a CUDA GPU")
def test_cupy_snippet(shell, tmp_path):
    root = _repo_copy(tmp_path)
    r = shell("", root, sys.executable, "-c", SNIPPETS["cupy"])
    assert r.stdout.strip() == "True True"


def test_dry_run_snippet(shell, tmp_path):
    root = _repo_copy(tmp_path)
    before = sorted(p.name for p in (root / "examples").iterdir())
    r = shell(SNIPPETS["dry-run"], root)
    assert r.stdout.count("--- examples/transpose_32x8.cu") == 2  # the two rewrite commands' diffs
    assert "chose " in r.stderr and "more candidates: --explain=all" in r.stderr
    assert sorted(p.name for p in (root / "examples").iterdir()) == before  # nothing written
