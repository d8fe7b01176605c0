// Launches a kernel defined in transpose_kernel.cu.
#include "shared_tiles.h"

void launch_transpose(float *out, const float *in, int n) {
    dim3 grid(n / TILE_DIM, n / TILE_DIM);
    transpose_tile<<<grid, dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, n);
}
