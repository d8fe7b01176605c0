#!/usr/bin/env bash
# Issue 9 on a GPU machine: build the CMake test project (tests/projects/shared_tiles)
# plainly and through rapcc, run both programs, compare their outputs bit for
# bit, print what rapcc rewrote, and run a templated kernel through
# rapcc.cupy.RawModule against plain cupy.RawModule, bit for bit.
#
# Run from the repository root on the device machine (H100 / H200 with nvcc
# and CuPy; cmake and ninja are used when present, else every file is compiled
# with nvcc / rapcc-nvcc directly). rapcc's pure-Python dependencies the image
# lacks (libclang, pycparser) must be importable: put them in /tmp/site, or
# carry their wheels in .whl/ (git-ignored) and this script installs them there.
#
#   OUT=/some/folder bash benchmarks/build_on_device.sh
#
# What it leaves in $OUT (default ./build_on_device.out):
#   device.txt     GPU, driver, tool versions
#   build.log      both builds' output (rapcc's notes, if any, are in it)
#   plain.txt rapcc.txt   each program's per-kernel hashes; plain.bin rapcc.bin its raw outputs
#   reports/       rapcc's JSON report of each translation unit
#   rewritten.txt  what rapcc rewrote, per file and array; shared memory per kernel from cuobjdump
#   cupy.txt       the CuPy drop-in comparison
#   gpu_tests.txt  pytest of the C++-kernel GPU tests and the README snippets
#   summary.txt    one line per check: PASS or FAIL
# Exit status 0 only when every check passes.
set -uo pipefail

OUT="${OUT:-$PWD/build_on_device.out}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PROJECT="$ROOT/tests/projects/shared_tiles"
WORK="$(mktemp -d /tmp/rapcc-device.XXXXXX)"
ARCH="${ARCH:-90}"
export PYTHONPATH="$ROOT:/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
PY="$(command -v python3)"
NVCC="$(command -v nvcc)"
: >"$OUT/summary.txt"
check() {  # check NAME STATUS
    if [ "$2" -eq 0 ]; then echo "PASS $1" | tee -a "$OUT/summary.txt"; else echo "FAIL $1" | tee -a "$OUT/summary.txt"; fi
}

{
    nvidia-smi --query-gpu=name,driver_version --format=csv
    "$PY" --version
    "$NVCC" --version | tail -1
    command -v cmake >/dev/null && cmake --version | head -1
    command -v ninja >/dev/null && echo "ninja $(ninja --version)"
    "$PY" -c 'import cupy; print("cupy", cupy.__version__)'
} >"$OUT/device.txt" 2>&1
cat "$OUT/device.txt"

if ! "$PY" -c 'import clang.cindex, pycparser, jinja2' 2>/dev/null; then
    if [ -d "$ROOT/.whl" ]; then
        "$PY" -m pip install -q --no-index --find-links "$ROOT/.whl" --target /tmp/site libclang pycparser jinja2 \
            >>"$OUT/device.txt" 2>&1
    fi
fi
if ! "$PY" -c 'import clang.cindex, pycparser, rapcc.pipeline' 2>>"$OUT/device.txt"; then
    echo "build_on_device: rapcc cannot be imported (put libclang and pycparser in /tmp/site or wheels in .whl/)" >&2
    exit 2
fi

SOURCES="main.cu transpose_kernel.cu transpose_launch.cu tiled_template.cu scale.cu"
FLAGS="-DBLOCK_ROWS=8 -DTILE_DIM=32 -I$PROJECT/include -arch=sm_$ARCH -std=c++17"

