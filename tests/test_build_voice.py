"""What `rapcc-nvcc` says: its own pragmas never reach nvcc (no `unrecognized
#pragma` warning), RAPCC_VERBOSE=1 prints one line per rewritten file, and
Ctrl-C ends `rapcc-nvcc` and `rapcc-launch` with one line and status 130."""
from __future__ import annotations

import io
from contextlib import redirect_stderr

import pytest

from buildtools import TRANSPOSE_LAUNCHED, build_env, run_wrapped
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
    (tmp_path / "k.cu").write_bytes(TRANSPOSE_LAUNCHED)
    (tmp_path / "u.cu").write_text(UNCHANGED_WITH_PRAGMA)
    env = build_env(tmp_path / "cache", RAPCC_VERBOSE="1", RAPCC_WHOLE_PROGRAM="1")
    r = run_wrapped(["-arch=sm_90", "-ptx", "k.cu", "-o", "k.ptx"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    assert "pragma" not in r.stderr
    lines = [x for x in r.stderr.splitlines() if x.startswith("rapcc:")]
    assert len(lines) == 2 and lines[0].startswith("rapcc: k.cu: rewrote 'tile' in 'transpose_32x8' (pad: pad row 32 -> 33); ")
    assert lines[0].endswith("predicted 16.50x fewer shared-memory wavefronts")  # (1 + 32) -> (1 + 1) per store + load
    assert lines[1] == "rapcc: compile of k.cu: 1 shared array rewritten, 0 kept with a predicted conflict, 0 without one"
    # A file rapcc leaves as it is still loses its pragma, on the same line numbers.
    r = run_wrapped(["-arch=sm_90", "-ptx", "u.cu", "-o", "u.ptx"], tmp_path, env)
    assert r.returncode == 0 and "pragma" not in r.stderr, r.stderr
    assert r.stderr == "rapcc: compile of u.cu: 0 shared arrays rewritten, 0 kept with a predicted conflict, " \
                       "1 without one\n"  # the summary alone: nothing rewritten, no conflict
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


# --- RAPCC_VERBOSE=1: a line per rewrite (in any file), per kept conflict, and per compile ---

KEPT = """#define AT(a, i, j) a[i][j]
__global__ void gather(float *o)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float t[32][32];
    t[threadIdx.y][threadIdx.x] = o[threadIdx.x];
    __syncthreads();
    o[threadIdx.x] = AT(t, threadIdx.x, threadIdx.y);
}
"""
INCLUDED_KERNEL = (EXAMPLES / "transpose_32x8.cu").read_text().replace("#pragma rapcc block_dim(32, 8, 1)\n", "")
INCLUDING = """#include "kernel.cu"
void run(float *out, const float *in, int n)
{
    transpose_32x8<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n);
}
"""


def _fake_nvcc(tmp_path, body: str) -> str:
    """An nvcc stand-in: a shell script that logs each call, then runs `body`."""
    script = tmp_path / "fake-nvcc"
    script.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path / 'nvcc.log'}\n{body}\n")
    script.chmod(0o755)
    return str(script)


def _compiles(tmp_path) -> list[str]:
    """The fake nvcc's calls that compile (not rapcc's toolkit probe, `--dryrun`)."""
    return [x for x in (tmp_path / "nvcc.log").read_text().splitlines() if "--dryrun" not in x]


def _verbose_lines(stderr: str) -> list[str]:
    return [x for x in stderr.splitlines() if x.startswith("rapcc:")]


def test_verbose_names_a_kept_conflict_with_its_reason(tmp_path):
    (tmp_path / "g.cu").write_text(KEPT)
    env = build_env(tmp_path / "cache", RAPCC_VERBOSE="1", RAPCC_NVCC="/bin/true", RAPCC_FLOAT_CHECK="0")
    r = run_wrapped(["-c", "g.cu", "-o", "g.o"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    kept, summary = _verbose_lines(r.stderr)
    assert kept == ("rapcc: g.cu:5: kept 't' in 'gather' as written: predicted 32-way conflict (a subscript of 't' "
                    "is spelled inside a macro body (line 8))")
    assert summary == "rapcc: compile of g.cu: 0 shared arrays rewritten, 1 kept with a predicted conflict, " \
                      "0 without one"
    # Its twin without RAPCC_VERBOSE says nothing.
    quiet = run_wrapped(["-c", "g.cu", "-o", "g.o"], tmp_path,
                        build_env(tmp_path / "cache", RAPCC_NVCC="/bin/true", RAPCC_FLOAT_CHECK="0"))
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_verbose_names_a_rewrite_inside_an_included_cu_file(tmp_path):
    (tmp_path / "kernel.cu").write_text(INCLUDED_KERNEL)
    (tmp_path / "main.cu").write_text(INCLUDING)
    env = build_env(tmp_path / "cache", RAPCC_VERBOSE="1", RAPCC_NVCC="/bin/true", RAPCC_FLOAT_CHECK="0")
    r = run_wrapped(["-c", "main.cu", "-o", "main.o"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    lines = _verbose_lines(r.stderr)
    assert [x for x in lines if "rewrote 'tile' in 'transpose_32x8'" in x][0].startswith(
        f"rapcc: {tmp_path / 'kernel.cu'}: rewrote")
    assert lines[-1] == "rapcc: compile of main.cu: 1 shared array rewritten, 0 kept with a predicted conflict, " \
                        "0 without one"
    assert len(lines) == 2


# --- a compiler killed by a signal is not a reason to compile the original again ---

@pytest.mark.parametrize("body, status", [
    ("kill -9 $$", 137),  # the OOM killer's SIGKILL of nvcc itself
    ("echo \"nvcc error   : 'cicc' died due to signal 9 (Kill signal)\" >&2; exit 255", 255),  # of a tool it ran
])
def test_a_compiler_killed_by_a_signal_fails_the_build_once(tmp_path, body, status):
    (tmp_path / "k.cu").write_bytes(TRANSPOSE_LAUNCHED)
    env = build_env(tmp_path / "cache", RAPCC_NVCC=_fake_nvcc(tmp_path, body), RAPCC_FLOAT_CHECK="0")
    r = run_wrapped(["-c", "k.cu", "-o", "k.o"], tmp_path, env)
    assert r.returncode == status, r.stderr
    assert len(_compiles(tmp_path)) == 1  # the rewrite's compile, never the original's
    assert "killed by signal 9 (SIGKILL); not retried" in r.stderr and "compiled unchanged" not in r.stderr


def test_a_rewrite_that_fails_to_compile_still_falls_back(tmp_path):
    # The legal twin: an ordinary compile error of the rewrite (not a signal)
    # compiles the original instead, as before.
    (tmp_path / "k.cu").write_bytes(TRANSPOSE_LAUNCHED)
    fails_on_copy = f'case "$*" in *"{tmp_path}/k.cu"*|*" k.cu"*) exit 0;; esac; echo "x.cu(1): error: bad" >&2; exit 1'
    env = build_env(tmp_path / "cache", RAPCC_NVCC=_fake_nvcc(tmp_path, fails_on_copy), RAPCC_FLOAT_CHECK="0")
    r = run_wrapped(["-c", "k.cu", "-o", "k.o"], tmp_path, env)
    assert r.returncode == 0, r.stderr
    assert len(_compiles(tmp_path)) == 2
    assert "the rewritten source did not compile" in r.stderr and "killed by signal" not in r.stderr
