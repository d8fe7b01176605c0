#!/bin/sh
# Element padding (issue 30) on the GPU: the original AoS kernel and rapcc's
# rewrite, timed alternately with CUDA events (11 rounds of 50 launches each,
# the first dropped), outputs compared bit for bit.
#   rapcc benchmarks/elempad/aos_bench.cu -o benchmarks/elempad/aos_bench.rapcc.cu   (made here)
#   sh benchmarks/elempad/run.sh   (on the GPU machine)
set -e
cd "$(dirname "$0")"
nvcc -arch=sm_90 -O3 -o /tmp/elempad_bench main.cu
/tmp/elempad_bench
