#!/usr/bin/env bash
# rapcc's own speed on the GPU host's CPUs (issue 20), in parts of under
# ten minutes each. From the repository root, with the wheels in .whl/ and,
# for `builds` and `programs`, the corpus's sources and the real programs packed and carried:
#   tar czf third_party/corpus_src.tgz -C third_party/corpus .     (sources only fit the carry limit:
#   tar czf third_party/realprog_programs.tgz -C third_party/realprog_carry programs   see the closing note)
#
#   OUT=... bash benchmarks/device_speed.sh files    # examples, N-kernel files, no-op compile
#   OUT=... bash benchmarks/device_speed.sh builds   # corpus, CMake test project
#   OUT=... bash benchmarks/device_speed.sh programs [NAME...] # real programs' make builds (REPS=3), and a
#                                                      warm build's steps (without NAMEs)
#   OUT=... bash benchmarks/device_speed.sh steps    # a warm build's steps alone
#   OUT=... bash benchmarks/device_speed.sh noop     # the no-op compile alone
#
# INSTALL says which Python runs rapcc there:
#   venv  (the default) rapcc installed the way its README installs it: pip into a
#         fresh virtual environment of the host's Python, with console scripts.
#         Needs rapcc's own wheel and NumPy's in .whl/venv/:
#           python3 -m pip wheel --no-deps -w .whl/venv .
#           python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 \
#               --implementation cp --platform manylinux_2_28_x86_64 -d .whl/venv numpy
#   image the image's own python3 (PyTorch's environment) with the tree on PYTHONPATH.
#         That environment's site hooks (numba-cuda's .pth) cost each Python start
#         about 55 ms there, which every build step through a Python wrapper pays.
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
part=${1:?files, builds, programs, steps or noop}
install=${INSTALL:-venv}
if [ "$install" = venv ]; then
    rm -rf /tmp/venv
    python3 -m venv --without-pip /tmp/venv || exit 2
    python3 -m pip --python /tmp/venv/bin/python install -q --no-index --no-deps --no-cache-dir \
        .whl/*.whl .whl/venv/*.whl || exit 2
    PY=/tmp/venv/bin/python
    export PATH="/tmp/venv/bin:$PATH" PYTHONUNBUFFERED=1
else
    python3 -m pip install -q --no-index --no-deps --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 2
    python3 -m compileall -q /tmp/site > /dev/null
    PY=python3
fi
# The corpus and the programs travel packed (the carry limit): unpacked where the scripts look.
for pack in corpus_src:corpus realprog_programs:realprog_carry; do
    tgz=third_party/${pack%%:*}.tgz dest=third_party/${pack#*:}
    if [ -f "$tgz" ]; then mkdir -p "$dest" && tar xzf "$tgz" -C "$dest"; fi
done
if [ "$install" = image ]; then
    export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
    # What the rapcc-nvcc console script runs, for the make builds.
    mkdir -p /tmp/bin
    printf '#!/bin/sh\nexec python3 -c "import sys; from rapcc.build.nvcc_cli import main; sys.exit(main())" "$@"\n' \
        > /tmp/bin/rapcc-nvcc
    chmod +x /tmp/bin/rapcc-nvcc
    export PATH="/tmp/bin:$PATH"
fi
{ date -u; nproc; lscpu | grep -m1 'Model name'; echo "INSTALL=$install: $(command -v rapcc-nvcc), $("$PY" --version)";
  nvcc --version | tail -2; } > "$OUT/host-$part.txt" 2>&1
jobs=$(( $(nproc) / 2 ))
if [ "$part" = files ]; then
    "$PY" benchmarks/speed.py --reps 3 --jobs "$jobs" --kernels "" --noop 5 > "$OUT/speed-examples.txt" 2>&1
    "$PY" benchmarks/speed.py --reps 1 --no-examples --kernels "1,10,100,1000" > "$OUT/speed-kernels.txt" 2>&1
elif [ "$part" = noop ]; then
    "$PY" benchmarks/speed.py --no-examples --kernels "" --noop 7 > "$OUT/speed-noop.txt" 2>&1
elif [ "$part" = steps ]; then
    "$PY" benchmarks/realprog/step_costs.py --reps 5 > "$OUT/step-costs.txt" 2>&1
elif [ "$part" = programs ]; then
    shift
    "$PY" benchmarks/realprog/build_speed.py --reps "${REPS:-3}" "$@" > "$OUT/build-real-programs.txt" 2>&1
    [ $# -gt 0 ] || "$PY" benchmarks/realprog/step_costs.py --reps 5 > "$OUT/step-costs.txt" 2>&1
else
    "$PY" benchmarks/speed.py --reps 3 --jobs "$jobs" --corpus --no-examples --kernels "" > "$OUT/speed-corpus.txt" 2>&1
    "$PY" benchmarks/build_overhead.py --reps 3 > "$OUT/build-cmake-project.txt" 2>&1
fi
