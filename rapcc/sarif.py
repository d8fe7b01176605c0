"""SARIF 2.1.0 output for code-scanning services: `rapcc analyze --format sarif`.

One result per rapcc diagnostic (each conflicting access, each escape, ...),
with the exact source region of the access or use. Where the `auto` strategy
rewrites the array, the result carries a `fix`: the text edits of that real
rewrite on the user's code alone (the helpers inserted at the top, the
declaration and every subscript replaced; no header comment or `#line`). Diagnostics silenced in the source stay in the log with
an `inSource` suppression, as SARIF viewers expect.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from . import __version__, ir
from .diagnostics import Diagnostic
from .planner import ArrayPlan
from .rewrite import apply_edits, edits_for, helper_for, rewrite

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

# Each rule: its name, its level unless a result says otherwise (SARIF's
# reportingConfiguration), and its description.
RULES: dict[str, tuple[str, str, str]] = {
    "rapcc-bank-conflict": (
        "Shared-memory bank conflict", "warning",
        "Lanes of one warp instruction read or write distinct 4-byte words in the same shared-memory bank, so the "
        "access is split into several wavefronts. rapcc's fix changes the array's layout (padding, an XOR swizzle "
        "or RAP) so the same lanes hit distinct banks; every emitted mapping is proved in bounds and injective. "
        "Silence with '// rapcc: ignore' or 'NOLINT(rapcc-bank-conflict)'; fix the layout with "
        "'#pragma rapcc layout(array, strategy)'."),
    "rapcc-escape": (
        "Shared array used in a way rapcc cannot follow", "warning",
        "The array's address, a row, or an element's address leaves the subscripts rapcc can see (a pointer, a "
        "reference, a call, inline asm, sizeof, a macro body). rapcc leaves such an array untouched, since a new "
        "layout would not reach that use."),
    "rapcc-block-dim": (
        "Unknown block shape", "note",
        "No '--block-dim', '__attribute__((annotate(\"rapcc_block_dim(x, y, z)\")))' on the kernel, launch in "
        "the file or __launch_bounds__ says how many threads a block has; rapcc plans for the set of shapes the "
        "code makes plausible and says which in one note per kernel."),
    "rapcc-broken-fix": (
        "The rewrite failed verification", "error",
        "rapcc checks every emitted mapping in bounds and injective and re-parses its output; this file's rewrite "
        "failed that check, so rapcc offers no fix. Please report it."),
    "rapcc-random-access": (
        "Data-dependent subscript", "note",
        "The subscript depends on values rapcc cannot know statically (a load, a call); its bank conflicts cannot "
        "be predicted and 'auto' leaves the array alone."),
    "rapcc-not-executed": (
        "Access never runs with this block shape", "note",
        "No lane of the analysed block shape reaches this access."),
    "rapcc-file-scope": (
        "File-scope array rewritten in this file only", "note",
        "With relocatable device code another file that declares the array extern would not see the new layout."),
    "rapcc-budget": (
        "Analysis stopped at its work budget", "note",
        "Replaying this array's accesses for every lane, loop trip and block shape cost more work units than one "
        "array may spend; rapcc keeps it as written and goes on with the rest of the file."),
    "rapcc-unproved": (
        "Layout change not proved safe", "warning",
        "rapcc changes a layout only when its sound range analysis proves every access inside every dimension of "
        "the array, for every kernel instance and block shape that reaches it, and sees every use. Here it could "
        "not (the message names the subscript and the values it may take, or the construct it does not model), so "
        "the array is kept as written."),
    "rapcc-pragma": (
        "Malformed or unused rapcc pragma", "warning",
        "'#pragma rapcc layout(array, strategy)' must name an array declared after it and one of rapcc's "
        "strategies."),
    "rapcc-parse-error": (
        "clang error rapcc's analysis went past", "note",
        "clang reported an error in code no shared array depends on (host code, a helper header, a runtime API "
        "rapcc's stand-in headers lack); the analysis went on without that code. Arrays declared, typed or used "
        "in code with an error are left untouched (a rapcc-escape result names the error). Pass the build's -I "
        "and -D flags, or --cuda-path, so that rapcc parses the file as nvcc does."),
    "rapcc-parse": (
        "The file could not be parsed", "error",
        "libclang could not read the file, or the unit named to include it does not; nothing in it is analysed."),
    "rapcc-preprocessor": (
        "Array also used in a branch this parse skipped", "note",
        "An '#if' branch the parse did not take subscripts the array; the chosen layout keeps those subscripts "
        "valid for the macro values the note names."),
    "rapcc-float-dataflow": (
        "Layout change would change nvcc's floating point", "warning",
        "rapcc compiles the input and the rewrite to PTX with the build's flags and compares every function's "
        "floating-point dataflow; here the rewrite's index arithmetic made nvcc unroll or contract differently, "
        "which can change results in the last bits, so the array is kept as written."),
    "rapcc-float-unchecked": (
        "Floating point of the rewrite not compared", "note",
        "No nvcc was found, so rapcc could not compile the input and the rewrite to PTX and compare their "
        "floating-point dataflow; put nvcc on PATH or set RAPCC_NVCC."),
    "rapcc-nolint": (
        "Unmatched NOLINTBEGIN or NOLINTEND", "warning",
        "A NOLINTBEGIN needs a later NOLINTEND with the same check list (as in clang-tidy); an unmatched mark "
        "silences nothing."),
}

_LEVELS = {"error": "error", "warning": "warning", "note": "note", "remark": "note"}
SRCROOT = "%SRCROOT%"
# Code scanning keeps one set of alerts per category: the id up to its last slash.
AUTOMATION_ID = "rapcc/analyze/"


class _Locations:
    """Paths -> SARIF artifact locations: relative to %SRCROOT% when under
    it, so a code-scanning service maps them onto the repository whatever
    folder the analysis ran in; an absolute `file:` URI otherwise."""

    def __init__(self, src_root: str):
        self.root = Path(os.path.abspath(src_root))

    def base(self) -> dict:
        return {SRCROOT: {"uri": self.root.as_uri().rstrip("/") + "/"}}

    def __call__(self, path: str) -> dict:
        full = Path(os.path.abspath(path))
        try:
            rel = full.relative_to(self.root)
        except ValueError:
            return {"uri": full.as_uri()}
        return {"uri": quote(rel.as_posix()), "uriBaseId": SRCROOT}


@dataclass(frozen=True, slots=True)
class FileFindings:
    """What `rapcc analyze` found in one file, and the auto rewrite's plans for fixes."""

    path: str
    source: bytes
    diagnostics: tuple[Diagnostic, ...]
    suppressed: tuple[Diagnostic, ...]
    fix_plans: tuple[ArrayPlan, ...]  # from the auto strategy; () when it failed
    broken_fix: str | None = None  # why the auto rewrite failed verification
    command: str = ""  # the command line the rewrite's header names
    guards: tuple[tuple[str, int], ...] = ()  # the macro values the rewrite was proved for


