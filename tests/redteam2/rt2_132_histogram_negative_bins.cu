// Bins from a signed remainder of data, (v - 4000000) % 32: negative for
// half the inputs, so hist[1 + ty][bin] reaches back into the row before.
// launch: rt2_132_histogram_negative_bins 2 32x8
__global__ void rt2_132_histogram_negative_bins(const int *in, int *out, int p) {
    __shared__ int hist[9][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    hist[ty][tx] = 0;
    if (ty == 0) hist[8][tx] = 0;
    __syncthreads();
    for (int i = 0; i < 4; ++i)
        atomicAdd(&hist[1 + ty][(in[blockIdx.x * 1024 + i * 256 + tid] - 4000000) % 32], 1);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = hist[tx % 9][ty] * 100 + hist[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_132_histogram_negative_bins<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
