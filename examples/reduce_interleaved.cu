// reduce_interleaved: per-block sum of ints with interleaved addressing
// (CUDA SDK reduction kernel 1; seed 004 section 3.2.3).
//
// Shared-memory pattern:
//   sdata[index] += sdata[index + s], index = 2 * s * tid: stride 2*s words
//   between lanes, so 2-way at s = 1 up to 16-way at s = 8 and 32-way from
//   s = 16 on (fewer lanes are active as s grows).
// What rapcc should find: power-of-two strides (the 'stride' class) on
// 'sdata'; padding one word per 32 or the XOR of address bits 5..9 into the
// bank bits fixes them (ANCHORS.md: 1.12x on an H200).

#define BLOCK_SIZE 256

extern "C" __global__ void reduce_interleaved(int *g_odata, const int *g_idata, unsigned int n)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ int sdata[BLOCK_SIZE];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
