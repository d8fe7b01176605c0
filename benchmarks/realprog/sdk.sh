#!/usr/bin/env bash
# NVIDIA CUDA samples whose shared arrays rapcc's `auto` rewrites (docs/corpus.md),
# unmodified, each built twice -- plain nvcc, and rapcc-nvcc -- and run on the
# lent GPU: every sample checks its own results (PASS / FAIL) and prints its own
# timing. Run from the repository root with the wheels in .whl/ and, in run's
# carry, third_party/corpus/cuda-samples/Common and the sample folders below:
#   OUT=... bash benchmarks/realprog/sdk.sh [--build-only]
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
build_only=${1:-}
root=third_party/corpus/cuda-samples
samples=(
  "Samples/0_Introduction/matrixMul"
  "Samples/2_Concepts_and_Techniques/convolutionSeparable"
  "Samples/2_Concepts_and_Techniques/sortingNetworks"
  "Samples/6_Performance/transpose"
  "Samples/0_Introduction/mergeSort"
)
if [ -d .whl ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH="$PWD:/tmp/site"
else
  export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
fi
nvcc_path=$(command -v nvcc)
flags=(-arch=sm_90 -O3 -std=c++17 -I"$root/Common")
mkdir -p "$OUT"
for s in "${samples[@]}"; do
  name=$(basename "$s")
  srcs=("$root/$s"/*.cu "$root/$s"/*.cpp)
  existing=(); for f in "${srcs[@]}"; do [ -e "$f" ] && existing+=("$f"); done
  mkdir -p "/tmp/sdk/$name"
  nvcc "${flags[@]}" "${existing[@]}" -o "/tmp/sdk/$name/plain" > "$OUT/$name.build-plain.log" 2>&1
  echo "$name: plain build exit $?"
  RAPCC_CACHE_DIR=/tmp/sdk/cache RAPCC_REPORT_DIR="$OUT/reports-$name" RAPCC_NVCC="$nvcc_path" \
    python3 -m rapcc.build.nvcc_cli "${flags[@]}" "${existing[@]}" -o "/tmp/sdk/$name/rapcc" \
    > "$OUT/$name.build-rapcc.log" 2>&1
  echo "$name: rapcc-nvcc build exit $? ($(grep -c 'rapcc:' "$OUT/$name.build-rapcc.log") rapcc notes)"
  [ "$build_only" = "--build-only" ] && continue
  for v in plain rapcc rapcc plain; do  # interleaved, each twice
    (cd "$root/$s" && timeout 120 "/tmp/sdk/$name/$v") >> "$OUT/$name.run-$v.log" 2>&1
    echo "$name: $v exit $?" >> "$OUT/$name.exits"
  done
  cat "$OUT/$name.exits"
done
