"""frontend/toplevel.py: the top-level classification with rapcc's own
libclang visitor equals the plain cindex walk, and an error inside the
visitor is raised, not dropped by ctypes."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import rapcc.frontend  # noqa: F401
from rapcc.frontend import toplevel

parse_module = sys.modules["rapcc.frontend.parse"]
ROOT = Path(__file__).resolve().parent.parent


def _tu(name: str):
    path = ROOT / "examples" / name
    return parse_module._parse(str(path), [(str(path), path.read_bytes())],
                               parse_module.clang_args(parse_module.ParseConfig()))


def _plain(tu) -> list[tuple]:
    out = []
    for c in tu.cursor.get_children():
        loc = c.location
        file = loc.file.name if loc.file else None
        main = loc.is_from_main_file if hasattr(loc, "is_from_main_file") else (file == tu.spelling)
        out.append((c.kind, c.spelling, file, bool(main), bool(loc.is_in_system_header) if file and not main else False))
    return out


@pytest.mark.parametrize("name", ["transpose_32x8.cu", "helper_clones.cu", "ifdef_rowwise.cu"])
def test_same_as_the_plain_walk(name):
    tu = _tu(name)
    mine = [(t.kind, t.cursor.spelling, t.file, t.main, t.system) for t in toplevel.top_level(tu)]
    assert mine == _plain(tu)
    assert any(t.main for t in toplevel.top_level(tu)) and any(t.system for t in toplevel.top_level(tu))


def test_an_error_in_the_visitor_is_raised(monkeypatch):
    tu = _tu("transpose_32x8.cu")

    class Broken(toplevel.Top):
        __slots__ = ()

        def __init__(self, *args):
            raise RuntimeError("broken on purpose")
    monkeypatch.setattr(toplevel, "Top", Broken)
    with pytest.raises(RuntimeError, match="broken on purpose"):
        toplevel._classify(tu)
