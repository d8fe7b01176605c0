#!/usr/bin/env bash
# Third batched GPU session: the whole suite, case batch by case batch, so a
# command that runs out of time still brings back every finished batch.
# Run from the repository root on the lent GPU with the wheels in .whl/:
#
#   bash benchmarks/device_session3.sh [SECONDS] [CASE ...]
#
# Leaves $OUT/runs.tgz (one `rapcc suite` folder per batch, plus logs), which
# benchmarks/merge_suite.py merges into one results folder.
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
budget=${1:-480}; shift || true
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
if [ $# -gt 0 ]; then cases=("$@"); else
    mapfile -t cases < <(ls examples/*.case.py | xargs -n1 basename | sed 's/\.case\.py$//')
fi
start=$(date +%s); mkdir -p /tmp/runs; n=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > /tmp/runs/device.txt 2>&1
for ((i = 0; i < ${#cases[@]}; i += 4)); do
    [ $(( $(date +%s) - start )) -ge "$budget" ] && { echo "budget spent before ${cases[$i]}" >> /tmp/runs/session.log; break; }
    batch=("${cases[@]:i:4}"); n=$((n + 1))
    args=(); for c in "${batch[@]}"; do args+=(--case "$c"); done
    echo "batch $n: ${batch[*]}" >> /tmp/runs/session.log
    python3 -m rapcc.cli suite --out "/tmp/runs/b$n" "${args[@]}" > "/tmp/runs/b$n.log" 2>&1
    echo "batch $n exit $? at $(( $(date +%s) - start ))s" >> /tmp/runs/session.log
    rm -rf "/tmp/runs/b$n/variants" "/tmp/runs/b$n/work"
    tar czf "$OUT/runs.tgz" -C /tmp runs
done
cat /tmp/runs/session.log
