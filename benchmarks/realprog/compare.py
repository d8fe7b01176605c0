"""Compare the runs of a program's plain and rapcc builds: outputs with the
timing lines left out, and the times the program prints itself.

Pure functions over the text each run printed, so that the verdicts can be
tested without a GPU. A line counts as a timing line when it names a time or a
rate (``time``, ``ms``, ``us``, ``sec``, ``GB/s``, ``GFLOP/s``...): its numbers
change from run to run, so it is left out of the comparison and, instead, read
for the program's own timings.
"""
from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass
from enum import Enum

# A word that makes a line a timing line. Matched case-insensitively as a
# whole word, so 'times' in 'ran 3 times' counts too: better to compare one
# line fewer than to call a changing timer a wrong result.
_TIMING_WORDS = (r"time|times|timing|elapsed|duration|ms|msec|msecs|millisec\w*|us|usec|usecs|µs|microsec\w*|ns"
                 r"|nsec|sec|secs|second|seconds|throughput|bandwidth|gb/s|gbytes/s|gflops?|gflop/s|tflops?|"
                 r"mflops?|gops|mops|gups|gpixels/s|mpixels/s|speed|speedup|perf|performance|fps|runtime")
# A time word, or a bare second after a number or in brackets ('4.8 s', '[s]').
TIMING_LINE = re.compile(rf"(?<![\w/])({_TIMING_WORDS})(?![\w/])|(?<=\d)\s*s\b|\[s\]", re.IGNORECASE)
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
_KERNEL = re.compile(r"kernel", re.IGNORECASE)
# Lines that print a rate rather than a time: a higher number is faster.
_RATE = re.compile(r"gb/s|gbytes/s|flop|gops|mops|gups|/s\b|throughput|bandwidth", re.IGNORECASE)
_PASS = re.compile(r"\bpass(ed)?\b", re.IGNORECASE)
_FAIL = re.compile(r"\bfail(ed|ure)?\b", re.IGNORECASE)


class TimeSource(str, Enum):
    """Where a program's time comes from, best first."""

    KERNEL = "kernel"      # lines the program prints about its kernels' time
    REPORTED = "reported"  # other time lines the program prints (a total, a phase)
    WALL = "wall"          # the whole process, timed from outside


class Verdict(str, Enum):
    IDENTICAL = "identical"
    DIFFERS = "differs"
    NONDETERMINISTIC = "nondeterministic"  # the plain build's own runs disagree
    FAILED = "failed"                      # a run exited non-zero
    TIMED_OUT = "timed out"                # a run outlasted its time limit
    NOT_RUN = "not run"


@dataclass(frozen=True, slots=True)
class Run:
    """One run of one build: what it printed, its exit status, its wall time."""

    output: str
    status: int
    wall_s: float


TIMEOUT_STATUS = 124


def comparable_lines(output: str, mask: re.Pattern[str] | None = None) -> list[str]:
    """The lines of a run's output that must be the same in every run; ``mask``
    (a program's own) blanks what else changes from run to run, such as a
    timestamp at the start of each line."""
    out = []
    for line in output.splitlines():
        if not line.strip() or TIMING_LINE.search(line):
            continue
        out.append((mask.sub("#", line) if mask else line).rstrip())
    return out


def timing_lines(output: str) -> list[str]:
    """The lines that name a time or a rate and hold a number."""
    return [line for line in output.splitlines() if TIMING_LINE.search(line) and _NUMBER.search(line)]


def self_check(output: str) -> str:
    """'PASS', 'FAIL' or '' as the program reports its own check."""
    if _FAIL.search(output):
        return "FAIL"
    return "PASS" if _PASS.search(output) else ""


def _timed_number(line: str) -> tuple[float, bool] | None:
    """The number a timing line reports, and whether it is a rate: the first
    number after the first time or rate word ('elapsed time=0.12'), else the
    last number before it ('1.5 ms'). Digits inside a word (the 2 of 'log2')
    are not numbers."""
    words = list(TIMING_LINE.finditer(line))
    if not words:
        return None
    numbers = [m for m in _NUMBER.finditer(line)
               if not (m.start() > 0 and (line[m.start() - 1].isalpha() or line[m.start() - 1] == "_"))]
    for w in words:
        after = [m for m in numbers if m.start() >= w.end()]
        if after and after[0].start() - w.end() <= 40:
            return float(after[0].group()), bool(_RATE.search(w.group()))
    before = [m for m in numbers if m.end() <= words[0].start()]
    if before:
        return float(before[-1].group()), bool(_RATE.search(words[0].group()))
    return None


