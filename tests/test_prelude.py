"""The precompiled shim (rapcc/frontend/prelude.py): a parse with it sees the
same translation unit as one without, and a header clang cannot use is
never trusted."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import rapcc.frontend  # noqa: F401  (rapcc.frontend.parse is also a function's name there)
from rapcc.frontend import prelude
from rapcc.frontend.toplevel import top_level

parse_module = sys.modules["rapcc.frontend.parse"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["transpose_32x8.cu", "histogram256.cu", "helper_clones.cu", "ifdef_rowwise.cu", "scan_blelloch.cu"]


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """A fresh folder for the precompiled headers, and no memo of earlier ones."""
    monkeypatch.setattr(prelude.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(prelude, "_built", {})
    return tmp_path


def _unit(path: Path, defines: tuple[str, ...] = ()) -> tuple:
    config = parse_module.ParseConfig(defines=defines)
    tu = parse_module._parse(str(path), [(str(path), path.read_bytes())], parse_module.clang_args(config))
    # The one difference: the shim is included by a stub in the header, not by the command line.
    tops = tuple((t.kind, t.cursor.spelling, t.file, t.main, t.system,
                  t.cursor.extent.start.offset, t.cursor.extent.end.offset) for t in top_level(tu)
                 if not (t.kind.name == "INCLUSION_DIRECTIVE" and t.cursor.spelling == prelude.SHIM_HEADER))
    includes = tuple(sorted({i.include.name for i in tu.get_includes()
                             if not i.include.name.startswith(str(prelude.SHIM_DIR))}))
    diags = tuple((d.severity, d.spelling, d.location.file.name if d.location.file else None, d.location.line)
                  for d in tu.diagnostics if d.location.file is None or d.location.file.name == str(path))
    refs = tuple((c.spelling, c.referenced.location.file.name if c.referenced and c.referenced.location.file else None,
                  bool(c.referenced and c.referenced.location.is_in_system_header))
                 for c in tu.cursor.walk_preorder()
                 if c.kind.is_reference() or c.kind.name in ("DECL_REF_EXPR", "CALL_EXPR", "MEMBER_REF_EXPR")
                 if c.location.file and c.location.file.name == str(path))
    return tops, diags, refs, includes


@pytest.mark.parametrize("name", EXAMPLES)
def test_same_unit_with_and_without_the_precompiled_shim(private_tmp, monkeypatch, name):
    path = ROOT / "examples" / name
    monkeypatch.setattr(prelude, "ENABLED", False)
    plain = _unit(path)
    monkeypatch.setattr(prelude, "ENABLED", True)
    with_pch = _unit(path)
    assert list(private_tmp.glob("rapcc-*/prelude-*.pch")), "no precompiled header was made"
    assert with_pch == plain
    # threadIdx and the other builtins stay in a system header: rapcc tells them from the user's names so.
    assert any(spelling == "threadIdx" and system for spelling, _, system in with_pch[2])
    assert with_pch[3] == ()  # the examples include only stand-in headers


def test_one_header_per_command_line(private_tmp):
    args = parse_module.clang_args(parse_module.ParseConfig())
    first = prelude.precompiled(args)
    assert first is not None and "-include-pch" in first and prelude.SHIM_HEADER not in first
    assert prelude.precompiled(args) == first
    other = prelude.precompiled(parse_module.clang_args(parse_module.ParseConfig(defines=("TILE=16",))))
    assert other is not None and other[other.index("-include-pch") + 1] != first[first.index("-include-pch") + 1]
    assert len(list(private_tmp.glob("rapcc-*/prelude-*.pch"))) == 2


def test_a_corrupt_header_is_not_used(private_tmp, monkeypatch):
    path = ROOT / "examples" / "transpose_32x8.cu"
    monkeypatch.setattr(prelude, "ENABLED", False)
    plain = _unit(path)
    monkeypatch.setattr(prelude, "ENABLED", True)
    _unit(path)
    [pch] = private_tmp.glob("rapcc-*/prelude-*.pch")
    pch.write_bytes(b"not a precompiled header" * 100)
    assert _unit(path) == plain
    # Refused once, then built again: later parses are not left without it.
    assert not pch.exists() and prelude._built == {}
    assert _unit(path) == plain
    assert pch.exists() and not pch.read_bytes().startswith(b"not a precompiled header")


def test_no_header_in_a_folder_others_can_write(private_tmp):
    folder = private_tmp / f"rapcc-{os.getuid()}"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    assert prelude.precompiled(parse_module.clang_args(parse_module.ParseConfig())) is None
    assert list(folder.iterdir()) == []


def test_without_the_shim_nothing_is_precompiled(private_tmp):
    assert prelude.precompiled(["-x", "cuda", "-std=c++17"]) is None


def test_the_stamp_follows_libclang(tmp_path, monkeypatch):
    lib = tmp_path / "libclang.so"
    lib.write_bytes(b"one")
    monkeypatch.setattr(prelude.ci.conf, "library_file", str(lib))
    first = prelude._stamp()
    assert prelude._stamp() == first
    lib.write_bytes(b"another build")
    assert prelude._stamp() != first


def test_the_headers_kept_are_the_most_recently_used(private_tmp, monkeypatch):
    """A folder shared by many command lines (the tests', other projects') keeps
    a build's own header: using one makes it the newest, whenever it was made."""
    monkeypatch.setattr(prelude, "KEEP", 2)

    def header(define: str) -> Path:
        args = prelude.precompiled(parse_module.clang_args(parse_module.ParseConfig(defines=(define,))))
        assert args is not None
        return Path(args[args.index("-include-pch") + 1])
    used, other = header("RAPCC_T_A=1"), header("RAPCC_T_B=1")
    for age, p in enumerate((used, other)):
        os.utime(p, (1_000_000 + age, 1_000_000 + age))  # `used` is the older
    monkeypatch.setattr(prelude, "_built", {})  # a new process: the header is found, not made
    assert header("RAPCC_T_A=1") == used
    newest = header("RAPCC_T_C=1")
    assert used.exists() and newest.exists() and not other.exists()


def test_one_builder_at_a_time_the_others_take_its_header(private_tmp, monkeypatch):
    """`make -j`: the steps that want the same header at once wait for the
    first one's instead of each building it."""
    import threading
    import time
    built: list[str] = []

    def build(folder: str, path: str, base: list[str], header: str) -> str:
        built.append(path)
        time.sleep(0.3)
        Path(path).write_bytes(b"a header")
        return path
    monkeypatch.setattr(prelude, "_build", build)
    results: list[str | None] = []
    go = threading.Barrier(4)

    def step() -> None:
        go.wait()
        results.append(prelude._file("0" * 32, ["-x", "cuda"], prelude.SHIM_HEADER))
    threads = [threading.Thread(target=step) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(built) == 1 and results == built * 4
