#!/usr/bin/env bash
# Second batched GPU session: the build hook (issue 9) and the data-dependent
# and fuzzing checks (issues 7, 8). Run from the repository root on the lent
# GPU, with the wheels rapcc needs in .whl/ (libclang, pycparser):
#
#   bash benchmarks/device_session2.sh [FUZZ_SECONDS]
#
# Leaves under $OUT: build.tgz (benchmarks/build_on_device.sh's folder),
# overhead.txt (benchmarks/build_overhead.py), skewed.txt + skewed_data.json
# (benchmarks/skewed_data.py), fuzz.log + fuzz_summary.json (benchmarks/fuzz_gpu.py).
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
fuzz_seconds=${1:-180}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
OUT=/tmp/build_out timeout 240 bash benchmarks/build_on_device.sh > /tmp/build_out.log 2>&1
echo "build_on_device exit $?" >> /tmp/build_out.log
mkdir -p /tmp/build_out && cp /tmp/build_out.log /tmp/build_out/ && tar czf "$OUT/build.tgz" -C /tmp build_out
timeout 200 python3 benchmarks/build_overhead.py --reps 3 > "$OUT/overhead.txt" 2>&1
timeout 150 python3 benchmarks/skewed_data.py --out /tmp/skewed > "$OUT/skewed.txt" 2>&1
cp /tmp/skewed/skewed_data.json "$OUT/" 2>/dev/null
mkdir -p /tmp/fuzz
timeout $((fuzz_seconds + 60)) python3 benchmarks/fuzz_gpu.py --kernels 3000 --seconds "$fuzz_seconds" --seed 20261123 \
    --out /tmp/fuzz > "$OUT/fuzz.log" 2>&1
cp /tmp/fuzz/summary.json "$OUT/fuzz_summary.json" 2>/dev/null
ls /tmp/fuzz | grep -q different && tar czf "$OUT/fuzz_findings.tgz" -C /tmp fuzz
tail -3 "$OUT/fuzz.log"
