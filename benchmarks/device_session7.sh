#!/usr/bin/env bash
# One GPU session (2026-11-27, session 7): the suite and the host fuzzer as in
# device_session5.sh, and the per-file timings of issues 28 and 29 on a quiet
# machine (this repository's 2-core machine is shared). Run from the
# repository root with the wheels in .whl/ (and clang's resource headers in
# .whl/ct, on PYTHONPATH, for the toolkit header mode):
#
#   OUT=... bash benchmarks/device_session7.sh suite|fuzz SECONDS SEED COUNT   (device_session5.sh)
#   OUT=... bash benchmarks/device_session7.sh timings [RUNS]
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
part=${1:?suite, fuzz or timings}
case "$part" in
suite|fuzz) exec bash benchmarks/device_session5.sh "$@" ;;
esac
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
# The `rapcc` command as the package installs it (pyproject's console script), for header_modes.py.
mkdir -p /tmp/bin
printf '#!/bin/sh\nexec python3 -c "import sys; from rapcc.server.entry import main; sys.exit(main())" "$@"\n' > /tmp/bin/rapcc
chmod +x /tmp/bin/rapcc
export PATH="/tmp/bin:$PATH"
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -1; nproc; date -u; } > "$OUT/device.txt" 2>&1
runs=${2:-2}
python3 benchmarks/serverless.py --reps 3 > "$OUT/serverless.txt" 2>&1
tail -1 "$OUT/serverless.txt"
python3 benchmarks/header_modes.py --runs "$runs" > "$OUT/header_modes.txt" 2>&1
tail -3 "$OUT/header_modes.txt"
