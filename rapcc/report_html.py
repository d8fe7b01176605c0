"""The self-contained HTML report: per array its layout decision, per access
its bank heatmaps before and after the rewrite.

Every picture comes from rapcc's own analysis: the replayed warp instructions
of each access (`analysis.warps`), run through the identity layout and through
the emitted mapping (`Mapping.layout`, which evaluates the C text written to
the output), and assigned to banks and wavefronts by the bank model
(`BankModel.assign`). The page has no scripts or styles from elsewhere: it
opens from disk with no network.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import jinja2
import numpy as np
from markupsafe import Markup

from . import __version__
from .analysis.arrays import AccessAnalysis, ArrayAnalysis
from .analysis.lanes import warp_banks, wavefronts_per_instruction
from .analysis.predict import Prediction, row_major
from .banks import DEFAULT_BANKS, BankModel
from .rewrite import _template_source, edits_for, helper_for  # where the templates are, for both
from .planner import ArrayPlan
from .layout_words import memory_cost, with_citation
from .report import SHAPE_SOURCES, instance_report
from .wording import size
from .report_svg import bar_chart, heatmap
from .strategies import Mapping

MAX_PERMUTATION_ROWS = 32


@dataclass(frozen=True, slots=True)
class Segment:
    text: str
    subscript: bool


@dataclass(frozen=True, slots=True)
class AccessView:
    id: str
    line: int
    col: int
    kind: str
    cls: str
    stride: str
    source: tuple[Segment, ...]
    before: str  # "8.00" or "unpredictable"
    after: str
    ideal: str
    note: str  # which instruction the heatmaps show, or why there are none
    heatmap_before: str
    heatmap_after: str
    charts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CandidateView:
    cost: float
    strategy: str
    description: str
    ops: int
    chosen: bool


@dataclass(frozen=True, slots=True)
class InstanceView:
    """One instantiation of a template-sized array and what it pays for the layout."""

    args: str
    block: str
    memory: str
    cost: str
    accesses: str


@dataclass(frozen=True, slots=True)
class ArrayView:
    anchor: str  # the id of its section, for the table of contents
    name: str
    function: str
    declaration: str
    decl_line: int
    elem: str
    block: str
    strategy: str
    reason: str
    emitted: str
    candidates: tuple[CandidateView, ...]
    accesses: tuple[AccessView, ...]
    gain: str  # predicted wavefronts over all its accesses, before -> after, for the table of contents
    # What the rewrite changes: the declaration's line and one access's, as '-'/'+' lines (none when unchanged).
    diff: tuple[str, ...] = ()
    instances: tuple[InstanceView, ...] = ()  # a template-sized array's instantiations


@dataclass(frozen=True, slots=True)
class MeasuredRow:
    strategy: str
    predicted: str  # wavefronts per instruction, all shared accesses of the kernel
    measured: str  # Nsight Compute's, same unit
    speedup: str
    correct: str


@dataclass(frozen=True, slots=True)
class Measured:
    case: str
    source: str  # the results file and its device and date
    rows: tuple[MeasuredRow, ...]


def _num(v: object, fmt: str) -> str:
    return fmt.format(v) if isinstance(v, (int, float)) else "-"


def measured_view(results: dict, case: str, where: str) -> Measured | None:
    """The GPU suite's rows for `case` (results.json of `rapcc suite`), or None."""
    rows = [r for r in results.get("rows", []) if r.get("case") == case]
    if not rows:
        return None
    meta = results.get("metadata", {})
    return Measured(case, f"{where} ({meta.get('device', 'unknown device')}, {meta.get('date', 'undated')})",
                    tuple(MeasuredRow(r.get("strategy", "?"), _num(r.get("predicted_wavefronts"), "{:.2f}"),
                                      _num(r.get("sass_wavefronts_per_instruction")
                                           or r.get("wavefronts_per_instruction"), "{:.2f}"),
                                      _num(r.get("speedup"), "{:.3f}x"),
                                      "yes" if r.get("correct") else "NO") for r in rows))


def _line_of(source: bytes, offset: int) -> tuple[int, int]:
    start = source.rfind(b"\n", 0, offset) + 1
    end = source.find(b"\n", offset)
    return start, len(source) if end < 0 else end


def highlighted_line(source: bytes, x: AccessAnalysis) -> tuple[Segment, ...]:
    """The access's first source line, its subscripts marked."""
    start, end = _line_of(source, x.access.range.start)
    marks = sorted((max(r.start, start), min(r.end, end)) for r in x.access.index_ranges if r.start < end)
    out: list[Segment] = []
    pos = start
    for s, e in marks:
        if s > pos:
            out.append(Segment(source[pos:s].decode("utf-8", "replace"), False))
        out.append(Segment(source[s:e].decode("utf-8", "replace"), True))
        pos = e
    out.append(Segment(source[pos:end].decode("utf-8", "replace"), False))
    return tuple(out)


