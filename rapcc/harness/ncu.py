"""Shared-memory counters from Nsight Compute: the measured side of rapcc's predictions.

`ncu` profiles a child process (rapcc.harness.ncu_child) that launches each
requested variant once; `--csv --log-file` gives one row per (launch, metric),
which `parse_ncu_csv` reads. ncu counts "conflicts" as wavefronts beyond the
ideal, where the ideal is one wavefront per 128 bytes a warp moves: one per
instruction for 4-byte lanes, two for 8-byte, four for 16-byte (ANCHORS.md).
Shared atomics (ATOMS) are not in these metrics.

The L1TEX counters (`l1tex__*`) count the wavefronts the shared-memory data
stage processed, which on Hopper include wavefronts split off by the kernel's
global-memory traffic through the same data array: a conflict-free 16x16 tile
reads up to 1.22 per load beside global loads and stores
(benchmarks/results/excess-h200-2026-11-24). The SASS-level counters
(`smsp__sass_l1tex_*`) count, per executed instruction, the wavefronts its own
addresses need: what a bank model predicts, and what rapcc's predictions are
compared with. Both are kept.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Mapping, Sequence

from .case import kernel_base_name

METRIC_CONFLICTS_LD = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
METRIC_CONFLICTS_ST = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
METRIC_WAVEFRONTS_LD = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
METRIC_WAVEFRONTS_ST = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
METRIC_INSTRUCTIONS_LD = "smsp__sass_inst_executed_op_shared_ld.sum"
METRIC_INSTRUCTIONS_ST = "smsp__sass_inst_executed_op_shared_st.sum"
METRIC_SASS_WAVEFRONTS_LD = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
METRIC_SASS_WAVEFRONTS_ST = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
REQUIRED_METRICS: tuple[str, ...] = (
    METRIC_CONFLICTS_LD, METRIC_CONFLICTS_ST, METRIC_WAVEFRONTS_LD,
    METRIC_WAVEFRONTS_ST, METRIC_INSTRUCTIONS_LD, METRIC_INSTRUCTIONS_ST,
)
# Runs stored before these were collected lack them.
OPTIONAL_METRICS: tuple[str, ...] = (METRIC_SASS_WAVEFRONTS_LD, METRIC_SASS_WAVEFRONTS_ST)
NCU_METRICS: tuple[str, ...] = REQUIRED_METRICS + OPTIONAL_METRICS

CHILD_TIMEOUT_S = 540


class NcuParseError(Exception):
    """The text is not the CSV that `ncu --csv` writes."""


@dataclass(frozen=True, slots=True)
class NcuLaunch:
    """One profiled launch: ncu's launch ID, the kernel's name, and its metric values."""

    id: int
    kernel: str
    metrics: Mapping[str, float | None]


@dataclass(frozen=True, slots=True)
class SharedCounters:
    """The shared-memory counters of one launch (totals over the grid).

    `sass_wavefronts_*` are None for runs stored before they were collected.
    """

    conflicts_ld: float
    conflicts_st: float
    wavefronts_ld: float
    wavefronts_st: float
    instructions_ld: float
    instructions_st: float
    sass_wavefronts_ld: float | None = None
    sass_wavefronts_st: float | None = None

    @staticmethod
    def from_launch(launch: NcuLaunch) -> "SharedCounters":
        values: list[float | None] = []
        for name in REQUIRED_METRICS:
            value = launch.metrics.get(name)
            if value is None:
                raise NcuParseError(f"launch {launch.id} ({launch.kernel}) has no value for {name}")
            values.append(value)
        values.extend(launch.metrics.get(name) for name in OPTIONAL_METRICS)
        return SharedCounters(*values)

    @property
    def instructions(self) -> float:
        return self.instructions_ld + self.instructions_st

    @property
    def conflicts(self) -> float:
        """ncu's own bank-conflict count (loads + stores): wavefronts beyond the
        ideal of each instruction's actual width, so vectorised LDS.64/LDS.128
        do not inflate it the way `excess_wavefronts` can."""
        return self.conflicts_ld + self.conflicts_st

    @property
    def wavefronts(self) -> float:
        return self.wavefronts_ld + self.wavefronts_st

    @property
    def sass_wavefronts(self) -> float | None:
        """Wavefronts by each instruction's own addresses (None when not collected)."""
        if self.sass_wavefronts_ld is None or self.sass_wavefronts_st is None:
            return None
        return self.sass_wavefronts_ld + self.sass_wavefronts_st

    def excess_wavefronts(self, ideal_per_instruction: int) -> float:
        """Load and store wavefronts beyond the ideal for the access width."""
        return self.wavefronts - ideal_per_instruction * self.instructions

    def to_json(self) -> dict[str, float | None]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_json(data: Mapping[str, float | None]) -> "SharedCounters":
        return SharedCounters(**{f.name: None if data.get(f.name) is None else float(data[f.name])  # type: ignore[arg-type]
                                 for f in fields(SharedCounters)})


def _number(text: str) -> float | None:
    cleaned = text.strip().replace(",", "")
    if cleaned in ("", "n/a", "N/A", "-"):
        return None
    try:
        return float(cleaned)
    except ValueError:
        return None


