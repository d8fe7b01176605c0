// dct8x8: 2-D DCT-II of 8x8 pixel blocks (JPEG style, as the CUDA SDK's
// dct8x8 sample does it with one thread per row and then per column).
// A thread block of 8x32 threads holds a strip of 32 8x8 blocks in a 3-D
// shared array: threadIdx.y picks the 8x8 block, threadIdx.x the row (row
// pass) or the column (column pass) within it. The 8x8 DCT matrix comes from
// global memory into a small shared table.
//
// Shared-memory pattern (a warp = 4 blocks x 8 threads):
//   load/store  s_block[ty][e][tx]: 8 consecutive words per block, blocks 64
//               words apart: 4-way conflict
//   row pass    s_block[ty][tx][k]: lanes 8 words apart: 8-way conflict
//   column pass s_block[ty][k][tx]: as the load: 4-way conflict
//   s_coef[u][k]: the same word for the whole warp: broadcast
// What rapcc should find: 8-way and 4-way conflicts on 's_block' and none on
// 's_coef'. Padding the innermost dimension to 9 makes every access of
// 's_block' conflict-free; the fix must serve both passes (seed 004 Table 5:
// dct8x8-1 and dct8x8-2).

#define BLOCK_SIZE 8
#define BLOCKS_PER_STRIP 32

extern "C" __global__ void dct8x8(float *d_dst, const float *d_src, const float *d_coef, int width)
{
#pragma rapcc block_dim(8, 32, 1)
    __shared__ float s_block[BLOCKS_PER_STRIP][BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float s_coef[BLOCK_SIZE][BLOCK_SIZE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    if (ty == 0) {
        for (int u = 0; u < BLOCK_SIZE; u++)
            s_coef[u][tx] = d_coef[u * BLOCK_SIZE + tx];
    }

    // Top-left pixel of this strip; column tx of 8x8 block ty.
    size_t base = (size_t)blockIdx.y * BLOCK_SIZE * width + blockIdx.x * BLOCKS_PER_STRIP * BLOCK_SIZE;
    int col = ty * BLOCK_SIZE + tx;
    for (int e = 0; e < BLOCK_SIZE; e++)
        s_block[ty][e][tx] = d_src[base + (size_t)e * width + col];
    __syncthreads();

    // Row pass: thread tx transforms row tx of block ty.
    float v[BLOCK_SIZE];
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; k++)
        v[k] = s_block[ty][tx][k];
#pragma unroll
    for (int u = 0; u < BLOCK_SIZE; u++) {
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; k++)
            acc += s_coef[u][k] * v[k];
        s_block[ty][tx][u] = acc;
    }
    __syncthreads();

    // Column pass: thread tx transforms column tx of block ty.
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; k++)
        v[k] = s_block[ty][k][tx];
#pragma unroll
    for (int u = 0; u < BLOCK_SIZE; u++) {
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; k++)
            acc += s_coef[u][k] * v[k];
        s_block[ty][u][tx] = acc;
    }
    __syncthreads();

    for (int e = 0; e < BLOCK_SIZE; e++)
        d_dst[base + (size_t)e * width + col] = s_block[ty][e][tx];
}
