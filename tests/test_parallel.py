"""One process per file, results in the inputs' order (rapcc/parallel.py), and the
commands built on it: `rapcc analyze` on several files and `rapcc IN... --out-dir`."""
from __future__ import annotations

import json
import os
import time

from conftest import EXAMPLES
from rapcc.cli import main
from rapcc.parallel import map_files, workers_for


def _slow_reversed(k: int) -> tuple[int, int]:
    time.sleep(0.05 * (6 - k))  # the first items finish last
    return k, os.getpid()


def test_results_come_in_input_order_from_several_processes() -> None:
    got = map_files(_slow_reversed, list(range(6)), jobs=3)
    assert [k for k, _ in got] == list(range(6))
    assert len({pid for _, pid in got}) > 1 and os.getpid() not in {pid for _, pid in got}
    assert map_files(_slow_reversed, [4], jobs=3) == [(4, os.getpid())]  # one file: no pool
    assert workers_for(100, None) >= 1 and workers_for(2, 8) == 2 and workers_for(0) == 1


FILES = ["transpose_32x8", "histogram256", "matmul_tile", "reduce_sequential"]


def test_analyze_many_files_prints_in_the_order_given(capsys) -> None:
    paths = [str(EXAMPLES / f"{n}.cu") for n in FILES]
    for order in (paths, paths[::-1]):
        assert main(["analyze", *order, "--format", "json"]) == 0
        reports = json.loads(capsys.readouterr().out)
        assert [r["file"] for r in reports] == order
    # The same reports as one file at a time.
    assert main(["analyze", paths[1], "--format", "json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(["analyze", *paths, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[1] == alone


def test_analyze_text_diagnostics_in_file_order(capsys) -> None:
    paths = [str(EXAMPLES / f"{n}.cu") for n in FILES]
    main(["analyze", *paths])
    err = capsys.readouterr().out
    firsts = [err.find(p + ":") for p in paths]
    seen = [f for f in firsts if f >= 0]
    assert len(seen) >= 2 and seen == sorted(seen)


def test_out_dir_is_the_same_in_parallel_as_one_by_one(tmp_path) -> None:
    paths = [str(EXAMPLES / f"{n}.cu") for n in FILES]
    assert main([*paths, "--out-dir", str(tmp_path / "all")]) == 0
    for p in paths:
        assert main([p, "--out-dir", str(tmp_path / "one")]) == 0
    for n in FILES:
        together = (tmp_path / "all" / f"{n}.cu").read_bytes()
        alone = (tmp_path / "one" / f"{n}.cu").read_bytes()
        assert together == alone
    assert (tmp_path / "all" / "transpose_32x8.cu").read_bytes() != (EXAMPLES / "transpose_32x8.cu").read_bytes()