def program_times(output: str) -> tuple[TimeSource, list[tuple[str, float, bool]]]:
    """The times a run printed, as (label, value, is_rate), and which kind they are.

    Kernel lines are preferred; other timing lines are used only when no line
    names a kernel. The label is the line with its numbers blanked, so that the
    same line of two runs pairs up.
    """
    lines = timing_lines(output)
    kernel = [line for line in lines if _KERNEL.search(line)]
    source = TimeSource.KERNEL if kernel else TimeSource.REPORTED
    chosen = kernel or lines
    out: list[tuple[str, float, bool]] = []
    seen: dict[str, int] = {}
    for line in chosen:
        found = _timed_number(line)
        if found is None or found[0] <= 0:
            continue
        label = _NUMBER.sub("#", line.strip())
        seen[label] = seen.get(label, 0) + 1
        out.append((f"{label} [{seen[label]}]", found[0], found[1]))
    return source, out


def verdict(plain: list[Run], rapcc: list[Run], mask: re.Pattern[str] | None = None) -> Verdict:
    """Whether the rapcc build printed what the plain build printed, timing lines aside."""
    statuses = [r.status for r in plain + rapcc]
    if TIMEOUT_STATUS in statuses:
        return Verdict.TIMED_OUT
    if any(statuses):
        return Verdict.FAILED
    if not plain or not rapcc:
        return Verdict.NOT_RUN
    lines = [tuple(comparable_lines(r.output, mask)) for r in plain + rapcc]
    plain_lines, rapcc_lines = lines[: len(plain)], lines[len(plain):]
    if all(x == plain_lines[0] for x in lines):
        return Verdict.IDENTICAL
    if len(set(plain_lines)) > 1:
        # The plain build's own runs disagree: the rapcc build must print one of their outputs.
        return Verdict.IDENTICAL if set(rapcc_lines) <= set(plain_lines) else Verdict.NONDETERMINISTIC
    return Verdict.DIFFERS


@dataclass(frozen=True, slots=True)
class Speed:
    """How much faster the rapcc build ran: plain time over rapcc time (above 1 is faster).

    ``per_line`` holds each timing line's speedup (medians of the runs), and
    ``speedup`` their geometric mean; ``slowest`` the lowest of them.
    """

    source: TimeSource
    speedup: float
    slowest: float
    per_line: dict[str, float]


def _medians(runs: list[Run]) -> tuple[TimeSource, dict[str, tuple[float, bool]]]:
    sources = set()
    values: dict[str, list[float]] = {}
    rate: dict[str, bool] = {}
    for r in runs:
        source, times = program_times(r.output)
        sources.add(source)
        for label, value, is_rate in times:
            values.setdefault(label, []).append(value)
            rate[label] = is_rate
    source = TimeSource.KERNEL if sources == {TimeSource.KERNEL} else TimeSource.REPORTED
    return source, {k: (statistics.median(v), rate[k]) for k, v in values.items() if len(v) == len(runs)}


def speed(plain: list[Run], rapcc: list[Run]) -> Speed | None:
    """The rapcc build's speedup from the program's own timing lines, else from wall time."""
    if not plain or not rapcc or any(r.status != 0 for r in plain + rapcc):
        return None
    p_source, p = _medians(plain)
    r_source, r = _medians(rapcc)
    common = [k for k in p if k in r and p[k][0] > 0 and r[k][0] > 0]
    if common:
        per_line = {k: (r[k][0] / p[k][0]) if p[k][1] else (p[k][0] / r[k][0]) for k in common}
        source = TimeSource.KERNEL if p_source == r_source == TimeSource.KERNEL else TimeSource.REPORTED
    else:
        wall = statistics.median(x.wall_s for x in plain) / statistics.median(x.wall_s for x in rapcc)
        per_line = {"wall": wall}
        source = TimeSource.WALL
    gm = math.exp(sum(math.log(v) for v in per_line.values()) / len(per_line))
    return Speed(source, gm, min(per_line.values()), per_line)
