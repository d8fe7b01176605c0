#!/usr/bin/env bash
# One batched GPU session for the wrong-code work (issue 7): the whole suite
# (every example x every strategy, bitwise against the original, ncu counters)
# and a time-boxed differential-fuzzing campaign. Run from the repository root
# on the lent GPU, with the wheels rapcc needs in .whl/ (libclang, pycparser):
#
#   bash benchmarks/device_session.sh [FUZZ_SECONDS]
#
# Results land under $OUT: device.txt, suite.log, suite/results.{md,json},
# suite/speedup.svg, suite_artifacts.tgz, fuzz.log (+ any differing kernels).
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
fuzz_seconds=${1:-200}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
bash benchmarks/run_suite_on_device.sh
mkdir -p "$OUT/fuzz"
python3 benchmarks/fuzz_gpu.py --kernels 3000 --seconds "$fuzz_seconds" --seed 20261123 --out "$OUT/fuzz" 2>&1 | tee "$OUT/fuzz.log"
