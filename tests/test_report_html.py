"""The HTML report as text: structure, heatmaps from the bank model, no network."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import numpy as np
from hypothesis import given, settings, strategies as st

from conftest import EXAMPLES, ROOT
from rapcc.analysis.lanes import warp_banks
from rapcc.analysis.predict import row_major
from rapcc.analysis.warps import WarpInstance
from rapcc.banks import BankModel
from rapcc.pipeline import Options, rewrite_source
from rapcc.report_html import render_html


class _Heatmaps(HTMLParser):
    """Rows per heatmap, keyed by (access, side); every URL-bearing attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[tuple[str, str], int] = {}
        self.urls: list[str] = []
        self.tags: set[str] = set()
        self._current: tuple[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        self.urls += [v for k, v in attrs if k in ("src", "href", "xlink:href", "action") and v]
        if tag == "svg" and "heatmap" in (a.get("class") or ""):
            self._current = (a["data-access"], a["data-side"])
            self.rows[self._current] = 0
        elif tag == "g" and a.get("class") == "wf-row" and self._current:
            self.rows[self._current] += 1

    def handle_endtag(self, tag):
        if tag == "svg":
            self._current = None


def page(name: str, options: Options = Options(whole_program=True)) -> tuple[str, _Heatmaps]:
    path = f"examples/{name}.cu"
    src = (EXAMPLES / f"{name}.cu").read_bytes()
    result = rewrite_source(src, path, options)
    html = render_html(path, src, result.plans, f"rapcc analyze {path} --html r.html")
    p = _Heatmaps()
    p.feed(html)
    return html, p


def test_a_32_way_conflict_has_32_wavefront_rows_before_and_one_after():
    html, p = page("transpose_32x8")
    conflict = [k for k, n in p.rows.items() if k[1] == "before" and n == 32]
    assert len(conflict) == 1
    access = conflict[0][0]
    assert p.rows[(access, "after")] == 1
    assert "32.00" in html


def test_the_page_needs_no_network():
    html, p = page("transpose_16x16")
    assert [u for u in p.urls if not u.startswith("#")] == []  # links within the page only (its contents)
    assert not {"link", "img", "iframe", "object", "embed"} & p.tags
    assert "default-src 'none'" in html


def test_eight_byte_accesses_draw_one_row_per_half_warp():
    _, p = page("rap_crsw_f64")
    rows = sorted(set(p.rows.values()))
    assert 2 in rows  # conflict-free 8-byte accesses: one wavefront per half-warp
    assert "wf 1 h1" in page("rap_crsw_f64")[0]


def test_the_mapping_line_names_the_emitted_layout():
    src = (EXAMPLES / "transpose_32x8.cu").read_bytes()
    for strategy, text in (("xor", "Swizzle&lt;5,0,0&gt;"), ("pad", "pad row 32 -&gt; 33"), ("rap", "p(row) = [")):
        r = rewrite_source(src, "t.cu", Options(whole_program=True, strategy=strategy))
        html = render_html("t.cu", src, r.plans, "")
        assert text in html, strategy


def test_the_cli_writes_both_reports(run_cli, tmp_path):
    a, b, out = tmp_path / "a.html", tmp_path / "b.html", tmp_path / "o.cu"
    assert run_cli("analyze", "examples/transpose_16x16.cu", "--html", str(a))[0] == 0
    assert run_cli("examples/transpose_16x16.cu", "-o", str(out), "--report-html", str(b))[0] == 0
    assert a.read_text().count('class="heatmap"') == b.read_text().count('class="heatmap"') == 4


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([1, 2, 4, 8, 16]), st.lists(st.integers(0, 2047), min_size=32, max_size=32),
       st.lists(st.booleans(), min_size=32, max_size=32))
def test_the_lane_assignment_agrees_with_the_wavefront_count(width, words, active):
    banks = BankModel()
    addr = np.array(words, dtype=np.int64) * width
    act = np.array(active)
    pic = banks.assign(addr, act, width)
    assert pic.wavefronts == banks.wavefronts(addr, act, width)
    lanes = {w.lane for w in pic.words}
    assert lanes == {i for i in range(32) if active[i]}
    for w in pic.words:  # a bank serves one word per wavefront
        assert len({v.word for v in pic.words if v.bank == w.bank and v.wavefront == w.wavefront}) == 1