class _Text:
    """Byte offsets of one file -> SARIF lines and columns (Unicode code points)."""

    def __init__(self, source: bytes):
        self.source = source

    def position(self, offset: int) -> tuple[int, int]:
        line_start = self.source.rfind(b"\n", 0, offset) + 1
        line = self.source.count(b"\n", 0, offset) + 1
        return line, len(self.source[line_start:offset].decode("utf-8", "replace")) + 1

    def region(self, start: int, end: int, snippet: bool = True) -> dict:
        sl, sc = self.position(start)
        el, ec = self.position(end)
        out = {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec}
        if snippet and end > start:
            out["snippet"] = {"text": self.source[start:end].decode("utf-8", "replace")}
        return out


def _ranges(plans: tuple[ArrayPlan, ...]) -> dict[tuple[int, int], tuple[ir.SourceRange, ArrayPlan]]:
    out: dict[tuple[int, int], tuple[ir.SourceRange, ArrayPlan]] = {}
    for p in plans:
        arr = p.analysis.array
        out[(arr.decl.line, arr.decl.col)] = (arr.decl, p)
        for e in p.analysis.escapes:
            out[(e.range.line, e.range.col)] = (e.range, p)
        for x in p.analysis.accesses:
            out[(x.access.range.line, x.access.range.col)] = (x.access.range, p)
    return out


