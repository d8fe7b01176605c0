// One pass of a block radix sort on 4-bit digits: each thread's digit, the
// per-digit counts by a flag array and an exclusive Hillis-Steele scan per
// digit over a [16][129] table (the 129th column is the total), then a
// scatter of the keys to their sorted place in shared memory.
// launch: rt4_18_radix 2 128x1
#define NT 128
#define RADIX 16
__global__ void rt4_18_radix(const int *in, int *out, int p) {
    __shared__ int flags[RADIX][NT + 1];
    __shared__ int offsets[RADIX + 1];
    __shared__ int sorted[NT];
    const int tid = threadIdx.x;
    const int key = in[(blockIdx.x * NT + tid) & 4095] & 0xffff;
    const int digit = (key >> 4) & (RADIX - 1);
    for (int d = 0; d < RADIX; ++d) flags[d][tid + 1] = (d == digit);
    if (tid < RADIX) flags[tid][0] = 0;
    __syncthreads();
    for (int off = 1; off < NT; off <<= 1) {
        int v[RADIX];
        for (int d = 0; d < RADIX; ++d) v[d] = flags[d][tid + 1] + (tid + 1 - off >= 1 ? flags[d][tid + 1 - off] : 0);
        __syncthreads();
        for (int d = 0; d < RADIX; ++d) flags[d][tid + 1] = v[d];
        __syncthreads();
    }
    if (tid == 0) {
        offsets[0] = 0;
        for (int d = 0; d < RADIX; ++d) offsets[d + 1] = offsets[d] + flags[d][NT];
    }
    __syncthreads();
    sorted[offsets[digit] + flags[digit][tid]] = key;
    __syncthreads();
    out[blockIdx.x * NT + tid] = sorted[tid];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_18_radix<<<2, NT>>>(in, out, 0); }
#endif
