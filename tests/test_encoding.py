"""Bytes that are not UTF-8 pass through unchanged, and CRLF files keep CRLF,
helpers included (issue 19 part 4, issue 17's CRLF crash)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES, require_nvcc
from rapcc.frontend.encoding import lexable, undecodable
from rapcc.pipeline import Options, rewrite_source

STRATEGIES = ("xor", "rap", "bvxor", "auto")
# A 2-way conflict on a 1-D array: every strategy writes an index helper.
KERNEL = b"""// Auteur: Ren\xe9 M\xfcller, \xa9 2024
__global__ void k(float *out, const float *in)
{
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    s[t] = in[t]; /* d\xe9j\xe0 vu */
    __syncthreads();
    out[t] = s[2 * t];
}

void launch(float *o, const float *i) { k<<<1, 128>>>(o, i); }
"""


def _rewrite(source: bytes, strategy: str, name: str = "k.cu", block_dim: tuple[int, int, int] | None = None):
    return rewrite_source(source, name, Options(strategy=strategy, block_dim=block_dim, whole_program=True))


def _unmapped(text: bytes) -> bytes:
    """`text` without rapcc's header, helpers and mapping calls: the user's bytes."""
    body = text[text.index(b"#line 1 "):]
    body = body[body.index(b"\n") + 1:]
    for call in set(part.split(b"(")[0] for part in body.split(b"__rapcc_")[1:]):
        body = body.replace(b"__rapcc_" + call + b"(", b"(")
    return body


def test_undecodable_spans_and_the_lexable_copy():
    src = b"a\xe9b\xc3\xa9c\xff\xfe"
    assert undecodable(src) == ((1, 2), (6, 7), (7, 8))
    assert lexable(src) == b"a b\xc3\xa9c  " and len(lexable(src)) == len(src)
    assert undecodable(b"plain \xc3\xa9") == () and lexable(b"x") == b"x"


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_latin1_in_comments_passes_through_a_rewrite(strategy):
    result = _rewrite(KERNEL, strategy)
    assert result.plans[0].rewritten and b"__rapcc_s_" in result.text
    body = _unmapped(result.text)
    # Every byte the rewrite did not edit is the user's, the Latin-1 ones included.
    assert body.replace(b"(t)]", b"t]").replace(b"(2 * t)]", b"2 * t]").split(b"\n")[0] == KERNEL.split(b"\n")[0]
    assert b"d\xe9j\xe0 vu" in body and b"Ren\xe9 M\xfcller, \xa9 2024" in body


def test_latin1_in_a_string_passes_through():
    src = KERNEL.replace(b"out[t] = s[2 * t];", b'printf("caf\xe9"); out[t] = s[2 * t];')
    result = _rewrite(b"#include <cstdio>\n" + src, "xor")
    assert result.plans[0].rewritten and b'printf("caf\xe9");' in result.text


def test_a_latin1_character_literal_keeps_every_array():
    """The parse saw a space where the byte is; its value is not known."""
    src = KERNEL.replace(b"out[t] = s[2 * t];", b"out[t] = s[2 * t + ('\xe9' & 1)];")
    result = _rewrite(src, "xor")
    assert result.text == src and not result.plans[0].rewritten
    [escape] = [d for d in result.diagnostics if d.check_id == "rapcc-escape"]
    assert escape.message.startswith("line 8 holds a byte that is not UTF-8 outside comments and strings")


def test_the_cli_accepts_latin1(run_cli, tmp_path):
    src = tmp_path / "k.cu"
    src.write_bytes(KERNEL)
    code, _, err = run_cli(str(src), "-o", str(tmp_path / "out.cu"))
    assert code == 0, err
    assert b"\xe9" in (tmp_path / "out.cu").read_bytes()


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_crlf_with_an_index_helper(strategy):
    """Issue 17: the verifier read the helper back with its '\\r'."""
    src = KERNEL.replace(b"\n", b"\r\n")
    result = _rewrite(src, strategy)
    assert result.plans[0].rewritten and b"__rapcc_s_" in result.text
    assert result.text.count(b"\n") == result.text.count(b"\r\n")


def test_crlf_with_a_cloned_helper():
    """A `__device__` function copied per array keeps the file's CRLF too."""
    src = EXAMPLES / "helper_clones.cu"
    # The example's launch is elsewhere: its case's 32x1 block, stated, lets the proof hold.
    result = _rewrite(src.read_bytes().replace(b"\n", b"\r\n"), "xor", str(src), (32, 1, 1))
    assert b"__rapcc_" in result.text and b"#line" in result.text
    assert result.text.count(b"\n") == result.text.count(b"\r\n")


@pytest.mark.nvcc
@pytest.mark.parametrize("crlf", [False, True])
def test_rewrites_with_latin1_and_crlf_compile(tmp_path, crlf):
    nvcc = require_nvcc()
    src = KERNEL.replace(b"\n", b"\r\n") if crlf else KERNEL
    for strategy in STRATEGIES:
        out = tmp_path / f"{strategy}.cu"
        out.write_bytes(_rewrite(src, strategy).text)
        proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-o", str(tmp_path / "k.cubin"), str(out)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_the_diff_writes_latin1_bytes_back(tmp_path):
    """A dry run prints the diff on stdout: the Latin-1 bytes come back as they
    were, even where stdout's encoding is strict UTF-8."""
    src = tmp_path / "k.cu"
    src.write_bytes(KERNEL)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "RAPCC_NO_CUDA_DISCOVERY": "1"}
    proc = subprocess.run([sys.executable, "-c", "import sys; from rapcc.cli import main; sys.exit(main())", str(src),
                           "--whole-program"],
                          capture_output=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert b"+__device__ __forceinline__ unsigned int __rapcc_s_" in proc.stdout
    assert b" // Auteur: Ren\xe9 M\xfcller, \xa9 2024\n" in proc.stdout
