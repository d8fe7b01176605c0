// A lambda with an init-capture of a row pointer ([row = &tile[ty][0]]),
// called with a column 32 past: the next row's element.
// launch: rt3_63_lambda_init_capture_row 2 32x8
__global__ void rt3_63_lambda_init_capture_row(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    auto get = [row = &tile[ty][0]](int c) { return row[c]; };
    out[blockIdx.x * 256 + tid] = get(tx + 32) + 2 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_63_lambda_init_capture_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
