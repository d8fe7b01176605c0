"""The JSON report (a contract for tools) and the compiler-style diagnostics."""
from __future__ import annotations

from . import __version__
from .analysis.predict import Prediction
from .diagnostics import Diagnostic
from .planner import ArrayPlan


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
                "wavefronts_before": _num(before, "wavefronts"), "wavefronts_after": _num(after, "wavefronts"),
                "ideal_wavefronts": _num(before, "ideal"),
                "executions": None if before is None else before.executions,
            })
        arrays.append({
            "name": arr.name, "function": arr.function, "line": arr.decl.line,
            "elem_bytes": arr.elem_bytes, "dims": list(arr.dims), "extern": arr.is_extern,
            "block_dim": [a.block.x, a.block.y, a.block.z], "block_dim_source": a.block.source,
            "strategy": "none" if analyze_only else p.mapping.strategy,
            "reason": "analyze only" if analyze_only else p.reason,
            "mapping": None if analyze_only or not p.rewritten else p.mapping.description,
            "accesses": accesses,
        })
    return {"file": path, "rapcc_version": __version__, "arrays": arrays}


def _ways(p: Prediction) -> int:
    return max(1, round(p.wavefronts / max(p.ideal, 1e-9)))


def diagnostics_for(plans: tuple[ArrayPlan, ...]) -> tuple[Diagnostic, ...]:
    out: list[Diagnostic] = []
    assumed_reported: set[str] = set()
    for p in plans:
        a = p.analysis
        arr = a.array
        if a.block.source == "assumed" and a.accesses and arr.function not in assumed_reported:
            assumed_reported.add(arr.function or "")
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"block shape of '{arr.function}' unknown; assumed {a.block.text()} "
                                  f"(use --block-dim or '#pragma rapcc block_dim(x, y)')", "rapcc-block-dim"))
        if arr.function is None and p.rewritten:
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"file-scope '{arr.name}' is rewritten in this file only; with -rdc, a use in "
                                  "another file would not see its new layout", "rapcc-file-scope"))
        for e in a.escapes:
            out.append(Diagnostic("warning", e.range.file, e.range.line, e.range.col,
                                  f"{e.reason}; '{arr.name}' is left untouched", "rapcc-escape"))
        for x, before in zip(a.accesses, p.before):
            r = x.access.range
            if before is None and x.samples.unknown is None:
                out.append(Diagnostic("remark", r.file, r.line, r.col,
                                      f"access to '{arr.name}' never runs with block shape {a.block.text()}",
                                      "rapcc-not-executed"))
                continue
            if before is None:
                out.append(Diagnostic("remark", r.file, r.line, r.col,
                                      f"cannot predict bank conflicts on '{arr.name}' (random access: "
                                      f"'{x.samples.unknown}' is not known statically)", "rapcc-random-access"))
                continue
            if before.excess > 1e-9:
                what = f"{x.cls} access" + (f", S={x.stride}" if x.stride not in (None, 0, 1) else "")
                out.append(Diagnostic("warning", r.file, r.line, r.col,
                                      f"{_ways(before)}-way bank conflict on '{arr.name}' ({what}; "
                                      f"{before.wavefronts:.2f} wavefronts per request, ideal {before.ideal:.2f})",
                                      "rapcc-bank-conflict"))
    return tuple(out)
