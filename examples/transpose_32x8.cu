// transpose_32x8: out-of-place matrix transpose through a shared 32x32 tile,
// launched with 32x8 threads so each thread moves four elements (seed 001,
// transpose3 with several elements per thread; seed 004 section 3.2).
//
// Shared-memory pattern:
//   load:  tile[ty + i][tx]  -> a warp writes one row: linear, conflict-free
//   store: tile[tx][ty + i]  -> a warp reads one column: stride 32 words,
//                               32-way bank conflict
// What rapcc should find: a 32-way conflict on the column read of 'tile';
// padding to [32][33], the XOR swizzle tx ^ row and RAP each make both
// accesses conflict-free.

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_32x8(float *out, const float *in, int n)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = in[(size_t)(y + i) * n + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        out[(size_t)(y + i) * n + x] = tile[threadIdx.x][threadIdx.y + i];
}
