#!/usr/bin/env bash
# Rodinia's Needleman-Wunsch (nw), unmodified, built twice on the lent GPU:
# plain nvcc, and rapcc-nvcc (which rewrites needle_kernel.cu, included by
# needle.cu, as needle.cu compiles it). Checks that both write the same
# traceback and reads each kernel's time and shared-memory wavefronts with
# Nsight Compute. Run from the repository root with the wheels in .whl/ and
# the corpus folder carried (run's carry: third_party/corpus/rodinia/cuda/nw):
#   OUT=... bash benchmarks/realprog/nw.sh [SIZE]
set -euo pipefail
: "${OUT:?set OUT to the folder for the results}"
size=${1:-2048}
src=third_party/corpus/rodinia/cuda/nw
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl
export PYTHONPATH="$PWD:/tmp/site"
# -DcudaThreadSynchronize=...: the one call of Rodinia's host code CUDA 13 removed.
flags=(-arch=sm_90 -O3 -DTRACEBACK -DcudaThreadSynchronize=cudaDeviceSynchronize)
rm -rf /tmp/nw && mkdir -p /tmp/nw/plain /tmp/nw/rapcc
nvcc "${flags[@]}" -o /tmp/nw/plain/nw "$src/needle.cu"
RAPCC_CACHE_DIR=/tmp/nw/cache RAPCC_REPORT_DIR="$OUT/reports" RAPCC_NVCC="$(command -v nvcc)" \
    python3 -m rapcc.build.nvcc_cli "${flags[@]}" -o /tmp/nw/rapcc/nw "$src/needle.cu" 2> "$OUT/rapcc-nvcc.log"
cat "$OUT/rapcc-nvcc.log"
for v in plain rapcc; do (cd /tmp/nw/$v && ./nw "$size" 10 > run.log && cp result.txt "$OUT/result-$v.txt"); done
if cmp -s "$OUT/result-plain.txt" "$OUT/result-rapcc.txt"; then echo "traceback identical ($(wc -c < "$OUT/result-plain.txt") bytes)"; else echo "TRACEBACK DIFFERS"; exit 1; fi
m=gpu__time_duration.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
m=$m,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum
for v in plain rapcc; do
    (cd /tmp/nw/$v && ncu --csv --metrics "$m" ./nw "$size" 10 > "$OUT/ncu-$v.csv" 2> "$OUT/ncu-$v.err")
done
python3 benchmarks/realprog/summarize_ncu.py "$OUT/ncu-plain.csv" "$OUT/ncu-rapcc.csv" | tee "$OUT/summary.md"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt"
