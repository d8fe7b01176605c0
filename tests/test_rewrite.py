"""Golden rewrites, byte-identity when nothing changes, idempotence and determinism."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES, GOLDEN, ROOT

CASES = sorted(p.name for p in GOLDEN.glob("*.cu") if not p.name.endswith(".rap.cu"))
UNCHANGED = {"escapes.cu", "histogram.cu", "padded.cu"}
# Flags a golden file is rewritten with: the template's kernel is launched by its
# own file only (--whole-program), which its padding needs (issue 27 §7).
FLAGS = {"template_transpose.cu": ("--whole-program",)}


@pytest.mark.parametrize("case", CASES)
def test_golden(run_cli, tmp_path, case):
    src = f"tests/golden/{case}"
    out = tmp_path / "out.cu"
    code, _, err = run_cli(src, *FLAGS.get(case, ()), "-o", str(out))
    assert code == 0, err
    expected_out = GOLDEN / case.replace(".cu", ".rap.cu")
    expected_err = GOLDEN / case.replace(".cu", ".stderr")
    if os.environ.get("RAPCC_UPDATE_GOLDEN") == "1":
        expected_out.write_bytes(out.read_bytes())
        expected_err.write_text(err)
    assert out.read_bytes() == expected_out.read_bytes()
    assert err == expected_err.read_text()
    if case in UNCHANGED:
        assert out.read_bytes() == (GOLDEN / case).read_bytes()
    else:
        assert out.read_bytes() != (GOLDEN / case).read_bytes()


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("strategy", ["auto", "pad", "xor", "rap"])
def test_idempotent_and_deterministic(run_cli, tmp_path, case, strategy):
    first, second, again = tmp_path / "a.cu", tmp_path / "b.cu", tmp_path / "c.cu"
    assert run_cli(f"tests/golden/{case}", "-o", str(first), "--strategy", strategy)[0] == 0
    assert run_cli(f"tests/golden/{case}", "-o", str(again), "--strategy", strategy)[0] == 0
    assert first.read_bytes() == again.read_bytes()
    assert run_cli(str(first), "-o", str(second), "--strategy", strategy)[0] == 0
    assert second.read_bytes() == first.read_bytes()


@pytest.mark.parametrize("name", ["matmul_tile.cu", "matmul_padded.cu", "reduce_sequential.cu"])
def test_conflict_free_examples_come_out_byte_identical(run_cli, tmp_path, name):
    if not (EXAMPLES / name).exists():
        pytest.fail(f"example {name} is missing")
    out = tmp_path / name
    assert run_cli(f"examples/{name}", "-o", str(out))[0] == 0
    assert out.read_bytes() == (EXAMPLES / name).read_bytes()


def test_only_declarations_and_subscripts_change(run_cli, tmp_path):
    out = tmp_path / "t.cu"
    assert run_cli("tests/golden/transpose16.cu", "-o", str(out), "--strategy", "xor")[0] == 0
    text = out.read_text()
    body = text[text.index('#line 1 "tests/golden/transpose16.cu"\n') + len('#line 1 "tests/golden/transpose16.cu"\n'):]
    body = body[:body.index("/* rapcc: the layouts above were proved for these macro values")]
    original = (GOLDEN / "transpose16.cu").read_text()
    assert body.count("\n") == original.count("\n")
    changed = [(a, b) for a, b in zip(original.splitlines(), body.splitlines()) if a != b]
    assert len(changed) == 2 and all("tile" in a and "__rapcc_tile_" in b for a, b in changed)


def test_header_names_strategy_and_command(run_cli, tmp_path):
    out = tmp_path / "r.cu"
    assert run_cli("tests/golden/reduction.cu", "-o", str(out), "--seed", "3")[0] == 0
    head = out.read_text().split("*/")[0]
    assert "rapcc 0.1.0" in head and "'sdata' in 'reduce1': " in head
    assert "Reproduce: rapcc tests/golden/reduction.cu --strategy auto --seed 3 -o OUTPUT" in head


def test_the_same_input_gives_the_same_bytes_in_every_process(tmp_path):
    """Copies of one function for two arrays are inserted at one place: their
    order must not follow Python's per-process string hashing."""
    code = ("from rapcc.pipeline import rewrite_source, Options; import sys; "
            "src = open('examples/helper_clones.cu', 'rb').read(); "
            "sys.stdout.buffer.write(rewrite_source(src, 'examples/helper_clones.cu', Options(whole_program=True, strategy='pad')).text)")
    outs = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed), "RAPCC_NO_CUDA_DISCOVERY": "1"}).stdout
            for seed in (1, 2, 3)}
    assert len(outs) == 1


# A 3-D double-buffered tile written K-major (tests/redteam4/rt4_05): xor
# rewrites it through an element accessor, a template over the element type.
_ACCESSOR_KERNEL = b"""__global__ void k(const int *in, int *out, int p) {
    __shared__ float As[2][16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[0][tx][ty] = (float)in[ty * 16 + tx];
    As[1][tx][ty] = (float)in[256 + ty * 16 + tx];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < 16; ++k) acc += As[p & 1][k][ty] * As[(p & 1) ^ 1][k][tx];
    out[ty * 16 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { k<<<1, dim3(16, 16)>>>(in, out, 0); }
#endif
"""
# Ordinary names a -D flag, an -include file or a unity build (one .cu that
# includes others) may have made macros before rapcc's prologue is read.
_MACROS_BEFORE = "#define T 16\n#define a 1\n#define PAD 4\n#define pad 2\n#define r 3\n"


def _host_syntax_check(tmp_path, name: str, text: str) -> subprocess.CompletedProcess:
    from tests.buildtools import require_host_oracle
    from tests.fuzz.hostcheck import GXX, HEADER
    f = tmp_path / name
    f.write_text(text)
    return subprocess.run([require_host_oracle(GXX), "-std=c++20", "-fsyntax-only", "-w", "-include", str(HEADER),
                           "-x", "c++", str(f)], capture_output=True, text=True, timeout=120)


def test_the_prologue_builds_after_macros_of_ordinary_names(tmp_path):
    """The wrong form: the user's `#define T 16` (or a, PAD, pad, r) seen
    before the prologue turned `template <typename T>` into a syntax error.
    The legal twin: without those macros the same rewrite builds; both are
    rewritten through the accessor."""
    from rapcc.pipeline import Options, rewrite_source
    path = str(tmp_path / "k.cu")
    text = rewrite_source(_ACCESSOR_KERNEL, path, Options(strategy="xor")).text.decode()
    assert "__rapcc_T (&__rapcc_a)[2][16][16]" in text
    plain = _host_syntax_check(tmp_path, "plain.cu", text)
    assert plain.returncode == 0, plain.stderr[-2000:]
    after_macros = _host_syntax_check(tmp_path, "unity.cu", _MACROS_BEFORE + text)
    assert after_macros.returncode == 0, after_macros.stderr[-2000:]
