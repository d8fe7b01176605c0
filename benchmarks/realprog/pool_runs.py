"""Pool several runs of `build_speed.py` (issue 20): the repetitions of each
program, from the files given, taken together.

    python3 benchmarks/realprog/pool_runs.py RUN.txt [RUN.txt ...]

Runs of the same code on the same machine only: the ratio of medians mixes
the runs' plain builds, so where nvcc's own time drifted between them the
paired figure (each repetition's own ratio, then the median) is the one to
read. A benchmark's arithmetic, not a test.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

_SAMPLES = re.compile(r"(plain|cold|warm) ([\d. ]+?)(?:;|$)")


def read_runs(paths: list[Path]) -> dict[str, dict[str, list[float]]]:
    """program -> {plain, cold, warm: every repetition's seconds, in order}."""
    pooled: dict[str, dict[str, list[float]]] = {}
    for path in paths:
        program = None
        for line in path.read_text().splitlines():
            if line.startswith("#   plain") and program is not None:
                found = {way: [float(x) for x in values.split()] for way, values in _SAMPLES.findall(line[4:])}
                if set(found) == {"plain", "cold", "warm"} and len({len(v) for v in found.values()}) == 1:
                    into = pooled.setdefault(program, {"plain": [], "cold": [], "warm": []})
                    for way, values in found.items():
                        into[way] += values
            elif line and not line.startswith(("#", "program ", "median ")):
                program = line.split()[0]
    return pooled


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+", type=Path)
    args = p.parse_args()
    pooled = read_runs(args.runs)
    if not pooled:
        sys.exit("no build_speed.py repetitions found in those files")
    print(f"{'program':24s} {'reps':>4s} {'cold':>8s} {'warm':>8s} {'paired cold':>12s} {'paired warm':>12s}")
    for program, t in pooled.items():
        plain = statistics.median(t["plain"])
        paired = {way: statistics.median(b / a - 1 for a, b in zip(t["plain"], t[way])) for way in ("cold", "warm")}
        print(f"{program:24s} {len(t['plain']):4d} {statistics.median(t['cold']) / plain - 1:+8.1%} "
              f"{statistics.median(t['warm']) / plain - 1:+8.1%} {paired['cold']:+12.1%} {paired['warm']:+12.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
