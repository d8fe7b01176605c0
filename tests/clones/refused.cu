// Copies rapcc does not make: each kernel's array is left untouched with the reason.
__device__ float late(const float *t, int c);

extern "C" __global__ void uses_late_a(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float la[32 * 32];
    la[threadIdx.x * 32] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = late(la, threadIdx.x);
}

extern "C" __global__ void uses_late_b(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float lb[32 * 32];
    lb[threadIdx.x * 32] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = late(lb, threadIdx.x);
}

__device__ float late(const float *t, int c) { return t[c * 32]; }

__device__ float pair(const float *x, const float *y, int c) { return x[c * 32] + y[c * 32]; }

extern "C" __global__ void two_at_once(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float pa[32 * 32];
    __shared__ float pb[32 * 32];
    pa[threadIdx.x * 32] = in[threadIdx.x];
    pb[threadIdx.x * 32] = in[threadIdx.x + 32];
    __syncthreads();
    out[threadIdx.x] = pair(pa, pb, threadIdx.x) + pair(pb, pa, threadIdx.x);
}
