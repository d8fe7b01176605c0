// bitonic_comparator: sorts 1024 floats per block with a bitonic network of
// 512 threads, each thread ordering one pair per step through a
// Comparator(float &a, float &b, unsigned dir) that binds references to two
// shared elements (the CUDA SDK sortingNetworks bitonicSortShared layout,
// written afresh). `reps` repeats the network so the timing is not all
// global-memory traffic; the result is the same sorted block.
//
// Shared-memory pattern, per step (stride = 1 .. 512):
//   pos = 2 * tid - (tid & (stride - 1)); the pair is s_key[pos], s_key[pos + stride]
//   stride 1: lane stride 2 words: 2-way conflict
//   stride 2..16: runs of `stride` lanes 2*stride words apart: 2-way
//   stride >= 32: a warp touches 32 consecutive words: conflict-free
// What rapcc should find: the comparator's reference parameters are bound to
// s_key[pos] and s_key[pos + stride], so its reads and writes of a and b are
// accesses of 's_key' with 2-way conflicts at the small strides; padding or
// an XOR of the high bits into the bank fixes them.

#define SORT_N 1024
#define SORT_THREADS 512

__device__ void Comparator(float &a, float &b, unsigned dir)
{
    if ((a > b) == (dir != 0)) {
        float t = a;
        a = b;
        b = t;
    }
}

extern "C" __global__ void bitonic_comparator(float *d_out, const float *d_in, int reps)
{
#pragma rapcc block_dim(512, 1, 1)
    __shared__ float s_key[SORT_N];

    const float *src = d_in + (size_t)blockIdx.x * SORT_N;
    s_key[threadIdx.x] = src[threadIdx.x];
    s_key[threadIdx.x + SORT_THREADS] = src[threadIdx.x + SORT_THREADS];

    for (int r = 0; r < reps; r++) {
        for (unsigned size = 2; size <= SORT_N; size <<= 1) {
            // Ascending where bit size/2 of the pair index is clear; the last
            // merge (size == SORT_N) is ascending for every thread.
            unsigned dir = (threadIdx.x & (size / 2)) == 0 || size == SORT_N;
            for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
                __syncthreads();
                unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
                Comparator(s_key[pos], s_key[pos + stride], dir);
            }
        }
    }
    __syncthreads();

    float *dst = d_out + (size_t)blockIdx.x * SORT_N;
    dst[threadIdx.x] = s_key[threadIdx.x];
    dst[threadIdx.x + SORT_THREADS] = s_key[threadIdx.x + SORT_THREADS];
}
