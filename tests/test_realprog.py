"""benchmarks/realprog: the comparison of plain and rapcc runs, the reading of
rapcc's JSON reports, and the table, on outputs shaped like the real programs'."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.realprog import compare, reports, summarize  # noqa: E402
from benchmarks.realprog.compare import Run, TimeSource, Verdict  # noqa: E402
from benchmarks.realprog.run import read_programs  # noqa: E402

MATRIX_T = """Matrix size: 16384x16384 (1024x1024 tiles), tile size: 16x16, block size: 16x16

Average kernel (naive             ) execution time: {a} (us)
Average kernel (coalesced         ) execution time: {b} (us)
PASS
"""


def run(text: str, status: int = 0, wall: float = 1.0) -> Run:
    return Run(text, status, wall)


@pytest.mark.parametrize("line", [
    "Average kernel (coalesced) execution time: 1134.99 (us)",
    " done in 4.828435 s for 1 iterations (4.828435 s by iteration)",
    "0.135241\t#runtime [s]",
    "254.063574\t#throughput [Gtr/s]",
    "NRepetitions=100 N=7 elapsed time=0.234 GDOF/s=12.5",
    "Total: 12.5 ms",
])
def test_timing_lines_are_left_out(line: str) -> None:
    assert compare.comparable_lines(f"result 42\n{line}\n") == ["result 42"]


@pytest.mark.parametrize("line", ["Result 4 for n = 8 MATCHES", "checksum = 1.5e+03", "PASS", "sums 3 4 5"])
def test_result_lines_are_compared(line: str) -> None:
    assert compare.comparable_lines(line) == [line]


def test_identical_outputs_with_different_timings() -> None:
    plain = [run(MATRIX_T.format(a=2556.8, b=1135.0)), run(MATRIX_T.format(a=2550.1, b=1134.2))]
    rapcc = [run(MATRIX_T.format(a=2557.0, b=1093.3))]
    assert compare.verdict(plain, rapcc) is Verdict.IDENTICAL


def test_a_changed_result_differs() -> None:
    plain = [run("sum 10\nPASS\n"), run("sum 10\nPASS\n")]
    assert compare.verdict(plain, [run("sum 11\nFAIL\n")]) is Verdict.DIFFERS


def test_nondeterministic_plain_output_accepts_only_its_own_outputs() -> None:
    plain = [run("pick 1\n"), run("pick 2\n")]
    assert compare.verdict(plain, [run("pick 2\n")]) is Verdict.IDENTICAL
    assert compare.verdict(plain, [run("pick 3\n")]) is Verdict.NONDETERMINISTIC


def test_a_mask_blanks_timestamps() -> None:
    mask = re.compile(r"^\d{12,}")
    plain = [run("1795509503163 Result 0 for n = 7 MATCHES\n")]
    rapcc = [run("1795509503648 Result 0 for n = 7 MATCHES\n")]
    assert compare.verdict(plain, rapcc) is Verdict.DIFFERS
    assert compare.verdict(plain, rapcc, mask) is Verdict.IDENTICAL
    assert compare.verdict(plain, [run("1795509503648 Result 1 for n = 7 MATCHES\n")], mask) is Verdict.DIFFERS


def test_failures_and_timeouts_are_not_called_identical() -> None:
    assert compare.verdict([run("x", compare.TIMEOUT_STATUS)], []) is Verdict.TIMED_OUT
    assert compare.verdict([run("x", -11)], []) is Verdict.FAILED
    assert compare.verdict([run("x")], []) is Verdict.NOT_RUN


def test_speed_from_kernel_lines_is_plain_over_rapcc() -> None:
    plain = [run(MATRIX_T.format(a=2000, b=1200)) for _ in range(3)]
    rapcc = [run(MATRIX_T.format(a=2000, b=1000)) for _ in range(3)]
    s = compare.speed(plain, rapcc)
    assert s is not None and s.source is TimeSource.KERNEL
    assert s.slowest == pytest.approx(1.0)
    assert max(s.per_line.values()) == pytest.approx(1.2)
    assert s.speedup == pytest.approx(1.2 ** 0.5)


def test_speed_uses_medians_and_reads_rates_the_other_way() -> None:
    line = "Bandwidth: {} GB/s\n"
    plain = [run(line.format(v)) for v in (100, 100, 900)]
    rapcc = [run(line.format(v)) for v in (110, 110, 1)]
    s = compare.speed(plain, rapcc)
    assert s is not None and s.source is TimeSource.REPORTED
    assert s.speedup == pytest.approx(1.1)


def test_speed_falls_back_to_wall_time() -> None:
    s = compare.speed([run("ok\n", wall=2.0)], [run("ok\n", wall=1.0)])
    assert s is not None and s.source is TimeSource.WALL and s.speedup == pytest.approx(2.0)
    assert compare.speed([run("ok\n", 1)], [run("ok\n")]) is None


def test_self_check() -> None:
    assert compare.self_check("Result: PASS\n") == "PASS"
    assert compare.self_check("Test passed\nbut one FAILED\n") == "FAIL"
    assert compare.self_check("42\n") == ""


def _array(name: str, strategy: str, source: str, before: float, ideal: float, reason: str = "") -> dict:
    return {"name": name, "function": "k", "line": 3, "dims": [16, 16], "block_dim": [16, 16, 1],
            "block_dim_source": source, "block_dims": [[16, 16, 1]], "block_dims_unknown": [],
            "strategy": strategy, "reason": reason, "mapping": "pad row 16 -> 17" if strategy != "none" else None,
            "accesses": [{"wavefronts_before": before, "wavefronts_after": ideal, "ideal_wavefronts": ideal,
                          "executions": 2.0, "executions_after": 2.0}]}


REPORT = {
    "file": "main.cu", "arrays": [_array("a", "pad", "launch", 16.0, 1.0)],
    "included_files": [
        {"file": "/x/kernel.h", "rewritten": True, "note": None,
         "report": {"file": "/x/kernel.h", "arrays": [
             _array("b", "none", "assumed", 8.0, 1.0, "left untouched: 'b[i]' reaches index 4294967295 of 256 (line 9)"),
             _array("c", "none", "inferred", 1.0, 1.0, "unchanged: no bank conflict")]}},
        {"file": "/x/crlf.h", "rewritten": False, "note": "internal error: CExprError", "report": None},
    ],
}


def test_report_rows_include_the_included_files() -> None:
    rows = reports.rows(REPORT)
    assert [(r.file, r.name) for r in rows] == [("kernel.h", "b"), ("kernel.h", "c"), ("main.cu", "a")]
    a = next(r for r in rows if r.name == "a")
    assert a.rewritten and a.conflicted and a.shape_group == "launch"
    assert a.wavefronts_before == pytest.approx(32.0) and a.wavefronts_after == pytest.approx(2.0)
    c = next(r for r in rows if r.name == "c")
    assert not c.conflicted and c.shape_group == "inferred"


def test_load_reads_a_folder_and_its_included_notes(tmp_path: Path) -> None:
    (tmp_path / "main.cu.1.json").write_text(json.dumps(REPORT))
    (tmp_path / "main.cu.2.json").write_text(json.dumps(REPORT))  # the same unit compiled twice
    assert len(reports.load(tmp_path)) == 3
    assert reports.included_notes(tmp_path) == ["crlf.h (included by main.cu): internal error: CExprError"]


def test_tally_counts_fixed_kept_and_slower() -> None:
    rows = reports.rows(REPORT)
    t = reports.tally({"p": rows, "q": rows[2:]}, slower={"q"})
    assert (t.arrays, t.conflicted, t.fixed, t.fixed_slower) == (4, 3, 2, 1)
    assert t.kept == {"left untouched: '…' reaches index N of N": 1}
    assert t.shape_groups == {"launch": 2, "unknown": 1, "inferred": 1}


def test_the_table_names_each_program_and_what_was_rewritten() -> None:
    rows = reports.rows(REPORT)
    entry = {
        "build": {"plain": {"ok": True}, "rapcc": {"ok": True, "rapcc_lines": []}},
        # As run.py stores them (JSON turns the tuples into lists).
        "arrays": json.loads(json.dumps([dataclasses.asdict(r) | {"conflicted": r.conflicted} for r in rows])),
        "changed": True, "included_notes": ["crlf.h (included by main.cu): internal error"],
        "run": compare_run_entry(),
    }
    results = {"device": "GPU", "date": "2026-11-24", "rounds": 3, "nvcc": "nvcc 13", "arch": "sm_90",
               "programs": {"prog": entry}}
    md = summarize.markdown(results)
    assert "| prog | 3 | 2 | 1 | inferred 1, launch 1, unknown 1 | 1 | identical |" in md
    assert "a (k, launch 16x16x1): pad row 16 -> 17" in md
    assert "(report only, no note printed) crlf.h" in md
    assert summarize.slower_programs(results) == set()


def compare_run_entry() -> dict:
    return {"verdict": "identical", "self_check": {"plain": ["PASS"]}, "speedup": 1.1, "slowest_line": 1.05,
            "time_source": "kernel"}


def test_the_program_list_parses_with_masks() -> None:
    progs = read_programs(Path(__file__).resolve().parent.parent / "benchmarks" / "realprog" / "programs.txt")
    assert len(progs) >= 40 and len({p.name for p in progs}) == len(progs)
    quicksort = next(p for p in progs if p.name == "quicksort")
    assert re.compile(quicksort.mask).search("%error (3*stdDev)/Average: 630.165%")
    assert all(p.folder.startswith("src/") and len(p.commit) == 40 for p in progs)


FAKE_NVCC = r"""#!/bin/sh
# Stands in for nvcc: '-c SRC -o OBJ' keeps the source it was given; a link
# writes 'main', a program that prints a result and a kernel time.
case " $* " in *" --version "*) echo "fake nvcc"; exit 0 ;; esac
out=""; src=""; compile=0; prev=""
for a in "$@"; do
  [ "$prev" = "-o" ] && out="$a"
  case "$a" in -c) compile=1 ;; *.cu) src="$a" ;; esac
  prev="$a"