def fix_for(plan: ArrayPlan, path: str, source: bytes, text: _Text, command: str,
            guards: tuple[tuple[str, int], ...] = (), where: _Locations | None = None) -> dict | None:
    """The text edits of the real rewrite of this one array, as a SARIF fix."""
    if not plan.rewritten:
        return None
    helper = helper_for(plan, path)
    edits = edits_for(plan, helper, source)
    # The user's code and the helpers it needs, nothing of rapcc's own: no
    # header comment, no `#line` (issue 29).
    whole, _ = rewrite(source, path, (plan,), command or f"rapcc {path} --strategy auto -o OUTPUT", guards,
                       line_directives=False, header=False)
    body = apply_edits(source, edits)
    at = whole.find(body)
    if at < 0:
        return None
    prologue = whole[:at].decode("utf-8", "replace")
    tail = whole[at + len(body):].decode("utf-8", "replace")  # the macro-value guard at the end
    replacements = [{"deletedRegion": {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 1},
                     "insertedContent": {"text": prologue}}] if prologue else []
    for e in sorted(set(edits), key=lambda e: (e.start, e.end)):
        replacements.append({"deletedRegion": text.region(e.start, e.end, snippet=False),
                             "insertedContent": {"text": e.text}})
    if tail:
        replacements.append({"deletedRegion": text.region(len(source), len(source), snippet=False),
                             "insertedContent": {"text": tail}})
    arr = plan.analysis.array
    return {"description": {"text": f"lay out '{arr.name}' as {plan.mapping.description}"},
            "artifactChanges": [{"artifactLocation": (where or _Locations("."))(path), "replacements": replacements}]}


def _result(d: Diagnostic, f: FileFindings, text: _Text, ranges: dict, suppressed: bool, where: _Locations) -> dict:
    region: dict
    fixes = []
    hit = ranges.get((d.line, d.col))
    if hit is not None:
        rng, plan = hit
        region = text.region(rng.start, rng.end)
        if d.check_id == "rapcc-bank-conflict":
            fix = fix_for(plan, f.path, f.source, text, f.command, f.guards, where)
            if fix is not None:
                fixes.append(fix)
    elif d.line:
        region = {"startLine": d.line, "startColumn": max(d.col, 1)}
    else:
        region = {"startLine": 1}
    out = {"ruleId": d.check_id, "level": _LEVELS.get(d.level, "note"), "message": {"text": d.message},
           "locations": [{"physicalLocation": {"artifactLocation": where(d.file), "region": region}}]}
    if d.check_id in RULES:
        out["ruleIndex"] = list(RULES).index(d.check_id)
    if fixes:
        out["fixes"] = fixes
    if suppressed:
        out["suppressions"] = [{"kind": "inSource"}]
    return out


def build_sarif(files: list[FileFindings], src_root: str = ".") -> dict:
    """One SARIF log with one run over every file; paths relative to `src_root` (%SRCROOT%)."""
    where = _Locations(src_root)
    results = []
    for f in files:
        text = _Text(f.source)
        ranges = _ranges(f.fix_plans)
        for d in f.diagnostics:
            if d.check_id.startswith("rapcc-"):
                results.append(_result(d, f, text, ranges, False, where))
        for d in f.suppressed:
            results.append(_result(d, f, text, ranges, True, where))
        if f.broken_fix:
            results.append({"ruleId": "rapcc-broken-fix", "ruleIndex": list(RULES).index("rapcc-broken-fix"),
                            "level": "error", "message": {"text": f.broken_fix},
                            "locations": [{"physicalLocation": {"artifactLocation": where(f.path),
                                                                "region": {"startLine": 1}}}]})
    described = dict(RULES)
    for r in results:  # an id without a description still gets its rule (SARIF viewers need one per id)
        if "ruleIndex" not in r:
            described.setdefault(r["ruleId"], (r["ruleId"], "note", "See the result's message."))
            r["ruleIndex"] = list(described).index(r["ruleId"])
    rules = [{"id": rid, "name": "".join(w.capitalize() for w in rid.split("-")[1:]),
              "shortDescription": {"text": short}, "fullDescription": {"text": full},
              "help": {"text": full}, "defaultConfiguration": {"level": level}}
             for rid, (short, level, full) in described.items()]
    return {
        "$schema": SCHEMA_URI, "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "rapcc", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "automationDetails": {"id": AUTOMATION_ID},
            "originalUriBaseIds": where.base(),
            "columnKind": "unicodeCodePoints",
            "artifacts": [{"location": where(f.path), "sourceLanguage": "cuda"} for f in files],
            "results": results,
        }],
    }
