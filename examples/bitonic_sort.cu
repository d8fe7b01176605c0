// bitonic_sort: sorts 512 unsigned keys per block in shared memory with a
// bitonic network, one key per thread (CUDA SDK sortingNetworks style).
//
// Shared-memory pattern:
//   s_key[tid]: linear: conflict-free
//   s_key[ixj], ixj = tid ^ j: an XOR of the thread index permutes lanes
//   within 32 consecutive words (j < 32) or moves the warp by a multiple of
//   32 words (j >= 32): conflict-free for every j
// What rapcc should find: no conflict ('auto' leaves the file untouched). The
// XOR index is a bijection of the lane bits, so this is the 'linear' class
// under a permutation (seed 003: a bijection of thread bits into bank bits).

#define SORT_N 512

extern "C" __global__ void bitonic_sort(unsigned int *d_out, const unsigned int *d_in)
{
#pragma rapcc block_dim(512, 1, 1)
    __shared__ unsigned int s_key[SORT_N];

    unsigned int tid = threadIdx.x;
    s_key[tid] = d_in[(size_t)blockIdx.x * SORT_N + tid];
    __syncthreads();

    for (unsigned int k = 2; k <= SORT_N; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                unsigned int a = s_key[tid];
                unsigned int b = s_key[ixj];
                bool ascending = (tid & k) == 0;
                if ((ascending && a > b) || (!ascending && a < b)) {
                    s_key[tid] = b;
                    s_key[ixj] = a;
                }
            }
            __syncthreads();
        }
    }

    d_out[(size_t)blockIdx.x * SORT_N + tid] = s_key[tid];
}
