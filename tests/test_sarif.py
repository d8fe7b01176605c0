"""`rapcc analyze --format sarif`: valid SARIF 2.1.0 (against the schema the
repository ships), one result per conflicting access and escape, exact
regions, and fixes whose edits are rapcc's real rewrite."""
from __future__ import annotations

import json

import jsonschema
import pytest

from conftest import EXAMPLES, ROOT

SCHEMA = json.loads((ROOT / "schemas" / "sarif-schema-2.1.0.json").read_text())


def sarif(run_cli, *args: str) -> dict:
    code, out, err = run_cli("analyze", *args, "--format", "sarif")
    assert code == 0, err
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    return log


def apply_fix(text: str, fix: dict) -> str:
    """Apply a SARIF fix's replacements (1-based lines, code-point columns), last first."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))

    def offset(line: int, col: int) -> int:
        return starts[line - 1] + col - 1
    reps = fix["artifactChanges"][0]["replacements"]
    spans = sorted(((offset(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"]),
                     offset(r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"]),
                     r["insertedContent"]["text"]) for r in reps), reverse=True)
    for s, e, new in spans:
        text = text[:s] + new + text[e:]
    return text


def test_the_schema_rejects_a_broken_log():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate({"version": "2.1.0", "runs": [{"results": []}]})


def test_a_conflict_is_one_result_with_its_exact_region_and_rule(run_cli):
    log = sarif(run_cli, "examples/transpose_32x8.cu")
    run = log["runs"][0]
    results = [r for r in run["results"] if r["ruleId"] == "rapcc-bank-conflict"]
    assert len(results) == 1
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    line = (EXAMPLES / "transpose_32x8.cu").read_text().splitlines()[region["startLine"] - 1]
    assert line[region["startColumn"] - 1:region["endColumn"] - 1] == region["snippet"]["text"]
    assert region["snippet"]["text"].startswith("tile[") and region["snippet"]["text"].endswith("]")
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    for rid in ("rapcc-bank-conflict", "rapcc-escape", "rapcc-block-dim", "rapcc-broken-fix"):
        assert rules[rid]["help"]["text"]
    assert run["tool"]["driver"]["rules"][results[0]["ruleIndex"]]["id"] == "rapcc-bank-conflict"


@pytest.mark.parametrize("example", ["transpose_32x8", "transpose_16x16"])
def test_the_fix_is_the_real_rewrite(run_cli, tmp_path, example):
    path = f"examples/{example}.cu"
    log = sarif(run_cli, path)
    fixes = [r["fixes"][0] for r in log["runs"][0]["results"] if r.get("fixes")]
    assert fixes
    out = tmp_path / "out.cu"
    code, _, err = run_cli(path, "-o", str(out), "--strategy", "auto", "--seed", "1")
    assert code == 0, err
    fixed = apply_fix((ROOT / path).read_text(), fixes[0])
    # The rewrite less what is rapcc's own (issue 29): its header comment and the `#line`.
    rewritten = out.read_text()
    body = rewritten[rewritten.index("*/\n") + 3:].replace(f'#line 1 "{path}"\n', "").lstrip("\n")
    assert fixed == body
    assert "/* rapcc " not in fixed[:fixed.index("__global__")] and "#line" not in fixed


def _ids_in_sources() -> set[str]:
    """Every check id rapcc's code gives a Diagnostic, read from its sources."""
    import re
    ids: set[str] = set()
    for f in (ROOT / "rapcc").rglob("*.py"):
        text = f.read_text()
        ids |= set(re.findall(r'"(rapcc-[a-z-]+)"\)[\])]', text))  # the last argument of Diagnostic(...)
        ids |= set(re.findall(r'_CHECK_ID = "(rapcc-[a-z-]+)"', text))
    return ids


