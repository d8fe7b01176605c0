// The warp-synchronous reduction idiom: a `volatile` pointer to the tile. Its
// accesses are rewritten through its own name, so the qualifier stays; a
// volatile alias with an offset is refused.
__global__ void warp_sum(const float *in, float *out)
{
#pragma rapcc block_dim(64, 1, 1)
    __shared__ float sdata[64 * 32];
    unsigned int tid = threadIdx.x;
    for (int k = 0; k < 32; ++k)
        sdata[tid * 32 + k] = in[tid * 32 + k];
    __syncthreads();
    if (tid < 32) {
        volatile float *vs = sdata;
        vs[tid * 32] += vs[tid * 32 + 1];
        vs[tid * 32] += vs[tid * 32 + 2];
    }
    __syncthreads();
    out[tid] = sdata[tid * 32];
}

__global__ void offset_volatile(const float *in, float *out)
{
#pragma rapcc block_dim(32, 1, 1)
    __shared__ float other[32 * 33];
    other[threadIdx.x * 32] = in[threadIdx.x];
    __syncthreads();
    volatile float *row = other + 32;
    out[threadIdx.x] = row[threadIdx.x * 32];
}
