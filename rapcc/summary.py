"""One line saying what a rewrite changed, from its JSON report alone.

`rapcc -v` and `RAPCC_VERBOSE=1 rapcc-nvcc` print it. It reads the report (a
dict), not the plans, so the build hook can print it on a cache hit without
loading the analysis."""
from __future__ import annotations

from .wording import count


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


def _guarded(array: dict) -> str:
    """`; only where blockDim is 32x8x1` for a layout behind a test of blockDim (analysis/guards.py)."""
    shapes = array.get("guarded_block_dims") or []
    return f"; only where blockDim is {', '.join('x'.join(map(str, s)) for s in shapes)}" if shapes else ""


def rewrite_line(report: dict) -> str | None:
    """`rapcc: k.cu: rewrote 'tile' in 'transpose' (pad: ...); predicted 8.00x fewer
    shared-memory wavefronts`, or None when nothing was rewritten."""
    rewritten = [a for a in report["arrays"] if a.get("mapping")]
    if not rewritten:
        return None
    arrays = ", ".join(f"'{a['name']}' in '{a['function'] or '<file scope>'}' ({a['strategy']}: {a['mapping']}"
                       f"{_guarded(a)})" for a in rewritten)
    before, after = _work(report, False), _work(report, True)
    gain = f"; predicted {before / after:.2f}x fewer shared-memory wavefronts" if before and after else ""
    return f"rapcc: {report['file']}: rewrote {arrays}{gain}"


def _worst_ways(array: dict) -> float | None:
    """The array's worst predicted access, as wavefronts per request over the
    ideal (a 32-way conflict is 32); None where nothing was predicted."""
    worst = None
    for x in array["accesses"]:
        w, ideal = x.get("wavefronts_before"), x.get("ideal_wavefronts") or 1.0
        if w is not None:
            ways = w / ideal
            worst = ways if worst is None or ways > worst else worst
    return worst


REASON_WORDS = 90  # characters of a kept array's reason on a verbose line


def short_reason(reason: str | None) -> str:
    """A kept array's reason in a few words: without the planner's prefix and,
    when long, without its parenthesised detail."""
    text = (reason or "no reason recorded").strip()
    for prefix in ("left untouched: ", "unchanged: "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    if len(text) > REASON_WORDS and " (" in text:
        text = text[:text.index(" (")]
    return text if len(text) <= REASON_WORDS else text[:REASON_WORDS - 3].rstrip() + "..."


def kept_lines(report: dict) -> list[str]:
    """`rapcc: k.cu:12: kept 'tile' in 'k' as written: predicted 32-way conflict
    (WHY)`: one per array left with a predicted conflict."""
    out = []
    for a in report["arrays"]:
        ways = _worst_ways(a)
        if a.get("mapping") or ways is None or ways <= 1.0:
            continue
        out.append(f"rapcc: {report['file']}:{a['line']}: kept '{a['name']}' in '{a['function'] or '<file scope>'}' "
                   f"as written: predicted {ways:.3g}-way conflict ({short_reason(a.get('reason'))})")
    return out


def included_reports(report: dict) -> list[dict]:
    """The reports of the files the unit #includes that were rewritten with it
    (`build/worker.py`'s `included_files`)."""
    return [f["report"] for f in report.get("included_files", ()) if f.get("report")]


def verbose_lines(report: dict) -> list[str]:
    """What `RAPCC_VERBOSE=1` prints for one compiled file: a line per file
    rewritten (the unit and each #included `.cu` file) and a line per array
    kept with a predicted conflict."""
    out = []
    for r in [report, *included_reports(report)]:
        line = rewrite_line(r)
        out += ([line] if line is not None else []) + kept_lines(r)
    return out


def compile_line(names: list[str], reports: list[dict], unchanged: int) -> str:
    """The one-line summary of a compile: its CUDA files, the shared arrays
    rewritten and kept (with and without a predicted conflict), and the files
    compiled as written."""
    rewritten = conflicted = clean = 0
    for report in reports:
        for r in [report, *included_reports(report)]:
            for a in r["arrays"]:
                if a.get("mapping"):
                    rewritten += 1
                elif (_worst_ways(a) or 1.0) > 1.0:
                    conflicted += 1
                else:
                    clean += 1
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    parts = [f"{count(rewritten, 'shared array')} rewritten", f"{conflicted} kept with a predicted conflict",
             f"{clean} without one"]
    if unchanged:
        parts.append(f"{count(unchanged, 'file')} compiled as written")
    return f"rapcc: compile of {shown}: {', '.join(parts)}"


_NOTE_PREFIX = "clang error, analysis goes on without the code it is in: "  # errors.error_notes' words


def clang_errors_line(names: list[str], errors: list[tuple[str, int, int, str]]) -> str | None:
    """`RAPCC_VERBOSE=1`'s one line per compile for the clang errors the
    rewrite went past (the build hook's cache entries keep them), or None.
    One line, not one per error: every compile that includes a broken header
    would repeat its errors (issue 28); `rapcc analyze -p` prints each once."""
    if not errors:
        return None
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    file, line, col, message = errors[0]
    message = message.removeprefix(_NOTE_PREFIX)
    where = f"{file}:{line}:{col}" if line else file
    files = len({e[0] for e in errors})
    return (f"rapcc: compile of {shown}: went past {count(len(errors), 'clang error')} in "
            f"{count(files, 'file')} (first {where}: {message}); the arrays in code they touch are kept as "
            "written")
