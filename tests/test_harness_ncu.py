"""Nsight Compute CSV parsing, counters, and the resumable profiling driver (with a fake ncu)."""
from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from rapcc.harness import ncu as ncu_mod
from rapcc.harness.ncu import (NCU_METRICS, NcuParseError, ProfileJob, SharedCounters, ncu_command, parse_ncu_csv,
                               profile_jobs)

HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
          '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"')


def _row(launch: int, kernel: str, metric: str, value: str) -> str:
    return (f'"{launch}","4242","python3.12","127.0.0.1","{kernel}","1","7","(32, 8, 1)","(64, 64, 1)","0",'
            f'"9.0","Command line profiler metrics","{metric}","","{value}"')


# What `ncu --csv` prints for a raw 32x32 transpose (32-way column reads) and
# its padded variant: thousands separators, '==PROF==' lines around the CSV.
TRANSPOSE_VALUES = ("3,932,160", "0", "4,063,232", "131,072", "131,072", "131,072")
PADDED_VALUES = ("0", "0", "131,072", "131,072", "131,072", "131,072")
SAMPLE = "\n".join(
    ["==PROF== Connected to process 4242 (/usr/bin/python3.12)",
     '==PROF== Profiling "transpose_32x8" - 0: 0%....50%....100% - 3 passes',
     HEADER]
    + [_row(0, "transpose_32x8", m, v) for m, v in zip(NCU_METRICS, TRANSPOSE_VALUES)]
    + [_row(1, "transpose_32x8", m, v) for m, v in zip(NCU_METRICS, PADDED_VALUES)]
    + ["==PROF== Disconnected from process 4242"]) + "\n"


def test_parse_sample_into_launches_in_order() -> None:
    launches = parse_ncu_csv(SAMPLE)
    assert [(l.id, l.kernel) for l in launches] == [(0, "transpose_32x8"), (1, "transpose_32x8")]
    assert launches[0].metrics[NCU_METRICS[2]] == 4063232.0


def test_counters_and_excess_wavefronts() -> None:
    raw, padded = (SharedCounters.from_launch(l) for l in parse_ncu_csv(SAMPLE))
    assert raw.conflicts_ld == 3932160 and raw.conflicts == 3932160 and raw.instructions == 262144
    # 31 extra wavefronts per column read: the 32-way conflict of ANCHORS.md.
    assert raw.excess_wavefronts(1) == 3932160
    assert raw.excess_wavefronts(1) / raw.instructions_ld == 30.0
    assert padded.excess_wavefronts(1) == 0
    assert padded.wavefronts / padded.instructions == 1.0
    assert SharedCounters.from_json(json.loads(json.dumps(raw.to_json()))) == raw


def test_eight_byte_accesses_have_an_ideal_of_two() -> None:
    c = SharedCounters(0, 0, 200, 200, 100, 100)
    assert c.excess_wavefronts(2) == 0 and c.excess_wavefronts(1) == 200


def test_not_available_and_missing_metrics() -> None:
    text = "\n".join([HEADER, _row(0, "k", NCU_METRICS[0], "n/a")])
    launch = parse_ncu_csv(text)[0]
    assert launch.metrics[NCU_METRICS[0]] is None
    with pytest.raises(NcuParseError, match="no value for"):
        SharedCounters.from_launch(launch)


def test_output_without_csv_is_an_error() -> None:
    with pytest.raises(NcuParseError, match="no CSV header"):
        parse_ncu_csv("==PROF== nothing was profiled\n")
    with pytest.raises(NcuParseError, match="lacks the columns"):
        parse_ncu_csv('"ID","Kernel Name"\n"0","k"\n')


def test_ncu_command_names_metrics_and_kernels(tmp_path: Path) -> None:
    cmd = ncu_command("ncu", ["b", "a", "a"], tmp_path / "log.csv", ["python3", "-m", "x"])
    assert cmd[:4] == ["ncu", "--csv", "--log-file", str(tmp_path / "log.csv")]
    assert ",".join(NCU_METRICS) in cmd
    assert "regex:^(a|b)$" in cmd
    assert cmd[-3:] == ["python3", "-m", "x"]


