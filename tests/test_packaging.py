"""What an installed rapcc shows a user: the GPU extras per CUDA major
version, a clear error without CuPy, the LICENSE, `dir(rapcc)`, and errors
that carry their location."""
from __future__ import annotations

import subprocess
import sys
import pytest

import rapcc
from conftest import ROOT
from rapcc.diagnostics import Diagnostic, RapccError

tomllib = pytest.importorskip("tomllib")  # Python 3.11+


def test_gpu_extras_match_the_toolkit():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["cuda12"] == ["cupy-cuda12x"] and extras["cuda13"] == ["cupy-cuda13x"]
    assert extras["gpu"] == extras["cuda12"]  # the old name, kept as an alias


def test_rapcc_cupy_without_cupy_names_the_extras():
    code = ("import sys; sys.modules['cupy'] = None\n"  # as if CuPy were not installed
            "try:\n    import rapcc.cupy\nexcept ImportError as e:\n    print(e)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "pip install 'rapcc[cuda12]'" in r.stdout and "'rapcc[cuda13]'" in r.stdout


def test_rapcc_cupy_passes_no_deprecated_argument():
    text = (ROOT / "rapcc" / "cupy.py").read_text()
    assert "jitify=" not in text


def test_the_license_is_mit():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "the rapcc authors" in text
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == {"text": "MIT"}


def test_dir_shows_the_api():
    assert {"rewrite", "analyze", "Result", "RapccError", "UsageError"} <= set(dir(rapcc))
    assert {"rewrite", "analyze"} <= set(rapcc.__all__)


def test_an_error_names_its_first_location():
    d = Diagnostic("error", "k.cu", 3, 7, "expected ';'", "rapcc-parse")
    assert str(RapccError("the input has errors", (d,))) == "k.cu:3:7: the input has errors"
    assert str(RapccError("no diagnostics")) == "no diagnostics"
    with pytest.raises(rapcc.RapccError, match=r"^bad\.cu:1:2: "):
        rapcc.rewrite("#error the build is broken\n__global__ void k() { }\n", filename="bad.cu")
