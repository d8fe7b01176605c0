"""Wavefronts per shared load and store instruction, per kernel, from ncu's CSV."""
import csv
import sys
from collections import defaultdict

rows = [r for r in csv.DictReader(line for line in open(sys.argv[1]) if line.startswith('"'))]
by: dict[str, dict[str, float]] = defaultdict(dict)
for r in rows:
    by[r["Kernel Name"]][r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
SASS_LD = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
SASS_ST = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
print("| kernel | shared loads | wavefronts/load | SASS wavefronts/load | shared stores | wavefronts/store "
      "| SASS wavefronts/store | conflicts ld | conflicts st |")
print("|---|---|---|---|---|---|---|---|---|")
for k, m in by.items():
    ld, st = m["smsp__sass_inst_executed_op_shared_ld.sum"], m["smsp__sass_inst_executed_op_shared_st.sum"]
    wl, ws = m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"], m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]
    sl, ss = m.get(SASS_LD, float("nan")), m.get(SASS_ST, float("nan"))
    print(f"| {k} | {ld:.0f} | {wl / ld if ld else 0:.3f} | {sl / ld if ld else 0:.3f} | {st:.0f} | "
          f"{ws / st if st else 0:.3f} | {ss / st if st else 0:.3f} | "
          f"{m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum']:.0f} | "
          f"{m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum']:.0f} |")
