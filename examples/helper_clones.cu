// helper_clones: two kernels share a chain of __device__ helpers, each kernel
// passing its own shared tile (as the CUDA samples' scan kernels share
// scan1Exclusive / scan1Inclusive). One kernel fills its tile by rows, the
// other by columns, so only the second has bank conflicts.
//
// Shared-memory pattern:
//   fill:  tile_c[threadIdx.x * 32 + r] -> a warp writes one
//          column: 32-way bank conflict (the kernel this case times)
//   read:  cell(t, r, c) = t[r * 32 + c] through column_sum: conflict-free
// What rapcc should find: one helper chain called with two arrays; the array
// it rewrites gets its own copy of the chain, the other keeps the original.

#define N 32

__device__ float cell(const float *t, int r, int c) { return t[r * N + c]; }

__device__ float column_sum(const float *t, int c)
{
    float acc = 0.0f;
    for (int r = 0; r < N; ++r)
        acc += cell(t, r, c) * (float)(r + 1);
    return acc;
}

// Sums each 32x32 block's columns (the input read by rows): conflict-free.
extern "C" __global__ void block_colsum(float *out, const float *in)
{
    __shared__ float tile_r[N * N];
    for (int r = 0; r < N; ++r)
        tile_r[r * N + threadIdx.x] = in[blockIdx.x * N * N + r * N + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * N + threadIdx.x] = column_sum(tile_r, threadIdx.x);
}

// Sums each 32x32 block's rows: the tile is filled transposed, column by column.
extern "C" __global__ void block_rowsum(float *out, const float *in)
{
    __shared__ float tile_c[N * N];
    for (int r = 0; r < N; ++r)
        tile_c[threadIdx.x * N + r] = in[blockIdx.x * N * N + threadIdx.x * N + r];
    __syncthreads();
    out[blockIdx.x * N + threadIdx.x] = column_sum(tile_c, threadIdx.x);
}
