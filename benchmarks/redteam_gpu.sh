#!/usr/bin/env bash
# The red-team kernels (tests/redteam/ to tests/redteam5/) on the lent GPU
# (benchmarks/redteam_gpu.py): every strategy's rewrite built with nvcc
# beside the original, run on the device, compared bit for bit. Run from the
# repository root with the wheels in .whl/ (as benchmarks/fuzz_host_gpu.sh):
#
#   OUT=/some/folder bash benchmarks/redteam_gpu.sh [--compile-only] [--suite redteam3]
#
# Prints one line per kernel and the totals; leaves $OUT/redteam_gpu.tgz
# (results.json, the log, and each finding's kernel, rewrites and program).
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
if ls .whl/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
    export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONUNBUFFERED=1
mkdir -p /tmp/redteam_gpu
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version; } > /tmp/redteam_gpu/device.txt 2>&1
python3 benchmarks/redteam_gpu.py --out /tmp/redteam_gpu/run "$@" 2>&1 | tee /tmp/redteam_gpu/redteam.log
status=${PIPESTATUS[0]}
find /tmp/redteam_gpu/run -name '*.exe' -delete
tar czf "$OUT/redteam_gpu.tgz" -C /tmp redteam_gpu
echo "exit $status"
exit "$status"
