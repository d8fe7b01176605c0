// reduce_sequential: per-block sum of floats with sequential addressing
// (CUDA SDK reduction kernel 3), in dynamic shared memory.
// Uses `extern __shared__`: the launch passes blockDim.x * 4 bytes.
//
// Shared-memory pattern:
//   sdata[tid] += sdata[tid + s]: consecutive words: conflict-free for every s
// What rapcc should find: no conflict. 'auto' must leave the file untouched;
// forced padding of an extern array cannot grow the launch's allocation, so
// rapcc should refuse 'pad' here (or the rewritten kernel reads out of bounds).

extern "C" __global__ void reduce_sequential(float *g_odata, const float *g_idata, unsigned int n)
{
#pragma rapcc block_dim(256, 1, 1)
    extern __shared__ float sdata[];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
