"""Tests for rapcc.commands.simulate (`rapcc simulate`)."""
import argparse
import json

import pytest

from rapcc.commands import simulate


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="rapcc")
    simulate.add_parser(parser.add_subparsers(dest="command"))
    code = simulate.run(parser.parse_args(["simulate", *argv]))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(argv, capsys):
    code, out, err = run([*argv, "--json"], capsys)
    assert code == 0 and err == ""
    return json.loads(out)


def test_json_shape(capsys):
    data = run_json(["--scheme", "rap", "--access", "random", "--width", "16", "--trials", "200", "--seed", "2"], capsys)
    assert set(data) == {"scheme", "access", "width", "trials", "congestion_mean", "ci95"}
    assert data["scheme"] == "rap" and data["access"] == "random" and data["width"] == 16 and data["trials"] == 200
    low, high = data["ci95"]
    assert low <= data["congestion_mean"] <= high
    assert 1 < data["congestion_mean"] < 16


@pytest.mark.parametrize("access", ["contiguous", "stride"])
def test_rap_contiguous_and_stride_are_one(access, capsys):
    data = run_json(["--scheme", "rap", "--access", access, "--width", "32", "--trials", "2000"], capsys)
    assert data["congestion_mean"] == 1 and data["ci95"] == [1, 1]


def test_raw_stride_is_w(capsys):
    data = run_json(["--scheme", "raw", "--access", "stride", "--width", "32", "--trials", "100"], capsys)
    assert data["congestion_mean"] == 32


def test_seed_values_at_w32(capsys):
    # Seed 000 §V: RAS 3.53 (stride), RAP 3.61 (diagonal), within the CI (plus rounding of the paper's 2 decimals).
    for scheme, access, paper in (("ras", "stride", 3.53), ("rap", "diagonal", 3.61), ("ras", "diagonal", 3.53)):
        data = run_json(["--scheme", scheme, "--access", access, "--width", "32", "--trials", "40000", "--seed", "11"], capsys)
        low, high = data["ci95"]
        assert low - 0.005 <= paper <= high + 0.005, (scheme, access, data)


def test_text_output(capsys):
    code, out, err = run(["--scheme", "raw", "--access", "diagonal", "--width", "8", "--trials", "10"], capsys)
    assert code == 0 and err == ""
    assert out.startswith("raw diagonal w=8: congestion 1.000")


def test_malicious_r1p(capsys):
    data = run_json(["--scheme", "r1p", "--access", "malicious", "--width", "32", "--trials", "2000"], capsys)
    assert data["congestion_mean"] > 6


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--scheme", "rap", "--access", "stride2"], "not defined for scheme 'rap'"),
        (["--scheme", "3p", "--access", "diagonal"], "not defined for scheme '3p'"),
        (["--width", "1"], "--width"),
        (["--trials", "0"], "--trials"),
        (["--scheme", "3p", "--access", "random", "--width", "512"], "width 256"),
    ],
)
def test_usage_errors(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("rapcc: error: ") and message in err


def test_unknown_choice_is_rejected_by_argparse(capsys):
    with pytest.raises(SystemExit) as exc:
        run(["--scheme", "bogus"], capsys)
    assert exc.value.code == 2


def test_table_markdown(capsys):
    code, out, err = run(["--table", "--trials", "60"], capsys)
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    assert lines[0] == "| access | scheme | w=16 | w=32 | w=64 | w=128 | w=256 |"
    rows = {tuple(c.strip() for c in line.strip("|").split("|")[:2]): line for line in lines[2:14]}
    assert len(rows) == 12
    assert rows["stride", "RAW"].split("|")[3:8] == [" 16.000 ", " 32.000 ", " 64.000 ", " 128.000 ", " 256.000 "]
    assert set(rows["stride", "RAP"].split("|")[3:8]) == {" 1.000 "}
    assert set(rows["diagonal", "RAW"].split("|")[3:8]) == {" 1.000 "}
    assert "60 trials per cell" in lines[-1]
