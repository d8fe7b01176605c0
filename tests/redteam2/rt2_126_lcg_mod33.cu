// A column that steps by 17 modulo 33, starting at tx: it reaches 32, one
// past the row, for some threads.
// launch: rt2_126_lcg_mod33 2 32x8
__global__ void rt2_126_lcg_mod33(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    if (ty == 0) tile[8][tx] = 3 * tx;
    __syncthreads();
    int c = tx, acc = 0;
    for (int i = 0; i < 6; ++i) {
        acc += tile[ty][c] * (i + 1);
        c = (c + 17) % 33;
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_126_lcg_mod33<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