def test_every_rule_id_has_a_rule_entry(run_cli, tmp_path):
    """Issue 29: `rapcc-parse-error` results had no rule."""
    from rapcc.sarif import RULES
    ids = _ids_in_sources()
    assert {"rapcc-parse-error", "rapcc-bank-conflict", "rapcc-nolint"} <= ids
    assert ids <= set(RULES), ids - set(RULES)
    src = tmp_path / "k.cu"
    src.write_text("#include <cuda_runtime.h>\nvoid h() { int v; cudaDeviceGetAttribute(&v, cudaNoSuchAttr, 0); }\n"
                   + (EXAMPLES / "transpose_32x8.cu").read_text())
    run = sarif(run_cli, str(src))["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    used = {r["ruleId"] for r in run["results"]}
    assert "rapcc-parse-error" in used and used <= set(rules)
    assert all(rules[r["ruleIndex"]] == r["ruleId"] for r in run["results"])


def test_fixes_of_several_arrays_make_the_whole_rewrite(run_cli, tmp_path):
    path = "examples/rap_crsw_f64.cu"
    results = sarif(run_cli, path)["runs"][0]["results"]
    by_array = {r["fixes"][0]["description"]["text"]: r["fixes"][0] for r in results if r.get("fixes")}
    assert len(by_array) == 2  # 'a' and 'b' are both rewritten
    # Each fix carries the whole prologue and the macro-value guard at the end;
    # combined, the body edits and one copy of the guard make the rewrite.
    at_top = {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 1}  # where a prologue goes
    reps = [rep for fix in by_array.values() for rep in fix["artifactChanges"][0]["replacements"]
            if rep["deletedRegion"] != at_top]
    unique = [r for i, r in enumerate(reps) if r not in reps[:i]]
    body_only = {"artifactChanges": [{"replacements": unique}]}
    out = tmp_path / "out.cu"
    assert run_cli(path, "-o", str(out), "--strategy", "auto", "--seed", "1")[0] == 0
    rewritten = out.read_text()
    marker = f'#line 1 "{path}"\n'
    assert apply_fix((ROOT / path).read_text(), body_only) == rewritten[rewritten.index(marker) + len(marker):]


def test_escapes_are_results_without_fixes(run_cli, tmp_path):
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *o)\n{\n    __shared__ float s[32];\n    float *p = s; ++p;\n"
                   "    o[threadIdx.x] = p[threadIdx.x] + s[threadIdx.x];\n}\n")
    results = sarif(run_cli, str(src))["runs"][0]["results"]
    esc = [r for r in results if r["ruleId"] == "rapcc-escape"]
    assert len(esc) == 1 and "fixes" not in esc[0]
    assert esc[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4
    assert any(r["ruleId"] == "rapcc-block-dim" for r in results)


def test_suppressed_results_carry_an_in_source_suppression(run_cli, tmp_path):
    text = (EXAMPLES / "transpose_32x8.cu").read_text().splitlines(keepends=True)
    log = sarif(run_cli, "examples/transpose_32x8.cu")
    line = next(r for r in log["runs"][0]["results"]
                if r["ruleId"] == "rapcc-bank-conflict")["locations"][0]["physicalLocation"]["region"]["startLine"]
    text[line - 1] = text[line - 1].rstrip("\n") + "  // NOLINT(rapcc-bank-conflict)\n"
    src = tmp_path / "t.cu"
    src.write_text("".join(text))
    results = sarif(run_cli, str(src))["runs"][0]["results"]
    conflict = [r for r in results if r["ruleId"] == "rapcc-bank-conflict"]
    assert len(conflict) == 1 and conflict[0]["suppressions"] == [{"kind": "inSource"}]


def test_several_files_make_one_run(run_cli):
    log = sarif(run_cli, "examples/transpose_32x8.cu", "examples/transpose_16x16.cu")
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"examples/transpose_32x8.cu", "examples/transpose_16x16.cu"}


def test_uris_are_relative_to_srcroot_with_its_base_given(run_cli, tmp_path):
    # An absolute input path (as -p gives) still maps onto the repository through %SRCROOT%.
    log = sarif(run_cli, str(ROOT / "examples" / "transpose_32x8.cu"), "--src-root", str(ROOT))
    run = log["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": ROOT.as_uri() + "/"}}
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    locations += [a["location"] for a in run["artifacts"]]
    locations += [c["artifactLocation"] for r in run["results"] for f in r.get("fixes", ())
                  for c in f["artifactChanges"]]
    assert locations and all(loc == {"uri": "examples/transpose_32x8.cu", "uriBaseId": "%SRCROOT%"}
                             for loc in locations)
    outside = tmp_path / "k.cu"
    outside.write_bytes((ROOT / "examples" / "transpose_32x8.cu").read_bytes())
    other = sarif(run_cli, str(outside), "--src-root", str(ROOT))["runs"][0]["artifacts"][0]["location"]
    assert other == {"uri": outside.as_uri()}  # not under the root: an absolute file URI, no base


def test_the_run_has_automation_details_and_each_rule_a_default_level(run_cli):
    run = sarif(run_cli, "examples/transpose_32x8.cu")["runs"][0]
    assert run["automationDetails"]["id"] == "rapcc/analyze/"
    levels = {r["id"]: r["defaultConfiguration"]["level"] for r in run["tool"]["driver"]["rules"]}
    assert levels["rapcc-bank-conflict"] == "warning" and levels["rapcc-broken-fix"] == "error"
    assert levels["rapcc-block-dim"] == "note"
