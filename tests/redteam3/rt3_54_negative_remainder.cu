// C's remainder keeps the dividend's sign: (tx - 8) % 32 is -8..-1 for
// tx < 8, so those lanes read the end of the row above.
// launch: rt3_54_negative_remainder 2 32x8
__global__ void rt3_54_negative_remainder(const int *in, int *out, int p) {
    __shared__ int tile[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 288 + tid] & 4095;
    if (ty == 0) tile[8][tx] = in[blockIdx.x * 288 + 256 + tx] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty + 1][(tx - 8) % 32] + 2 * tile[tx % 9][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_54_negative_remainder<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
