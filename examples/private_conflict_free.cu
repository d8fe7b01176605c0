// private_conflict_free: per-thread private arrays kept in shared memory (seed 001, Reguly:
// a dynamically indexed per-thread array would otherwise go to local memory).
// Each thread smooths its own 8-value array `reps` times with a forward and
// a backward pass of neighbour averages; `len` (8) is a kernel argument so
// the compiler cannot keep the array in registers.
//
// Shared-memory pattern:
//   s_priv[k * blockDim.x + tid]: element k of all threads is contiguous:
//   consecutive lanes, consecutive words: conflict-free
// What rapcc should find: no conflict ('auto' leaves the file untouched). The
// stride is blockDim.x, known only from the block_dim pragma.

#define BLOCK 256
#define PRIV_N 8

extern "C" __global__ void private_conflict_free(float *d_out, const float *d_in, int len, int reps)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float s_priv[BLOCK * PRIV_N];

    int tid = threadIdx.x;
    int gtid = blockIdx.x * BLOCK + tid;
    int total = gridDim.x * BLOCK;

    for (int k = 0; k < len; k++)
        s_priv[k * blockDim.x + tid] = d_in[k * total + gtid];

    for (int r = 0; r < reps; r++) {
        for (int k = 1; k < len; k++)
            s_priv[k * blockDim.x + tid] = 0.5f * (s_priv[k * blockDim.x + tid] + s_priv[(k - 1) * blockDim.x + tid]);
        for (int k = len - 2; k >= 0; k--)
            s_priv[k * blockDim.x + tid] = 0.5f * (s_priv[k * blockDim.x + tid] + s_priv[(k + 1) * blockDim.x + tid]);
    }

    for (int k = 0; k < len; k++)
        d_out[k * total + gtid] = s_priv[k * blockDim.x + tid];
}
