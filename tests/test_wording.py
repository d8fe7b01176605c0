"""Counts in text output read as English: "1 bank conflict", "2 files"."""
from __future__ import annotations

from rapcc.wording import count, size

ONE_CONFLICT = """__global__ void k(float *o) __attribute__((annotate("rapcc_block_dim(32, 1, 1)")))
{
    __shared__ float s[64];
    s[threadIdx.x * 2] = o[threadIdx.x];
    __syncthreads();
    o[threadIdx.x] = s[threadIdx.x];
}
"""


def test_count_and_size():
    assert [count(n, "bank conflict") for n in (0, 1, 2)] == ["0 bank conflicts", "1 bank conflict",
                                                              "2 bank conflicts"]
    assert count(1, "shared-memory array") == "1 shared-memory array" and count(3, "pass") == "3 passes"
    assert size(1) == "1 byte" and size(3456) == "3,456 bytes"


def test_the_summary_of_several_files_says_1_bank_conflict(run_cli, tmp_path):
    one, none = tmp_path / "one.cu", tmp_path / "none.cu"
    one.write_text(ONE_CONFLICT)
    none.write_text("int add(int a, int b) { return a + b; }\n")
    code, out, _ = run_cli("analyze", str(one), str(none))
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("rapcc: 2 files, 1 shared-memory array, 1 bank conflict predicted (1 warning"), out
