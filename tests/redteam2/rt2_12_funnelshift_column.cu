// __funnelshift_r(tid, 0, 1) is tid >> 1: a column of 0..127 in row 0.
// launch: rt2_12_funnelshift_column 2 32x8
__global__ void rt2_12_funnelshift_column(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[0][__funnelshift_r((unsigned)tid, 0u, 1u)] + tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_12_funnelshift_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
