"""Tests for rapcc.commands.hash (`rapcc hash`)."""
import argparse
import json
import re

import numpy as np
import pytest

from rapcc.commands import hash as hash_command

FWT = ",".join(str(32 * ty + tx) for ty in range(4) for tx in range(8))


def strided(stride):
    return ",".join(str(stride * t) for t in range(32))


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="rapcc")
    hash_command.add_parser(parser.add_subparsers(dest="command"))
    code = hash_command.run(parser.parse_args(["hash", *argv]))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(argv, capsys):
    code, out, err = run([*argv, "--json"], capsys)
    assert code == 0 and err == ""
    return json.loads(out)


def test_bvxor_fwt(capsys):
    data = run_json(["--method", "bvxor", "--addresses", FWT], capsys)
    assert data["method"] == "bvxor"
    assert {"k1", "k2", "mask", "conflicts_before", "conflicts_after"} <= set(data)
    assert data["conflicts_before"] == 3 and data["conflicts_after"] == 0
    assert data["mask"] != 0


def test_bvxor_strides_4_and_6_evaluate_188(capsys):
    data = run_json(["--method", "bvxor", "--addresses", strided(4), "--addresses", strided(6)], capsys)
    assert data["evaluated"] == 188
    assert data["conflicts_after"] <= data["conflicts_before"]
    full = run_json(["--method", "bvxor", "--full", "--addresses", strided(4), "--addresses", strided(6)], capsys)
    assert full["evaluated"] == 4480 and full["conflicts_after"] == data["conflicts_after"]


def test_bwperm_gh_paper_example(capsys):
    data = run_json(["--method", "bwperm-gh", "--addresses", strided(8), "--addresses", strided(13)], capsys)
    assert data["bits"] == [3, 4, 6, 5, 7]
    assert data["conflicts_before"] > data["conflicts_after"]


def test_bwperm_mih_fig6(capsys):
    data = run_json(
        ["--method", "bwperm-mih", "--addresses", "27,12,6,19,11,4,28,3", "--address-bits", "5", "--bank-bits", "3"],
        capsys,
    )
    assert data["bits"] == [0, 3, 4]


@pytest.mark.parametrize("method", ["bwxor-gh", "bwxor-mih"])
def test_bwxor_fwt_conflict_free(method, capsys):
    data = run_json(["--method", method, "--addresses", FWT], capsys)
    assert data["conflicts_after"] == 0
    assert all(len(b) in (1, 2) for b in data["bits"]) and len(data["bits"]) == 5


@pytest.mark.parametrize("method", ["bvxor", "bwperm-gh", "bwperm-mih", "bwxor-gh", "bwxor-mih"])
def test_mapping_expression_is_a_bijection_preserving_conflicts(method, capsys):
    data = run_json(["--method", method, "--addresses", FWT, "--addresses", strided(2)], capsys)
    a = np.arange(1 << 14)
    image = eval(re.sub(r"(\d+)u", r"\1", data["mapping"]), {"a": a})
    assert np.array_equal(np.sort(image), a)
    # Banking the remapped addresses by their low bits reproduces conflicts_after.
    total = 0
    for text in (FWT, strided(2)):
        banks = eval(re.sub(r"(\d+)u", r"\1", data["mapping"]), {"a": np.array([int(x) for x in text.split(",")])}) & 31
        total += np.bincount(banks, minlength=32).max() - 1
    assert total == data["conflicts_after"]


def test_text_output(capsys):
    code, out, err = run(["--method", "bvxor", "--addresses", FWT], capsys)
    assert code == 0 and err == ""
    assert "conflicts 3 -> 0" in out and "software mapping" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--method", "bvxor", "--addresses", "1,x"], "'x' is not an integer"),
        (["--method", "bvxor", "--addresses", "1,99999"], "outside [0, 2^14)"),
        (["--method", "bvxor", "--addresses", "1", "--bank-bits", "15"], "--bank-bits"),
        (["--method", "bvxor", "--addresses", "1", "--address-bits", "40"], "--address-bits"),
        (["--method", "bwxor-mih", "--addresses", "1", "--full"], "--full"),
    ],
)
def test_usage_errors(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("rapcc: error: ") and message in err


def test_missing_required_option(capsys):
    with pytest.raises(SystemExit) as exc:
        run(["--method", "bvxor"], capsys)
    assert exc.value.code == 2
