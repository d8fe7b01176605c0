"""Loading the example cases, and what every example must look like."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from rapcc.pipeline import analyze_source
from rapcc.harness.case import (CaseLoadError, default_examples_dir, load_case_file, load_cases, poison_like,
                                scaled_count, select_cases)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASES = load_cases(EXAMPLES)
CASE_NAMES = [c.name for c in CASES]

REQUIRED = {
    "transpose_32x8", "transpose_16x16", "rap_crsw_f32", "rap_srcw_f32", "rap_drdw_f32", "rap_crsw_f64",
    "rap_srcw_f64", "rap_drdw_f64", "reduce_interleaved", "reduce_sequential", "fwt", "histogram64",
    "histogram256", "dct8x8", "conv_rows", "conv_cols", "scan_blelloch", "matmul_tile", "matmul_padded",
    "bitonic_sort", "haar1d", "nw_wavefront", "lud_tile", "lavamd_4i1", "private_naive",
    "private_conflict_free", "fft_radix2",
    # reached through helpers, aliases, reference bindings, data-dependent subscripts, an inferred shape
    "fwt_device_stage", "bitonic_comparator", "stencil_rowptr", "reduce_alias", "private_datadep",
    "histogram_warp256", "transpose_inferred", "matmul_helper",
    # dynamic shared memory through a SharedMemory<T>-style helper; helpers copied per array
    "transpose_dynhelper", "helper_clones",
}

# Cases with neither pragma nor launch: rapcc infers (or guesses a set of) block shapes from the code.
INFERRED_SHAPE = {"transpose_inferred", "transpose_dynhelper", "helper_clones"}

# Arrays the report names that no `__shared__` declaration spells: a pointer a
# kernel takes from a helper returning its `extern __shared__` array (the helper's
# own declaration is seen through that pointer).
FROM_HELPERS = {"transpose_dynhelper": ({"dynamic_shared_bytes"}, {"tile"})}

PRAGMA = re.compile(r"#pragma\s+rapcc\s+block_dim\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)")


def test_all_examples_load_and_cover_the_issue_list() -> None:
    assert len(CASES) >= 20
    assert REQUIRED <= set(CASE_NAMES)
    assert default_examples_dir() == EXAMPLES
    assert all(c.case_file == EXAMPLES / f"{c.name}.case.py" for c in CASES)


TOOLKIT_HEADERS = {"cuda_pipeline.h"}


@pytest.mark.parametrize("case", CASES, ids=CASE_NAMES)
def test_example_source_is_self_contained_and_declares_its_block(case) -> None:
    text = case.source.read_text()
    # NVRTC compiles the examples with no headers but the toolkit's own, which
    # CuPy puts on its include path (cuda_pipeline.h compiled there on an H200:
    # benchmarks/results/suite-h200-2026-11-23f-async) and rapcc stands in for.
    included = re.findall(r"^\s*#\s*include\s*[<\"]([^>\"]+)[>\"]", text, re.M)
    assert set(included) <= TOOLKIT_HEADERS, f"headers NVRTC may lack: {set(included) - TOOLKIT_HEADERS}"
    assert text.startswith("//"), "a header comment states the pattern and the expectation"
    assert "What rapcc should find" in text
    assert re.search(rf'extern "C" __global__ void (__launch_bounds__\(\d+\) )?{case.kernel}\s*\(', text)
    pragmas = [tuple(int(x) for x in m.groups()) for m in PRAGMA.finditer(text)]
    if case.name in INFERRED_SHAPE:
        assert pragmas == [] and "<<<" not in text, "the block shape is left for rapcc to infer"
    else:
        assert pragmas == [case.block], "one block_dim pragma, equal to the launch block"
    assert case.block[0] * case.block[1] * case.block[2] <= 1024
    assert ("extern __shared__" in text) == (case.shared_bytes > 0)
    assert case.pattern and case.ideal_wavefronts_per_instruction() >= 1


@pytest.mark.parametrize("case", CASES, ids=CASE_NAMES)
def test_inputs_are_seeded_and_fresh(case) -> None:
    a = case.make_inputs(np.random.default_rng(1), 0.0)
    b = case.make_inputs(np.random.default_rng(1), 0.0)
    c = case.make_inputs(np.random.default_rng(2), 0.0)
    inputs = [i for i in range(len(a)) if i not in case.outputs and isinstance(a[i], np.ndarray)]
    assert inputs
    assert all(np.array_equal(a[i], b[i]) for i in inputs)
    assert any(not np.array_equal(a[i], c[i]) for i in inputs)
    grid = case.grid(a)
    assert len(grid) == 3 and all(g >= 1 for g in grid)


@pytest.mark.parametrize("case", CASES, ids=CASE_NAMES)
def test_rapcc_analyses_every_example_with_its_pragma(case) -> None:
    # The examples are rapcc's input: each must parse with rapcc's shim, and
    # the analysis must take the block shape from the pragma, not assume one.
    report = analyze_source(case.source.read_bytes(), str(case.source)).report
    declared = set(re.findall(r"__shared__\s+[\w ]+?\s(\w+)\s*\[", case.source.read_text()))
    hidden, pointers = FROM_HELPERS.get(case.name, (set(), set()))
    assert {a["name"] for a in report["arrays"]} == (declared - hidden) | pointers
    for array in report["arrays"]:
        if case.name in INFERRED_SHAPE:  # the launched shape must be one rapcc plans for
            assert array["block_dim_source"] in ("inferred", "assumed")
            assert list(case.block) in array["block_dims"]
        else:
            assert tuple(array["block_dim"]) == case.block
        assert array["accesses"], f"no access of '{array['name']}' found"


def test_scaled_count() -> None:
    assert scaled_count(100, 1.0) == 100
    assert scaled_count(100, 0.0) == 1
    assert scaled_count(100, 0.0, minimum=2) == 2
    assert scaled_count(100, 0.5) == 50
    with pytest.raises(ValueError):
        scaled_count(100, -1.0)


def test_poison_fills_every_byte() -> None:
    p = poison_like(np.zeros(4, np.float32))
    assert np.isnan(p).all()
    assert (poison_like(np.zeros(3, np.int32)) == -1).all()


def test_select_cases_in_order_and_unknown_name() -> None:
    picked = select_cases(CASES, ["fwt", "transpose_32x8"])
    assert [c.name for c in picked] == ["fwt", "transpose_32x8"]
    with pytest.raises(KeyError, match="unknown case 'nope'"):
        select_cases(CASES, ["nope"])


def _write(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.case.py"
    path.write_text(body)
    return path


def test_a_broken_case_file_is_named_in_the_error(tmp_path: Path) -> None:
    _write(tmp_path, "broken", "raise RuntimeError('boom')\n")
    with pytest.raises(CaseLoadError, match=r"broken\.case\.py: import failed: RuntimeError: boom"):
        load_cases(tmp_path)


def test_a_case_file_without_make_case(tmp_path: Path) -> None:
    path = _write(tmp_path, "empty", "X = 1\n")
    with pytest.raises(CaseLoadError, match="defines no function 'make_case'"):
        load_case_file(path)


def test_case_name_must_match_file_and_source_must_exist(tmp_path: Path) -> None:
    body = (EXAMPLES / "fwt.case.py").read_text()
    path = _write(tmp_path, "other", body)
    with pytest.raises(CaseLoadError, match="does not match the file name 'other'"):
        load_case_file(path)
    path = _write(tmp_path, "fwt", body)  # right name, but no fwt.cu beside it
    with pytest.raises(CaseLoadError, match="does not exist"):
        load_case_file(path)


def test_missing_examples_folder(tmp_path: Path) -> None:
    with pytest.raises(CaseLoadError, match="not a directory"):
        load_cases(tmp_path / "nothing")
