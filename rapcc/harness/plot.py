"""A speed-up bar chart as hand-written SVG (no plotting library on the GPU machine).

One row of bars per case, one bar per strategy, on a log2 axis centred on 1x:
bars grow right for speed-ups and left for slow-downs, so 2x and 0.5x are the
same length. A variant whose output was wrong is drawn grey and labelled.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import escape

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7")
WRONG_COLOUR = "#b0b0b0"

LABEL_W = 170  # left margin for case names
PLOT_W = 560
RIGHT_W = 70
BAR_H = 9
GROUP_GAP = 8
TOP = 56
BOTTOM = 34


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: `speedup` None draws 'n/a'; `correct` False draws it grey."""

    case: str
    strategy: str
    speedup: float | None
    correct: bool | None = True


def _axis_range(values: Sequence[float]) -> tuple[int, int]:
    logs = [math.log2(v) for v in values if v > 0]
    lo = math.floor(min(logs + [-1.0]))
    hi = math.ceil(max(logs + [1.0]))
    return lo, hi


def _tick_label(exp: int) -> str:
    value = 2.0 ** exp
    return f"{value:g}x" if value >= 1 else f"1/{2 ** -exp:g}x"


def speedup_svg(bars: Sequence[Bar], strategies: Sequence[str], title: str = "speed-up over the original") -> str:
    """The chart as an SVG document; `strategies` fixes the bar order and colours."""
    cases = list(dict.fromkeys(b.case for b in bars))
    lo, hi = _axis_range([b.speedup for b in bars if b.speedup])
    group_h = len(strategies) * BAR_H + GROUP_GAP
    height = TOP + len(cases) * group_h + BOTTOM
    width = LABEL_W + PLOT_W + RIGHT_W

    def x_of(value: float) -> float:
        return LABEL_W + (math.log2(value) - lo) / (hi - lo) * PLOT_W

    colour = {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(strategies)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2:.1f}" y="18" text-anchor="middle" font-size="14">{escape(title)}</text>']
    step = min(110, (width - LABEL_W) // max(1, len(strategies)))  # every strategy fits in one row
    for i, s in enumerate(strategies):  # legend
        lx = LABEL_W + i * step
        out.append(f'<rect x="{lx}" y="30" width="12" height="10" fill="{colour[s]}"/>')
        out.append(f'<text x="{lx + 16}" y="39">{escape(s)}</text>')
    plot_bottom = height - BOTTOM
    for exp in range(lo, hi + 1):  # grid and ticks
        x = x_of(2.0 ** exp)
        stroke = "#000" if exp == 0 else "#ddd"
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{plot_bottom}" stroke="{stroke}"/>')
        out.append(f'<text x="{x:.1f}" y="{plot_bottom + 14}" text-anchor="middle">{_tick_label(exp)}</text>')
    lookup = {(b.case, b.strategy): b for b in bars}
    one = x_of(1.0)
    for ci, case in enumerate(cases):
        y0 = TOP + ci * group_h
        out.append(f'<text x="{LABEL_W - 6}" y="{y0 + len(strategies) * BAR_H / 2 + 4:.1f}" '
                   f'text-anchor="end">{escape(case)}</text>')
        for si, s in enumerate(strategies):
            bar = lookup.get((case, s))
            y = y0 + si * BAR_H
            if bar is None:
                continue
            if bar.speedup is None or bar.speedup <= 0:
                out.append(f'<text x="{one + 3:.1f}" y="{y + BAR_H - 1}" font-size="8" fill="#666">n/a</text>')
                continue
            x = x_of(bar.speedup)
            left, w = min(one, x), max(abs(x - one), 1.0)
            fill = WRONG_COLOUR if bar.correct is False else colour[s]
            label = f"{bar.speedup:.2f}x" + (" incorrect" if bar.correct is False else "")
            out.append(f'<rect x="{left:.1f}" y="{y}" width="{w:.1f}" height="{BAR_H - 1}" fill="{fill}">'
                       f'<title>{escape(case)} / {escape(s)}: {escape(label)}</title></rect>')
            tx = max(x, one) + 3
            out.append(f'<text x="{tx:.1f}" y="{y + BAR_H - 1}" font-size="8">{escape(label)}</text>')
    out.append(f'<text x="{LABEL_W + PLOT_W / 2:.1f}" y="{height - 4}" text-anchor="middle">'
               f'median time of the original / median time of the variant (log scale)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
