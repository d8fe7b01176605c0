// Host entry points of the test project; TILE_DIM and BLOCK_ROWS come from
// the build (-D), so rapcc must see the same definitions nvcc does.
#pragma once

#ifndef TILE_DIM
#error "TILE_DIM must be defined by the build"
#endif

__global__ void transpose_tile(float *out, const float *in, int n);

void launch_transpose(float *out, const float *in, int n);
void launch_tiled_sums(float *out, const float *in, int n);
void launch_scale(float *out, const float *in, float factor, int count);
