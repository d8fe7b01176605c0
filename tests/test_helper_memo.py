"""rapcc/helper_memo.py and cexpr.py: index helpers parsed by an earlier run are
read from a table on disk (issue 29). What a helper computes is the same
whether parsed or read; a helper that does not parse, or a construct cexpr
refuses, is refused either way; a stale, damaged or ill-formed table is
ignored and written again; the table lives under this test's own TMPDIR."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rapcc.helper_memo as helper_memo
from rapcc import cexpr
from rapcc.cexpr import CExprError, compile_helper, helper_source, parse_helper
from rapcc.diskmemo import read_table, write_table

ROOT = Path(__file__).resolve().parent.parent
XOR = helper_source("m", ["r", "c"], "(r * 33u) + ((c ^ (r & 31u)) % 32u)")
TERNARY = helper_source("t", ["i"], "(i < 8u) ? (unsigned int)(i << 2) : ~i")


@pytest.fixture
def fresh(monkeypatch):
    """A process's first look at the table: a new HELPERS and an empty in-memory memo."""
    def reset() -> helper_memo._Helpers:
        helpers = helper_memo._Helpers()
        monkeypatch.setattr(helper_memo, "HELPERS", helpers)
        cexpr._parsed.cache_clear()
        return helpers
    yield reset
    cexpr._parsed.cache_clear()


def _values(source: str) -> np.ndarray:
    fn = compile_helper(source)
    _, params, _ = parse_helper(source)
    grid = np.indices((40,) * len(params)).reshape(len(params), -1)
    return fn(*grid)


def _table_path() -> str:
    return helper_memo.HELPERS.memo().path()


def test_a_helper_read_back_computes_what_the_parsed_one_did(fresh):
    fresh()
    parsed = {s: _values(s) for s in (XOR, TERNARY)}
    helper_memo.HELPERS.save()
    table = read_table(_table_path())
    assert set(table) == {XOR, TERNARY}
    assert table[XOR][:2] == ("m", ("r", "c"))
    fresh()
    assert helper_memo.HELPERS.get(XOR) == table[XOR]  # read from disk
    for s, v in parsed.items():
        assert np.array_equal(_values(s), v)
    r, c = np.indices((40, 40)).reshape(2, -1)
    assert np.array_equal(parsed[XOR], r * 33 + ((c ^ (r & 31)) % 32))
    i = np.arange(40)
    assert np.array_equal(parsed[TERNARY], np.where(i < 8, i << 2, (~i) & 0xFFFFFFFF))


@pytest.mark.parametrize("source, message", [
    ("unsigned int f(unsigned int i) { return -i; }", "construct 'UnaryOp'"),
    ("unsigned int f(unsigned int i) { return g(i); }", "construct 'FuncCall'"),
    ("unsigned int f(unsigned int i) { return j; }", "unknown name 'j'"),
    ("unsigned int f(unsigned int i) { return i +; }", "does not parse"),
    ("unsigned int f(unsigned int i) { i = 1; return i; }", "single return statement"),
])
def test_what_cexpr_refuses_it_refuses_parsed_or_read(fresh, source, message):
    for _ in range(2):  # the second time, as a later process does
        fresh()
        with pytest.raises(CExprError, match=message):
            compile_helper(source)(np.arange(4))
        helper_memo.HELPERS.save()
    table = read_table(_table_path()) if os.path.exists(_table_path()) else {}
    if message in ("does not parse", "single return statement"):
        assert source not in table  # a text that does not parse is never kept


def test_another_stamp_reads_another_table(fresh, monkeypatch):
    fresh()
    _values(XOR)
    helper_memo.HELPERS.save()
    monkeypatch.setattr(helper_memo, "_stamp", lambda: "another-pycparser")
    fresh()
    assert helper_memo.HELPERS.get(XOR) is None


def test_the_stamp_follows_cexpr_and_rapcc(monkeypatch):
    first = helper_memo._stamp()
    assert helper_memo._stamp() == first
    monkeypatch.setattr(helper_memo, "__version__", "0.0.0-other")
    assert helper_memo._stamp() != first


@pytest.mark.parametrize("entry", [
    ("m", ("r", "c"), ("BinaryOp", "+", ("ID", "r"))),  # a child missing
    ("m", ("r", "c"), ("ID", 3)),
    ("m", ["r", "c"], ("ID", "r")),
    ("m", ("r",)),
    "not a parse",
])
def test_an_ill_formed_entry_is_parsed_again(fresh, entry):
    fresh()
    expected = _values(XOR)
    helper_memo.HELPERS.save()
    path = _table_path()
    write_table(path, {XOR: entry})
    fresh()
    assert helper_memo.HELPERS.get(XOR) is None
    assert np.array_equal(_values(XOR), expected)
    helper_memo.HELPERS.save()
    assert read_table(path)[XOR][:2] == ("m", ("r", "c"))  # written again, well formed


def test_a_damaged_table_is_ignored_and_written_again(fresh):
    fresh()
    expected = _values(XOR)
    helper_memo.HELPERS.save()
    path = _table_path()
    with open(path, "r+b") as f:
        f.seek(-2, os.SEEK_END)
        f.write(b"\x00\x00")
    assert read_table(path) == {}
    fresh()
    assert np.array_equal(_values(XOR), expected)
    helper_memo.HELPERS.save()
    assert XOR in read_table(path)


def test_the_table_is_under_this_tests_tmpdir(fresh):
    fresh()
    _values(XOR)
    assert _table_path().startswith(os.environ["TMPDIR"])


def test_a_later_process_does_not_import_pycparser(tmp_path):
    """A run's helpers, all read from the table a first run wrote: the second
    run's process never imports pycparser, and computes the same values."""
    code = ("import sys, numpy as np\n"
            "from rapcc.cexpr import compile_helper\n"
            f"f = compile_helper({XOR!r})\n"
            "r, c = np.indices((32, 32)).reshape(2, -1)\n"
            "print(int(f(r, c).sum()), 'pycparser' in sys.modules)\n")
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    total, imported = first.stdout.split()
    assert imported == "True"
    assert second.stdout.split() == [total, "False"]
