"""`rapcc analyze A.cu B.cu --html R.html` (issue 29): one page for every
input, with a table of contents over them all and anchors that do not collide."""
from __future__ import annotations

import re

FILES = ("examples/transpose_16x16.cu", "examples/transpose_32x8.cu", "tests/golden/reduction.cu")


def _ids_and_links(html: str) -> tuple[list[str], list[str]]:
    return re.findall(r'\sid="([^"]+)"', html), re.findall(r'href="#([^"]+)"', html)


def test_several_inputs_make_one_page_with_a_table_of_contents(run_cli, tmp_path):
    out = tmp_path / "r.html"
    code, _, err = run_cli("analyze", *FILES, "--html", str(out))
    assert code == 0, err
    html = out.read_text()
    ids, links = _ids_and_links(html)
    assert len(ids) == len(set(ids))  # both transposes have a 'tile': anchors stay apart
    assert set(links) <= set(ids)
    assert [f"file-{k}" for k in range(3)] == [i for i in ids if i.startswith("file-")]
    for path in FILES:
        assert f'<h2 class="file">File <code>{path}</code></h2>' in html
    # Each file's heatmaps, as its own page has them.
    singles = 0
    for k, path in enumerate(FILES):
        one = tmp_path / f"{k}.html"
        assert run_cli("analyze", path, "--html", str(one))[0] == 0
        singles += one.read_text().count('<svg class="heatmap"')
    assert html.count('<svg class="heatmap"') == singles


def test_one_input_keeps_its_page_without_file_sections(run_cli, tmp_path):
    out = tmp_path / "one.html"
    assert run_cli("analyze", FILES[0], "--html", str(out))[0] == 0
    html = out.read_text()
    assert 'class="file"' not in html and f"<h1>rapcc" in html and f"<code>{FILES[0]}</code></h1>" in html
    ids, links = _ids_and_links(html)
    assert links and set(links) <= set(ids) and all(i.startswith("array-") for i in links)
