"""Dynamic shared memory reached through a helper (`SharedMemory<T>`, a
`getPointer()` method, a device function returning the `extern` array): the
pointer a kernel takes is analysed as that kernel's `extern __shared__`
array, rewritten where every use is visible, and refused with the reason
where the memory is reached any other way."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, require_nvcc
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

CASES = ROOT / "tests" / "providers"


def _arrays(path: Path):
    info, _ = parse_file(str(path), path.read_bytes(), Options())
    return {(a.function or "", a.name): a for a in info.arrays}, info


def _report(run_cli, tmp_path: Path, name: str, strategy: str = "xor") -> tuple[dict, str, str]:
    out, rep = tmp_path / f"{name}.cu", tmp_path / f"{name}.json"
    code, _, err = run_cli(str(CASES / f"{name}.cu"), "-o", str(out), "--strategy", strategy,
                           "--report", str(rep), "--report-format", "json")
    assert code == 0, err
    by = {(a["function"], a["name"]): a for a in json.loads(rep.read_text())["arrays"]}
    return by, out.read_text(), err


def test_helper_pointers_are_the_kernels_extern_arrays():
    arrays, info = _arrays(CASES / "conversion.cu")
    tile = arrays[("column_read", "tile")]
    assert tile.is_extern and tile.provider == "SharedMemory<float>()" and tile.elem_bytes == 4
    sdata = arrays[("reduce_t", "sdata")]
    assert sdata.provider == "SharedMemory<T>()" and sdata.elem_bytes == 0
    # The helper's own `extern` arrays are not reported: they are seen through the pointers.
    assert not any(a.name == "__smem" for a in info.arrays)
    assert not [e for e in info.escapes if e.array in (tile.key, sdata.key)]
    # The carved row pointer is an alias: its access is one of the tile's.
    assert any(x.array == tile.key and x.via is not None for x in info.accesses)


def test_method_and_function_providers_are_recognised():
    arrays, info = _arrays(CASES / "methods.cu")
    assert arrays[("by_method", "sh")].provider == "shobj.getPointer()"
    assert arrays[("by_function", "s")].provider == "dynamic_floats()"
    assert not any(a.name in ("s_float", "s_double", "raw") for a in info.arrays)


def test_rewritten_through_the_pointer(run_cli, tmp_path):
    by, text, _ = _report(run_cli, tmp_path, "conversion")
    assert by[("column_read", "tile")]["strategy"] == "xor"
    assert "tile[__rapcc_tile_" in text and "__rapcc_dynamic_smem_bytes() / 4u" in text
    assert "float *tile = SharedMemory<float>();" in text  # the helper call is kept
    assert "row[" not in text and "tile[__rapcc_tile_" in text.split("row = tile")[1]  # the carved alias is mapped too


def test_template_element_type_is_predicted_not_rewritten(run_cli, tmp_path):
    by, text, _ = _report(run_cli, tmp_path, "conversion")
    sdata = by[("reduce_t", "sdata")]
    assert sdata["strategy"] == "none" and "element type 'T' depends on a template parameter" in sdata["reason"]
    assert all(x["wavefronts_before"] is not None for x in sdata["accesses"])
    assert "sdata[__rapcc" not in text


def test_two_pointers_to_one_launch_memory_are_refused(run_cli, tmp_path):
    by, text, _ = _report(run_cli, tmp_path, "methods")
    assert by[("by_method", "sh")]["strategy"] == "xor" and by[("by_function", "s")]["strategy"] == "xor"
    for name in ("a", "b"):
        assert by[("two_views", name)]["strategy"] == "none"
        assert "shares its memory" in by[("two_views", name)]["reason"]


@pytest.mark.parametrize("kernel,needle", [
    ("leaked", "also reached through 'dynamic_floats()'"),
    ("reassigned", "is reassigned or its address is taken"),
])
def test_memory_reached_another_way_is_left_untouched(run_cli, tmp_path, kernel, needle):
    by, text, _ = _report(run_cli, tmp_path, "leaks")
    s = by[(kernel, "s")]
    assert s["strategy"] == "none" and needle in s["reason"]
    assert "s[__rapcc" not in text


def test_a_helper_that_also_writes_is_not_a_provider():
    arrays, info = _arrays(CASES / "leaks.cu")
    assert ("not_followed", "s") not in arrays  # a plain pointer, not the extern array
    other = arrays[("not_a_provider", "other")]
    assert any(e.array == other.key and "decays to a pointer" in e.reason for e in info.escapes)


@pytest.mark.parametrize("name", ["conversion", "methods", "leaks", "header_callee"])
def test_rewrites_compile(run_cli, tmp_path, name):
    nvcc = require_nvcc()
    _, _, _ = _report(run_cli, tmp_path, name)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", f"-I{CASES}", "-o", str(tmp_path / "k.cubin"),
                           str(tmp_path / f"{name}.cu")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[:800]


def test_a_header_function_declaring_the_dynamic_memory_keeps_the_kernels_array(run_cli, tmp_path):
    by, text, _ = _report(run_cli, tmp_path, "header_callee")
    assert by[("k", "s")]["strategy"] == "none"
    assert "'k' calls 'clear_dynamic', which declares the launch's dynamic shared memory too" in by[("k", "s")]["reason"]
    assert by[("k2", "s2")]["strategy"] == "xor" and "s[__rapcc" not in text
