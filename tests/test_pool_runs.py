"""`benchmarks/realprog/pool_runs.py`: the repetitions of build_speed.py runs, pooled per program."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.realprog.pool_runs import read_runs  # noqa: E402

RUN_A = """# 2 alternating builds per way, make -j1
program                   plain s   cold s   warm s     cold     warm  paired cold  paired warm
gemv                         1.00     1.20     1.02   +20.0%    +2.0%       +20.0%        +2.0%
#   plain 1.00 1.00; cold 1.10 1.30; warm 1.02 1.02
jacobi                       2.00     3.00     2.00   +50.0%    +0.0%       +50.0%        +0.0%
#   plain 2.00 2.00; cold 3.00 3.00; warm 2.00 2.00
median over 2 programs: cold +35.0%, warm +1.0%
"""
RUN_B = """# 1 alternating builds per way, make -j1
program                   plain s   cold s   warm s     cold     warm  paired cold  paired warm
gemv                         2.00     2.20     2.00   +10.0%    +0.0%       +10.0%        +0.0%
#   plain 2.00; cold 2.20; warm 2.00
"""


def test_runs_pool_per_program_in_order(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(RUN_A)
    b.write_text(RUN_B)
    pooled = read_runs([a, b])
    assert list(pooled) == ["gemv", "jacobi"]
    assert pooled["gemv"] == {"plain": [1.0, 1.0, 2.0], "cold": [1.1, 1.3, 2.2], "warm": [1.02, 1.02, 2.0]}
    assert pooled["jacobi"]["cold"] == [3.0, 3.0]


def test_a_row_with_uneven_samples_is_left_out(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text(RUN_A.replace("cold 1.10 1.30;", "cold 1.10;"))
    assert "gemv" not in read_runs([a])
    assert read_runs([a])["jacobi"]["plain"] == [2.0, 2.0]

