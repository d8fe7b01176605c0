// matmul_tile: C = A * B for square float matrices with the classic 16x16
// shared-memory tiling (CUDA programming guide / SDK matrixMul).
//
// Shared-memory pattern (a warp = two rows ty, ty + 1 of 16 lanes):
//   As[ty][tx], Bs[ty][tx] stores: 32 consecutive words: conflict-free
//   As[ty][k]: two words 16 apart, each broadcast to 16 lanes: conflict-free
//   Bs[k][tx]: 16 consecutive words, shared by both rows: conflict-free
// What rapcc should find: no conflict anywhere; 'auto' must leave the file
// untouched (a test that must not fire). Forced strategies only add cost.

#define TILE 16

extern "C" __global__ void matmul_tile(float *C, const float *A, const float *B, int n)
{
#pragma rapcc block_dim(16, 16, 1)
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[ty][tx] = A[(size_t)row * n + t * TILE + tx];
        Bs[ty][tx] = B[(size_t)(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[(size_t)row * n + col] = sum;
}
