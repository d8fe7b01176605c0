"""The JSON report (a contract for tools) and the compiler-style diagnostics."""
from __future__ import annotations

from . import __version__
from .analysis.handfix import detect as detect_hand_fix
from .analysis.predict import Prediction
from .analysis.warps import COUNT_TRIPS
from .banks import DEFAULT_BANKS
from .diagnostics import Diagnostic
from .planner import EXPECTED_LABEL, ArrayPlan


def _num(p: Prediction | None, attr: str) -> float | None:
    return None if p is None else round(getattr(p, attr), 4)


def build_report(path: str, plans: tuple[ArrayPlan, ...], analyze_only: bool) -> dict:
    arrays = []
    for p in plans:
        a = p.analysis
        arr = a.array
        accesses = []
        for x, before, after in zip(a.accesses, p.before, p.after):
            if analyze_only or not p.rewritten:
                after = before
            accesses.append({
                "line": x.access.range.line, "col": x.access.range.col, "kind": x.access.kind,
                "class": x.cls, "stride": x.stride,
                "prediction": None if before is None else (EXPECTED_LABEL if x.samples.expected else "exact"),
                "data_drawn": list(x.samples.expected),
                "wavefronts_before": _num(before, "wavefronts"), "wavefronts_after": _num(after, "wavefronts"),
                "ideal_wavefronts": _num(before, "ideal"),
                "executions": None if before is None else before.executions,
                # A rewrite can change how many instructions the accesses take
                # (ptxas fuses adjacent words of the array as written only).
                "executions_after": None if after is None else after.executions,
            })
        arrays.append({
            "name": arr.name, "function": arr.function, "line": arr.decl.line,
            "elem_bytes": arr.elem_bytes, "dims": list(arr.dims), "extern": arr.is_extern,
            "block_dim": [a.block.x, a.block.y, a.block.z], "block_dim_source": a.block.source,
            # Every shape the plan holds under (the first is block_dim), and the guesses the code contradicts.
            "block_dims": [[s.block.x, s.block.y, s.block.z] for s in a.per_shape],
            "block_dims_dropped": [{"block_dim": [d.shape.x, d.shape.y, d.shape.z], "line": d.access.range.line,
                                    "out_of_bounds_share": round(d.share, 4)} for d in a.dropped_shapes],
            "strategy": "none" if analyze_only else p.mapping.strategy,
            "reason": "analyze only" if analyze_only else p.reason,
            "mapping": None if analyze_only or not p.rewritten else p.mapping.description,
            "skipped_branch_uses": [{"line": u.range.line, "col": u.range.col, "branch_line": u.directive.line,
                                     "macros": list(u.macros), "sized": u.sized} for u in a.inactive],
            "accesses": accesses,
            "hand_fix": _hand_fix(a),
        })
    return {"file": path, "rapcc_version": __version__, "arrays": arrays}


def _hand_fix(a) -> dict | None:
    fix = detect_hand_fix(a, DEFAULT_BANKS)
    if fix is None:
        return None
    return {"kind": fix.kind, "text": fix.text, "verdict": fix.verdict, "wavefronts": round(fix.fixed, 4),
            "wavefronts_without": None if fix.unfixed is None else round(fix.unfixed, 4),
            "ideal_wavefronts": round(fix.ideal, 4)}


# Block shapes rapcc inferred rather than was told: an access that leaves its
# array under one of them more likely means the shape is wrong than the code.
UNCERTAIN_SHAPES = ("assumed", "inferred", "launch_bounds")


def _ways(p: Prediction) -> int:
    return max(1, round(p.wavefronts / max(p.ideal, 1e-9)))


