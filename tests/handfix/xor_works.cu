// A hand XOR swizzle in a macro: conflict-free on 32 banks.
#define SWZ(r, c) ((c) ^ (r))
extern "C" __global__ void xor_works(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[32][32];
    for (int i = 0; i < 32; i += 8)
        tile[threadIdx.y + i][SWZ(threadIdx.y + i, threadIdx.x)] = in[(threadIdx.y + i) * 32 + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 32; i += 8)
        out[(threadIdx.y + i) * 32 + threadIdx.x] = tile[threadIdx.x][SWZ(threadIdx.x, threadIdx.y + i)];
}
