// matmul_helper: C = A * B for square float matrices with 32x32 shared
// tiles, 32x8 threads computing four outputs each. The tiles are filled by
// __device__ helpers that take the shared arrays as plain pointers; A's tile
// is stored transposed (As[k][row]) so that the inner product reads both
// tiles along k, a layout seen in hand-tuned GEMMs.
//
// Shared-memory pattern (block 32x8, one warp = one threadIdx.y):
//   load_transposed: dst[tx * 32 + ty + 8i] = A[...]: a warp writes one
//     column: lanes 32 words apart: 32-way conflict
//   load_rows: dst[(ty + 8i) * 32 + tx]: linear, conflict-free
//   inner loop: As[k * 32 + ty + 8i]: broadcast; Bs[k * 32 + tx]: linear
// What rapcc should find: the helpers' subscripts are accesses of 'As' and
// 'Bs' (the calls pass the arrays); a 32-way conflict on the transposed
// store into 'As' and nothing on 'Bs'. Padding As's 32-word rows or an XOR
// of the row into the bank fixes the store; 'Bs' should stay untouched.

#define TILE 32
#define ROWS 8

__device__ void load_transposed(float *dst, const float *src, int ld)
{
    for (int i = 0; i < TILE; i += ROWS)
        dst[threadIdx.x * TILE + threadIdx.y + i] = src[(size_t)(threadIdx.y + i) * ld + threadIdx.x];
}

__device__ void load_rows(float *dst, const float *src, int ld)
{
    for (int i = 0; i < TILE; i += ROWS)
        dst[(threadIdx.y + i) * TILE + threadIdx.x] = src[(size_t)(threadIdx.y + i) * ld + threadIdx.x];
}

extern "C" __global__ void matmul_helper(float *c, const float *a, const float *b, int n)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float As[TILE * TILE];
    __shared__ float Bs[TILE * TILE];

    int row0 = blockIdx.y * TILE;
    int col0 = blockIdx.x * TILE;
    float acc[TILE / ROWS] = {0.0f, 0.0f, 0.0f, 0.0f};

    for (int t = 0; t < n; t += TILE) {
        load_transposed(As, a + (size_t)row0 * n + t, n);
        load_rows(Bs, b + (size_t)t * n + col0, n);
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            float bk = Bs[k * TILE + threadIdx.x];
            for (int i = 0; i < TILE / ROWS; i++)
                acc[i] += As[k * TILE + threadIdx.y + i * ROWS] * bk;
        }
        __syncthreads();
    }

    for (int i = 0; i < TILE / ROWS; i++)
        c[(size_t)(row0 + threadIdx.y + i * ROWS) * n + col0 + threadIdx.x] = acc[i];
}
