"""The CMake test project built through `-DCMAKE_CUDA_COMPILER_LAUNCHER=rapcc-launch`
with the real nvcc, cmake and ninja (pip packages in CI). On a GPU machine
`benchmarks/build_on_device.sh` also runs it and compares it with a plain build."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from buildtools import LAUNCHER, build_env, require_tool
from conftest import ROOT, require_nvcc

PROJECT = ROOT / "tests" / "projects" / "shared_tiles"

pytestmark = [pytest.mark.nvcc, pytest.mark.slow]


def _reports(folder: Path) -> dict[str, dict]:
    return {Path(r["file"]).name: r for r in (json.loads(p.read_text()) for p in folder.glob("*.json"))}


def test_cmake_project_builds_through_rapcc_launch(tmp_path):
    nvcc = require_nvcc()
    cmake, ninja = require_tool("cmake"), require_tool("ninja")
    build = tmp_path / "build"
    env = build_env(tmp_path / "cache", RAPCC_REPORT_DIR=str(tmp_path / "reports"), RAPCC_PROJECT=str(build))
    configure = [cmake, "-S", str(PROJECT), "-B", str(build), "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={ninja}",
                 f"-DCMAKE_CUDA_COMPILER={nvcc}", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                 "-DCMAKE_CUDA_COMPILER_LAUNCHER=" + ";".join(LAUNCHER)]
    r = subprocess.run(configure, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([cmake, "--build", str(build)], env=env, capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "rapcc: note" not in r.stdout + r.stderr and (build / "shared_tiles").exists()

    reports = _reports(tmp_path / "reports")
    assert set(reports) == {"main.cu", "transpose_kernel.cu", "transpose_launch.cu", "tiled_template.cu", "scale.cu"}
    (transpose,) = reports["transpose_kernel.cu"]["arrays"]
    # Launched from transpose_launch.cu only: the project's launch index gave the shape.
    assert transpose["block_dim"] == [32, 8, 1] and transpose["block_dim_source"] == "launch"
    assert transpose["strategy"] != "none" and transpose["dims"] == [32, 32]  # TILE_DIM from -D
    (tiled,) = reports["tiled_template.cu"]["arrays"]
    assert tiled["strategy"] == "pad" and tiled["block_dim"] == [16, 1, 1]
    (stage,) = reports["scale.cu"]["arrays"]
    assert stage["strategy"] == "none"
    assert reports["main.cu"]["arrays"] == [] and reports["transpose_launch.cu"]["arrays"] == []

    deps = subprocess.run([ninja, "-C", str(build), "-t", "deps"], capture_output=True, text=True).stdout
    assert "transpose_kernel.cu" in deps and str(tmp_path / "cache") not in deps
    again = subprocess.run([cmake, "--build", str(build)], env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "no work to do" in again.stdout
