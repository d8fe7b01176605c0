// ifdef_rowwise: the tile is read in a '#ifdef ROWWISE ... #else ... #endif'.
// rapcc parses the file without ROWWISE (as a user running it without the
// build's -D flags would); the suite compiles both kernels with -DROWWISE, so
// the branch rapcc did not parse is the one that runs.
//
// Shared-memory pattern:
//   store: tile[ty + i][tx]                  -> linear
//   load (#else, parsed):  tile[tx][ty + i]  -> stride 32: 32-way conflict
//   load (ROWWISE, run):   tile[ty + i][31 - tx] -> full subscripts, in range
// What rapcc should find: pad the row to 33 (the raw subscripts of the skipped
// branch still reach the same elements), and refuse XOR and RAP, which would
// leave the skipped branch reading the old layout.

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void ifdef_rowwise(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_DIM][TILE_DIM];

    const float *src = in + (size_t)blockIdx.x * TILE_DIM * TILE_DIM;
    float *dst = out + (size_t)blockIdx.x * TILE_DIM * TILE_DIM;
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[ty + i][tx] = src[(ty + i) * TILE_DIM + tx];

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
#ifdef ROWWISE
        dst[(ty + i) * TILE_DIM + tx] = tile[ty + i][TILE_DIM - 1 - tx];
#else
        dst[(ty + i) * TILE_DIM + tx] = tile[tx][ty + i];
#endif
}
