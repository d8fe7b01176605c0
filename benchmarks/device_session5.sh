#!/usr/bin/env bash
# One GPU session for issue 27 (2026-11-27): the suite's 42 cases under every
# strategy (correct bit for bit, timed), or the host fuzzer's kernels on the
# GPU under every strategy. Run from the repository root with the wheels in .whl/:
#
#   OUT=... bash benchmarks/device_session5.sh suite [SUITE ARGS...]
#   OUT=... bash benchmarks/device_session5.sh fuzz SECONDS SEED COUNT
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
part=${1:?suite or fuzz}; shift
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; nvcc --version | tail -1;
  git log -1 --format='commit %H' 2>/dev/null || true; date -u; } > "$OUT/device.txt" 2>&1
start=$(date +%s)
case "$part" in
suite)
    python3 -m rapcc.cli suite --out /tmp/s5 --no-ncu "$@" > "$OUT/suite.log" 2>&1
    echo "suite exit $? after $(( $(date +%s) - start )) s" | tee -a "$OUT/suite.log"
    cp /tmp/s5/results.md /tmp/s5/results.json "$OUT/" 2>/dev/null
    head -20 /tmp/s5/results.md ;;
fuzz)
    python3 benchmarks/fuzz_host_gpu.py --seed "${2:-20261127}" --count "${3:-100000}" --seconds "${1:-420}" \
        --out /tmp/f5 > "$OUT/fuzz.log" 2>&1
    status=$?
    echo "fuzz exit $status after $(( $(date +%s) - start )) s" | tee -a "$OUT/fuzz.log"
    cp /tmp/f5/results.json "$OUT/fuzz_results.json" 2>/dev/null
    find /tmp/f5 -name '*.exe' -delete; tar czf "$OUT/fuzz_findings.tgz" -C /tmp f5 2>/dev/null
    tail -25 "$OUT/fuzz.log" ;;
esac
