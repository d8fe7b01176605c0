"""Suite results as files: JSON (everything), a Markdown table, and the SVG chart."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Sequence

from .plot import Bar, speedup_svg
from .suite import ORIGINAL, Row, SuiteResult, write_variants

COLUMNS = ("case", "strategy", "changed", "correct", "median ms", "spread ms (min-max)", "speedup",
           "ncu conflicts", "ncu excess wf", "ncu wf/instr", "ncu SASS wf/instr", "predicted wf/instr")


def _si(value: float) -> str:
    """A count in a few characters: 1234 -> '1.23k', 12345678 -> '12.3M'."""
    magnitude = abs(value)
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if magnitude >= limit:
            return f"{value / limit:.3g}{suffix}"
    return f"{value:.0f}"


def _opt(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def _correct(row: Row) -> str:
    if row.error and row.correct is None:
        return "error"
    return {True: "yes", False: "**NO**", None: "-"}[row.correct]


def row_cells(row: Row) -> list[str]:
    """The Markdown cells of one row, in COLUMNS order."""
    t = row.timing
    return [
        row.case, row.strategy,
        "-" if row.strategy == ORIGINAL else ("yes" if row.changed else "no"),
        _correct(row),
        _opt(t.median_ms if t else None, ".4f"),
        f"{t.min_ms:.4f}-{t.max_ms:.4f}" if t else "-",
        _opt(row.speedup, ".2f") + ("x" if row.speedup is not None else ""),
        "-" if row.counters is None else _si(row.counters.conflicts),
        "-" if row.excess_wavefronts is None else _si(row.excess_wavefronts),
        _opt(row.wavefronts_per_instruction, ".2f"),
        _opt(row.sass_wavefronts_per_instruction, ".2f"),
        _opt(row.predicted_wavefronts, ".2f"),
    ]


def _geomean(values: Sequence[float]) -> float | None:
    good = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in good) / len(good)) if good else None


def summary_lines(result: SuiteResult) -> list[str]:
    """Per strategy: how many variants were correct, and the geomean speed-up of the correct ones."""
    lines = ["| strategy | correct | changed | geomean speedup (correct) |", "|---|---|---|---|"]
    for s in result.config.strategies:
        rows = [r for r in result.rows if r.strategy == s]
        ok = [r for r in rows if r.correct]
        changed = sum(r.changed for r in rows)
        g = _geomean([r.speedup for r in ok if r.speedup is not None])
        lines.append(f"| {s} | {len(ok)}/{len(rows)} | {'-' if s == ORIGINAL else changed} | "
                     f"{'-' if g is None else f'{g:.3f}x'} |")
    return lines


def markdown(result: SuiteResult) -> str:
    meta = result.metadata
    cfg = result.config
    out = ["# rapcc suite results", ""]
    for key in ("device", "runner", "nvrtc_options", "rapcc_version", "date", "ncu"):
        if key in meta:
            out.append(f"- {key}: {meta[key]}")
    out += [f"- scale {cfg.scale} (checks at {cfg.check_scale if cfg.check_scale is not None else cfg.scale}), "
            f"seed {cfg.seed}, {cfg.warmup} warm-up and {cfg.repeats} timed launches per variant", "",
            "Correct: the original matches the NumPy reference; a rewrite matches the original bit for bit. "
            "ncu conflicts: Nsight Compute's shared load+store bank conflicts. ncu excess wf: load+store "
            "wavefronts beyond one per instruction (two for 8-byte, four for 16-byte elements); it overstates "
            "conflicts where the compiler vectorised accesses into LDS.64/LDS.128. Neither counts shared "
            "atomics. ncu wf/instr: the L1TEX data stage's wavefronts per shared load/store instruction, which "
            "include wavefronts the kernel's global traffic splits off; ncu SASS wf/instr: the wavefronts each "
            "instruction's own addresses need (SASS-level counters), which predictions are compared with. Predicted: rapcc's wavefronts per shared load/store instruction, each access weighted by "
            "how often it runs in one block (an update counts as a load and a store).", ""]
    out += summary_lines(result) + [""]
    out.append("| " + " | ".join(COLUMNS) + " |")
    out.append("|" + "---|" * len(COLUMNS))
    out += ["| " + " | ".join(row_cells(r)) + " |" for r in result.rows]
    problems = [r for r in result.rows if r.error or r.correct is False]
    if problems:
        out += ["", "## Problems", ""]
        out += [f"- {r.case}/{r.strategy}: {r.error or r.check}" for r in problems]
    return "\n".join(out) + "\n"


def chart(result: SuiteResult) -> str:
    strategies = [s for s in result.config.strategies if s != ORIGINAL]
    bars = [Bar(r.case, r.strategy, r.speedup, r.correct) for r in result.rows if r.strategy != ORIGINAL]
    return speedup_svg(bars, strategies)


def write_results(result: SuiteResult, out_dir: Path) -> dict[str, Path]:
    """Write results.json, results.md, speedup.svg and variants/*.cu under `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "results.json", "markdown": out_dir / "results.md", "svg": out_dir / "speedup.svg"}
    paths["json"].write_text(json.dumps(result.to_json(), indent=1))
    paths["markdown"].write_text(markdown(result))
    paths["svg"].write_text(chart(result))
    write_variants(result.variants, out_dir / "variants")
    return paths
