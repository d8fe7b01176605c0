// lud_tile: in-place LU factorisation (Doolittle, no pivoting) of one 16x16
// tile per block in shared memory, 16 threads (the diagonal-tile step of
// Rodinia lud). Step i computes column i of L below the diagonal (thread tx
// owns row tx), then row i + 1 of U (thread tx owns column tx).
//
// Shared-memory pattern (16 lanes):
//   shadow[tx][i], shadow[tx][j]: a column: lanes 16 words apart: 8-way
//   shadow[i + 1][tx], shadow[j][tx]: a row: conflict-free
//   shadow[j][i], shadow[i][i], shadow[i + 1][j]: one word: broadcast
// What rapcc should find: 8-way conflicts on the column accesses of
// 'shadow' (seed 004 Table 5: LUD-1, LUD-2). Padding the row to 17 words
// or an XOR of the row into the column fixes them.

#define BS 16

extern "C" __global__ void lud_tile(float *d_lu, const float *d_m)
{
#pragma rapcc block_dim(16, 1, 1)
    __shared__ float shadow[BS][BS];

    int tx = threadIdx.x;
    const float *m = d_m + (size_t)blockIdx.x * BS * BS;
    for (int i = 0; i < BS; i++)
        shadow[i][tx] = m[i * BS + tx];
    __syncthreads();

    for (int i = 0; i < BS - 1; i++) {
        if (tx > i) {
            for (int j = 0; j < i; j++)
                shadow[tx][i] -= shadow[tx][j] * shadow[j][i];
            shadow[tx][i] /= shadow[i][i];
        }
        __syncthreads();
        if (tx > i) {
            for (int j = 0; j < i + 1; j++)
                shadow[i + 1][tx] -= shadow[i + 1][j] * shadow[j][tx];
        }
        __syncthreads();
    }

    float *lu = d_lu + (size_t)blockIdx.x * BS * BS;
    for (int i = 0; i < BS; i++)
        lu[i * BS + tx] = shadow[i][tx];
}
