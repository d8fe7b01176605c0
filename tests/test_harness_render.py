"""Markdown table, SVG chart and the results folder."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from rapcc.harness.ncu import SharedCounters
from rapcc.harness.plot import Bar, speedup_svg
from rapcc.harness.render import COLUMNS, chart, markdown, row_cells, write_results
from rapcc.harness.suite import Row, SuiteConfig, SuiteResult, Variant
from rapcc.harness.timing import Timing

SVG = "{http://www.w3.org/2000/svg}"
CONFIG = SuiteConfig(strategies=("original", "pad", "xor"), scale=1.0, seed=3)


def _timing(ms: float) -> Timing:
    return Timing(ms, ms * 0.9, ms * 1.2, (ms,) * 30)


def _result() -> SuiteResult:
    counters = SharedCounters(3932160, 0, 4063232, 131072, 131072, 131072)
    rows = [
        Row("transpose_32x8", "original", correct=True, check="matches the NumPy reference", timing=_timing(2.0),
            speedup=1.0, predicted_wavefronts=16.5, counters=counters, excess_wavefronts=3932160.0,
            wavefronts_per_instruction=16.0, options=("-std=c++17",)),
        Row("transpose_32x8", "pad", changed=True, correct=True, check="bitwise equal to the original",
            timing=_timing(1.0), speedup=2.0, predicted_wavefronts=1.0, excess_wavefronts=0.0,
            wavefronts_per_instruction=1.0),
        Row("transpose_32x8", "xor", changed=True, correct=False, check="output 0: element (0, 1) differs",
            timing=_timing(4.0), speedup=0.5),
        Row("fwt", "original", correct=True, timing=_timing(1.0), speedup=1.0),
        Row("fwt", "pad", error="rewrite failed: RapccError: no"),
        Row("fwt", "xor", changed=False, correct=True, timing=_timing(1.0), speedup=1.0),
    ]
    variants = {"transpose_32x8": [Variant("original", b"src"), Variant("pad", b"padded")], "fwt": []}
    return SuiteResult(CONFIG, rows, variants, {"device": "NVIDIA H100", "nvrtc_options": "-std=c++17"})


def test_row_cells_format() -> None:
    rows = _result().rows
    cells = row_cells(rows[0])
    assert len(cells) == len(COLUMNS)
    assert cells[:4] == ["transpose_32x8", "original", "-", "yes"]
    assert cells[4:7] == ["2.0000", "1.8000-2.4000", "1.00x"]
    assert cells[7:] == ["3.93M", "3.93M", "16.00", "-", "16.50"]
    assert row_cells(rows[2])[3] == "**NO**"
    assert row_cells(rows[4])[3] == "error" and row_cells(rows[4])[4] == "-"


def test_markdown_has_summary_table_and_problems() -> None:
    text = markdown(_result())
    assert "- device: NVIDIA H100" in text
    assert "| " + " | ".join(COLUMNS) + " |" in text
    assert text.count("\n| transpose_32x8 |") == 3
    assert "| pad | 1/2 | 1 | 2.000x |" in text  # fwt/pad failed; geomean over the correct one
    assert "| xor | 1/2 | 1 | 1.000x |" in text
    assert "- transpose_32x8/xor: output 0: element (0, 1) differs" in text
    assert "- fwt/pad: rewrite failed" in text


def test_svg_is_well_formed_with_one_bar_per_variant() -> None:
    root = ET.fromstring(chart(_result()))
    rects = root.findall(f"{SVG}rect")
    bars = [r for r in rects if r.find(f"{SVG}title") is not None]
    assert len(bars) == 3  # fwt/pad has no speed-up: drawn as 'n/a'
    titles = [r.find(f"{SVG}title").text for r in bars]
    assert "transpose_32x8 / xor: 0.50x incorrect" in titles
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "n/a" in texts and "1x" in texts and "2x" in texts and "1/2x" in texts


def test_svg_bars_grow_from_one_in_both_directions() -> None:
    svg = speedup_svg([Bar("a", "s", 2.0), Bar("a", "t", 0.5)], ["s", "t"])
    root = ET.fromstring(svg)
    bars = [r for r in root.findall(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    fast, slow = (float(b.get("x")) for b in bars)
    widths = [float(b.get("width")) for b in bars]
    assert widths[0] == widths[1] and slow < fast  # log scale: 2x and 1/2x are equally long


def test_svg_escapes_names() -> None:
    root = ET.fromstring(speedup_svg([Bar("a<b>&c", "s", 1.5)], ["s"]))
    assert "a<b>&c" in [t.text for t in root.iter(f"{SVG}text")]


def test_write_results(tmp_path: Path) -> None:
    paths = write_results(_result(), tmp_path / "out")
    data = json.loads(paths["json"].read_text())
    assert data["config"]["strategies"] == ["original", "pad", "xor"]
    assert len(data["rows"]) == 6 and data["rows"][0]["counters"]["conflicts_ld"] == 3932160
    assert paths["markdown"].read_text().startswith("# rapcc suite results")
    ET.fromstring(paths["svg"].read_text())
    assert (tmp_path / "out" / "variants" / "transpose_32x8.pad.cu").read_bytes() == b"padded"
