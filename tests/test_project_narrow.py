"""rapcc/build/project.py's narrowed reading for named files (`rapcc analyze
-p BUILD one.cu`, issue 28: it parsed every unit of the database first): the
kernels of the named file get exactly what the whole scan gives them, from
the units that may name them; the rest is outside the scope (unknown)."""
from __future__ import annotations

from pathlib import Path

from rapcc.build import project
from rapcc.build.project import Unit, narrowed_launches, project_launches
from rapcc.pipeline import Options
from rapcc.toolkit import HeaderMode
from test_launch_index_narrow import FILES

BASE = Options(strategy="none", headers=HeaderMode.STANDIN)


def _units(root: Path) -> list[Unit]:
    for name, text in FILES.items():
        (root / name).write_text(text)
    return [Unit(str(root / n), BASE) for n in FILES if n.endswith(".cu")]


def _read(path: str) -> bytes:
    return Path(path).read_bytes()


def _of(found, names) -> tuple:
    keep = set(names)
    return (tuple((k, v) for k, v in found.shapes if k in keep), tuple((k, v) for k, v in found.unknown if k in keep))


def test_a_named_file_gets_of_its_kernels_what_the_whole_scan_gives(tmp_path, monkeypatch):
    units = _units(tmp_path)
    whole = project_launches(units, _read, jobs=1)
    parsed: list[str] = []
    real = project._facts_of

    def counted(job):
        parsed.append(Path(job[0].path).name)
        return real(job)
    monkeypatch.setattr(project, "_facts_of", counted)
    (own,) = [u for u in units if u.path.endswith("kernels.cu")]
    narrow = narrowed_launches(own, units, _read, jobs=1)
    assert narrow is not None and narrow.scope == ("gone_k", "hdr_k", "paste_k", "ptr_k", "tile_k")
    assert _of(narrow, narrow.scope) == _of(whole, narrow.scope)
    assert (16, 16, 1) in dict(narrow.shapes)["paste_k"] and (8, 8, 4) in dict(narrow.shapes)["hdr_k"]
    assert sorted(parsed) == ["kernels.cu", "macro.cu", "paste.cu", "pointer.cu", "spell.cu"]


def test_the_same_file_compiled_again_with_other_flags_is_read_too(tmp_path):
    """Its other compile may launch the kernel with another shape: one unit's reading is not the other's."""
    units = _units(tmp_path)
    (own,) = [u for u in units if u.path.endswith("kernels.cu")]
    src = tmp_path / "kernels.cu"
    src.write_text(FILES["kernels.cu"] + "#ifdef WIDE\nvoid wide(float *p) { tile_k<<<1, dim3(128, 2)>>>(p); }\n#endif\n")
    again = Unit(own.path, Options(strategy="none", headers=HeaderMode.STANDIN, defines=("WIDE",)))
    narrow = narrowed_launches(own, units + [again], _read, jobs=1)
    assert narrow is not None and (128, 2, 1) in dict(narrow.shapes)["tile_k"]
    whole = project_launches(units + [again], _read, jobs=1)
    assert _of(narrow, narrow.scope) == _of(whole, narrow.scope)


def test_a_named_file_that_does_not_parse_still_reads_the_kernels_clang_saw(tmp_path):
    """Its own launches are its rewrite's to read; the other units' are what the whole scan gives."""
    units = _units(tmp_path)
    (own,) = [u for u in units if u.path.endswith("kernels.cu")]
    (tmp_path / "kernels.cu").write_text(FILES["kernels.cu"] + "void broken(float *p) { p[0] = ; }\n")
    narrow = narrowed_launches(own, units, _read, jobs=1)
    assert narrow is not None and "tile_k" in narrow.scope
    assert _of(narrow, narrow.scope) == _of(project_launches(units, _read, jobs=1), narrow.scope)
    assert (64, 4, 1) in dict(narrow.shapes)["tile_k"]


def test_another_unit_that_does_not_parse_makes_the_kernels_it_may_name_unknown(tmp_path):
    """Such a unit may launch any kernel it can name, with any shape: unknown in the narrowed
    reading and in the whole scan (which dropped its launches), and its failure still reported."""
    units = _units(tmp_path)
    (own,) = [u for u in units if u.path.endswith("kernels.cu")]
    (tmp_path / "spell.cu").write_text(FILES["spell.cu"] + "void broken(float *p) { p[0] = ; }\n")
    narrow = narrowed_launches(own, units, _read, jobs=1)
    whole = project_launches(units, _read, jobs=1)
    assert narrow is not None and [Path(f.path).name for f in whole.failures] == ["spell.cu"]
    for found in (narrow, whole):
        assert any("'spell.cu', which rapcc cannot parse" in r for r in dict(found.unknown)["tile_k"])
        # The twin: kernels the broken unit cannot name keep their read shapes, with no unknown launch.
        assert (16, 16, 1) in dict(found.shapes)["paste_k"] and "paste_k" not in dict(found.unknown)
