"""rapcc/diskmemo.py: memo tables on disk that a run without the server reuses
(issue 29): a corrupt, short or foreign file is ignored and written again,
concurrent writers leave a whole table, and the table lives under this test's
own TMPDIR (conftest.py), never the machine's."""
from __future__ import annotations

import marshal
import multiprocessing
import os
import tempfile
import zlib

import pytest

from rapcc.diskmemo import HEADER, STAMPS_KEPT, DiskMemo, decode, read_table, write_table


def test_a_table_survives_the_process_that_wrote_it(tmp_path):
    first = DiskMemo("t", "s1", keep=10, folder=str(tmp_path))
    assert first.get("k") is None
    first.put("k", (1, "v"))
    assert first.save()
    assert not first.save()  # nothing new since
    again = DiskMemo("t", "s1", keep=10, folder=str(tmp_path))
    assert again.get("k") == (1, "v")


def test_the_default_folder_is_the_private_one_under_this_tests_tmpdir():
    memo = DiskMemo("t", "s1", keep=10)
    path = memo.path()
    assert path is not None
    assert path.startswith(os.path.join(tempfile.gettempdir(), f"rapcc-{os.getuid()}") + os.sep)
    assert path.startswith(os.environ["TMPDIR"])  # conftest: the test's own, not the machine's


def test_another_stamp_is_another_table(tmp_path):
    old = DiskMemo("t", "old", keep=10, folder=str(tmp_path))
    old.put("k", 1)
    old.save()
    assert DiskMemo("t", "new", keep=10, folder=str(tmp_path)).get("k") is None


@pytest.mark.parametrize("damage", ["truncated", "flipped", "foreign", "not a dict", "empty"])
def test_a_damaged_file_reads_as_empty_and_is_written_again(tmp_path, damage):
    memo = DiskMemo("t", "s", keep=10, folder=str(tmp_path))
    memo.put("k", "v")
    memo.save()
    path = memo.path()
    data = open(path, "rb").read()
    if damage == "truncated":
        data = data[:-3]
    elif damage == "flipped":
        data = data[:-1] + bytes([data[-1] ^ 0xFF])
    elif damage == "foreign":
        data = b"something else entirely"
    elif damage == "not a dict":
        payload = marshal.dumps(["k", "v"])
        data = HEADER + zlib.crc32(payload).to_bytes(4, "big") + payload
    else:
        data = b""
    open(path, "wb").write(data)
    assert read_table(path) == {}
    fresh = DiskMemo("t", "s", keep=10, folder=str(tmp_path))
    assert fresh.get("k") is None
    fresh.put("k", "v2")
    assert fresh.save()
    assert read_table(path) == {"k": "v2"}


def test_a_save_adds_to_what_another_process_wrote_meanwhile(tmp_path):
    a = DiskMemo("t", "s", keep=10, folder=str(tmp_path))
    b = DiskMemo("t", "s", keep=10, folder=str(tmp_path))
    assert a.get("x") is None and b.get("x") is None  # both read the (empty) table first
    a.put("a", 1)
    a.save()
    b.put("b", 2)
    b.save()
    assert read_table(a.path()) == {"a": 1, "b": 2}


def test_the_oldest_entries_go_first_beyond_keep(tmp_path):
    memo = DiskMemo("t", "s", keep=3, folder=str(tmp_path))
    for i in range(5):
        memo.put(i, i)
    memo.save()
    assert list(read_table(memo.path())) == [2, 3, 4]


def test_tables_of_other_stamps_are_pruned_beyond_those_kept(tmp_path):
    for i in range(STAMPS_KEPT + 3):
        memo = DiskMemo("t", f"s{i}", keep=3, folder=str(tmp_path))
        memo.put("k", i)
        memo.save()
        os.utime(memo.path(), (1000 + i, 1000 + i))
    other = DiskMemo("u", "s", keep=3, folder=str(tmp_path))  # another table's files are not its to prune
    other.put("k", 0)
    other.save()
    memo = DiskMemo("t", "last", keep=3, folder=str(tmp_path))
    memo.put("k", 0)
    memo.save()
    names = sorted(os.listdir(tmp_path))
    assert names == sorted(["t-last.memo", "u-s.memo"]
                           + [f"t-s{i}.memo" for i in range(3, STAMPS_KEPT + 3)])


def test_an_unmarshallable_value_writes_nothing(tmp_path):
    memo = DiskMemo("t", "s", keep=3, folder=str(tmp_path))
    memo.put("k", object())
    assert not memo.save()
    assert not os.path.exists(memo.path())


def test_an_unwritable_folder_means_no_table_and_no_error(tmp_path):
    missing = tmp_path / "missing"
    memo = DiskMemo("t", "s", keep=3, folder=str(missing))
    memo.put("k", 1)
    assert memo.get("k") == 1  # still a memo within the process
    assert not memo.save()
    assert not write_table(str(missing / "x.memo"), {"k": 1})


def _writer(folder: str, who: int, rounds: int) -> None:
    for r in range(rounds):
        memo = DiskMemo("t", "s", keep=10_000, folder=folder)
        memo.get(None)
        memo.put((who, r), "x" * 2000)  # large enough that a torn write would show
        memo.save()


def test_concurrent_writers_always_leave_a_whole_table(tmp_path):
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), who, 30)) for who in range(4)]
    for p in procs:
        p.start()
    path = os.path.join(str(tmp_path), "t-s.memo")
    while any(p.is_alive() for p in procs):
        try:
            data = open(path, "rb").read()
        except FileNotFoundError:
            continue
        assert decode(data), "a reader saw a torn or empty table"
    for p in procs:
        p.join()
        assert p.exitcode == 0
    table = read_table(path)
    assert table and all(v == "x" * 2000 for v in table.values())
    # each writer's last entry is there unless another's rename replaced it at the same moment
    assert {who for who, _ in table} <= set(range(4))
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".memo-")]  # no temporary files left
