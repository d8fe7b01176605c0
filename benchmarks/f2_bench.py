"""Time of the GF(2) swizzle search (`rapcc.hashing.f2._search`) per question
(a benchmark, not a test).

    PYTHONPATH=. python benchmarks/f2_bench.py [--reps 5] [--examples]

Prints the median milliseconds of one search, its cache cleared before each
run, on:

- a 32x32 float tile written by rows and read by columns from a 32x8 block
  (`examples/transpose_32x8.cu`: 32 lanes of one row, 32 lanes of one column;
  n = 10 unit bits, m = 5 bank bits, free = 5), both weighted as the planner
  weights them (32 copies each);
- the same tile in doubles (2-unit elements: free = 4) and a 16x16 tile
  (two rows per warp);
- with `--examples`, every distinct question the planner asks on
  `examples/*.cu` (recorded by running rapcc in this process), and their sum.
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import io
import statistics
import time

from rapcc.hashing import f2

Question = tuple[tuple[tuple[int, ...], ...], int, int, int, int]


def tile_questions() -> dict[str, Question]:
    rows32 = tuple(range(32))
    cols32 = tuple(32 * r for r in range(32))
    # doubles: 2 units per element, bank = 4-byte unit; a warp's 32 lanes touch 64 units
    rows64 = tuple(range(64))
    cols64 = tuple(64 * r + u for r in range(32) for u in (0, 1))
    # 16x16 floats, 16 lanes per row: a warp holds two rows / two half-columns
    rows16 = tuple(range(32))
    cols16 = tuple(16 * r + c for r in range(16) for c in (0, 1))
    return {
        "transpose 32x32 f32 (32x8 block)": ((rows32,) * 32 + (cols32,) * 32, 10, 5, 5, 1),
        "transpose 32x32 f64": ((rows64,) * 32 + (cols64,) * 32, 11, 5, 4, 1),
        "transpose 16x16 f32": ((rows16,) * 32 + (cols16,) * 32, 8, 5, 5, 1),
    }


def example_questions() -> dict[str, Question]:
    from rapcc.cli import main

    asked: list[tuple[str, Question]] = []
    inner = f2._search
    current = ""

    def record(*args: object) -> object:
        asked.append((current, args))  # type: ignore[arg-type]
        return inner(*args)

    record.cache_clear = inner.cache_clear  # type: ignore[attr-defined]
    f2._search = record  # type: ignore[assignment]
    try:
        for path in sorted(glob.glob("examples/*.cu")):
            current = path.rsplit("/", 1)[-1]
            with contextlib.redirect_stderr(io.StringIO()):
                main([path, "-o", "/tmp/f2_bench_out.cu"])
    finally:
        f2._search = inner  # type: ignore[assignment]
    unique: dict[Question, str] = {}
    for name, q in asked:
        unique.setdefault(q, f"{name} #{sum(1 for v in unique.values() if v.startswith(name))}")
    return {name: q for q, name in unique.items()}


def time_one(q: Question, reps: int) -> float:
    runs = []
    for _ in range(reps):
        f2._search.cache_clear()
        t = time.perf_counter()
        f2._search(*q)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--examples", action="store_true")
    args = ap.parse_args()
    questions = tile_questions()
    if args.examples:
        questions.update(example_questions())
    total = 0.0
    for name, q in questions.items():
        ms = time_one(q, args.reps)
        total += ms
        print(f"{ms:9.2f} ms  {name}  (sets {len(q[0])}, n {q[1]}, m {q[2]}, free {q[3]})")
    print(f"{total:9.2f} ms  total of {len(questions)} searches")


if __name__ == "__main__":
    main()
