"""frontend/toplevel.py: the top-level classification with rapcc's own
libclang visitor equals the plain cindex walk less the shim's own
declarations, and an error inside the visitor is raised, not dropped by
ctypes."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import rapcc.frontend  # noqa: F401
from rapcc.frontend import toplevel
from rapcc.frontend.prelude import SHIM_DIR

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


def _shim(file: str | None) -> bool:
    return file is not None and file.startswith(str(SHIM_DIR) + os.sep) and SHIM_DIR in Path(file).parents


@pytest.mark.parametrize("name", ["transpose_32x8.cu", "helper_clones.cu", "ifdef_rowwise.cu"])
def test_same_as_the_plain_walk(name):
    tu = _tu(name)
    mine = [(t.kind, t.cursor.spelling, t.file, t.main, t.system) for t in toplevel.top_level(tu)]
    plain = _plain(tu)
    assert mine == [p for p in plain if p[3] or not (_shim(p[2]) or (p[4] and p[0].name != "MACRO_DEFINITION"))]
    assert any(t.main for t in toplevel.top_level(tu)) and any(t.file is None for t in toplevel.top_level(tu))
    # The shim's declarations, left out, are most of the plain list.
    assert sum(_shim(p[2]) and not p[3] for p in plain) > len(plain) // 2


def test_a_users_system_header_is_left_out_and_its_own_header_kept(tmp_path):
    """A system header's declarations are left out like the stand-ins' (no
    consumer reads them), but its macros (macros.py reads them); the twin: the
    same header by -I is the user's, listed."""
    sysdir = tmp_path / "sys"
    sysdir.mkdir()
    (sysdir / "vendor.h").write_text("#define VENDOR_TILE 32\nint vendor_value(int x);\n")
    src = tmp_path / "k.cu"
    src.write_text('#include <vendor.h>\n__global__ void k(int *p) { p[0] = vendor_value(1); }\n')
    tu = parse_module._parse(str(src), [(str(src), src.read_bytes())],
                             parse_module.clang_args(parse_module.ParseConfig(extra_args=("-isystem", str(sysdir)))))
    tops = toplevel.top_level(tu)
    vendor = [t for t in tops if t.file == str(sysdir / "vendor.h")]
    assert [t.cursor.spelling for t in vendor] == ["VENDOR_TILE"] and vendor[0].system
    assert not any(_shim(t.file) for t in tops)
    tu = parse_module._parse(str(src), [(str(src), src.read_bytes())],
                             parse_module.clang_args(parse_module.ParseConfig(include_dirs=(str(sysdir),))))
    vendor = [t for t in toplevel.top_level(tu) if t.file == str(sysdir / "vendor.h")]
    assert [t.cursor.spelling for t in vendor] == ["VENDOR_TILE", "vendor_value"] and not vendor[0].system


def test_the_consumers_shim_tests_agree():
    """A file is left out only where both consumers' tests (macros.py's prefix,
    collect_kernels.py's parent folder) call it the shim's."""
    inside = str(SHIM_DIR / "math.h")
    assert toplevel._in_shim(inside)
    assert not toplevel._in_shim(str(SHIM_DIR) + "_other/math.h")
    # pathlib folds the doubled separator, so the parents test alone would say yes
    doubled = str(SHIM_DIR.parent) + os.sep + os.sep + SHIM_DIR.name + os.sep + "math.h"
    assert SHIM_DIR in Path(doubled).parents and not toplevel._in_shim(doubled)


def test_an_error_in_the_visitor_is_raised(monkeypatch):
    tu = _tu("transpose_32x8.cu")

    class Broken(toplevel.Top):
        __slots__ = ()

        def __init__(self, *args):
            raise RuntimeError("broken on purpose")
    monkeypatch.setattr(toplevel, "Top", Broken)
    with pytest.raises(RuntimeError, match="broken on purpose"):
        toplevel._classify(tu)
