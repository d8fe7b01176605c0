// scan_blelloch: work-efficient exclusive prefix sum of 512 ints per block
// (Blelloch up-sweep / down-sweep, as in GPU Gems 3 chapter 39 before its
// bank-conflict-avoidance macro), in dynamic shared memory.
// Uses `extern __shared__`: the launch passes 512 * 4 bytes.
//
// Shared-memory pattern:
//   temp[2 * thid], temp[2 * thid + 1]: stride 2: 2-way conflict
//   ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1:
//   stride 2 * offset, offset = 1, 2, 4, ...: 2-way up to 32-way (with
//   fewer active lanes as offset grows), in both sweeps
// What rapcc should find: power-of-two strides in the up- and down-sweep of
// 'temp' (seed 004 Table 5: matrix scan). GPU Gems fixes it with one word
// of padding per 32 (index + (index >> 5)); XOR of the high address bits into
// the bank does too. 'offset' is not a loop induction variable (it is
// doubled and halved in the loop bodies). Padding an extern array needs a
// bigger launch allocation, which rapcc cannot change.

#define SCAN_N 512

extern "C" __global__ void scan_blelloch(int *g_odata, const int *g_idata)
{
#pragma rapcc block_dim(256, 1, 1)
    extern __shared__ int temp[];

    int thid = threadIdx.x;
    const int *in = g_idata + (size_t)blockIdx.x * SCAN_N;
    int *out = g_odata + (size_t)blockIdx.x * SCAN_N;
    int offset = 1;

    temp[2 * thid] = in[2 * thid];
    temp[2 * thid + 1] = in[2 * thid + 1];

    // Up-sweep: build partial sums in place.
    for (int d = SCAN_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0)
        temp[SCAN_N - 1] = 0;

    // Down-sweep: turn the partial sums into an exclusive scan.
    for (int d = 1; d < SCAN_N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    out[2 * thid] = temp[2 * thid];
    out[2 * thid + 1] = temp[2 * thid + 1];
}
