"""Inline SVG pictures for the HTML report: bank heatmaps and wavefront charts.

Pure functions from numbers to markup; every text is escaped here, so the
template can insert the result as is.
"""
from __future__ import annotations

from html import escape

from .banks import WarpBanks

CELL_W = 19
CELL_H = 15
LABEL_W = 58
HEAD_H = 16


def collision_colour(words: int) -> str:
    """Green for a conflict-free bank, through yellow to dark red for 32 distinct words."""
    if words <= 1:
        return "#4caf50"
    steps = {2: "#cddc39", 3: "#ffc107", 4: "#ff9800", 8: "#f4511e", 16: "#c62828"}
    for limit in (2, 3, 4, 8, 16):
        if words <= limit:
            return steps[limit]
    return "#7f0000"


def _lanes_text(lanes: list[int]) -> str:
    if len(lanes) == 1:
        return str(lanes[0])
    if lanes == list(range(lanes[0], lanes[-1] + 1)):
        return f"{lanes[0]}-{lanes[-1]}"
    return f"{len(lanes)}"


def _phase_name(lanes_per_phase: int, phase: int) -> str:
    if lanes_per_phase >= 32:
        return ""
    kind = {16: "half", 8: "quarter"}.get(lanes_per_phase, f"{lanes_per_phase}-lane")
    return f"{kind}-warp {phase} (lanes {phase * lanes_per_phase}-{(phase + 1) * lanes_per_phase - 1})"


def _row_label(row: int, phase: int, lanes_per_phase: int) -> str:
    """`wf 3`, or `wf 3 h1` / `wf 3 q2` for the half- or quarter-warp it serves."""
    if lanes_per_phase >= 32:
        return f"wf {row}"
    return f"wf {row} {'h' if lanes_per_phase == 16 else 'q'}{phase}"


def heatmap(picture: WarpBanks, side: str, access_id: str, banks: int = 32) -> str:
    """32 bank columns, one row per wavefront; each cell lists the lanes it
    serves and is coloured by how many distinct words collide in that bank."""
    cells: dict[tuple[int, int], list] = {}
    for w in picture.words:
        entry = cells.setdefault((w.wavefront, w.bank), [[], w.word, w.collisions])
        if w.lane not in entry[0]:
            entry[0].append(w.lane)
    rows = max(picture.wavefronts, 1)
    width = LABEL_W + banks * CELL_W + 2
    height = HEAD_H + rows * CELL_H + 2
    out = [f'<svg class="heatmap" data-side="{escape(side)}" data-access="{escape(access_id)}" '
           f'data-wavefronts="{picture.wavefronts}" xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(side)}: {picture.wavefronts} wavefronts">']
    out.append(f'<text class="axis-label" x="{LABEL_W - 4}" y="{HEAD_H - 4}">bank</text>')
    for b in range(banks):
        x = LABEL_W + b * CELL_W + CELL_W / 2
        out.append(f'<text class="bank" x="{x:.1f}" y="{HEAD_H - 4}">{b}</text>')
    phases = {w.wavefront: w.phase for w in picture.words}
    for r in range(picture.wavefronts):
        y = HEAD_H + r * CELL_H
        phase = phases.get(r, 0)
        title = _phase_name(picture.lanes_per_phase, phase)
        out.append(f'<g class="wf-row" data-wavefront="{r}">')
        out.append(f'<text class="row" x="{LABEL_W - 4}" y="{y + CELL_H - 4}">'
                   f'{escape(_row_label(r, phase, picture.lanes_per_phase))}</text>')
        out.append(f'<rect class="grid" x="{LABEL_W}" y="{y}" width="{banks * CELL_W}" height="{CELL_H}"/>')
        for b in range(banks):
            hit = cells.get((r, b))
            if hit is None:
                continue
            lanes, word, collisions = hit
            x = LABEL_W + b * CELL_W
            tip = (f"wavefront {r}, bank {b}: word {word} for lane{'s' if len(lanes) > 1 else ''} "
                   f"{', '.join(map(str, lanes))}; {collisions} distinct word{'s' if collisions > 1 else ''} "
                   f"in this bank{'; ' + title if title else ''}")
            out.append(f'<g class="cell" data-collisions="{collisions}"><title>{escape(tip)}</title>'
                       f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{CELL_W - 1}" height="{CELL_H - 1}" '
                       f'fill="{collision_colour(collisions)}"/>'
                       f'<text x="{x + CELL_W / 2:.1f}" y="{y + CELL_H - 4}">{escape(_lanes_text(lanes))}</text></g>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def bar_chart(title: str, labels: list[str], before: list[float], after: list[float]) -> str:
    """Mean wavefronts per instruction for each label, before and after, as paired bars."""
    n = len(labels)
    top = max([1.0] + before + after)
    bar = 7
    group = 2 * bar + 5
    plot_h = 70
    width = max(40 + n * group + 10, 40 + int(5.6 * len(title)))
    height = plot_h + 42
    out = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
           f'<text class="ctitle" x="40" y="11">{escape(title)}</text>',
           f'<text class="axis" x="36" y="{20 + 4}">{top:g}</text>',
           f'<text class="axis" x="36" y="{20 + plot_h}">0</text>',
           f'<line class="base" x1="40" y1="{20 + plot_h}" x2="{width - 10}" y2="{20 + plot_h}"/>']
    for k, (label, b, a) in enumerate(zip(labels, before, after)):
        x = 40 + k * group
        for j, (v, cls) in enumerate(((b, "before"), (a, "after"))):
            h = plot_h * v / top
            out.append(f'<rect class="{cls}" x="{x + j * bar}" y="{20 + plot_h - h:.1f}" width="{bar - 1}" '
                       f'height="{h:.1f}"><title>{escape(label)}: {v:.2f} wavefronts {cls}</title></rect>')
        if n <= 40 or k % max(1, n // 20) == 0:
            out.append(f'<text class="tick" x="{x + bar}" y="{20 + plot_h + 11}">{escape(label)}</text>')
    out.append("</svg>")
    return "".join(out)
