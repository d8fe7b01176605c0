"""What a run in a process of its own starts ahead of its need (server/ahead.py, issue 29)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rapcc.server import ahead
from tests.conftest import ROOT


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


PROC_STAT = b"cpu  1 2 3 4\ncpu0 1 2 3 4\nintr 5\nctxt 6\nprocs_running 2\nprocs_blocked 0\n"


def test_a_cpu_is_spare_where_fewer_tasks_run_than_cpus(monkeypatch):
    assert ahead.runnable(PROC_STAT) == 2
    assert ahead.spare_cpu(lambda: PROC_STAT, 4) and ahead.spare_cpu(lambda: PROC_STAT, 3)
    assert not ahead.spare_cpu(lambda: PROC_STAT, 2)  # this process and another: both CPUs taken
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.0, 0.0))

    def unreadable():
        raise OSError("no /proc")
    assert ahead.runnable(b"cpu 1 2\n") is None
    assert ahead.spare_cpu(unreadable, 2) and not ahead.spare_cpu(unreadable, 1)  # the load average instead
    assert ahead.spare_cpu(lambda: b"", 2)


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


FORK_WHILE_IMPORTING = """
import os, sys, threading, time
sys.path.insert(0, sys.argv[1])
from rapcc.server import ahead
thread = ahead.start_imports(("rapcc_slow_import",))
while "rapcc_slow_import" not in sys.modules:  # the thread is inside the module's import
    time.sleep(0.001)
child = os.fork()
if child == 0:
    import rapcc_slow_import  # waits on the import lock of a thread this child does not have, unless the fork waited
    os._exit(0 if rapcc_slow_import.DONE else 1)
_, status = os.waitpid(child, 0)
print(os.waitstatus_to_exitcode(status), thread.is_alive())
"""


def test_a_fork_waits_for_the_imports_thread(tmp_path):
    """A process forked while the thread imports a module imports it in turn:
    the fork waited for the thread (without that, the child hangs for ever)."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    (tmp_path / "rapcc_slow_import.py").write_text("import time\ntime.sleep(0.5)\nDONE = True\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run([sys.executable, "-c", FORK_WHILE_IMPORTING, str(tmp_path)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0", "False"]