def test_without_ncu_every_job_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ncu_mod.shutil, "which", lambda name: None)
    jobs = [ProfileJob("a/original", "a.case.py", "a", "a.cu", 0.1, 1)]
    assert profile_jobs(jobs, tmp_path) == {"a/original": "ncu is not on the PATH"}


# A stand-in for ncu: it does not run the child; it reads the child's job list,
# writes the progress file the child would write and the CSV ncu would write.
# A job whose key contains 'crash' kills the "child" while it runs; one whose
# key contains 'nobuild' fails to compile.
FAKE_NCU = '''#!{python}
import json, sys
args = sys.argv[1:]
log = args[args.index("--log-file") + 1]
manifest, progress = args[-2], args[-1]
jobs = json.load(open(manifest))
state = {{"launched": [], "failed": {{}}, "current": None}}
rows = [{header!r}]
for job in jobs:
    state["current"] = job["key"]
    if "crash" in job["key"]:
        break
    if "nobuild" in job["key"]:
        state["failed"][job["key"]] = "NVRTC compilation failed"
        continue
    launch = len(state["launched"])
    for metric, value in zip({metrics!r}, ("10", "0", "42", "8", "4", "8")):
        rows.append('"%d","1","p","h","%s","1","7","(1, 1, 1)","(1, 1, 1)","0","9.0","s","%s","","%s"'
                    % (launch, job["kernel"], metric, value))
    state["launched"].append(job["key"])
    state["current"] = None
json.dump(state, open(progress, "w"))
open(log, "w").write("\\n".join(rows) + "\\n")
'''


def test_profile_jobs_maps_rows_to_jobs_and_resumes_after_a_crash(tmp_path: Path) -> None:
    fake = tmp_path / "ncu"
    fake.write_text(FAKE_NCU.format(python=sys.executable, header=HEADER, metrics=NCU_METRICS))
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    keys = ["a/original", "b/nobuild", "c/crash", "d/pad", "e/xor"]
    jobs = [ProfileJob(k, f"{k}.case.py", k.split("/")[0], f"{k}.cu", 0.1, 1) for k in keys]
    got = profile_jobs(jobs, tmp_path / "work", ncu=str(fake))
    assert set(got) == set(keys)
    for key in ("a/original", "d/pad", "e/xor"):
        assert got[key] == SharedCounters(10, 0, 42, 8, 4, 8), key
    assert got["b/nobuild"] == "NVRTC compilation failed"
    assert isinstance(got["c/crash"], str) and "died" in got["c/crash"]
    # The jobs after the crash ran in a second round.
    assert json.loads((tmp_path / "work" / "ncu_jobs_1.json").read_text())[0]["key"] == "d/pad"


def test_a_row_for_the_wrong_kernel_is_not_attributed(tmp_path: Path) -> None:
    fake = tmp_path / "ncu"
    body = FAKE_NCU.format(python=sys.executable, header=HEADER, metrics=NCU_METRICS)
    fake.write_text(body.replace('job["kernel"], metric', '"other", metric'))
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    got = profile_jobs([ProfileJob("a/original", "x", "a", "y", 0.1, 1)], tmp_path / "w", ncu=str(fake))
    assert "is 'other', expected 'a'" in got["a/original"]



def test_sass_level_wavefronts_are_read_when_collected() -> None:
    values = dict(zip(NCU_METRICS, ("28,960", "7,381", "160,032", "138,453", "131,072", "131,072",
                                    "131,072", "131,072")))
    text = "\n".join([HEADER] + [_row(0, "with_global", m, v) for m, v in values.items()])
    counters = SharedCounters.from_launch(parse_ncu_csv(text)[0])
    # The L1TEX stage split off wavefronts; the instructions' own addresses needed one each.
    assert counters.wavefronts / counters.instructions > 1.05
    assert counters.sass_wavefronts == 262144
    assert SharedCounters.from_json(json.loads(json.dumps(counters.to_json()))) == counters


def test_runs_stored_without_sass_counters_still_load() -> None:
    old = {"conflicts_ld": 1, "conflicts_st": 0, "wavefronts_ld": 3, "wavefronts_st": 1,
           "instructions_ld": 2, "instructions_st": 1}
    counters = SharedCounters.from_json(old)
    assert counters.sass_wavefronts is None and counters.wavefronts == 4
