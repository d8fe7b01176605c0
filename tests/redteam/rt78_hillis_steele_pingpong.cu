// Hillis-Steele scan double-buffered in one 2-D array, temp[pout][i], with
// pout = 1 - pout each step; a final transposed view reads temp as [8][32]
// rows through the flat index.
// launch: rt78_hs 2 256x1
__global__ void rt78_hs(const int *in, int *out, int p) {
    __shared__ int temp[2][256];
    const int tid = threadIdx.x;
    int pout = 0, pin = 1;
    temp[pout][tid] = in[blockIdx.x * 256 + tid] & 255;
    __syncthreads();
    for (int offset = 1; offset < 256; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        temp[pout][tid] = temp[pin][tid] + (tid >= offset ? temp[pin][tid - offset] : 0);
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = temp[pout][tid] * 2 + temp[0][(tid % 8) * 32 + tid / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt78_hs<<<2, 256>>>(in, out, 0); }
#endif
