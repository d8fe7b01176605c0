// GPU Gems 3's work-efficient scan with its own padding macro,
// temp[ai + CONFLICT_FREE_OFFSET(ai)]: a 1-D array indexed by a tree walk.
// launch: rt77_scan 2 128x1
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
__global__ void rt77_scan(const int *in, int *out, int p) {
    const int n = 256;
    __shared__ int temp[256 + 256 / NUM_BANKS];
    const int thid = threadIdx.x;
    int ai = thid, bi = thid + n / 2;
    temp[ai + CONFLICT_FREE_OFFSET(ai)] = in[blockIdx.x * n + ai] & 255;
    temp[bi + CONFLICT_FREE_OFFSET(bi)] = in[blockIdx.x * n + bi] & 255;
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            temp[b + CONFLICT_FREE_OFFSET(b)] += temp[a + CONFLICT_FREE_OFFSET(a)];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            int t = temp[a + CONFLICT_FREE_OFFSET(a)];
            temp[a + CONFLICT_FREE_OFFSET(a)] = temp[b + CONFLICT_FREE_OFFSET(b)];
            temp[b + CONFLICT_FREE_OFFSET(b)] += t;
        }
    }
    __syncthreads();
    out[blockIdx.x * n + ai] = temp[ai + CONFLICT_FREE_OFFSET(ai)];
    out[blockIdx.x * n + bi] = temp[bi + CONFLICT_FREE_OFFSET(bi)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt77_scan<<<2, 128>>>(in, out, 0); }
#endif
