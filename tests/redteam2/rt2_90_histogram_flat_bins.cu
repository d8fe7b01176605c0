// The same histogram with bins of 0..255 in row 0, hist[0][bin]: a flat
// histogram written as a 2-D one.
// launch: rt2_90_histogram_flat_bins 2 32x8
__global__ void rt2_90_histogram_flat_bins(const int *in, int *out, int p) {
    __shared__ int hist[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    hist[ty][tx] = 0;
    __syncthreads();
    for (int i = 0; i < 8; ++i)
        atomicAdd(&hist[0][in[blockIdx.x * 2048 + i * 256 + tid] & 255], 1);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = hist[tx & 7][ty] * 100 + hist[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_90_histogram_flat_bins<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
