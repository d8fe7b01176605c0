"""Control from the source: suppressions, `#pragma rapcc layout`, the
attribute form of the block shape, and `--fail-on`. Each has a case that must
fire and one that must not."""
from __future__ import annotations

import json

import pytest

from rapcc.pipeline import Options, analyze_source, rewrite_source

# A 32-way conflicting column store at line 6, a conflict-free load at line 7.
KERNEL = """\
__global__ void k(float *o)
{{
#pragma rapcc block_dim(32, 8)
{pragma}
    __shared__ float tile[32][32];{decl_comment}
    tile[threadIdx.x][threadIdx.y] = o[threadIdx.x];{store_comment}
    o[threadIdx.y] = tile[threadIdx.y][threadIdx.x];
}}
void launch(float *o) {{ k<<<1, dim3(32, 8)>>>(o); }}
"""


def source(pragma: str = "", decl_comment: str = "", store_comment: str = "") -> bytes:
    return KERNEL.format(pragma=pragma, decl_comment=decl_comment, store_comment=store_comment).encode()


def checks(src: bytes) -> list[tuple[int, str]]:
    return [(d.line, d.check_id) for d in analyze_source(src, "k.cu").diagnostics]


def test_the_unsuppressed_conflict_is_reported():
    assert (6, "rapcc-bank-conflict") in checks(source())


@pytest.mark.parametrize("comment", ["  // rapcc: ignore", "  // NOLINT(rapcc-bank-conflict)", "  // NOLINT",
                                     "  /* rapcc: ignore(rapcc-bank-conflict, rapcc-escape) */"])
def test_a_suppression_on_the_access_line_silences_it(comment):
    src = source(store_comment=comment)
    assert (6, "rapcc-bank-conflict") not in checks(src)
    hidden = analyze_source(src, "k.cu").suppressed
    assert [(d.line, d.check_id) for d in hidden] == [(6, "rapcc-bank-conflict")]


@pytest.mark.parametrize("comment", ["  // NOLINT(rapcc-escape)", "  // rapcc: ignore(rapcc-escape)",
                                     "  // NOLINTNEXTLINE(rapcc-bank-conflict)", "  // rapcc: ignored? no",
                                     "  // see the rapcc docs"])
def test_a_suppression_that_does_not_match_does_not_fire(comment):
    assert (6, "rapcc-bank-conflict") in checks(source(store_comment=comment))


def test_a_suppression_on_the_declaration_covers_every_use():
    assert not [c for c in checks(source(decl_comment="  // NOLINT(rapcc-bank-conflict)")) if c[1] == "rapcc-bank-conflict"]


def test_nolintnextline_covers_the_next_line_only():
    src = source(decl_comment="\n    // NOLINTNEXTLINE(rapcc-bank-conflict)")
    # The comment moved the store to line 8.
    assert (8, "rapcc-bank-conflict") not in checks(src)
    src = source(decl_comment="  // NOLINTNEXTLINE(rapcc-bank-conflict)\n")
    assert (7, "rapcc-bank-conflict") in checks(src)


def test_a_marker_inside_a_string_literal_is_not_a_comment():
    src = source().replace(b"= o[threadIdx.x];", b'= o[threadIdx.x] + (int)"// rapcc: ignore"[0];')
    assert (6, "rapcc-bank-conflict") in checks(src)


def test_suppression_escapes():
    text = ("__global__ void k(float *o)\n{{\n#pragma rapcc block_dim(32)\n    __shared__ float s[32];\n"
            "    float *p = s; ++p;{c}\n    o[threadIdx.x] = p[threadIdx.x];\n}}\n")  # a reassigned alias escapes
    assert (5, "rapcc-escape") in checks(text.format(c="").encode())
    assert (5, "rapcc-escape") not in checks(text.format(c="  // NOLINT(rapcc-escape)").encode())


def test_suppression_does_not_change_the_rewrite():
    plain = rewrite_source(source(), "k.cu", Options(whole_program=True))
    silenced = rewrite_source(source(store_comment="  // rapcc: ignore"), "k.cu", Options(whole_program=True))
    assert plain.changed and silenced.changed
    assert plain.plans[0].mapping == silenced.plans[0].mapping


@pytest.mark.parametrize("layout", ["pad", "xor", "rap"])
def test_layout_pragma_fixes_the_strategy_and_says_so(layout):
    r = rewrite_source(source(pragma=f"#pragma rapcc layout(tile, {layout})"), "k.cu", Options(whole_program=True))
    plan = r.plans[0]
    assert plan.mapping.strategy == layout
    assert f"'#pragma rapcc layout(tile, {layout})' at line 4" in plan.reason
    assert f"#pragma rapcc layout(tile, {layout})" in r.report["arrays"][0]["reason"]
    # It beats the command line's strategy too.
    assert rewrite_source(source(pragma=f"#pragma rapcc layout(tile, {layout})"), "k.cu",
                          Options(whole_program=True, strategy="bvxor")).plans[0].mapping.strategy == layout