def emitted_mapping(m: Mapping) -> str:
    """The mapping in one line: CuTe-style swizzle, `pad row 32 -> 33`, or RAP's
    permutation p as the column each row's element 0 lands in."""
    if m.strategy == "none":
        return "unchanged"
    text = m.description
    if m.last_index is not None:
        text += f"; column = {m.last_index}"
    if m.strategy == "rap" and len(m.logical_dims) == 2:
        rows = min(m.logical_dims[0], MAX_PERMUTATION_ROWS)
        flat = m.layout()((np.arange(rows), np.zeros(rows, dtype=np.int64)))
        p = [int(v) - r * m.phys_dims[-1] for r, v in enumerate(flat)]
        text += f"; p(row) = {p}"
    return text


def _fmt(p: Prediction | None, attr: str) -> str:
    return "unpredictable" if p is None else f"{getattr(p, attr):.2f}"


def _dims(a: ArrayAnalysis) -> tuple[int, ...]:
    if a.instances:
        return a.instances[0].logical_dims or (0,)
    return a.logical_dims or (0,)


def _trip_label(trips: tuple[int, ...]) -> str:
    return ",".join(map(str, trips))


def _charts(x: AccessAnalysis, before: np.ndarray, after: np.ndarray) -> tuple[str, ...]:
    """Mean wavefronts per instruction by warp and by loop iteration."""
    insts = x.samples.instances
    charts = []
    for title, key in (("by warp of the block", lambda i: (i.warp,)), ("by loop iteration", lambda i: i.trips)):
        groups: dict[tuple[int, ...], list[int]] = defaultdict(list)
        for k, inst in enumerate(insts):
            groups[key(inst)].append(k)
        if len(groups) < 2:
            continue
        keys = sorted(groups)
        charts.append(bar_chart(f"wavefronts per instruction {title} (red before, green after)",
                                [_trip_label(k) for k in keys],
                                [float(before[groups[k]].mean()) for k in keys],
                                [float(after[groups[k]].mean()) for k in keys]))
    return tuple(charts)


def access_view(plan: ArrayPlan, k: int, source: bytes, banks: BankModel) -> AccessView:
    a = plan.analysis
    x = a.accesses[k]
    acc = x.access
    before_p, after_p = plan.before[k], plan.after[k]
    stride = "" if x.stride in (None, 0, 1) else f"S={x.stride}"
    aid = f"{acc.range.line}:{acc.range.col}"
    common = dict(id=aid, line=acc.range.line, col=acc.range.col, kind=acc.kind, cls=x.cls, stride=stride,
                  source=highlighted_line(source, x), before=_fmt(before_p, "wavefronts"),
                  after=_fmt(after_p, "wavefronts"), ideal=_fmt(before_p, "ideal"))
    insts = x.samples.instances
    if x.samples.unknown is not None or not insts or before_p is None:
        why = (f"no heatmap: '{x.samples.unknown}' is not known statically" if x.samples.unknown
               else "no heatmap: the access never runs with this block shape")
        return AccessView(**common, note=why, heatmap_before="", heatmap_after="", charts=())
    elem = a.elem_bytes
    identity_layout = row_major(_dims(a))
    mapped = plan.mapping.layout() if plan.rewritten else identity_layout
    per_before = wavefronts_per_instruction(insts, identity_layout, elem, acc.width, acc.offset, banks)
    elem_after = plan.mapping.elem_bytes(elem)  # a padded element's stride (strategies/elempad.py)
    per_after = wavefronts_per_instruction(insts, mapped, elem_after, acc.width, acc.offset, banks)
    worst = int(np.argmax(per_before))
    inst = insts[worst]
    where = f"warp {inst.warp}" + (f", iteration {_trip_label(inst.trips)}" if inst.trips else "")
    note = (f"the heatmaps show the worst of {len(insts)} replayed warp instructions ({where}); "
            f"{acc.width}-byte accesses" + ("" if acc.width <= 4 else
                                            f", served per {banks.lanes_per_phase(acc.width)}-lane phase"))
    pic_before = warp_banks(inst, identity_layout, elem, acc.width, acc.offset, banks)
    pic_after = warp_banks(inst, mapped, elem_after, acc.width, acc.offset, banks)
    return AccessView(**common, note=note, heatmap_before=heatmap(pic_before, "before", aid),
                      heatmap_after=heatmap(pic_after, "after", aid) if plan.rewritten else "",
                      charts=_charts(x, per_before, per_after))


def _work(preds: tuple[Prediction | None, ...]) -> float:
    """Wavefronts of every predicted access times how often it runs."""
    return sum(p.wavefronts * p.executions for p in preds if p is not None)


def predicted_gain(plan: ArrayPlan) -> str:
    """`1056 -> 64 wavefronts (16.50x)` over the array's predicted accesses."""
    before = _work(plan.before)
    if not any(p is not None for p in plan.before):
        return "unpredictable"
    after = _work(plan.after) if plan.rewritten else before
    ratio = f" ({before / after:.2f}x)" if plan.rewritten and after > 0 else ""
    return f"{before:g} -> {after:g} wavefronts{ratio}" if plan.rewritten else f"{before:g} wavefronts, unchanged"


