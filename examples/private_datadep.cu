// private_datadep: per-thread private 32-bin counters kept in shared memory
// (seed 001: a dynamically indexed per-thread array would go to local memory
// otherwise). Each thread counts the 5-bit codes of its own input bytes and
// writes its 32 counts out.
//
// Shared-memory pattern:
//   s_priv[tid * 32 + k]: each thread's array is contiguous and 32 words
//     long, so every lane of a warp hits the same bank: 32-way conflict on
//     the fill (k = 0..31) and on the write-out
//   s_priv[tid * 32 + (code & 31)] += 1: data-dependent column, the same
//     bank base for every lane: under uniform codes the 'random' class
//     (about 3.5 wavefronts per request)
// What rapcc should find: a 32-way conflict on the fill and drain, and an
// expected (not exact) cost for the data-dependent update, bounded by the
// mask. Padding each 32-word row by one word (a + (a >> 5)) or XOR-ing the
// thread into the bank makes the fill and drain conflict-free and leaves the
// update random.

#define THREADS 128
#define BINS 32

extern "C" __global__ void private_datadep(unsigned int *d_counts, const unsigned char *d_codes, int items)
{
#pragma rapcc block_dim(128, 1, 1)
    __shared__ unsigned int s_priv[THREADS * BINS];

    int tid = threadIdx.x;
    int gtid = blockIdx.x * THREADS + tid;
    int total = gridDim.x * THREADS;

    for (int k = 0; k < BINS; k++)
        s_priv[tid * BINS + k] = 0;

    for (int i = 0; i < items; i++) {
        unsigned int code = d_codes[(size_t)i * total + gtid];
        s_priv[tid * BINS + (code & (BINS - 1))] += 1;
    }

    for (int k = 0; k < BINS; k++)
        d_counts[(size_t)k * total + gtid] = s_priv[tid * BINS + k];
}
