"""What `rapcc` prints: diagnostics, the text report, `--explain`, the dry
run's diff and the one-line summaries of `-v` and `analyze`. Text only; the
decisions come from the pipeline's plans and reports."""
from __future__ import annotations

import difflib
import os
import sys
from typing import Sequence, TextIO

from . import __version__
from .color import ColorEnv, format_diagnostic, use_color
from .diagnostics import Diagnostic
from .pipeline import RewriteResult
from .report import SHAPE_SOURCES
from .summary import rewrite_line
from .latency import CostRegime
from .layout_words import layout_words, memory_cost
from .planner import Candidate
from .wording import count, size

EXPLAIN_MODES = ("best", "all")


def print_diagnostics(diags: Sequence[Diagnostic], color: str = "never", stream: TextIO | None = None) -> None:
    stream = stream or sys.stderr
    env = ColorEnv(no_color=bool(os.environ.get("NO_COLOR")), term=os.environ.get("TERM", ""))
    on = use_color(color, stream, env)
    for d in diags:
        print(format_diagnostic(d, on), file=stream)


def _beats_ideal(x: dict) -> str:
    """Why a rewritten access needs fewer wavefronts than "ideal": ideal is
    the access as written, one instruction moving every lane's bytes; the
    rewritten layout can split a vector access into narrower instructions,
    each with fewer wavefronts (the total over them is what counts)."""
    wa, ideal = x["wavefronts_after"], x["ideal_wavefronts"]
    before, after = x.get("executions"), x.get("executions_after")
    if wa is None or ideal is None or wa >= ideal - 1e-9 or not before or not after or after <= before:
        return ""
    split = after / before
    return (f"; below ideal because the new layout splits this vector access into {split:g} narrower ones, "
            f"{wa * split:.2f} wavefronts in all")


def text_report(result: RewriteResult) -> str:
    lines = [f"rapcc {__version__}: {result.report['file']}"]
    for a in result.report["arrays"]:
        dims = "".join(f"[{d}]" for d in a["dims"]) or "[]"
        shapes = ", ".join("x".join(map(str, b)) for b in a.get("block_dims") or [a["block_dim"]])
        source = SHAPE_SOURCES.get(a["block_dim_source"], a["block_dim_source"])
        lines.append(f"  {a['function'] or '<file scope>'}: {a['name']}{dims} ({a['elem_bytes']}-byte elements, block"
                     f"{'s' if ',' in shapes else ''} {shapes} {source})")
        grown = a.get("bytes_before") is not None and a["bytes_after"] != a["bytes_before"]
        cost = f"; {a['bytes_before']:,} -> {size(a['bytes_after'])} of shared memory" if grown else ""
        lines.append(f"    strategy: {a['strategy']}" + (f" [{a['mapping']}]" if a.get("mapping") else "")
                     + f" - {a['reason']}{cost}")
        if a.get("instances"):  # a template-sized array: each instantiation and what it pays
            lines.extend(_instance_lines(a["instances"]))
            continue
        for x in a["accesses"]:
            wb, wa = x["wavefronts_before"], x["wavefronts_after"]
            pred = "unpredictable" if wb is None else f"{wb:.2f} -> {wa:.2f} wavefronts (ideal {x['ideal_wavefronts']:.2f})"
            if wb is not None and x.get("prediction") not in (None, "exact"):
                pred += f", {x['prediction']}"
            if wb is not None:
                pred += _beats_ideal(x)
            stride = f" S={x['stride']}" if x["stride"] not in (None, 0, 1) else ""
            lines.append(f"    line {x['line']}:{x['col']} {x['kind']:6s} {x['class']}{stride}: {pred}")
    return "\n".join(lines) + "\n"


def _instance_lines(instances: list[dict]) -> list[str]:
    """The text report's lines for each instantiation of a template-sized array."""
    lines = []
    for i in instances:
        args = ", ".join(f"{n}={v}" for n, v in i["template_arguments"].items())
        block = "x".join(map(str, i["block_dim"]))
        memory = ""
        if i["bytes_before"] is not None:
            memory = f"; {i['bytes_before']:,} -> {size(i['bytes_after'])}"
        lines.append(f"    instance {args} (block {block}): cost {i['cost_before']:.1f} -> {i['cost_after']:.1f}{memory}")
        for x in i["accesses"]:
            wb, wa = x["wavefronts_before"], x["wavefronts_after"]
            pred = "unpredictable" if wb is None else f"{wb:.2f} -> {wa:.2f} wavefronts (ideal {x['ideal_wavefronts']:.2f})"
            lines.append(f"      line {x['line']}:{x['col']} {x['kind']:6s} {pred}")
    return lines


