"""benchmarks/realprog's second set (issue 30): the list's own build commands
and binaries, the static table (table.py) and the ncu per-kernel times
(kernel_times.py), on small stand-ins; no GPU."""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.realprog import kernel_times, reports, summarize, table  # noqa: E402
from benchmarks.realprog.run import MAKE, read_programs  # noqa: E402
from tests.test_realprog import FAKE_NVCC, TRANSPOSE  # noqa: E402

HERE = Path(__file__).resolve().parent.parent / "benchmarks" / "realprog"


def test_a_line_with_build_binary_and_a_mask_with_alternatives(tmp_path: Path) -> None:
    listing = tmp_path / "p.txt"
    listing.write_text("# c\n"
                       "a|o/r|" + "1" * 40 + "|x/y|-n 4|build=$CC -O2 -arch=$ARCH -o t t.cu|binary=t|Seed: .*|at .*\n"
                       "b|o/r|" + "1" * 40 + "|x/z||Deviation: .*|%error .*\n"
                       "c|o/r|" + "1" * 40 + "|x/w||build=make -C sub CC=$CC\n")
    a, b, c = read_programs(listing)
    assert (a.build, a.binary, a.args, a.mask) == ("$CC -O2 -arch=$ARCH -o t t.cu", "t", ("-n", "4"), "Seed: .*|at .*")
    # A HeCBench line keeps its Makefile, its 'main' and a mask holding '|'.
    assert (b.build, b.binary, b.mask) == (MAKE, "main", "Deviation: .*|%error .*")
    assert (c.build, c.binary, c.mask) == ("make -C sub CC=$CC", "main", "")


def test_the_second_list_is_fresh_pinned_and_buildable() -> None:
    first = read_programs(HERE / "programs.txt")
    second = read_programs(HERE / "programs2.txt")
    assert len(second) >= 40 and len({p.name for p in second}) == len(second)
    assert all(re.fullmatch(r"[0-9a-f]{40}", p.commit) for p in second)
    # No repository of the first set, and every program says how it is built.
    assert not {p.repo for p in first} & {p.repo for p in second}
    assert all("$CC" in p.build and "ARCH" in p.build for p in second)
    assert len({p.repo for p in second}) >= 5


