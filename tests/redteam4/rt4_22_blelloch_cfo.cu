// Blelloch work-efficient scan of 256 with the GPU Gems 3 bank-conflict
// avoiding macro: temp[ai + CONFLICT_FREE_OFFSET(ai)], a hand-padded flat
// array of n + n / 32 elements.
// launch: rt4_22_blelloch 2 128x1
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define NB 256
__global__ void rt4_22_blelloch(const int *in, int *out, int p) {
    __shared__ int temp[NB + NB / NUM_BANKS];
    const int thid = threadIdx.x;
    int ai = thid, bi = thid + NB / 2;
    const int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = in[(blockIdx.x * NB + ai) & 4095] & 255;
    temp[bi + bankOffsetB] = in[(blockIdx.x * NB + bi) & 4095] & 255;
    int offset = 1;
    for (int d = NB >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) temp[NB - 1 + CONFLICT_FREE_OFFSET(NB - 1)] = 0;
    for (int d = 1; d < NB; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            const int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    out[blockIdx.x * NB + ai] = temp[ai + bankOffsetA];
    out[blockIdx.x * NB + bi] = temp[bi + bankOffsetB];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_22_blelloch<<<2, NB / 2>>>(in, out, 0); }
#endif
