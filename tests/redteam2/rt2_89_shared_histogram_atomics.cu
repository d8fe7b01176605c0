// Per-warp histograms with atomicAdd on &hist[warp][bin]: bins from data,
// below 32; then a column read of the counts.
// launch: rt2_89_shared_histogram_atomics 2 32x8
// expect: rewritten
// static: its file's launches are every launch (the premise of a single file is rt2_118's), so
// the layout needs no test of blockDim, whose cost outweighs the small gain predicted here.
static __global__ void rt2_89_shared_histogram_atomics(const int *in, int *out, int p) {
    __shared__ int hist[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    hist[ty][tx] = 0;
    __syncthreads();
    for (int i = 0; i < 8; ++i)
        atomicAdd(&hist[ty][in[blockIdx.x * 2048 + i * 256 + tid] & 31], 1);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = hist[tx & 7][ty * 4 + (tx >> 3)] * 100 + hist[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_89_shared_histogram_atomics<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
