// late_trip: a loop of 160 trips reads a 32x32 tile by columns for 128 trips,
// then flat through row 0 for its last 32 (tile[0][(k - 128) * 32 + tx]).
//
// Shared-memory pattern:
//   store: tile[tx][ty + i]               -> stride 32: 32-way bank conflict
//   load:  tile[k % 32][tx], k < 128      -> linear
//   load:  tile[0][(k - 128) * 32 + tx]   -> reaches column 1023 of 32, but
//                                            only after trip 128
// What rapcc should find: leave 'tile' untouched under every strategy. The
// replay that predicts wavefronts samples 64 trips; the range proof walks all
// 160 and finds the flat read.

#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void late_trip(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE_DIM][TILE_DIM];

    const float *src = in + (size_t)blockIdx.x * TILE_DIM * TILE_DIM;
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[tx][ty + i] = src[(ty + i) * TILE_DIM + tx];

    __syncthreads();

    float acc = 0.0f;
    for (int k = 0; k < 160; k++) {
        if (k < 128)
            acc += tile[k % TILE_DIM][tx] * (float)(ty + 1);
        if (k >= 128)
            acc += tile[0][(k - 128) * TILE_DIM + tx];
    }
    out[(size_t)blockIdx.x * TILE_DIM * BLOCK_ROWS + ty * TILE_DIM + tx] = acc;
}
