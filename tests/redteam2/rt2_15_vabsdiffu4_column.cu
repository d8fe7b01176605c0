// __vabsdiffu4 over packed bytes: the low byte is |tid - 32|, up to 223,
// masked to 0..63 over rows of 32.
// launch: rt2_15_vabsdiffu4_column 2 32x8
__global__ void rt2_15_vabsdiffu4_column(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    const unsigned col = __vabsdiffu4((unsigned)tid, 0x20202020u) & 63u;
    out[blockIdx.x * 256 + tid] = tile[ty & 3][col] - tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_15_vabsdiffu4_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