# build_project NAME LAUNCHER...: configure and build into $WORK/NAME (the launcher may be empty).
build_project() {
    local name="$1"; shift
    local dir="$WORK/$name"
    if command -v cmake >/dev/null && command -v ninja >/dev/null; then
        local launcher=()
        [ "$#" -gt 0 ] && launcher=("-DCMAKE_CUDA_COMPILER_LAUNCHER=$(IFS=';'; echo "$*")")
        cmake -S "$PROJECT" -B "$dir" -G Ninja -DCMAKE_CUDA_ARCHITECTURES="$ARCH" -DCMAKE_CUDA_COMPILER="$NVCC" \
            -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${launcher[@]}" && cmake --build "$dir" -v
    else
        # No CMake here: the same compile commands, by hand, and a compile
        # database for RAPCC_PROJECT.
        mkdir -p "$dir"
        "$PY" - "$dir" "$PROJECT" "$FLAGS" $SOURCES <<'EOF'
import json, sys
d, project, flags, *sources = sys.argv[1:]
json.dump([{"directory": d, "file": f"{project}/src/{s}",
            "command": f"nvcc {flags} -x cu -c {project}/src/{s} -o {d}/{s}.o"} for s in sources],
          open(f"{d}/compile_commands.json", "w"))
EOF
        local s
        for s in $SOURCES; do
            (cd "$dir" && "$@" "$NVCC" $FLAGS -x cu -c "$PROJECT/src/$s" -o "$dir/$s.o") || return 1
        done
        (cd "$dir" && "$NVCC" -arch=sm_$ARCH "$dir"/*.o -o "$dir/shared_tiles")
    fi
}

{
    echo "== plain build"
    build_project plain
    plain_status=$?
    echo "== rapcc build"
    RAPCC_REPORT_DIR="$OUT/reports" RAPCC_PROJECT="$WORK/rapcc" RAPCC_CACHE_DIR="$WORK/cache" \
        build_project rapcc "$PY" -m rapcc.build.launcher
    rapcc_status=$?
    echo "plain build: $plain_status, rapcc build: $rapcc_status"
} >"$OUT/build.log" 2>&1
tail -5 "$OUT/build.log"
[ -x "$WORK/plain/shared_tiles" ]; check "plain build" $?
[ -x "$WORK/rapcc/shared_tiles" ]; check "build through rapcc-launch" $?
! grep -q "rapcc: note" "$OUT/build.log"; check "no file compiled unchanged by a refusal" $?

"$WORK/plain/shared_tiles" "$OUT/plain.bin" >"$OUT/plain.txt" 2>&1; check "plain program runs" $?
"$WORK/rapcc/shared_tiles" "$OUT/rapcc.bin" >"$OUT/rapcc.txt" 2>&1; check "rapcc-built program runs" $?
bytes=$(wc -c <"$OUT/plain.bin" 2>/dev/null || echo 0)
[ "$bytes" -gt 0 ] && cmp -s "$OUT/plain.bin" "$OUT/rapcc.bin" && cmp -s "$OUT/plain.txt" "$OUT/rapcc.txt"
check "outputs bit-identical ($bytes bytes)" $?
cat "$OUT/plain.txt" "$OUT/rapcc.txt"

"$PY" - "$OUT/reports" >"$OUT/rewritten.txt" <<'EOF'
import json, pathlib, sys
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    r = json.loads(p.read_text())
    print(r["file"])
    for a in r["arrays"] or [{"name": None}]:
        if a["name"] is None:
            print("    no shared arrays")
            continue
        print(f"    {a['function']}: {a['name']}{a['dims']} block {a['block_dim']} ({a['block_dim_source']}): "
              f"{a['strategy']}" + (f" [{a['mapping']}]" if a["mapping"] else "") + f" - {a['reason']}")
EOF
if command -v cuobjdump >/dev/null; then
    for b in plain rapcc; do
        echo "== $b: shared memory per kernel (cuobjdump -res-usage)"
        cuobjdump -res-usage "$WORK/$b/shared_tiles" 2>&1 | grep -E "Function|SHARED" | paste - - \
            | sed -E 's/.*Function ([^:]+):.*SHARED:([0-9]+).*/\1 \2/'
    done >>"$OUT/rewritten.txt"
fi
cat "$OUT/rewritten.txt"
grep -q "transpose_tile: tile\[32, 32\] block \[32, 8, 1\] (launch): pad\|transpose_tile: tile\[32, 32\] block \[32, 8, 1\] (launch): xor" \
    "$OUT/rewritten.txt"
check "the cross-file kernel was rewritten with its launch's block shape" $?

"$PY" - "$ROOT" >"$OUT/cupy.txt" 2>&1 <<'EOF'
import sys
from pathlib import Path
import cupy, numpy as np
from rapcc.cupy import RawModule
code = (Path(sys.argv[1]) / "tests" / "cases_cpp" / "transpose_tmpl.cu").read_text()
name = "tiles::transpose<2>"
plain = cupy.RawModule(code=code, options=("-std=c++17",), name_expressions=(name,))
ours = RawModule(code=code, options=("-std=c++17",), name_expressions=(name,))
print("rapcc rewrote it:", ours.rapcc.changed, [(a["name"], a["strategy"], a["mapping"]) for a in ours.rapcc.report["arrays"]])
n = 4096
src = cupy.asarray(np.random.default_rng(7).standard_normal((n, n), dtype=np.float32))
outs = []
for mod in (plain, ours):
    out = cupy.full((n, n), np.nan, dtype=np.float32)
    mod.get_function(name)((n // 32, n // 32), (32, 8), (out, src, np.int32(n)))
    cupy.cuda.get_current_stream().synchronize()
    outs.append(cupy.asnumpy(out))
same = outs[0].tobytes() == outs[1].tobytes()
right = np.array_equal(outs[0], cupy.asnumpy(src).T * 2)
print("bit-identical to plain cupy.RawModule:", same, "| equals the NumPy reference:", right)
sys.exit(0 if same and right and ours.rapcc.changed else 1)
EOF
check "rapcc.cupy.RawModule of a template kernel bit-identical to cupy.RawModule" $?
cat "$OUT/cupy.txt"

# The same two checks as tests (the harness running the C++ case through
# name_expressions, and the drop-in), plus the README's snippets (CuPy's included).
(cd "$ROOT" && "$PY" -m pytest -q -p no:cacheprovider tests/test_gpu_cpp_kernels.py tests/test_readme_snippets.py) \
    >"$OUT/gpu_tests.txt" 2>&1
check "pytest tests/test_gpu_cpp_kernels.py tests/test_readme_snippets.py" $?
tail -3 "$OUT/gpu_tests.txt"

rm -rf "$WORK"
echo "== summary"
cat "$OUT/summary.txt"
! grep -q '^FAIL' "$OUT/summary.txt"
