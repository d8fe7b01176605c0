"""One line saying what a rewrite changed, from its JSON report alone.

`rapcc -v` and `RAPCC_VERBOSE=1 rapcc-nvcc` print it. It reads the report (a
dict), not the plans, so the build hook can print it on a cache hit without
loading the analysis."""
from __future__ import annotations


def _work(report: dict, after: bool) -> float | None:
    """Wavefronts of every predicted access, times how often it runs: the
    shared-memory time the prediction covers, before or after the rewrite."""
    total = 0.0
    seen = False
    for a in report["arrays"]:
        for x in a["accesses"]:
            w = x["wavefronts_after" if after else "wavefronts_before"]
            n = x.get("executions_after" if after else "executions")
            if w is None or n is None:
                continue
            total += w * n
            seen = True
    return total if seen else None


def rewrite_line(report: dict) -> str | None:
    """`rapcc: k.cu: rewrote 'tile' in 'transpose' (pad: ...); predicted 8.00x fewer
    shared-memory wavefronts`, or None when nothing was rewritten."""
    rewritten = [a for a in report["arrays"] if a.get("mapping")]
    if not rewritten:
        return None
    arrays = ", ".join(f"'{a['name']}' in '{a['function'] or '<file scope>'}' ({a['strategy']}: {a['mapping']})"
                       for a in rewritten)
    before, after = _work(report, False), _work(report, True)
    gain = f"; predicted {before / after:.2f}x fewer shared-memory wavefronts" if before and after else ""
    return f"rapcc: {report['file']}: rewrote {arrays}{gain}"
