// Hillis-Steele inclusive scan with a double buffer temp[2][n]: pout and pin
// swap each step (pout = 1 - pout), the GPU Gems 3 listing.
// launch: rt4_21_hillis_steele 2 256x1
#define NS 256
__global__ void rt4_21_hillis_steele(const int *in, int *out, int p) {
    __shared__ int temp[2][NS];
    const int thid = threadIdx.x;
    int pout = 0, pin = 1;
    temp[pout][thid] = in[(blockIdx.x * NS + thid) & 4095] & 255;
    __syncthreads();
    for (int offset = 1; offset < NS; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset) temp[pout][thid] = temp[pin][thid] + temp[pin][thid - offset];
        else temp[pout][thid] = temp[pin][thid];
        __syncthreads();
    }
    out[blockIdx.x * NS + thid] = temp[pout][thid];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_21_hillis_steele<<<2, NS>>>(in, out, 0); }
#endif