def test_warp_banks_goes_through_the_layout():
    # Lane k reads row k, column 0 of a 32x32 float tile: one bank, 32 words.
    inst = WarpInstance((np.arange(32), np.zeros(32, dtype=np.int64)), np.ones(32, dtype=bool))
    before = warp_banks(inst, row_major((32, 32)), 4, 4, 0, BankModel())
    padded = warp_banks(inst, row_major((32, 33)), 4, 4, 0, BankModel())
    assert before.wavefronts == 32 and {w.bank for w in before.words} == {0}
    assert padded.wavefronts == 1 and sorted(w.bank for w in padded.words) == list(range(32))


def test_measured_suite_results_sit_next_to_the_prediction(run_cli, tmp_path):
    results = ROOT / "benchmarks" / "results" / "suite-h200-2026-11-22-final" / "results.json"
    out = tmp_path / "m.html"
    code, _, err = run_cli("analyze", "examples/transpose_16x16.cu", "--html", str(out), "--measured", str(results))
    assert code == 0, err
    html = out.read_text()
    rows = [r for r in json.loads(results.read_text())["rows"] if r["case"] == "transpose_16x16"]
    auto = next(r for r in rows if r["strategy"] == "auto")
    assert "measured (ncu)" in html
    assert f"<td>auto</td><td class=\"num\">{auto['predicted_wavefronts']:.2f}</td><td class=\"num\">" \
           f"{auto['wavefronts_per_instruction']:.2f}</td><td class=\"num\">{auto['speedup']:.3f}x</td>" in html
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    code, _, err = run_cli("analyze", "examples/transpose_16x16.cu", "--html", str(tmp_path / "n.html"),
                           "--measured", str(bad))
    assert code == 1 and "not a results.json" in err and not (tmp_path / "n.html").exists()


def test_the_contents_link_every_array_with_its_predicted_gain():
    # Its kernels' launch is elsewhere: the case's 32x1 block, stated, lets the proof hold.
    html, p = page("helper_clones", Options(whole_program=True, block_dim=(32, 1, 1)))
    toc = html[html.index('<nav class="toc">'):html.index("</nav>")]
    sections = [line.split('id="')[1].split('"')[0] for line in html.splitlines()
                if line.startswith('<section class="array"')]
    assert sections and [u[1:] for u in p.urls if u.startswith("#")] == sections
    assert html.index('<nav class="toc">') < html.index('<section class="array"')
    assert "wavefronts (" in toc and "x)</td>" in toc  # before -> after and the ratio of a rewritten array


def test_the_heatmaps_label_their_bank_axis_and_the_page_explains_wf_and_half_warps():
    html, _ = page("transpose_16x16")
    assert '<text class="axis-label"' in html and ">bank</text>" in html
    legend = html[html.index('<p class="explain">'):]
    legend = legend[:legend.index("</p>")]
    assert "wavefronts" in legend and "<code>wf 0</code>" in legend and "<code>h0</code>" in legend \
        and "<code>h1</code>" in legend and "half-warp" in legend


def test_each_rewritten_array_shows_its_declaration_and_one_access_before_and_after():
    path = ROOT / "examples" / "transpose_32x8.cu"
    # Launched without dynamic shared memory: padding may grow the tile.
    src = path.read_bytes() + b"void launch(float *o, const float *i) { transpose_32x8<<<1, dim3(32, 8)>>>(o, i, 32); }\n"
    padded = rewrite_source(src, str(path), Options(whole_program=True, strategy="pad"))
    html = render_html(str(path), src, padded.plans, "")
    assert "- __shared__ float tile[TILE_DIM][TILE_DIM];" in html
    assert "+ __shared__ float tile[TILE_DIM][TILE_DIM + 1];" in html
    swizzled = rewrite_source(src, str(path), Options(whole_program=True, strategy="xor"))
    html = render_html(str(path), src, swizzled.plans, "")
    added = [line for line in html.split("\n") if 'class="add"' in line]
    assert added and all("__rapcc_tile" in line for line in added)  # the subscripts go through the helper
    kept = rewrite_source(src, str(path), Options(whole_program=True, strategy="none"))
    assert 'class="diff"' not in render_html(str(path), src, kept.plans, "")
