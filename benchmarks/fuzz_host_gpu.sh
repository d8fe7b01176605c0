#!/usr/bin/env bash
# The host fuzzer's kernels on the lent GPU (benchmarks/fuzz_host_gpu.py):
# every strategy's rewrite built with nvcc beside the original, run on the
# device, compared bit for bit. Run from the repository root with the wheels
# in .whl/:
#
#   bash benchmarks/fuzz_host_gpu.sh [SECONDS] [SEED] [COUNT]
#
# Starts no batch after SECONDS (default 420), so the command ends inside the
# run tool's limit; leaves $OUT/fuzz_gpu.tgz (results.json, the log, and each
# finding's kernel, rewrites and program) and prints the counts.
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
budget=${1:-420}; seed=${2:-20261124}; count=${3:-100000}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p /tmp/fuzz_gpu
nvidia-smi --query-gpu=name,driver_version --format=csv > /tmp/fuzz_gpu/device.txt 2>&1
nvcc --version >> /tmp/fuzz_gpu/device.txt 2>&1
python3 benchmarks/fuzz_host_gpu.py --seed "$seed" --count "$count" --seconds "$budget" \
    --out /tmp/fuzz_gpu/run 2>&1 | tee /tmp/fuzz_gpu/fuzz.log
status=${PIPESTATUS[0]}
# the passing batches' programs are gone already; drop the built executables of the rest
find /tmp/fuzz_gpu/run -name '*.exe' -delete
tar czf "$OUT/fuzz_gpu.tgz" -C /tmp fuzz_gpu
echo "exit $status"
exit "$status"
