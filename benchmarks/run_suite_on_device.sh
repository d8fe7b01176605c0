#!/usr/bin/env bash
# Run rapcc's benchmark suite on the lent GPU machine and leave the results
# under $OUT (the folder whose files come back).
#
# Run from the repository root on the device machine, where CuPy, nvcc and
# ncu are installed and python3 is 3.12. rapcc's pure-Python dependencies
# that the image lacks (libclang, pycparser) are installed by the caller into
# /tmp/site. Extra arguments go to `rapcc suite` (e.g. --scale 0.5, --no-ncu).
#
# What comes back (at most 8 files, two folders deep):
#   $OUT/device.txt               GPU, driver, clocks, tool versions
#   $OUT/suite.log                progress and summary
#   $OUT/suite/results.{md,json}  the table and everything behind it
#   $OUT/suite/speedup.svg        the speed-up chart
#   $OUT/suite_artifacts.tgz      rewritten sources and raw ncu logs
set -uo pipefail

: "${OUT:?set OUT to the folder for the results}"
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1

{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    python3 --version
    python3 -c 'import cupy, numpy; print("cupy", cupy.__version__, "numpy", numpy.__version__)'
    command -v ncu >/dev/null && ncu --version | tail -1
    command -v nvcc >/dev/null && nvcc --version | tail -1
} >"$OUT/device.txt" 2>&1
cat "$OUT/device.txt"

if ! python3 -c 'import clang.cindex, jinja2, rapcc.pipeline' 2>>"$OUT/device.txt"; then
    echo "run_suite_on_device: rapcc cannot be imported (install libclang, pycparser, jinja2 into /tmp/site)" >&2
    exit 2
fi

python3 -m rapcc.cli suite --out "$OUT/suite" "$@" 2>&1 | tee "$OUT/suite.log"
status=${PIPESTATUS[0]}

# Pack the per-variant sources and ncu logs into one file: only a few files,
# two folders deep, come back from the device machine.
if [ -d "$OUT/suite" ]; then
    tar -czf "$OUT/suite_artifacts.tgz" -C "$OUT/suite" $(cd "$OUT/suite" && ls -d variants work 2>/dev/null) \
        && rm -rf "$OUT/suite/variants" "$OUT/suite/work"
fi
exit "$status"
