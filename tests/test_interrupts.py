"""Ctrl-C (`rapcc/interrupts.py`): one that lands inside rapcc's libclang
visitor is raised after the walk, and a run during which SIGINT arrived ends
as interrupted even where Python dropped the exception (a callback, a
`__del__`): the pipeline returns nothing and the build workers store nothing."""
from __future__ import annotations

import signal

import clang.cindex as ci
import pytest

from conftest import EXAMPLES
from rapcc import interrupts
from rapcc.frontend import clangext
from rapcc.pipeline import Options, analyze_source, rewrite_source

SOURCE = "int a; int b; int c;\n"


def _ctrl_c_on_visit(self, name, value):
    """Ctrl-C arriving at a cursor's first store in the visitor (`child._tu = tu`)."""
    object.__setattr__(self, name, value)
    if name == "_tu":
        signal.raise_signal(signal.SIGINT)


def test_ctrl_c_inside_rapccs_visitor_is_raised_not_dropped(monkeypatch, capfd):
    tu = ci.Index.create().parse("t.cpp", unsaved_files=[("t.cpp", SOURCE)])
    assert len(clangext.children(tu.cursor)) >= 3
    monkeypatch.setattr(interrupts, "_seen", [])
    before = signal.getsignal(signal.SIGINT)
    interrupts.install()
    try:
        monkeypatch.setattr(ci.Cursor, "__setattr__", _ctrl_c_on_visit)
        with pytest.raises(KeyboardInterrupt):
            clangext.children(tu.cursor)  # (ctypes dropped it here, and the walk returned one child)
        monkeypatch.undo()
    finally:
        signal.signal(signal.SIGINT, before)
    assert "Exception ignored" not in capfd.readouterr().err


def test_a_dropped_interrupt_still_ends_the_run(monkeypatch):
    source = (EXAMPLES / "transpose_32x8.cu").read_bytes()
    assert rewrite_source(source, "k.cu", Options()).text != source  # the run itself goes through
    monkeypatch.setattr(interrupts, "_seen", [True])  # as the handler leaves it when a callback ate the raise
    with pytest.raises(KeyboardInterrupt):
        rewrite_source(source, "k.cu", Options())
    with pytest.raises(KeyboardInterrupt):
        analyze_source(source, "k.cu", Options())


def test_the_build_workers_keep_nothing_from_an_interrupted_run(monkeypatch, tmp_path):
    from rapcc.build import worker
    from rapcc.build.cache import Cache
    cache = Cache(tmp_path / "cache")
    source = (EXAMPLES / "transpose_32x8.cu").read_text()
    options = {"strategy": "auto", "block_dim": None}
    monkeypatch.setattr(interrupts, "_seen", [True])
    from rapcc.program_constants import FileLaunchFacts
    monkeypatch.setattr(worker, "file_launch_facts", lambda *a, **k: FileLaunchFacts({"k": [(32, 8, 1)]}, {}, (), ()))
    with pytest.raises(KeyboardInterrupt):
        worker.launches_job(cache, {"key": "l" * 64, "path": "k.cu", "source": source, "options": options})
    assert cache.get("l" * 64) is None and not any(p.is_file() for p in (tmp_path / "cache").rglob("*"))
