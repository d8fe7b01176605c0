// A bitonic sorting network over a shared row per warp-row, partners by
// XOR, compare-exchange with __syncthreads between stages; then a
// transposed readout.
// launch: rt22_bitonic 2 32x8
__global__ void rt22_bitonic(const int *in, int *out, int p) {
    __shared__ int key[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    key[ty][tx] = in[blockIdx.x * 256 + tid] & 0xFFFF;
    __syncthreads();
    for (int k = 2; k <= 32; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int partner = tx ^ j;
            int a = key[ty][tx], b = key[ty][partner];
            bool up = (tx & k) == 0;
            int keep = (tx < partner) == up ? min(a, b) : max(a, b);
            __syncthreads();
            key[ty][tx] = keep;
            __syncthreads();
        }
    }
    out[blockIdx.x * 256 + tid] = key[tx % 8][(ty * 4 + tx / 8) % 32];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt22_bitonic<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
