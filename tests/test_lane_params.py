"""Which kernel parameters, and whether data, an access's address may read
(analysis/lane_params.py): parameters through locals, calls and returns, never
through a value loaded from memory, which is data."""
from __future__ import annotations

from pathlib import Path

from rapcc.analysis.lane_params import DATA, site_params
from rapcc.frontend import parse_file
from rapcc.pipeline import Options


def _params(tmp_path: Path, src: str) -> dict[str, frozenset[str]]:
    """Each recorded place's parameters, by its source text."""
    path = tmp_path / "p.cu"
    path.write_text(src)
    info, _ = parse_file(str(path), src.encode(), Options())
    text = src.encode()
    return {text[st:e].decode(): names for (st, e), names in site_params(info.sound()).items()}


SRC = """
__device__ int scaled(int v, int k) { return v * k; }
__global__ void k(const int *in, int n, int m, int unused) {
    __shared__ int s[4096];
    int t = threadIdx.x;
    int row = t * n;
    int d = in[m * t];
    s[row] = 1;
    s[d & 255] = 2;
    s[scaled(t, m) & 4095] = 3;
    s[t] = 4;
    int c = m > 3 ? 1 : 2;
    s[c] = 5;
}
"""


def test_a_parameter_reaches_an_address_through_locals_calls_and_returns_and_a_load_cuts_it(tmp_path):
    got = _params(tmp_path, SRC)
    assert got["s[row]"] == {"n"}
    assert got["s[scaled(t, m) & 4095]"] == {"m"}
    assert got["s[c]"] == {"m"}  # a select on a parameter: its value depends on it
    # The twins: a subscript loaded from an address that reads `m` is data, and the thread index alone reads none.
    assert got["s[d & 255]"] == {DATA}
    assert got["s[t]"] == frozenset()
    assert all("unused" not in names for names in got.values())


def test_a_value_only_loops_and_helpers_compute_is_not_data_and_its_loaded_twin_is(tmp_path):
    """Where the interval rules lose a value only loops compute, it is not drawn
    as if it were data; a value assigned under a condition on data is data."""
    src = """
__device__ unsigned find(const unsigned *keys, unsigned v) {
    unsigned pos = 0;
    for (unsigned st = 16; st > 0; st >>= 1) if (keys[pos + st - 1] < v) pos += st;
    return pos;
}
__global__ void k(const unsigned *in) {
    __shared__ unsigned s[64];
    unsigned stride = 1;
    for (; stride < 32; stride <<= 1) s[threadIdx.x & (stride - 1)] = 0;
    s[find(in, threadIdx.x)] = 1;
    s[in[threadIdx.x] & 63] = 2;
}
"""
    got = _params(tmp_path, src)
    assert DATA not in got["s[threadIdx.x & (stride - 1)]"]
    assert DATA in got["s[in[threadIdx.x] & 63]"]
    # The helper's position is assigned under a condition on data: which way it went is the data's.
    assert DATA in got["s[find(in, threadIdx.x)]"]


def test_what_an_asm_statement_writes_is_not_data_and_a_loaded_twin_is(tmp_path):
    """An `asm` output is a value rapcc does not model: unknown, not drawn as uniform data."""
    src = """
__global__ void k(const int *in) {
    __shared__ int s[64];
    int f, g = in[threadIdx.x];
    asm("mov.u32 %0, %1;" : "=r"(f) : "r"(threadIdx.x));
    s[f & 63] = 1;
    s[g & 63] = 2;
}
"""
    got = _params(tmp_path, src)
    assert DATA not in got["s[f & 63]"]
    assert DATA in got["s[g & 63]"]
