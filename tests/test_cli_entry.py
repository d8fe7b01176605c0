"""The command line's entry points and errors: the dry run, `--explain`,
`analyse`, file-system errors as the user's (exit 1), Ctrl-C (exit 130)."""
from __future__ import annotations

import os
import stat

import pytest

SOURCE = "tests/golden/transpose16.cu"


def test_no_output_is_a_dry_run_printing_the_diff(run_cli, tmp_path, monkeypatch):
    before = sorted(os.listdir("tests/golden"))
    code, out, err = run_cli(SOURCE, "--strategy", "pad", "--whole-program")
    assert code == 0, err
    assert out.startswith(f"--- {SOURCE}\n+++ {SOURCE}\n")
    assert "-  __shared__ float tile[TILE_DIM][TILE_DIM];" in out
    assert "+  __shared__ float tile[TILE_DIM][TILE_DIM + 2];" in out
    assert sorted(os.listdir("tests/golden")) == before


def test_a_dry_run_of_an_unchanged_file_prints_nothing(run_cli, tmp_path):
    src = tmp_path / "plain.cu"
    src.write_text("__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }\n")
    code, out, _ = run_cli(str(src))
    assert code == 0 and out == ""
    assert os.listdir(tmp_path) == ["plain.cu"]


def test_several_inputs_without_a_destination_are_a_dry_run(run_cli):
    code, out, _ = run_cli(SOURCE, "examples/transpose_32x8.cu")
    assert code == 0
    assert f"--- {SOURCE}" in out and "--- examples/transpose_32x8.cu" in out


def test_explain_needs_no_output_and_shows_one_candidate_per_strategy(run_cli):
    code, out, err = run_cli("--explain", "tests/golden/fwt8.cu")
    assert code == 0 and out.startswith("--- ")
    rows = [line.split()[1] for line in err.splitlines() if line.startswith("    ") and not line.strip().startswith("(")]
    assert rows and len(rows) == len(set(rows))  # one best candidate per strategy
    assert "more candidates: --explain=all" in err


def test_explain_all_shows_every_candidate(run_cli):
    _, _, best = run_cli("tests/golden/fwt8.cu", "--explain")
    code, _, every = run_cli("tests/golden/fwt8.cu", "--explain=all")
    assert code == 0
    assert len(every.splitlines()) > len(best.splitlines())
    assert "XOR the word address's low bits with its bits from bit 2" in every and "(MIH heuristic)" in every


@pytest.mark.parametrize("name", ["analyze", "analyse"])
def test_analyze_explains_and_analyse_is_its_alias(run_cli, name):
    code, out, err = run_cli(name, SOURCE, "--explain")
    assert code == 0 and err == ""  # analyze's findings are its output (issue 29: `| less`)
    assert "'tile' in 'transpose': chose bvxor (cheapest of " in out
    assert "[rapcc-bank-conflict]" in out


def test_multi_file_analyze_ends_with_a_summary(run_cli):
    code, out, _ = run_cli("analyze", SOURCE, "examples/transpose_32x8.cu")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("rapcc: 2 files, 2 shared-memory arrays, ") and "bank conflicts predicted" in last


def test_verbose_prints_one_line_per_file(run_cli, tmp_path):
    code, _, err = run_cli(SOURCE, "--strategy", "pad", "--whole-program", "-o", str(tmp_path / "o.cu"), "-v")
    assert code == 0
    line = next(x for x in err.splitlines() if x.startswith("rapcc: "))
    # store + load: 1 + 8 wavefronts before, 2 + 1 after padding the 16-word rows by two
    assert line == f"rapcc: {SOURCE}: rewrote 'tile' in 'transpose' (pad: pad row 16 -> 18); predicted 3.00x fewer " \
        "shared-memory wavefronts"


def test_an_unwritable_folder_is_exit_1_with_the_path(run_cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    out = blocker / "o.cu"  # a path under a regular file: ENOTDIR, for root too
    code, _, err = run_cli(SOURCE, "-o", str(out))
    assert code == 1 and "internal error" not in err
    assert f"rapcc: error: {out}: cannot write: Not a directory" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_exit_1(run_cli, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    code, _, err = run_cli(SOURCE, "-o", str(folder / "o.cu"))
    assert code == 1 and "Permission denied" in err


def test_an_unreadable_input_is_exit_1(run_cli, tmp_path, monkeypatch):
    import rapcc.cli as cli

    def refuse(path):
        raise PermissionError(13, "Permission denied", path)
    monkeypatch.setattr(cli, "_read_input", refuse)
    code, _, err = run_cli(SOURCE, "-o", str(tmp_path / "o.cu"))
    assert code == 1 and f"rapcc: error: {SOURCE}: Permission denied" in err


def test_ctrl_c_is_exit_130_with_one_line(run_cli, tmp_path, monkeypatch):
    import rapcc.cli as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "rewrite_source", interrupted)
    code, _, err = run_cli(SOURCE, "-o", str(tmp_path / "o.cu"))
    assert code == 130 and err == "rapcc: interrupted\n"
    assert not (tmp_path / "o.cu").exists()


def test_the_report_explains_a_result_below_ideal(run_cli, tmp_path):
    # dct8x8's row read (8 adjacent floats a lane) runs as 128-bit loads as
    # written, 4 wavefronts each at best; the rewritten layout makes each one
    # 4 scalar loads of 1 wavefront.
    code, _, err = run_cli("examples/dct8x8.cu", "-o", str(tmp_path / "o.cu"), "--report")
    assert code == 0
    line = next(x for x in err.splitlines() if x.strip().startswith("line 46:"))
    assert line.endswith("8.00 -> 1.00 wavefronts (ideal 4.00); below ideal because the new layout splits this "
                         "vector access into 4 narrower ones, 4.00 wavefronts in all")
