// async_transpose: a 32x32 float transpose whose tile is filled by
// asynchronous copies (`__pipeline_memcpy_async`, LDGSTS), as the CUDA
// samples' globalToShmemAsyncCopy fills its tiles: one element per lane,
// written transposed into the tile.
//
// Shared-memory pattern:
//   copy:  tile[tx][ty + i] <- in[..]   -> stride 32: 32-way bank conflict
//   read:  tile[ty + i][tx]             -> row-wise: conflict-free
// What rapcc should find: the copy's destination `&tile[tx][ty + i]` is a
// store of one element, rewritten through the address of the mapped element.
#include <cuda_pipeline.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void async_transpose(float *out, const float *in, int n)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        __pipeline_memcpy_async(&tile[threadIdx.x][threadIdx.y + i], &in[(size_t)(y + i) * n + x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();

    // tile[c][r] holds in[by * 32 + r][bx * 32 + c]: rows of the tile are columns of the input.
    int row = blockIdx.x * TILE_DIM + threadIdx.y;
    int col = blockIdx.y * TILE_DIM + threadIdx.x;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        out[(size_t)(row + i) * n + col] = tile[threadIdx.y + i][threadIdx.x];
}
