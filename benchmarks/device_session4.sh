#!/usr/bin/env bash
# One GPU session for the sound range analysis (2026-11-24): the suite's cases
# whose rewrites changed since the H200 run suite-h200-2026-11-24b (checked bit
# for bit and timed), then the host fuzzer's kernels on the GPU for the rest of
# the budget. Run from the repository root with the wheels in .whl/:
#
#   OUT=... bash benchmarks/device_session4.sh [FUZZ_SECONDS] [CASE ...]
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
fuzz=${1:-300}; shift || true
if [ $# -gt 0 ]; then cases=("$@"); else cases=(helper_clones matmul_tile bitonic_comparator fwt_device_stage); fi
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p /tmp/s4
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > /tmp/s4/device.txt 2>&1
args=(); for c in "${cases[@]}"; do args+=(--case "$c"); done
start=$(date +%s)
python3 -m rapcc.cli suite --out /tmp/s4/suite "${args[@]}" > /tmp/s4/suite.log 2>&1
echo "suite exit $? after $(( $(date +%s) - start )) s" | tee -a /tmp/s4/session.log
rm -rf /tmp/s4/suite/variants /tmp/s4/suite/work
tar czf "$OUT/s4.tgz" -C /tmp s4
bash benchmarks/fuzz_host_gpu.sh "$fuzz"
echo "fuzz exit $? after $(( $(date +%s) - start )) s" | tee -a /tmp/s4/session.log
tar czf "$OUT/s4.tgz" -C /tmp s4
