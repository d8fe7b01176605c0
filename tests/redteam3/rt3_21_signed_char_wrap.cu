// A column through a signed char: (signed char)(tx * 8) / 8 is tx for tx < 16
// and tx - 32 for tx >= 16 (the byte wraps negative), so half the warp reads
// the row above.
// launch: rt3_21_signed_char_wrap 2 32x8
__global__ void rt3_21_signed_char_wrap(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 288 + tid] & 4095;
    if (ty == 0) tile[8][tx] = in[blockIdx.x * 288 + 256 + tx] & 4095;
    __syncthreads();
    const int col = (signed char)(tx * 8) / 8;
    out[blockIdx.x * 256 + tid] = tile[ty + 1][col] + 2 * tile[tx % 9][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_21_signed_char_wrap<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
