// A column that rotates through the row, c = (c + 1) & 31, and an enum
// extent; every read in range: legal.
// launch: rt125_k 2 32x8
// expect: rewritten
enum { W = 32, H = 32, ROWS = 8 };
__global__ void rt125_k(const int *in, int *out, int p) {
    __shared__ float tile[H][W];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * W + tx;
    for (int j = ty; j < H; j += ROWS) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * W + tx] & 255);
    __syncthreads();
    float acc = 0.f;
    int c = tx;
    for (int k = 0; k < 8; ++k) { acc += tile[c][ty + k * 0] * (float)(k + 1); c = (c + 1) & (W - 1); }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt125_k<<<2, dim3(W, ROWS)>>>(in, out, 0); }
#endif