def test_layout_pragma_none_keeps_the_array():
    r = rewrite_source(source(pragma="#pragma rapcc layout(tile, none)"), "k.cu", Options(whole_program=True))
    assert not r.changed and r.text == source(pragma="#pragma rapcc layout(tile, none)")
    assert "requested by" in r.plans[0].reason
    assert rewrite_source(source(), "k.cu", Options(whole_program=True)).changed  # without the pragma auto rewrites


def test_layout_pragma_for_another_array_does_not_apply():
    r = rewrite_source(source(pragma="#pragma rapcc layout(other, none)"), "k.cu", Options(whole_program=True))
    assert r.changed and "requested" not in r.plans[0].reason
    assert any(d.check_id == "rapcc-pragma" and "'other'" in d.message for d in r.diagnostics)


def test_layout_pragma_after_the_declaration_does_not_apply():
    src = source().replace(b"    tile[threadIdx.x]", b"#pragma rapcc layout(tile, none)\n    tile[threadIdx.x]", 1)
    r = rewrite_source(src, "k.cu", Options(whole_program=True))
    assert r.changed and any(d.check_id == "rapcc-pragma" for d in r.diagnostics)


@pytest.mark.parametrize("pragma", ["#pragma rapcc layout(tile, diagonal)", "#pragma rapcc layout(tile)"])
def test_bad_layout_pragmas_warn_and_change_nothing(pragma):
    r = rewrite_source(source(pragma=pragma), "k.cu", Options(whole_program=True))
    assert r.changed and "requested" not in r.plans[0].reason
    assert [d.line for d in r.diagnostics if d.check_id == "rapcc-pragma"] == [4]


ATTRIBUTE = """\
__global__ void __attribute__((annotate("rapcc_block_dim({dims})"))) k(float *o)
{{
    __shared__ float tile[16][16];
    tile[threadIdx.y][threadIdx.x] = o[threadIdx.x];
    o[threadIdx.y] = tile[threadIdx.x][threadIdx.y];
}}
"""


def test_block_dim_attribute_gives_the_block_shape():
    r = analyze_source(ATTRIBUTE.format(dims="16, 16").encode(), "k.cu")
    block = r.report["arrays"][0]["block_dim"]
    assert block == [16, 16, 1] and r.report["arrays"][0]["block_dim_source"] == "pragma"
    assert not any(d.check_id == "rapcc-block-dim" for d in r.diagnostics)


def test_another_annotation_is_not_a_block_shape():
    r = analyze_source(ATTRIBUTE.replace("rapcc_block_dim", "something_else").format(dims="16, 16").encode(), "k.cu")
    # Not the pragma: the shape is inferred from the subscripts (tile[threadIdx.y][threadIdx.x]).
    assert r.report["arrays"][0]["block_dim_source"] == "inferred"
    assert any(d.check_id == "rapcc-block-dim" for d in r.diagnostics)


def test_fail_on_conflict_exits_4_unless_suppressed(run_cli, tmp_path):
    src = tmp_path / "k.cu"
    src.write_bytes(source())
    assert run_cli("analyze", str(src), "--fail-on", "conflict")[0] == 4
    assert run_cli("analyze", str(src))[0] == 0
    assert run_cli("analyze", str(src), "--fail-on", "escape")[0] == 0
    src.write_bytes(source(store_comment="  // rapcc: ignore"))
    assert run_cli("analyze", str(src), "--fail-on", "conflict")[0] == 0


def test_fail_on_escape(run_cli, tmp_path):
    src = tmp_path / "k.cu"
    src.write_text("__device__ float elsewhere(float *p);\n__global__ void k(float *o)\n{\n"
                   "    __shared__ float s[32];\n    s[threadIdx.x] = 1.0f;\n    o[threadIdx.x] = elsewhere(s);\n}\n")
    code, out, _ = run_cli("analyze", str(src), "--fail-on", "escape", "--fail-on", "conflict")
    assert code == 4 and "[rapcc-escape]" in out


def test_analyze_takes_several_files(run_cli, tmp_path):
    a, b = tmp_path / "a.cu", tmp_path / "b.cu"
    a.write_bytes(source())
    b.write_bytes(source(store_comment="  // rapcc: ignore"))
    code, out, _ = run_cli("analyze", str(a), str(b), "--fail-on", "conflict")
    assert code == 4 and f"{a}:6:" in out and f"{b}:" not in out
    code, out, _ = run_cli("analyze", str(a), str(b), "--format", "json")
    reports = json.loads(out)  # several files: a list of reports, in order
    assert code == 0 and [r["file"] for r in reports] == [str(a), str(b)]
