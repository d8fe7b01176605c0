// private_naive: per-thread private arrays kept in shared memory (seed 001, Reguly:
// a dynamically indexed per-thread array would otherwise go to local memory).
// Each thread smooths its own 8-value array `reps` times with a forward and
// a backward pass of neighbour averages; `len` (8) is a kernel argument so
// the compiler cannot keep the array in registers.
//
// Shared-memory pattern:
//   s_priv[tid * PRIV_N + k]: each thread's array is contiguous, so lanes
//   are 8 words apart: 8-way conflict on every access
// What rapcc should find: an 8-way conflict on every access of 's_priv'.
// One word of padding per 32 (a + (a >> 5)) or an XOR of the high address
// bits into the bank fixes it; the conflict-free layout written by hand is
// the transposed one of private_conflict_free.

#define BLOCK 256
#define PRIV_N 8

extern "C" __global__ void private_naive(float *d_out, const float *d_in, int len, int reps)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float s_priv[BLOCK * PRIV_N];

    int tid = threadIdx.x;
    int gtid = blockIdx.x * BLOCK + tid;
    int total = gridDim.x * BLOCK;

    for (int k = 0; k < len; k++)
        s_priv[tid * PRIV_N + k] = d_in[k * total + gtid];

    for (int r = 0; r < reps; r++) {
        for (int k = 1; k < len; k++)
            s_priv[tid * PRIV_N + k] = 0.5f * (s_priv[tid * PRIV_N + k] + s_priv[tid * PRIV_N + k - 1]);
        for (int k = len - 2; k >= 0; k--)
            s_priv[tid * PRIV_N + k] = 0.5f * (s_priv[tid * PRIV_N + k] + s_priv[tid * PRIV_N + k + 1]);
    }

    for (int k = 0; k < len; k++)
        d_out[k * total + gtid] = s_priv[tid * PRIV_N + k];
}
