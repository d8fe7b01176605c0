// __syncthreads_count's result (how many threads passed true, here 0..256)
// picks a column of row 0.
// launch: rt2_93_syncthreads_count_index 2 32x8
__global__ void rt2_93_syncthreads_count_index(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    const int n = __syncthreads_count((tile[ty][tx] & 1) != 0);
    out[blockIdx.x * 256 + tid] = tile[0][(n + tx) & 255] + tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_93_syncthreads_count_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
