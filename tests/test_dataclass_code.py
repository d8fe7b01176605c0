"""rapcc/dataclass_code.py: dataclasses compile their methods once per Python
(a table on disk) while rapcc's command line imports rapcc (issue 29). The
classes it makes behave as the decorator's own: frozen, slotted, equal,
hashed and printed alike; a stale or damaged table cannot change them."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path

import pytest

from rapcc.dataclass_code import NAME, compiled_once
from rapcc.diskmemo import read_table, write_table

ROOT = Path(__file__).resolve().parent.parent


def _make():
    @dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: tuple[int, ...] = ()
        label: str | None = None
    return Point


def _behaviour(cls) -> tuple:
    p = cls(1, (2, 3))
    try:
        p.x = 5
        frozen = False
    except FrozenInstanceError:
        frozen = True
    return (repr(p), p == cls(1, (2, 3)), p == cls(2), hash(p) == hash(cls(1, (2, 3))), frozen,
            hasattr(p, "__dict__"), cls.__slots__, [f.name for f in dataclasses.fields(cls)],
            [f.type for f in dataclasses.fields(cls)], cls.__init__.__annotations__, cls.__doc__)


def test_classes_made_through_the_table_behave_as_the_decorators_own(tmp_path):
    plain = _behaviour(_make())
    with compiled_once(str(tmp_path)) as memo:
        first = _behaviour(_make())
    assert memo is not None and memo.get(next(iter(memo.table()))) is not None
    with compiled_once(str(tmp_path)) as memo2:
        assert memo2.table()  # read back from disk: compiled by the first
        again = _behaviour(_make())
    assert plain == first == again
    assert plain[0] == "_make.<locals>.Point(x=1, y=(2, 3), label=None)" and plain[4] is True and plain[5] is False


def test_the_second_time_nothing_is_compiled(tmp_path, monkeypatch):
    with compiled_once(str(tmp_path)):
        _make()
    compiled = []
    real = compile
    monkeypatch.setattr("builtins.compile", lambda *a, **k: compiled.append(a[0]) or real(*a, **k))
    with compiled_once(str(tmp_path)):
        _make()
    assert compiled == []


def test_dataclasses_is_left_as_it_was(tmp_path):
    with compiled_once(str(tmp_path)):
        assert "exec" in vars(dataclasses)
    assert "exec" not in vars(dataclasses)
    with pytest.raises(RuntimeError):
        with compiled_once(str(tmp_path)):
            raise RuntimeError("an import failed")
    assert "exec" not in vars(dataclasses)


def test_a_table_whose_entries_are_not_code_is_compiled_again(tmp_path):
    with compiled_once(str(tmp_path)) as memo:
        _make()
    path = memo.path()
    table = read_table(path)
    write_table(path, {k: "not code" for k in table})  # a stale or foreign value under a right key
    with compiled_once(str(tmp_path)):
        assert _behaviour(_make()) == _behaviour(_make())
    assert all(type(v).__name__ == "code" for v in read_table(path).values())


def test_a_damaged_table_is_ignored_and_written_again(tmp_path):
    with compiled_once(str(tmp_path)) as memo:
        _make()
    path = memo.path()
    with open(path, "r+b") as f:
        f.seek(40)
        f.write(b"\xff\xff\xff\xff")
    assert read_table(path) == {}
    with compiled_once(str(tmp_path)):
        assert _behaviour(_make())[0] == "_make.<locals>.Point(x=1, y=(2, 3), label=None)"
    assert read_table(path)


def test_the_command_line_fills_the_table_under_its_own_tmpdir(tmp_path):
    """`rapcc` run in a process of its own (no server) writes the table in
    TMPDIR's private folder, and a second run reads it back."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAPCC_") and k != "CI"}
    env.update({"RAPCC_SERVER": "0", "TMPDIR": str(tmp_path), "PYTHONPATH": str(ROOT)})
    cmd = [sys.executable, "-c", "import sys; from rapcc.server.entry import main; sys.exit(main())",
           str(ROOT / "examples" / "transpose_32x8.cu"), "-o", str(tmp_path / "out.cu")]
    first = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    folder = tmp_path / f"rapcc-{os.getuid()}"
    tables = list(folder.glob(f"{NAME}-*.memo"))
    assert len(tables) == 1
    entries = read_table(str(tables[0]))
    assert len(entries) > 100  # rapcc's frozen dataclasses
    written = (tmp_path / "out.cu").read_text()
    second = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert second.returncode == 0 and second.stderr == first.stderr
    assert (tmp_path / "out.cu").read_text() == written
    assert read_table(str(tables[0])) == entries  # nothing new to add


def test_exec_without_globals_runs_in_its_callers_namespace(tmp_path):
    """As the built-in does for `dataclasses`: its caller's globals, not dataclass_code's."""
    from rapcc.dataclass_code import cached_exec
    from rapcc.diskmemo import DiskMemo
    caller: dict = {"__builtins__": __builtins__, "BASE": 40}
    ns: dict = {}
    exec_ = cached_exec(DiskMemo("t", "s", keep=10, folder=str(tmp_path)), caller)
    exec_("def f():\n    return BASE + 2\n", None, ns)
    assert ns["f"]() == 42
    exec_("def f():\n    return BASE + 2\n", None, ns)  # the second time from the table
    assert ns["f"]() == 42 and ns["f"].__globals__ is caller