def _latency_words(c: Candidate) -> str:
    """'; its instructions at line 37 cost their latency (54.9 if hidden)' for a candidate the latency rule charged."""
    if c.regime is not CostRegime.LATENCY or c.throughput_cost is None:
        return ""
    where = ", ".join(str(n) for n in c.latency_lines)
    return (f"; at line{'s' if len(c.latency_lines) > 1 else ''} {where} its instructions cost their latency "
            f"in each barrier-separated phase ({c.throughput_cost:.1f} if other warps hid it)")


def explain(result: RewriteResult, mode: str = "best") -> str:
    """Each array's choice and its candidates, cheapest first: by default the
    best candidate of each strategy, with `mode` "all" every one. A candidate
    reads as what it does, its extra instructions and memory, then its paper;
    a template-sized array's instantiations follow, each with what it pays."""
    lines = []
    report_arrays = {p.analysis.array.key: r for p, r in zip(result.plans, result.report["arrays"])}
    for p in result.plans:
        a = p.analysis.array
        lines.append(f"'{a.name}' in '{a.function or '<file scope>'}': chose {p.mapping.strategy} ({p.reason})")
        if p.rewritten:
            lines.append(f"    layout: {layout_words(p.mapping.form)}" +
                         ("" if p.instances else memory_cost(p.mapping, a.elem_bytes)))
        for i in report_arrays.get(a.key, {}).get("instances", ()):
            lines.extend(_instance_lines([i]))
        ranked = sorted(p.candidates, key=lambda c: c.cost)
        if mode != "all":
            best: dict[str, object] = {}
            for c in ranked:
                best.setdefault(c.mapping.strategy, c)
            shown = [c for c in ranked if best[c.mapping.strategy] is c]
        else:
            shown = ranked
        for c in shown:
            m = c.mapping
            ops = f"; +{count(m.ops, 'instruction')} per access" if m.ops else ""
            cite = f" [{m.form.cite}]" if m.form.cite else ""
            lines.append(f"    {c.cost:10.1f}  {m.strategy:7s} {layout_words(m.form)}{ops}"
                         f"{memory_cost(m, a.elem_bytes)}{cite}{_latency_words(c)}")
        if mode != "all" and len(shown) < len(ranked):
            lines.append(f"    ({len(ranked) - len(shown)} more candidates: --explain=all)")
    return "\n".join(lines) + "\n" if lines else "no shared-memory arrays\n"


def unified_diff(path: str, before: bytes, after: bytes, tofile: str | None = None) -> list[str]:
    return list(difflib.unified_diff(before.decode("utf-8", errors="surrogateescape").splitlines(True),
                                     after.decode("utf-8", errors="surrogateescape").splitlines(True),
                                     fromfile=path, tofile=tofile or path))


def verbose_line(result: RewriteResult) -> str:
    """`-v`: one line per file (rewritten or not)."""
    return rewrite_line(result.report) or f"rapcc: {result.report['file']}: nothing rewritten"


def analyze_summary(results: Sequence[RewriteResult], printed: Sequence[Diagnostic] | None = None) -> str:
    """The last line of a multi-file `analyze`; `printed`: the diagnostics it
    printed, where a header's errors were printed once for the run (default:
    every file's)."""
    arrays = sum(len(r.report["arrays"]) for r in results)
    shown = [d for r in results for d in r.diagnostics] if printed is None else list(printed)
    counts: dict[str, int] = {}
    for d in shown:
        counts[d.level] = counts.get(d.level, 0) + 1
    conflicts = sum(1 for d in shown if d.check_id == "rapcc-bank-conflict")
    levels = ", ".join(count(n, level) for level, n in sorted(counts.items())) or "no diagnostics"
    return (f"rapcc: {count(len(results), 'file')}, {count(arrays, 'shared-memory array')}, "
            f"{count(conflicts, 'bank conflict')} predicted ({levels})")
