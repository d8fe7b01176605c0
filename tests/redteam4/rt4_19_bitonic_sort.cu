// Bitonic sort of 256 keys in shared memory, the textbook network: partner
// ixj = i ^ j, direction from (i & k), one thread per key.
// launch: rt4_19_bitonic 2 256x1
#define NK 256
__global__ void rt4_19_bitonic(const int *in, int *out, int p) {
    __shared__ int keys[NK];
    const unsigned int i = threadIdx.x;
    keys[i] = in[(blockIdx.x * NK + i) & 4095] & 0xfffff;
    __syncthreads();
    for (unsigned int k = 2; k <= NK; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            const unsigned int ixj = i ^ j;
            if (ixj > i) {
                const int a = keys[i], b = keys[ixj];
                if (((i & k) == 0 && a > b) || ((i & k) != 0 && a < b)) {
                    keys[i] = b;
                    keys[ixj] = a;
                }
            }
            __syncthreads();
        }
    }
    out[blockIdx.x * NK + i] = keys[i];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_19_bitonic<<<2, NK>>>(in, out, 0); }
#endif
