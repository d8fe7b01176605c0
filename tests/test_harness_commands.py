"""`rapcc bench` and `rapcc suite` on a machine without a GPU, and bench's wiring with a fake runner."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from rapcc.commands import bench, suite
from harness_fakes import FakeRunner

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _parse(module, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="rapcc")
    module.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


@pytest.mark.parametrize("module,argv", [(bench, ["bench", "fwt"]), (suite, ["suite", "--out", "unused"])])
def test_no_gpu_is_an_error(module, argv, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(module, "cuda_status", lambda: (False, "CuPy cannot be imported: No module named 'cupy'"))
    assert module.run(_parse(module, argv)) == 1
    err = capsys.readouterr().err
    assert err == "rapcc: error: no CUDA GPU available (CuPy cannot be imported: No module named 'cupy')\n"


def test_parsers_take_the_documented_options() -> None:
    args = _parse(bench, ["bench", "fwt", "haar1d", "--strategy", "pad", "--strategy", "xor", "--json", "o.json",
                          "--examples", "ex"])
    assert args.cases == ["fwt", "haar1d"] and args.strategies == ["pad", "xor"]
    assert args.json == Path("o.json") and args.examples == Path("ex")
    args = _parse(suite, ["suite", "--out", "d", "--examples", "ex", "--scale", "0.5"])
    assert args.out == Path("d") and args.scale == 0.5 and not args.no_ncu
    with pytest.raises(SystemExit):
        _parse(suite, ["suite", "--scale", "0"])


def test_unknown_case_is_an_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(bench, "cuda_status", lambda: (True, "fake GPU"))
    assert bench.run(_parse(bench, ["bench", "no_such_case", "--examples", str(EXAMPLES)])) == 1
    assert "rapcc: error: unknown case 'no_such_case'" in capsys.readouterr().err


def test_bench_runs_the_real_rewrite_with_a_fake_gpu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture) -> None:
    def kernel(case, source, args):
        for index, value in zip(case.outputs, case.reference(args)):
            np.asarray(args[index])[...] = value

    monkeypatch.setattr(bench, "cuda_status", lambda: (True, "fake GPU"))
    monkeypatch.setattr(bench, "CupyRunner", lambda: FakeRunner(kernel))
    out = tmp_path / "bench.json"
    # xor: the example has no launch, so padding may not grow its tile (its dynamic shared memory is unknown)
    code = bench.run(_parse(bench, ["bench", "transpose_16x16", "--strategy", "xor", "--scale", "0.001",
                                    "--json", str(out), "--examples", str(EXAMPLES)]))
    printed = capsys.readouterr().out
    assert code == 0
    assert "| transpose_16x16 | original |" in printed and "| transpose_16x16 | xor | yes | yes |" in printed
    data = json.loads(out.read_text())
    assert [r["strategy"] for r in data["rows"]] == ["original", "xor"]
    assert data["reports"]["transpose_16x16"]["xor"]["arrays"][0]["name"] == "tile"
