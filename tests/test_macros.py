"""The macro values a rewrite records in its `#if` guard (rapcc/frontend/macros.py):
computed as the preprocessor computes them (C11 6.10.1p4, through cint), or the
guard would stop the very build rapcc analysed."""
from __future__ import annotations

import shutil
import subprocess

from buildtools import require_tool
from rapcc.pipeline import Options, rewrite_source

KERNEL = """#define TILE 32
{defines}
__global__ void k(int *out, const int *in) {{
  __shared__ int tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y] + {uses};
}}
void run(int *o, const int *i) {{ k<<<1, dim3(32, 32)>>>(o, i); }}
"""

# name, body, the preprocessor's value. Python's `//`, `%` and `>>` on its own
# integers gave -4, 1 and -1 for the first three (the guard then failed on
# the build rapcc analysed); the last ones are the same in both (the twins).
CASES = [("NEG_DIV", "(-7 / 2)", -3), ("NEG_REM", "(-7 % 2)", -1), ("USHR", "((0u - 1) >> 1)", 2**63 - 1),
         ("POS_DIV", "(7 / 2)", 3), ("SUM", "(TILE * 2 + 1)", 65), ("ALL_ONES", "(0u - 1)", 2**64 - 1)]


def _rewrite(tmp_path):
    src = KERNEL.format(defines="\n".join(f"#define {n} {b}" for n, b, _ in CASES),
                        uses=" + ".join(f"(int){n}" for n, _, _ in CASES))
    return rewrite_source(src.encode(), str(tmp_path / "k.cu"), Options(whole_program=True, strategy="pad"))


def test_guards_hold_the_preprocessors_values(tmp_path):
    r = _rewrite(tmp_path)
    assert r.changed
    assert dict(r.macro_guards) == {"TILE": 32, **{n: v for n, _, v in CASES}}


def test_the_guarded_output_preprocesses_without_its_error(tmp_path):
    """The host compiler's preprocessor accepts the guard the rewrite wrote."""
    cxx = shutil.which("c++") or require_tool("g++")
    r = _rewrite(tmp_path)
    assert b"#error" in r.text
    out = tmp_path / "out.cpp"

    def preprocess(text: bytes) -> subprocess.CompletedProcess:
        out.write_bytes(text)
        return subprocess.run([cxx, "-E", "-P", "-x", "c++", str(out)], capture_output=True, text=True)
    done = preprocess(r.text)
    assert done.returncode == 0, done.stderr
    bad = preprocess(r.text.replace(b"#define NEG_DIV (-7 / 2)", b"#define NEG_DIV (-4)"))  # Python's old value
    assert bad.returncode != 0 and "rewritten for" in bad.stderr
