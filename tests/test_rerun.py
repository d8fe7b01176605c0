"""Running rapcc on its own output: the arrays it rewrote are kept as they
are, the arrays it did not (a kernel added since) are planned; the file
written in place carries no `#line`; `--out-dir` names the folder of the
local headers its files include."""
from __future__ import annotations

import subprocess

import pytest

from conftest import require_nvcc

TRANSPOSE = """__global__ void __attribute__((annotate("rapcc_block_dim(32, 8)"))) transpose(float *o, const float *in) {
  __shared__ float tile[32][32];
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    o[(threadIdx.y + j) * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}
void launch(float *o, const float *in) { transpose<<<1, dim3(32, 8)>>>(o, in); }
"""
STRIDE4 = """__global__ void __attribute__((annotate("rapcc_block_dim(32, 1)"))) stride4(float *o) {
  __shared__ float buf[128];
  buf[threadIdx.x * 4] = threadIdx.x;
  __syncthreads();
  o[threadIdx.x] = buf[threadIdx.x * 4];
}
void launch4(float *o) { stride4<<<1, 32>>>(o); }
"""


def _rewrite_twice(run_cli, tmp_path, strategy: str):
    src = tmp_path / "a.cu"
    src.write_text(TRANSPOSE)
    code, _, err = run_cli(str(src), "--in-place", "--no-backup", "--strategy", strategy, "--whole-program")
    assert code == 0, err
    first = src.read_text()
    assert "#line" not in first and first.startswith("/* rapcc ") and first != TRANSPOSE
    src.write_text(first + STRIDE4)
    code, _, err = run_cli(str(src), "--in-place", "--no-backup", "--strategy", strategy, "--report", "--whole-program")
    assert code == 0, err
    return first, src.read_text(), err


@pytest.mark.parametrize("strategy", ["xor", "pad"])
def test_a_kernel_added_to_rewritten_code_is_rewritten_and_the_old_array_kept(run_cli, tmp_path, strategy):
    # A padded array has no helper: the header alone says that rapcc rewrote it.
    first, second, err = _rewrite_twice(run_cli, tmp_path, strategy)
    # One header (issue 29: reruns stacked them) naming both runs' arrays; below
    # it, the first rewrite, helpers and all, as it was.
    header_end = first.index("*/\n") + 3
    old_header, first_body = first[:header_end], first[header_end:]
    kernel = second[second.index(first_body) + len(first_body):]
    assert second.endswith(first_body + kernel)
    assert second.count("/* rapcc ") == 1 and second.startswith("/* rapcc ")
    new_header = second[:second.index("*/\n") + 3]
    assert all(line in new_header for line in old_header.splitlines()[1:-1])  # 'tile' and its command
    assert f"buf[{_map_name(second)}(threadIdx.x * 4)]" in kernel
    assert "strategy: none - kept: rewritten by an earlier run of rapcc" in err
    assert "'buf' in 'stride4': " + strategy in second
    assert "[rapcc-escape]" not in err and "#line" not in second
    # A third run finds both arrays rapcc's and changes nothing.
    code, diff, err = run_cli(str(tmp_path / "a.cu"))
    assert code == 0 and diff == "" and "warning" not in err


def _map_name(text: str) -> str:
    start = text.index("__rapcc_buf_")
    return text[start:text.index("(", start)]


@pytest.mark.nvcc
def test_the_twice_rewritten_file_compiles(run_cli, tmp_path):
    nvcc = require_nvcc()
    _rewrite_twice(run_cli, tmp_path, "xor")
    r = subprocess.run([nvcc, "-arch=sm_90", "-ptx", "a.cu", "-o", "a.ptx"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and "warning" not in r.stderr, r.stderr


def test_out_dir_names_the_folder_of_local_headers(run_cli, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "tile.h").write_text("#define TILE 32\n")
    (src / "k.cu").write_text('#include "tile.h"\n' + TRANSPOSE.replace("[32][32]", "[TILE][TILE]"))
    out = tmp_path / "out"
    code, _, err = run_cli(str(src / "k.cu"), "--out-dir", str(out))
    assert code == 0, err
    assert f"rapcc: note: the rewritten files include 'tile.h' from their original folder; compile them with -I {src}" \
        in err
    assert (out / "k.cu").exists() and not (out / "tile.h").exists()


def test_a_rerun_in_place_drops_the_line_directives_of_an_older_rewrite(run_cli, tmp_path):
    # Files rewritten in place by earlier versions (or copied from -o's output) carry `#line 1 "a.cu"`.
    src = tmp_path / "a.cu"
    src.write_text(TRANSPOSE)
    assert run_cli(str(src), "-o", str(tmp_path / "o.cu"), "--strategy", "xor")[0] == 0
    old = (tmp_path / "o.cu").read_text()
    assert f'#line 1 "{src}"' in old
    src.write_text(old + STRIDE4)
    code, _, err = run_cli(str(src), "--in-place", "--no-backup", "--strategy", "xor")
    assert code == 0, err
    new = src.read_text()
    assert "#line" not in new and "__rapcc_buf_" in new
    body = old[old.index("*/\n") + 3:]  # below the header, which the new one takes in
    assert body.replace(f'#line 1 "{src}"', "") in new  # the directive's line stays, empty


def test_reruns_in_place_keep_one_header_and_the_first_backup(run_cli, tmp_path):
    """Issue 29: each rerun stacked a header, and the second overwrote FILE.orig
    with rapcc's own output, losing the source from before rapcc."""
    src = tmp_path / "a.cu"
    src.write_text(TRANSPOSE)
    orig = tmp_path / "a.cu.orig"
    assert run_cli(str(src), "--in-place", "--strategy", "xor")[0] == 0
    assert orig.read_text() == TRANSPOSE
    src.write_text(src.read_text() + STRIDE4)
    assert run_cli(str(src), "--in-place", "--strategy", "xor")[0] == 0
    third = STRIDE4.replace("stride4", "stride4b").replace("buf", "buf2")
    src.write_text(src.read_text() + third)
    code, _, err = run_cli(str(src), "--in-place", "--strategy", "xor")
    assert code == 0, err
    text = src.read_text()
    assert text.count("/* rapcc ") == 1 and text.count("Reproduce:") == 3
    assert all(f"'{a}' in '{f}': xor" in text for a, f in (("tile", "transpose"), ("buf", "stride4"),
                                                           ("buf2", "stride4b")))
    assert orig.read_text() == TRANSPOSE  # still the source from before rapcc


def test_a_file_that_is_no_longer_rapccs_output_gets_a_fresh_backup(run_cli, tmp_path):
    """The twin: the user put their own source back; that is what FILE.orig keeps."""
    src = tmp_path / "a.cu"
    src.write_text(TRANSPOSE)
    assert run_cli(str(src), "--in-place", "--strategy", "xor")[0] == 0
    edited = TRANSPOSE + STRIDE4
    src.write_text(edited)
    assert run_cli(str(src), "--in-place", "--strategy", "xor")[0] == 0
    assert (tmp_path / "a.cu.orig").read_text() == edited
