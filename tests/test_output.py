"""rapcc/output.py: every file rapcc writes goes through one helper that
never destroys what the path names (a device, a FIFO, a link)."""
from __future__ import annotations

import builtins
import os
import stat
import tempfile
import threading

import pytest

from rapcc.output import OutputError, write_output, write_outputs

SOURCE = "tests/golden/transpose16.cu"


def _null_copy(tmp_path):
    dev = tmp_path / "null"
    rdev = os.stat(os.devnull).st_rdev
    try:
        os.mknod(dev, 0o666 | stat.S_IFCHR, rdev)
    except PermissionError:
        pytest.skip("mknod is not permitted here (not root, or a container without CAP_MKNOD)")
    return dev


def test_a_character_device_stays_a_device(tmp_path):
    dev = _null_copy(tmp_path)
    write_output(dev, b"data")
    assert stat.S_ISCHR(os.stat(dev).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]  # no temporary file left


def test_the_cli_writes_to_a_device_copy_without_replacing_it(run_cli, tmp_path):
    dev = _null_copy(tmp_path)
    code, _, err = run_cli(SOURCE, "-o", str(dev), "--report", str(dev), "--report-html", str(dev))
    assert code == 0, err
    assert stat.S_ISCHR(os.stat(dev).st_mode)


def test_dev_null_is_no_output(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("opened a file for /dev/null")
    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    write_output(os.devnull, b"data")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_symlink_stays_a_link_to_the_new_text(tmp_path):
    target = tmp_path / "real.cu"
    target.write_text("old")
    link = tmp_path / "link.cu"
    link.symlink_to(target)
    write_output(link, b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new"


def test_a_fifo_reader_receives_the_output(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_output(fifo, b"through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        write_output(tmp_path / "a", b"x")
        os.umask(0o027)
        write_output(tmp_path / "b", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "a").st_mode) == 0o644
    assert stat.S_IMODE(os.stat(tmp_path / "b").st_mode) == 0o640


def test_an_existing_file_keeps_its_mode(tmp_path):
    f = tmp_path / "run.sh"
    f.write_text("old")
    f.chmod(0o755)
    write_output(f, b"new")
    assert f.read_text() == "new" and stat.S_IMODE(f.stat().st_mode) == 0o755


def test_a_regular_file_is_replaced_not_rewritten_in_place(tmp_path):
    f = tmp_path / "out.cu"
    f.write_text("old")
    before = f.stat().st_ino
    write_output(f, b"new")
    assert f.read_text() == "new" and f.stat().st_ino != before  # a reader of the old inode saw no half file


def test_a_failed_batch_replaces_nothing(tmp_path):
    good = tmp_path / "good.cu"
    good.write_text("old")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OutputError, match="Not a directory"):
        write_outputs([(good, b"new"), (blocker / "x.cu", b"new")])
    assert good.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "good.cu"]


def test_a_proc_fd_path_is_written_to_that_descriptor():
    # `-o /proc/self/fd/1` as a shell redirection's target: replacing the link would detach the fd.
    r, w = os.pipe()
    try:
        write_output(f"/proc/self/fd/{w}", b"to the descriptor")
        os.close(w)
        assert os.read(r, 100) == b"to the descriptor"
    finally:
        os.close(r)