def parse_ncu_csv(text: str) -> list[NcuLaunch]:
    """Launches in ID order from `ncu --csv` output.

    Lines before the header (ncu's '==PROF==' log, the program's own output)
    are skipped. Values may carry thousands separators ('1,048,576').
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith('"ID"')), None)
    if start is None:
        raise NcuParseError("no CSV header (a line starting with '\"ID\"') in the ncu output")
    rows = csv.DictReader(io.StringIO("\n".join(lines[start:])))
    required = {"ID", "Kernel Name", "Metric Name", "Metric Value"}
    missing = required - set(rows.fieldnames or ())
    if missing:
        raise NcuParseError(f"ncu CSV lacks the columns {sorted(missing)}")
    launches: dict[int, tuple[str, dict[str, float | None]]] = {}
    for row in rows:
        if not row.get("ID") or not row["ID"].strip().isdigit():
            continue  # a '==PROF==' or warning line after the header
        launch_id = int(row["ID"])
        kernel, metrics = launches.setdefault(launch_id, (row["Kernel Name"], {}))
        metrics[row["Metric Name"]] = _number(row["Metric Value"])
    return [NcuLaunch(i, k, m) for i, (k, m) in sorted(launches.items())]


@dataclass(frozen=True, slots=True)
class ProfileJob:
    """One variant to profile: `key` names it in the results."""

    key: str
    case_file: str
    kernel: str
    source_file: str
    scale: float
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "case_file": self.case_file, "kernel": self.kernel,
                "source_file": self.source_file, "scale": self.scale, "seed": self.seed}


def ncu_executable() -> str | None:
    """The path of `ncu` when it is on the PATH."""
    return shutil.which("ncu")


def ncu_command(ncu: str, kernels: Sequence[str], log_file: Path, child: Sequence[str]) -> list[str]:
    """The ncu command line that profiles the launches of `kernels` made by `child`."""
    names = "|".join(sorted({re.escape(kernel_base_name(k)) for k in kernels}))
    return [ncu, "--csv", "--log-file", str(log_file), "--metrics", ",".join(NCU_METRICS),
            "--kernel-name", f"regex:^({names})$", *child]


def _run_round(ncu: str, jobs: Sequence[ProfileJob], workdir: Path, round_no: int,
               python: str) -> tuple[dict[str, SharedCounters | str], str]:
    """Profile `jobs` in one child process; returns results and the child's output."""
    manifest = workdir / f"ncu_jobs_{round_no}.json"
    progress = workdir / f"ncu_progress_{round_no}.json"
    log = workdir / f"ncu_{round_no}.csv"
    manifest.write_text(json.dumps([j.to_json() for j in jobs]))
    child = [python, "-m", "rapcc.harness.ncu_child", str(manifest), str(progress)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[2]),
                                                                    os.environ.get("PYTHONPATH")])))
    try:
        proc = subprocess.run(ncu_command(ncu, [j.kernel for j in jobs], log, child), capture_output=True,
                              text=True, timeout=CHILD_TIMEOUT_S, env=env)
        output = proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        output = f"ncu timed out after {exc.timeout} s"
    state = json.loads(progress.read_text()) if progress.exists() else {"launched": [], "failed": {}}
    results: dict[str, SharedCounters | str] = dict(state["failed"])
    launched: list[str] = state["launched"]
    try:
        launches = parse_ncu_csv(log.read_text()) if log.exists() else []
    except NcuParseError as exc:
        return {**results, **{k: f"ncu output unreadable: {exc}" for k in launched}}, output
    if len(launches) < len(launched):
        return {**results, **{k: f"ncu reported {len(launches)} launches for {len(launched)} jobs"
                              for k in launched}}, output
    kernel_of = {j.key: j.kernel for j in jobs}
    for key, launch in zip(launched, launches):
        if kernel_base_name(launch.kernel) != kernel_base_name(kernel_of[key]):
            results[key] = f"ncu launch {launch.id} is '{launch.kernel}', expected '{kernel_of[key]}'"
            continue
        try:
            results[key] = SharedCounters.from_launch(launch)
        except NcuParseError as exc:
            results[key] = str(exc)
    current = state.get("current")
    if current and current not in results:
        results[current] = f"the profiled process died while running it: {output.strip()[-300:]}"
    return results, output


def profile_jobs(jobs: Sequence[ProfileJob], workdir: Path, *, ncu: str | None = None,
                 python: str = sys.executable) -> dict[str, SharedCounters | str]:
    """Counters (or an error message) for every job, by key.

    A kernel that faults leaves the CUDA context unusable, so the child stops
    there; the remaining jobs then run in a fresh child.
    """
    ncu = ncu or ncu_executable()
    if ncu is None:
        return {j.key: "ncu is not on the PATH" for j in jobs}
    workdir.mkdir(parents=True, exist_ok=True)
    results: dict[str, SharedCounters | str] = {}
    remaining = list(jobs)
    round_no = 0
    while remaining:
        got, output = _run_round(ncu, remaining, workdir, round_no, python)
        if not got:
            results.update({j.key: f"ncu produced nothing: {output.strip()[-300:]}" for j in remaining})
            break
        results.update(got)
        remaining = [j for j in remaining if j.key not in results]
        round_no += 1
    return results
