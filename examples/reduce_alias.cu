// reduce_alias: each block sums four 256-float segments with an
// interleaved-address tree (the "reduction #1" of Harris's CUDA reduction
// talk), reaching each segment through an alias `float *p = sdata + offset`
// the way a segmented or batched reduction often does.
//
// Shared-memory pattern, per step s = 1, 2, 4, ..., 128:
//   p[2 * s * tid] += p[2 * s * tid + s], for the tids with 2*s*tid < 256
//   lanes are 2s words apart: 2-, 4-, 8-, 16-way conflicts for s = 1..8,
//   and fewer active lanes (still conflicting) beyond
//   fill: sdata[tid + 256 * g]: linear
// What rapcc should find: the alias 'p = sdata + g * SEG' is followed (g is
// the induction variable of the loop the alias lives in, never written by
// its body), so every p[...] is an access of sdata with g * SEG folded into
// the index. The tree's strided lanes conflict 2- to 16-way; auto picks a
// bit-vector XOR that spreads them, and pad/xor/rap rewrite both the direct
// and the aliased subscripts.

#define SEG 256
#define SEGS 4

extern "C" __global__ void reduce_alias(float *d_sums, const float *d_in)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float sdata[SEGS * SEG];

    unsigned tid = threadIdx.x;
    const float *src = d_in + (size_t)blockIdx.x * SEGS * SEG;
    for (int g = 0; g < SEGS; g++)
        sdata[g * SEG + tid] = src[g * SEG + tid];
    __syncthreads();

    for (int g = 0; g < SEGS; g++) {
        float *p = sdata + g * SEG;
        for (unsigned s = 1; s < SEG; s *= 2) {
            unsigned index = 2 * s * tid;
            if (index < SEG)
                p[index] += p[index + s];
            __syncthreads();
        }
    }

    if (tid < SEGS)
        d_sums[(size_t)blockIdx.x * SEGS + tid] = sdata[tid * SEG];
}
