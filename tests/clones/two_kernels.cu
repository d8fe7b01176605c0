// One helper chain, called from two kernels with their own tiles: the rewrite
// copies the helpers for each array it changes.
__device__ float cell(const float *t, int r, int c) { return t[r * 32 + c]; }

__device__ float column_sum(const float *t, int c)
{
    float acc = 0.0f;
    for (int r = 0; r < 32; ++r)
        acc += cell(t, r, c);
    return acc;
}

extern "C" __global__ void colsum_a(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float tile_a[32 * 32];
    for (int r = 0; r < 32; ++r)
        tile_a[r * 32 + threadIdx.x] = in[blockIdx.x * 1024 + r * 32 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = column_sum(tile_a, threadIdx.x);
}

extern "C" __global__ void rowsum_b(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float tile_b[32 * 32];
    for (int r = 0; r < 32; ++r)
        tile_b[threadIdx.x * 32 + r] = in[blockIdx.x * 1024 + r * 32 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = column_sum(tile_b, threadIdx.x);
}
