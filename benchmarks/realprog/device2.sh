#!/usr/bin/env bash
# The second set of real programs (programs2.txt, issue 30) on the GPU machine:
# device.sh with that list, each build of a changed program run 5 times
# alternating (plain, rapcc, rapcc, plain, plain, rapcc, ...), then 5 more
# times each under ncu for per-kernel GPU times; an unchanged program (its
# bytes compile as written) runs once per build.
#
#   C=third_party/realprog2_carry     # RAPCC_REALPROG_LIST=benchmarks/realprog/programs2.txt benchmarks/realprog/stage.sh
#   OUT=$OUT bash $C/tree/benchmarks/realprog/device2.sh $C [run.py options] [name ...]
#
# Later options win: --shard 1/2 --budget 450 splits it over two calls.
set -uo pipefail
carry="$(cd "${1:?usage: device2.sh CARRY_DIR [run.py options]}" && pwd)"; shift
exec bash "$carry/tree/benchmarks/realprog/device.sh" "$carry/whl" "$carry/programs" \
  --list "$carry/tree/benchmarks/realprog/programs2.txt" --rounds 5 --unchanged-rounds 1 --ncu-rounds 5 \
  --budget 540 --timeout 60 "$@"
