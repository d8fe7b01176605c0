#!/usr/bin/env bash
# Build transpose_excess.cu and read the shared-memory counters of its four
# kernels with Nsight Compute (clocks left alone). Run on the lent GPU:
#   OUT=... bash benchmarks/excess/run.sh
set -euo pipefail
: "${OUT:?set OUT to the folder for the results}"
here=$(dirname "$0")
nvcc -arch=sm_90 -O3 -o /tmp/transpose_excess "$here/transpose_excess.cu"
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
m=$m,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
m=$m,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
# The same wavefronts counted per instruction by SASS instrumentation, from each
# instruction's own addresses: what a bank rule can predict.
m=$m,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum
ncu --query-metrics 2>/dev/null | grep -i 'mem_shared' > "$OUT/shared_metrics.txt" || true
ncu --clock-control none --csv --metrics "$m" /tmp/transpose_excess > "$OUT/ncu.csv"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt"
python3 "$here/summarize.py" "$OUT/ncu.csv" | tee "$OUT/summary.md"
