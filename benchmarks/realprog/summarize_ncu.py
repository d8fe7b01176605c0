"""Per kernel of two `ncu --csv` runs of one program (plain, rewritten): launches,
total GPU time, shared instructions and SASS-level wavefronts per instruction.

    python3 benchmarks/realprog/summarize_ncu.py PLAIN.csv REWRITTEN.csv
"""
from __future__ import annotations

import csv
import sys
from collections import defaultdict

TIME = "gpu__time_duration.sum"
INST = ("smsp__sass_inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_st.sum")
WAVES = ("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
         "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum")


def totals(path: str) -> dict[str, dict[str, float]]:
    """Kernel name -> summed metrics over its launches (and 'launches')."""
    lines = [line for line in open(path) if line.startswith('"')]
    by: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seen: set[tuple[str, str]] = set()
    for row in csv.DictReader(lines):
        name = row["Kernel Name"].split("(")[0]
        value = float(row["Metric Value"].replace(",", "") or 0)
        # gpu__time_duration is in the unit the row names (ns, us, ms).
        if row["Metric Name"] == TIME:
            value *= {"ns": 1e-6, "nsecond": 1e-6, "us": 1e-3, "usecond": 1e-3, "ms": 1.0, "msecond": 1.0}.get(
                row["Metric Unit"], 1.0)
        by[name][row["Metric Name"]] += value
        if (row["ID"], name) not in seen:
            seen.add((row["ID"], name))
            by[name]["launches"] += 1
    return by


def main(plain_csv: str, rewritten_csv: str) -> None:
    plain, rewritten = totals(plain_csv), totals(rewritten_csv)
    print("| kernel | launches | GPU ms plain | GPU ms rapcc | speed-up | wavefronts/instr plain | rapcc |")
    print("|---|---|---|---|---|---|---|")
    for k in sorted(plain):
        p, r = plain[k], rewritten.get(k, {})
        wp = sum(p[w] for w in WAVES) / max(sum(p[i] for i in INST), 1)
        wr = sum(r.get(w, 0) for w in WAVES) / max(sum(r.get(i, 0) for i in INST), 1)
        speed = p[TIME] / r[TIME] if r.get(TIME) else float("nan")
        print(f"| {k} | {p['launches']:.0f} | {p[TIME]:.3f} | {r.get(TIME, 0):.3f} | {speed:.2f}x | {wp:.2f} | {wr:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
