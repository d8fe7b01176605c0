// matmul_padded: C = A * B with 32x32 shared tiles that are already padded
// to 33 words per row; 32x8 threads, four outputs per thread. A's tile is
// stored transposed (As_t[k][r]) so that the inner loop reads one word per
// warp.
//
// Shared-memory pattern (a warp = one row ty of 32 lanes):
//   As_t[tx][r] store: a column of a 33-word-pitch tile: conflict-free
//                      (it would be 32-way without the padding)
//   Bs[r][tx] store, Bs[k][tx] load: one row: conflict-free
//   As_t[k][ty + i * 8] load: one word for the whole warp: broadcast
// What rapcc should find: the padding already makes every access
// conflict-free; 'auto' must leave the file untouched and must not pad again.

#define TILE 32
#define ROWS 8
#define PER_THREAD (TILE / ROWS)

extern "C" __global__ void matmul_padded(float *C, const float *A, const float *B, int n)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float As_t[TILE][TILE + 1];
    __shared__ float Bs[TILE][TILE + 1];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row0 = blockIdx.y * TILE;
    int col = blockIdx.x * TILE + tx;

    float acc[PER_THREAD];
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++)
        acc[i] = 0.0f;

    for (int k0 = 0; k0 < n; k0 += TILE) {
        for (int r = ty; r < TILE; r += ROWS) {
            As_t[tx][r] = A[(size_t)(row0 + r) * n + k0 + tx];
            Bs[r][tx] = B[(size_t)(k0 + r) * n + col];
        }
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            float b = Bs[k][tx];
#pragma unroll
            for (int i = 0; i < PER_THREAD; i++)
                acc[i] += As_t[k][ty + i * ROWS] * b;
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < PER_THREAD; i++)
        C[(size_t)(row0 + ty + i * ROWS) * n + col] = acc[i];
}