def diagnostics_for(plans: tuple[ArrayPlan, ...]) -> tuple[Diagnostic, ...]:
    out: list[Diagnostic] = []
    assumed_reported: set[str] = set()
    for p in plans:
        a = p.analysis
        arr = a.array
        if a.block.source in ("assumed", "inferred") and a.accesses and arr.function not in assumed_reported:
            assumed_reported.add(arr.function or "")
            how = "assumed" if a.block.source == "assumed" else "inferred from its subscripts"
            shapes = ", ".join(s.block.text() for s in a.per_shape)
            what = f"planned for each of {shapes} ({how})" if a.robust else \
                f"assumed {a.block.text()}" if a.block.source == "assumed" else f"{a.block.text()}, {how}"
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"block shape of '{arr.function}' unknown; {what} "
                                  f"(use --block-dim or '#pragma rapcc block_dim(x, y)')", "rapcc-block-dim"))
            for d in a.dropped_shapes:
                r = d.access.range
                out.append(Diagnostic("warning", r.file, r.line, r.col,
                                      f"'{d.access.text}' leaves '{d.array}' for {d.share:.0%} of its lanes under "
                                      f"block shape {d.shape.text()}: that shape is wrong and is not planned for",
                                      "rapcc-block-dim"))
        if arr.function is None and p.rewritten:
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"file-scope '{arr.name}' is rewritten in this file only; if the build uses -rdc, "
                                  "pass --rdc (rapcc-nvcc does) so that arrays other files may reach stay untouched",
                                  "rapcc-file-scope"))
        if a.over_budget is not None:
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"analysis of '{arr.name}' stopped after {a.over_budget.spent} work units (budget "
                                  f"{a.over_budget.budget}); '{arr.name}' is left untouched", "rapcc-budget"))
        for e in a.escapes:
            out.append(Diagnostic("warning", e.range.file, e.range.line, e.range.col,
                                  f"{e.reason}; '{arr.name}' is left untouched", "rapcc-escape"))
        if a.inactive:
            u = next((v for v in a.inactive if v.sized), a.inactive[0])
            guard = ", ".join(u.macros) or "its condition"
            if p.rewritten:
                out.append(Diagnostic("note", u.range.file, u.range.line, u.range.col,
                                      f"'{arr.name}' is also subscripted in the preprocessor branch at line "
                                      f"{u.directive.line}, which this parse skipped; {p.mapping.description} keeps "
                                      f"those subscripts valid (macros: {guard})", "rapcc-preprocessor"))
            elif not a.escapes and ("preprocessor branch" in p.reason or u.macro_body):
                out.append(Diagnostic("warning", u.range.file, u.range.line, u.range.col,
                                      f"{p.reason.removeprefix('left untouched: ')}; '{arr.name}' is left untouched"
                                      + ("" if u.macro_body else
                                         " (pass your build's -D flags to analyse the branch it compiles)"),
                                      "rapcc-escape"))
        fix = detect_hand_fix(a, DEFAULT_BANKS)
        if fix is not None and fix.broken:
            replaced = f"; rapcc replaces it ({p.mapping.description})" if p.rewritten else ""
            out.append(Diagnostic("warning", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"hand fix of '{arr.name}' does not work: {fix.why()}{replaced}",
                                  "rapcc-broken-fix"))
        oob = a.out_of_range()
        if oob is not None and not a.escapes and not any(v.sized for v in a.inactive):
            x, why = oob
            r = x.access.range
            out.append(Diagnostic("warning", r.file, r.line, r.col, f"{why}; '{arr.name}' is left untouched",
                                  "rapcc-escape"))
            if a.block.source in UNCERTAIN_SHAPES:
                out.append(Diagnostic("warning", r.file, r.line, r.col,
                                      f"'{x.access.text}' leaves '{arr.name}' under the {a.block.source} block shape "
                                      f"{a.block.text()}: the shape is probably wrong (use --block-dim or "
                                      "'#pragma rapcc block_dim(x, y)')", "rapcc-block-dim"))
        for x, before in zip(a.accesses, p.before):
            r = x.access.range
            if before is None and x.samples.unknown is None:
                if x.proof is not None and not x.proof.never_runs:
                    msg = (f"access to '{arr.name}' first runs after the {COUNT_TRIPS} loop trips the replay "
                           "steps through; its bank conflicts are not predicted")
                else:
                    msg = f"access to '{arr.name}' never runs with block shape {a.block.text()}"
                out.append(Diagnostic("remark", r.file, r.line, r.col, msg, "rapcc-not-executed"))
                continue
            if before is None:
                out.append(Diagnostic("remark", r.file, r.line, r.col,
                                      f"cannot predict bank conflicts on '{arr.name}' (random access: "
                                      f"'{x.samples.unknown}' is not known statically)", "rapcc-random-access"))
                continue
            if before.excess > 1e-9:
                what = f"{x.cls} access" + (f", S={x.stride}" if x.stride not in (None, 0, 1) else "")
                expected = f" {EXPECTED_LABEL}" if x.samples.expected else ""
                if x.samples.varies:
                    expected += f"; {x.samples.varies}"
                out.append(Diagnostic("warning", r.file, r.line, r.col,
                                      f"{_ways(before)}-way bank conflict on '{arr.name}' ({what}; "
                                      f"{before.wavefronts:.2f} wavefronts per request{expected}, "
                                      f"ideal {before.ideal:.2f})", "rapcc-bank-conflict"))
    return tuple(out)
