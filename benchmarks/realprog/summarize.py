"""The real-program table (results.md) from run.py's results.json.

    python3 benchmarks/realprog/summarize.py results.json > results.md
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.realprog import reports  # noqa: E402

SLOWER = 0.98  # a changed program whose speedup is below this ran more than 2% slower


def _row(entry: dict) -> reports.ArrayRow:
    fields = {k: v for k, v in entry.items() if k != "conflicted"}
    fields["dims"] = tuple(fields["dims"])
    fields["shapes"] = tuple(fields["shapes"])
    return reports.ArrayRow(**fields)


def _shapes(arrays: list[reports.ArrayRow]) -> str:
    c = Counter(r.shape_group for r in arrays)
    return ", ".join(f"{k} {n}" for k, n in sorted(c.items())) or "-"


def _rewritten(arrays: list[reports.ArrayRow]) -> str:
    return "; ".join(f"{r.name} ({r.function}, {r.shape_source} {'/'.join(r.shapes[:3])}): {r.mapping or r.strategy}"
                     for r in arrays if r.rewritten) or "-"


def merge(parts: list[dict]) -> dict:
    """One results dictionary from the shards of one run (run.py --shard I/N, one GPU call each)."""
    out = {k: v for k, v in parts[0].items() if k not in ("programs", "command")}
    out["commands"] = [p.get("command", "") for p in parts]
    devices = sorted({p["device"] for p in parts})
    out["device"] = " + ".join(devices)
    out["programs"] = {}
    for p in parts:
        out["programs"].update(p["programs"])
    return out


def notes(entry: dict) -> list[str]:
    """rapcc-nvcc's notes in a program's build: files it compiled unchanged, and why."""
    return [line for line in entry["build"]["rapcc"]["rapcc_lines"] if line.startswith("rapcc: note:")] \
        + [f"(report only, no note printed) {n}" for n in entry.get("included_notes", [])]


def slower_programs(results: dict) -> set[str]:
    return {n for n, e in results["programs"].items()
            if e["changed"] and (e["run"].get("slowest_line") or 1.0) < SLOWER}


def markdown(results: dict) -> str:
    progs = results["programs"]
    per = {n: [_row(x) for x in e["arrays"]] for n, e in progs.items()}
    slow = slower_programs(results)
    t = reports.tally(per, slow)
    built = sum(1 for e in progs.values() if e["build"]["plain"]["ok"])
    built_rapcc = sum(1 for e in progs.values() if e["build"]["plain"]["ok"] and e["build"]["rapcc"]["ok"])
    changed = [n for n, e in progs.items() if e["changed"]]
    verdicts = Counter(e["run"]["verdict"] for e in progs.values())
    lines = [
        f"# Real programs through rapcc-nvcc: {results['device']}, {results['date']}",
        "",
        f"{len(progs)} programs; plain nvcc built {built}, and rapcc-nvcc built {built_rapcc} of those; "
        f"rapcc changed {len(changed)}. Each build of a changed program ran {results['rounds']} times, "
        f"alternating; of an unchanged one (rapcc-nvcc compiled its own bytes), "
        f"{results.get('unchanged_rounds', results['rounds'])} ({results['nvcc']}, -arch={results['arch']}).",
        "",
        "Outputs (timing lines aside): " + ", ".join(f"{k} {n}" for k, n in sorted(verdicts.items())) + ".",
        "",
        f"Shared arrays: {t.arrays}; block shape from " + ", ".join(f"{k} {n}" for k, n in t.shape_groups.items())
        + f". Predicted conflicts: {t.conflicted}; fixed {t.fixed}; made slower (fixed, in a program "
        f"more than 2% slower) {t.fixed_slower}; kept {t.conflicted - t.fixed}:",
        "",
    ]
    lines += [f"- {n} x {reason}" for reason, n in t.kept.items()] or ["- none"]
    noted = [(name, line) for name, e in sorted(progs.items()) for line in notes(e)]
    lines += ["", f"Files compiled unchanged: {len(noted)}"
              + (":" if noted else ".")] + [f"- {name}: `{line}`" for name, line in noted]
    lines += [
        "",
        "Speedup is plain time over rapcc time, the geometric mean over the program's timing lines "
        "(medians of the runs); 'slowest' is its lowest line; 'time' says what was timed: 'kernel' the "
        "program's own kernel-time lines, 'reported' its other printed times, 'wall' the process.",
        "",
        "Arrays are every `__shared__` array of the program's translation units (and of the files they "
        "#include that rapcc rewrote); 'shapes' counts where each array's block shape came from: 'launch' a "
        "`<<<...>>>` launch rapcc evaluated, 'inferred' its subscripts or `__launch_bounds__`, 'unknown' assumed.",
        "",
        "'notes' counts the files rapcc-nvcc compiled unchanged: with a note, or (an #included file) with only its report saying why.",
        "",
        "| program | arrays | conflicted | rewritten | shapes | notes | output | self-check | speedup | slowest | time | "
        "what rapcc rewrote |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in sorted(progs, key=lambda n: (not progs[n]["changed"], n)):
        e, arrays = progs[name], per[name]
        run = e["run"]
        sc = "/".join(x or "-" for x in run.get("self_check", {}).get("plain", [])) or "-"
        sp, lo = run.get("speedup"), run.get("slowest_line")
        build_note = "" if e["build"]["rapcc"]["ok"] or not e["build"]["plain"]["ok"] else " (rapcc build failed)"
        if not e["build"]["plain"]["ok"]:
            build_note = " (plain build failed)"
        lines.append(
            f"| {name}{build_note} | {len(arrays)} | {sum(r.conflicted for r in arrays)} | "
            f"{sum(r.rewritten for r in arrays)} | {_shapes(arrays)} | {len(notes(e))} | {run['verdict']} | {sc} | "
            f"{'-' if sp is None else f'{sp:.3f}x'} | "
            f"{'-' if lo is None else f'{lo:.3f}x'} | "
            f"{run.get('time_source') or '-'} | {_rewritten(arrays)} |")
    return "\n".join(lines + kernel_lines(progs)) + "\n"


def kernel_lines(progs: dict) -> list[str]:
    """Per-kernel GPU times of the changed programs run under ncu (run.py --ncu-rounds), if any."""
    timed = [(n, e["kernels"]) for n, e in sorted(progs.items()) if e.get("kernels")]
    if not timed:
        return []
    out = ["", "Per-kernel GPU time under ncu (median ms of the runs of each build; speedup plain/rapcc):", "",
           "| program | kernel | runs | plain ms | rapcc ms | speedup |", "|---|---|---|---|---|---|"]
    for name, kernels in timed:
        for k, t in kernels.items():
            sp = t.get("speedup")
            out.append(f"| {name} | {k} | {'/'.join(map(str, t['runs']))} | {t['plain_ms'] or 0:.4f} "
                       f"| {t['rapcc_ms'] or 0:.4f} | {'-' if sp is None else f'{sp:.3f}x'} |")
    return out


if __name__ == "__main__":
    sys.stdout.write(markdown(merge([json.loads(Path(f).read_text()) for f in sys.argv[1:]])))
