"""What `rapcc-nvcc` says: its own pragmas never reach nvcc (no `unrecognized
#pragma` warning), RAPCC_VERBOSE=1 prints one line per rewritten file, and
Ctrl-C ends `rapcc-nvcc` and `rapcc-launch` with one line and status 130."""
from __future__ import annotations

import io
from contextlib import redirect_stderr

import pytest

from buildtools import build_env, run_wrapped
from conftest import EXAMPLES, require_nvcc
from rapcc.build import launcher, nvcc_cli, nvcc_compile, passthrough

UNCHANGED_WITH_PRAGMA = """__global__ void k(float *o) {
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float t[32];
    t[threadIdx.x] = 1.0f;
    __syncthreads();
    o[threadIdx.x] = t[31 - threadIdx.x];
}
"""


@pytest.mark.nvcc
def test_rapcc_pragmas_are_blanked_and_verbose_names_the_rewrite(tmp_path):
    require_nvcc()
    (tmp_path / "k.cu").write_bytes((EXAMPLES / "transpose_32x8.cu").read_bytes())
    (tmp_path / "u.cu").write_text(UNCHANGED_WITH_PRAGMA)
    env = build_env(tmp_path / "cache", RAPCC_VERBOSE="1")
    r = run_wrapped(["-arch=sm_90", "-ptx", "k.cu", "-o", "k.ptx"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    assert "pragma" not in r.stderr
    lines = [x for x in r.stderr.splitlines() if x.startswith("rapcc:")]
    assert len(lines) == 1 and lines[0].startswith("rapcc: k.cu: rewrote 'tile' in 'transpose_32x8' (pad: pad row 32 -> 33); ")
    assert lines[0].endswith("predicted 16.50x fewer shared-memory wavefronts")  # (1 + 32) -> (1 + 1) per store + load
    # A file rapcc leaves as it is still loses its pragma, on the same line numbers.
    r = run_wrapped(["-arch=sm_90", "-ptx", "u.cu", "-o", "u.ptx"], tmp_path, env)
    assert r.returncode == 0 and "pragma" not in r.stderr and "rapcc:" not in r.stderr, r.stderr
    r = run_wrapped(["-arch=sm_90", "-ptx", "u.cu", "-o", "u.ptx"], tmp_path, {**env, "RAPCC_DISABLE": "1"})
    assert "unrecognized #pragma" in r.stderr  # what the user would see without the hook's blanking


@pytest.mark.parametrize("entry, argv", [(nvcc_cli.main, ["-c", "k.cu"]), (launcher.main, ["nvcc", "-c", "k.cu"])])
def test_ctrl_c_in_the_build_hook_is_one_line_and_130(monkeypatch, tmp_path, entry, argv):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.cu").write_text(UNCHANGED_WITH_PRAGMA)  # shared memory: the full path, not the scan's exit
    monkeypatch.setattr(nvcc_compile, "plan_inputs", interrupted)
    monkeypatch.setattr(passthrough, "find_nvcc", lambda *a: "/usr/bin/true")
    monkeypatch.setattr(launcher, "run", lambda *a, **k: interrupted())
    err = io.StringIO()
    with redirect_stderr(err):
        code = entry(argv)
    assert code == 130 and err.getvalue() == "rapcc: interrupted\n"
