"""What a run in a process of its own starts ahead of its need (server/ahead.py, issue 29)."""
from __future__ import annotations

import sys

import pytest

from rapcc.server import ahead


@pytest.mark.parametrize("argv, finds, renders", [
    (["rapcc", "k.cu", "-o", "out.cu"], True, True),
    (["rapcc", "k.cu"], True, True),  # a dry run prints the rewrite's diff
    (["rapcc", "analyze", "k.cu"], True, False),
    (["rapcc", "k.cu", "--cuda-path", "/opt/cuda"], False, True),
    (["rapcc", "k.cu", "--cuda-path=/opt/cuda"], False, True),
    (["rapcc", "k.cu", "--cuda-pa", "/opt/cuda"], False, True),  # argparse takes a prefix
    (["rapcc", "hash", "--help"], False, False),
    (["rapcc", "simulate", "x"], False, False),
    (["rapcc", "--help"], False, False),
    (["rapcc", "--print-completion", "bash"], False, False),
    (["rapcc"], False, False),
])
def test_what_a_command_line_starts_ahead(argv, finds, renders):
    assert ahead.finds_toolkit(argv) is finds
    assert ahead.renders(argv) is renders


def test_the_probe_starts_only_where_the_command_finds_a_toolkit():
    calls = []

    def start(env, which):
        calls.append(dict(env))
        return "/usr/bin/nvcc"
    assert ahead.start_probe(["rapcc", "k.cu"], {"A": "1"}, lambda n: None, start) == "/usr/bin/nvcc"
    assert ahead.start_probe(["rapcc", "k.cu", "--cuda-path", "/x"], {"A": "1"}, lambda n: None, start) is None
    assert calls == [{"A": "1"}]


def test_a_failing_import_ends_the_thread_quietly(tmp_path, monkeypatch, capfd):
    """Whatever the thread's imports raise stays in it: nothing printed, no
    module left half made; the modules before the failure are imported."""
    (tmp_path / "rapcc_ahead_ok.py").write_text("VALUE = 1\n")
    (tmp_path / "rapcc_ahead_raises.py").write_text("raise RuntimeError('at import')\n")
    (tmp_path / "rapcc_ahead_after.py").write_text("VALUE = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("rapcc_ahead_ok", "rapcc_ahead_raises", "rapcc_ahead_after")
    for n in names:
        monkeypatch.delitem(sys.modules, n, raising=False)
    thread = ahead.start_imports(names)
    thread.join(timeout=60)
    assert not thread.is_alive() and thread.daemon and thread.name == ahead.THREAD_NAME
    assert "rapcc_ahead_ok" in sys.modules
    assert "rapcc_ahead_raises" not in sys.modules and "rapcc_ahead_after" not in sys.modules
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    with pytest.raises(RuntimeError, match="at import"):  # the main thread meets the error itself
        __import__("rapcc_ahead_raises")
    thread = ahead.start_imports(("rapcc_no_such_module_anywhere", "rapcc_ahead_after"))
    thread.join(timeout=60)
    assert "rapcc_ahead_after" not in sys.modules and capfd.readouterr() == ("", "")