def test_run_builds_with_the_lists_command_and_runs_its_binary(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """run.py end to end on a program with no Makefile: the list's nvcc line
    builds it both ways and its own binary name runs, 5 times each."""
    from benchmarks.realprog import run as driver

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nvcc").write_text(FAKE_NVCC)
    (bin_dir / "nvcc").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{Path(sys.executable).parent}:{os.environ['PATH']}")
    monkeypatch.setenv("RAPCC_NVCC", str(bin_dir / "nvcc"))
    programs = tmp_path / "programs"
    (programs / "tp" / "src").mkdir(parents=True)
    (programs / "tp" / "src" / "t.cu").write_text(TRANSPOSE)
    listing = tmp_path / "programs2.txt"
    listing.write_text("tp|someone/tutorial|" + "0" * 40 + "|src||build=$CC -arch=$ARCH -c src/t.cu -o t.o "
                       "&& $CC -arch=$ARCH t.o -o tpose|binary=tpose\n")
    out = tmp_path / "out"
    assert driver.main(["--programs", str(programs), "--out", str(out), "--work", str(tmp_path / "work"),
                        "--list", str(listing), "--jobs", "2", "--budget", "120", "--rounds", "5"]) == 0
    entry = json.loads((out / "results.json").read_text())["programs"]["tp"]
    assert entry["build"]["plain"]["ok"] and entry["build"]["rapcc"]["ok"] and entry["changed"]
    assert entry["run"]["verdict"] == "identical"
    assert entry["run"]["exit"] == {"plain": [0] * 5, "rapcc": [0] * 5}
    # The rapcc build compiled the rewritten tile, the plain one the source.
    assert (tmp_path / "work" / "plain" / "tp" / "t.o").read_text() == TRANSPOSE
    assert (tmp_path / "work" / "rapcc" / "tp" / "t.o").read_text() != TRANSPOSE


@pytest.mark.parametrize(("text", "launched"), [
    ("k<<<g, b>>>(x);", True),
    ("reduce<256, float><<<g, 256>>>(x);", True),
    ("sum_reduction << <GRID_SIZE, TB_SIZE >> > (d_v, d_v_r);", True),  # as an editor formatted it
    ("fpDeriv[fp]<<<grid[d][fp], block[d][fp]>>>(d_f, d_df);", True),    # through a function pointer
    ("cudaLaunchCooperativeKernel((void *)k<int>, grid, block, args, 0, s);", True),
    ("k(x); // a device call", False),
    ("x = a << 3 >> 1; y = b < c;", False),
])
def test_launches_finds_a_kernel_launch(text: str, launched: bool) -> None:
    assert table.launches(text) is launched


def _row(name: str, source: str, strategy: str, before: float, reason: str = "") -> reports.ArrayRow:
    return reports.ArrayRow(file="a.cu", function="k", name=name, line=1, dims=(32, 32), shape_source=source,
                            shape_group=reports.SHAPE_GROUP[source], shapes=("32x8x1",), unknown_launches=0,
                            strategy=strategy, reason=reason, mapping=None, wavefronts_before=before,
                            wavefronts_after=1.0, ideal=1.0)


def test_the_static_table_counts_fixed_kept_and_guessed_shapes() -> None:
    rows = [
        table.ProgramRow("p", True, True, (
            _row("a", "launch", "pad", 32.0),
            _row("b", "assumed", "none", 8.0, "left untouched: 'b[i]' reaches index 4294967295 of 256 (line 9)"),
            _row("c", "inferred", "none", 1.0, "unchanged: already conflict-free"),
        ), (True, True, False)),
        table.ProgramRow("q", True, False, (), ()),
    ]
    p = rows[0]
    assert (len(p.conflicted), p.fixed, p.rewritten) == (2, 1, 1)
    assert p.kept == {"left untouched: '…' reaches index N of N": 1}
    # 'c' is inferred, but its file does not launch its kernel: not counted.
    assert p.guessed_in_launching_files() == (1, 2)
    md = table.markdown(rows, {"plain": 10.0, "rapcc": 20.0})
    assert "Predicted conflict: 2; fixed 1/2 (50%) (1 to the ideal wavefronts); kept 1:" in md
    assert "planned under a shape no launch gave: 1/2 (50%)" in md
    assert "| q | ok/FAIL | 0 |" in md
    assert "| p | ok/ok | 3 | 2 | 1 | 1 | 1 x left untouched" in md


NCU_CSV = '''==PROF== Connected to process 1 (./main)
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"
"0","1","main","127.0.0.1","transpose(float *, const float *)","1","7","(32, 8, 1)","(32, 32, 1)","0","9.0","Command line profiler metrics","gpu__time_duration.sum","us","{a}"
"1","1","main","127.0.0.1","transpose(float *, const float *)","1","7","(32, 8, 1)","(32, 32, 1)","0","9.0","Command line profiler metrics","gpu__time_duration.sum","us","{a}"
"2","1","main","127.0.0.1","copy(float *)","1","7","(32, 8, 1)","(32, 32, 1)","0","9.0","Command line profiler metrics","gpu__time_duration.sum","ns","{b}"
'''


def test_kernel_times_sum_launches_and_compare_medians(tmp_path: Path) -> None:
    runs: dict[str, list[dict[str, float]]] = {"plain": [], "rapcc": []}
    for i, (variant, a) in enumerate([("plain", 10.0), ("rapcc", 5.0), ("plain", 12.0), ("rapcc", 6.0),
                                      ("plain", 11.0), ("rapcc", 50.0)]):
        path = tmp_path / f"{i}.csv"
        path.write_text(NCU_CSV.format(a=a, b=1000.0))
        runs[variant].append(kernel_times.per_kernel(path))
    assert runs["plain"][0] == {"transpose": pytest.approx(0.020), "copy": pytest.approx(0.001)}
    k = kernel_times.compare(runs)
    # The median resists one slow run: 11 us twice over 6 us twice.
    assert k["transpose"]["plain_ms"] == pytest.approx(0.022) and k["transpose"]["rapcc_ms"] == pytest.approx(0.012)
    assert k["transpose"]["speedup"] == pytest.approx(0.022 / 0.012, rel=1e-3)
    assert k["copy"]["speedup"] == pytest.approx(1.0) and k["copy"]["runs"] == [3, 3]
    lines = summarize.kernel_lines({"p": {"kernels": k}, "q": {}})
    assert "| p | transpose | 3/3 | 0.0220 | 0.0120 | 1.833x |" in lines


def test_kernel_times_without_ncu_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert kernel_times.measure({"plain": tmp_path, "rapcc": tmp_path}, "main", (), 5, tmp_path, 10) is None


FAKE_NCU = r"""#!/bin/sh
# Stands in for ncu: writes one CSV row per launch to --log-file (or stdout),
# 10 us a launch in a folder named 'plain', 8 us elsewhere.
log=""; prev=""
for a in "$@"; do [ "$prev" = "--log-file" ] && log="$a"; prev="$a"; done
t=8; case "$PWD" in */plain) t=10 ;; esac
row='"0","1","main","h","transpose(float *)","1","7","(32, 8, 1)","(32, 32, 1)","0","9.0","s","gpu__time_duration.sum","us","'$t'"'
head='"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"'
if [ -n "$log" ] && [ -z "$NCU_TO_STDOUT" ]; then printf '%s\n%s\n' "$head" "$row" > "$log"
else printf 'program output\n%s\n%s\n' "$head" "$row"; fi
"""


@pytest.mark.parametrize("to_stdout", [False, True])
def test_kernel_times_measure_runs_ncu_alternating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   to_stdout: bool) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "ncu").write_text(FAKE_NCU)
    (tmp_path / "bin" / "ncu").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:{os.environ['PATH']}")
    if to_stdout:
        monkeypatch.setenv("NCU_TO_STDOUT", "1")
    cwd = {v: tmp_path / v for v in ("plain", "rapcc")}
    for d in cwd.values():
        d.mkdir()
    logs = tmp_path / "logs"
    logs.mkdir()
    k = kernel_times.measure(cwd, "main", ("-n", "1"), 3, logs, 30)
    assert k == {"transpose": {"plain_ms": pytest.approx(0.010), "rapcc_ms": pytest.approx(0.008), "runs": [3, 3],
                               "speedup": pytest.approx(1.25)}}
    assert len(list(logs.glob("ncu-plain-*"))) == 3 and len(list(logs.glob("ncu-rapcc-*"))) == 3
