// flat_walk: a 32x32 tile filled column by column, then read back flat through
// its first row, tile[0][f] with f up to 1023 (real code treats a 2-D tile as
// one buffer this way).
//
// Shared-memory pattern:
//   store: tile[tx][ty + i] -> stride 32 words: 32-way bank conflict
//   load:  tile[0][f]       -> f = 0..1023 walks past the row's 32 columns
// What rapcc should find: leave 'tile' untouched under every strategy, with a
// 'rapcc-escape' warning that 'tile[0][f]' reaches column 1023 of 32; any
// padding or swizzle would move the elements the flat read expects.

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void flat_walk(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_DIM][TILE_DIM];

    const float *src = in + (size_t)blockIdx.x * TILE_DIM * TILE_DIM;
    float *dst = out + (size_t)blockIdx.x * TILE_DIM * TILE_DIM;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.x][threadIdx.y + i] = src[(threadIdx.y + i) * TILE_DIM + threadIdx.x];

    __syncthreads();

    for (int f = threadIdx.y * TILE_DIM + threadIdx.x; f < TILE_DIM * TILE_DIM; f += TILE_DIM * BLOCK_ROWS)
        dst[f] = tile[0][f];
}
