// A header function that declares the launch's dynamic shared memory itself: k's extern array
// must keep its layout; k2 calls only plain helpers and is rewritten.
#include "clear_dynamic.cuh"
extern "C" __global__ void k(float *o)
{
#pragma rapcc block_dim(32, 32, 1)
    extern __shared__ float s[];
    s[threadIdx.y * 32 + threadIdx.x] = o[threadIdx.x];
    __syncthreads();
    clear_dynamic(32);
    o[threadIdx.x] = plain_math(s[threadIdx.x * 32 + threadIdx.y]);
}
extern "C" __global__ void k2(float *o)
{
#pragma rapcc block_dim(32, 32, 1)
    extern __shared__ float s2[];
    s2[threadIdx.y * 32 + threadIdx.x] = o[threadIdx.x];
    __syncthreads();
    o[threadIdx.x] = plain_math(s2[threadIdx.x * 32 + threadIdx.y]);
}
