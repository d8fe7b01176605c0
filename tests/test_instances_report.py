"""Every instance is reported (issue 29): a template launched at two sizes
reports each instantiation's conflicts and the price each pays for the chosen
layout, in the diagnostics, the text and JSON reports, --explain and the HTML."""
from __future__ import annotations

import json

TWO_SIZES = """template <int TILE>
__global__ void transpose(float *out, const float *in)
{
    __shared__ float tile[TILE][TILE];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *o, const float *i)
{
    transpose<16><<<1, dim3(16, 16)>>>(o, i);
    transpose<32><<<1, dim3(32, 32)>>>(o, i);
}
"""
ONE_SIZE = TWO_SIZES.replace("    transpose<16><<<1, dim3(16, 16)>>>(o, i);\n", "")


# The file holds every launch (--whole-program): the instances' prices are the subject here, and
# tests/test_guarded_layouts.py the premise of a single file.
def _write(tmp_path, text: str):
    src = tmp_path / "t.cu"
    src.write_text(text)
    return src


def test_each_instance_has_its_conflict_warning(run_cli, tmp_path):
    code, out, _ = run_cli("analyze", str(_write(tmp_path, TWO_SIZES)), "--whole-program")
    assert code == 0
    assert "8-way bank conflict on 'tile' in instance TILE=16" in out
    assert "32-way bank conflict on 'tile' in instance TILE=32" in out


def test_one_instance_is_reported_as_before(run_cli, tmp_path):
    """The twin: a template launched at one size has one warning, untagged."""
    code, out, _ = run_cli("analyze", str(_write(tmp_path, ONE_SIZE)), "--whole-program")
    assert code == 0 and out.count("[rapcc-bank-conflict]") == 1
    assert "32-way bank conflict on 'tile' (stride access" in out and "in instance" not in out


def test_json_text_and_explain_give_each_instance_and_its_price(run_cli, tmp_path):
    src = _write(tmp_path, TWO_SIZES)
    report = tmp_path / "r.json"
    code, _, err = run_cli(str(src), "--whole-program", "-o", str(tmp_path / "o.cu"), "--report", str(report), "--report-format", "json")
    assert code == 0, err
    (tile,) = json.loads(report.read_text())["arrays"]
    inst = {i["template_arguments"]["TILE"]: i for i in tile["instances"]}
    assert set(inst) == {16, 32} and inst[32]["block_dim"] == [32, 32, 1]
    assert (inst[16]["bytes_before"], inst[16]["bytes_after"]) == (1024, 1088)
    assert (inst[32]["bytes_before"], inst[32]["bytes_after"]) == (4096, 4224)
    load32 = next(x for x in inst[32]["accesses"] if x["kind"] == "load")
    assert (load32["wavefronts_before"], load32["wavefronts_after"]) == (32.0, 1.0)
    assert inst[32]["cost_after"] < inst[32]["cost_before"]
    assert (tile["bytes_before"], tile["bytes_after"]) == (4096, 4224)  # the largest instance's
    code, _, err = run_cli(str(src), "--whole-program", "-o", str(tmp_path / "o.cu"), "--report", "--explain")
    assert err.count("instance TILE=32 (block 32x32x1)") == 2  # the report's and --explain's
    assert "4,096 -> 4,224 bytes" in err and "32.00 -> 1.00 wavefronts" in err


def test_the_html_has_a_row_per_instance(run_cli, tmp_path):
    html = tmp_path / "r.html"
    assert run_cli("analyze", str(_write(tmp_path, TWO_SIZES)), "--whole-program", "--html", str(html))[0] == 0
    text = html.read_text()
    assert "<td><code>TILE=16</code></td>" in text and "<td><code>TILE=32</code></td>" in text
    assert "line 7 load: 32.00 -&gt; 1.00" in text
