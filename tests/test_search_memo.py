"""rapcc/search_memo.py: the planner's layout searches are kept on disk, so a
run without rapcc's server does not search again what an earlier run did
(issue 29). An answer read back is the answer searched; a stale table
(another search code) or an ill-formed entry is searched again; the table
lives under this test's own TMPDIR."""
from __future__ import annotations

import os

import numpy as np
import pytest

import rapcc.search_memo as search_memo
from rapcc.diskmemo import read_table, write_table
from rapcc.hashing import f2, givargis, mih
from rapcc.hashing.bitwise import permutation_features, xor_candidates
from rapcc.strategies import bvxor

# A 32x32 float tile read by columns: every lane of a warp in one bank.
COLUMN = [[r * 32 + c for r in range(32)] for c in range(8)]
ROW = [[r * 32 + c for c in range(32)] for r in range(8)]
SETS = COLUMN + ROW


@pytest.fixture
def fresh(monkeypatch):
    """A process's first look: a new table object and empty in-memory memos."""
    def reset() -> search_memo._Table:
        table = search_memo._Table()
        monkeypatch.setattr(search_memo, "TABLE", table)
        for fn in (f2._search, givargis._givargis_order, mih._mih_order):
            fn.cache_clear()
        return table
    yield reset
    for fn in (f2._search, givargis._givargis_order, mih._mih_order):
        fn.cache_clear()


def _answers() -> tuple:
    sw = f2.search(SETS, 10, 5, 5, 1)
    pool = bvxor.candidate_pool(SETS, _Dom())
    return (tuple((s.m, s.free, s.g, w) for s, w in sw),
            givargis.givargis_order(SETS, xor_candidates(10), 10, 5, 5),
            mih.mih_order(SETS, permutation_features(10), 10, 5, 5),
            tuple((c.k1, c.k2, c.mask) for c in bvxor.ranked(SETS, pool, 10, 5)))


class _Dom:
    """The parts of a HashDomain that candidate_pool reads: a 1-D 10-bit domain of 5 bank bits."""
    one_d, cols, n, m = True, 10, 10, 5

    def admits(self, rows) -> bool:
        return True


def test_answers_read_back_are_the_answers_searched(fresh, monkeypatch):
    fresh()
    searched = _answers()
    search_memo.TABLE.save()
    path = search_memo.TABLE.memo().path()
    assert path.startswith(os.environ["TMPDIR"])
    assert len(read_table(path)) == 4  # one answer per search
    fresh()
    # The second process finds every answer: none of the searches runs.
    def never(*args, **kwargs):
        raise AssertionError("searched again")
    monkeypatch.setattr(f2, "_Columns", never)
    monkeypatch.setattr(givargis, "feature_values", never)
    monkeypatch.setattr(mih, "feature_values", never)
    monkeypatch.setattr(bvxor, "candidate_conflicts", never)
    assert _answers() == searched


def test_another_stamp_searches_again(fresh, monkeypatch):
    fresh()
    _answers()
    search_memo.TABLE.save()
    monkeypatch.setattr(search_memo, "_stamp", lambda: "other-search-code")
    table = fresh()
    assert table.memo().table() == {}


def test_the_stamp_follows_the_search_code(tmp_path, monkeypatch):
    first = search_memo._stamp()
    assert search_memo._stamp() == first
    (tmp_path / "hashing").mkdir()
    (tmp_path / "strategies").mkdir()
    monkeypatch.setattr(search_memo, "_HERE", str(tmp_path))
    empty = search_memo._stamp()
    assert empty != first
    (tmp_path / "hashing" / "f2.py").write_text("# another search\n")
    assert search_memo._stamp() != empty


@pytest.mark.parametrize("bad", ["not an answer", (10**6,), ((1, 2, "g", 3),), ((1.5,),), (0, 0)])
def test_an_ill_formed_entry_is_searched_again(fresh, bad):
    fresh()
    searched = _answers()
    search_memo.TABLE.save()
    path = search_memo.TABLE.memo().path()
    write_table(path, {k: bad for k in read_table(path)})
    fresh()
    assert _answers() == searched
    search_memo.TABLE.save()
    assert all(v != bad for v in read_table(path).values())  # written again


def test_a_damaged_table_is_ignored(fresh):
    fresh()
    searched = _answers()
    search_memo.TABLE.save()
    path = search_memo.TABLE.memo().path()
    with open(path, "r+b") as f:
        f.seek(20)
        f.write(b"\x00" * 8)
    fresh()
    assert _answers() == searched


def test_an_input_that_is_not_plain_data_is_searched_and_not_kept(fresh):
    fresh()
    sets = [[np.int64(a) for a in s] for s in SETS]  # NumPy's ints: marshal cannot write them
    pool = bvxor.candidate_pool(SETS, _Dom())
    order = bvxor.ranked(sets, pool, 10, 5)
    assert [(c.k1, c.k2, c.mask) for c in order] == [(c.k1, c.k2, c.mask) for c in bvxor.ranked(SETS, pool, 10, 5)]
    assert len(search_memo.TABLE.memo().table()) == 1  # only the plain one