def rewrite_diff(plan: ArrayPlan, source: bytes, path: str) -> tuple[str, ...]:
    """The declaration's line and the first rewritten access's line, before and
    after the plan's edits (rewrite.edits_for): what the rewrite does, in brief."""
    if not plan.rewritten:
        return ()
    edits = edits_for(plan, helper_for(plan, path), source)
    lines: list[tuple[int, int]] = []
    for e in edits:
        span = _line_of(source, e.start)
        if span not in lines:
            lines.append(span)
        if len(lines) == 2:
            break
    out: list[str] = []
    for start, end in lines:
        new = source[start:end]
        for e in sorted((e for e in edits if start <= e.start and e.end <= end), key=lambda e: -e.start):
            new = new[:e.start - start] + e.text.encode() + new[e.end - start:]
        out += ["- " + source[start:end].decode("utf-8", "replace").strip(),
                "+ " + new.decode("utf-8", "replace").strip()]
    return tuple(out)


def array_view(plan: ArrayPlan, source: bytes, banks: BankModel, path: str = "", prefix: str = "") -> ArrayView:
    a = plan.analysis
    arr = a.array
    start, end = _line_of(source, arr.decl.start)
    dims = "".join(f"[{d}]" for d in arr.dims) or "[]"
    chosen = plan.mapping
    cands = tuple(CandidateView(round(c.cost, 1), c.mapping.strategy,
                                with_citation(c.mapping.form) + memory_cost(c.mapping, arr.elem_bytes), c.mapping.ops,
                                c.mapping == chosen)
                  for c in sorted(plan.candidates, key=lambda c: c.cost))
    return ArrayView(
        anchor=f"{prefix}array-{arr.name}-{arr.decl.line}", name=arr.name, function=arr.function or "<file scope>",
        declaration=source[start:end].decode("utf-8", "replace").strip(), decl_line=arr.decl.line,
        elem=f"{arr.elem_type} {dims}, {arr.elem_bytes}-byte elements",
        block=f"{a.block.text()} ({SHAPE_SOURCES.get(a.block.source, a.block.source)})", strategy=chosen.strategy, reason=plan.reason,
        emitted=emitted_mapping(chosen), candidates=cands,
        accesses=tuple(access_view(plan, k, source, banks) for k in range(len(a.accesses))),
        gain=predicted_gain(plan), diff=rewrite_diff(plan, source, path), instances=instance_views(plan))


def _wf(v: float | None) -> str:
    return "?" if v is None else f"{v:.2f}"


def instance_views(plan: ArrayPlan) -> tuple[InstanceView, ...]:
    out = []
    for i in (instance_report(plan, c, analyze_only=False) for c in plan.instances):
        memory = "" if i["bytes_before"] is None else f"{i['bytes_before']:,} -> {size(i['bytes_after'])}"
        accesses = "; ".join(f"line {x['line']} {x['kind']}: {_wf(x['wavefronts_before'])} -> "
                             f"{_wf(x['wavefronts_after'])}" for x in i["accesses"])
        out.append(InstanceView(", ".join(f"{n}={v}" for n, v in i["template_arguments"].items()),
                                "x".join(map(str, i["block_dim"])), memory,
                                f"{i['cost_before']:.1f} -> {i['cost_after']:.1f}", accesses))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HtmlInput:
    """One file of a report: its source, the plans to show, and how to reproduce them."""

    path: str
    source: bytes
    plans: tuple[ArrayPlan, ...]
    command: str
    measured: Measured | None = None


@dataclass(frozen=True, slots=True)
class FileView:
    anchor: str  # the id of its section (several files)
    path: str
    command: str
    arrays: tuple[ArrayView, ...]
    kernels: dict[str, list[ArrayView]]  # function -> its arrays, for the table of contents
    measured: Measured | None


def _file_view(f: HtmlInput, k: int, many: bool, banks: BankModel) -> FileView:
    # Several files: each file's anchors carry its index, so that equal array names do not collide.
    prefix = f"f{k}-" if many else ""
    arrays = tuple(array_view(p, f.source, banks, f.path, prefix) for p in f.plans)
    kernels: dict[str, list[ArrayView]] = {}
    for a in arrays:
        kernels.setdefault(a.function, []).append(a)
    return FileView(f"file-{k}", f.path, f.command, arrays, kernels, f.measured)


def render_pages(files: list[HtmlInput], banks: BankModel = DEFAULT_BANKS) -> str:
    """One HTML document for one file or several (with a table of contents over them all)."""
    env = jinja2.Environment(loader=jinja2.FunctionLoader(_template_source), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    env.filters["svg"] = Markup  # built and escaped by report_svg
    views = [_file_view(f, k, len(files) > 1, banks) for k, f in enumerate(files)]
    return env.get_template("report.html.j2").render(version=__version__, files=views)


def render_html(path: str, source: bytes, plans: tuple[ArrayPlan, ...], command: str,
                banks: BankModel = DEFAULT_BANKS, measured: Measured | None = None) -> str:
    """The whole report of one file as one HTML document."""
    return render_pages([HtmlInput(path, source, plans, command, measured)], banks)
