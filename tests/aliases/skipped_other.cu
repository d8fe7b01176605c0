#include <cstdio>
__device__ float load(float *p, int i)
{
#ifdef DEBUG_LOAD
    printf("load %d\n", i);
#endif
    return p[i];
}

__global__ void k(float *out, const float *in)
{
    __shared__ float s[1024];
    int tx = threadIdx.x, ty = threadIdx.y;
    s[ty * 32 + tx] = in[ty * 32 + tx];
    __syncthreads();
    out[ty * 32 + tx] = load(s, tx * 32 + ty);
}

void launch(float *o, const float *i) { k<<<1, dim3(32, 32)>>>(o, i); }
