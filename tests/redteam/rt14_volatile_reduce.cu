// An old-style reduction through a volatile pointer, every step behind a
// __syncthreads (not warp-synchronous), plus a transposed partial-sum read.
// launch: rt14_vreduce 2 32x8
__global__ void rt14_vreduce(const int *in, int *out, int p) {
    __shared__ int sdata[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    sdata[ty][tx] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    volatile int *vs = &sdata[0][0];
    for (int s = 128; s > 0; s >>= 1) {
        int v = 0;
        if (tid < s) v = vs[tid] + vs[tid + s];
        __syncthreads();
        if (tid < s) vs[tid] = v;
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = vs[0] + sdata[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt14_vreduce<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