done
if [ $compile = 1 ]; then cp "$src" "$out"; exit 0; fi
printf '#!/bin/sh\necho "sum = 496"\necho "Average kernel execution time: $$ (us)"\necho PASS\n' > "$out"
chmod +x "$out"
"""

TRANSPOSE = """#define T 32
__global__ void transpose(float *out, const float *in, int n)
{
    __shared__ float tile[T][T];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    for (int i = 0; i < T; i += 8)
        tile[threadIdx.y + i][threadIdx.x] = in[(y + i) * n + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
    for (int i = 0; i < T; i += 8)
        out[(y + i) * n + x] = tile[threadIdx.x][threadIdx.y + i];
}

int main()
{
    float *a = 0, *b = 0;
    transpose<<<dim3(32, 32), dim3(32, 8)>>>(b, a, 1024);
    return 0;
}
"""

MAKEFILE = """CC = nvcc
ARCH = sm_60
main: main.o
\t$(CC) -arch=$(ARCH) main.o -o main
main.o: main.cu
\t$(CC) -arch=$(ARCH) -c main.cu -o main.o
"""


def test_run_builds_runs_and_reports_a_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver end to end, with a stand-in nvcc: rapcc-nvcc rewrites the
    program's tile, both builds run 3 times, and the table says so."""
    from benchmarks.realprog import run as driver

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nvcc").write_text(FAKE_NVCC)
    (bin_dir / "nvcc").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{Path(sys.executable).parent}:{os.environ['PATH']}")
    monkeypatch.setenv("RAPCC_NVCC", str(bin_dir / "nvcc"))
    programs = tmp_path / "programs"
    (programs / "tpose").mkdir(parents=True)
    (programs / "tpose" / "main.cu").write_text(TRANSPOSE)
    (programs / "tpose" / "Makefile").write_text(MAKEFILE)
    listing = tmp_path / "programs.txt"
    listing.write_text("# test\ntpose|someone/suite|" + "0" * 40 + "|src/tpose|\n")
    out = tmp_path / "out"
    assert driver.main(["--programs", str(programs), "--out", str(out), "--work", str(tmp_path / "work"),
                        "--list", str(listing), "--jobs", "2", "--budget", "120"]) == 0
    results = json.loads((out / "results.json").read_text())
    entry = results["programs"]["tpose"]
    assert entry["build"]["plain"]["ok"] and entry["build"]["rapcc"]["ok"]
    assert entry["changed"]
    (tile,) = entry["arrays"]
    assert tile["name"] == "tile" and tile["conflicted"] and tile["strategy"] != "none"
    assert tile["shape_source"] == "launch" and tile["shapes"] == ["32x8x1"]
    assert entry["run"]["verdict"] == "identical" and entry["run"]["rounds"] == 3
    assert entry["run"]["exit"] == {"plain": [0, 0, 0], "rapcc": [0, 0, 0]}
    assert entry["run"]["time_source"] == "kernel"
    # The rapcc build compiled the rewrite: its object file is not the source.
    rewritten = (tmp_path / "work" / "rapcc" / "tpose" / "main.o").read_text()
    assert rewritten != TRANSPOSE and "tile" in rewritten
    assert "| tpose | 1 | 1 | 1 | launch 1 | 0 | identical | PASS |" in (out / "results.md").read_text()
